#include "cli/output.hpp"

#include "util/error.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace cli {

Output::Output(const std::string& path) {
  if (!path.empty() && path != "-") {
    m_file.emplace(path);
  }
}

void Output::put(std::string_view text) {
  if (m_file) {
    m_file->write(text);
    return;
  }
  m_buf.append(text);
  if (m_buf.size() >= util::AtomicFile::k_block) {
    flush_stdout();
  }
}

void Output::flush_stdout() {
  bool written = std::fwrite(m_buf.data(), 1, m_buf.size(), stdout) == m_buf.size();
  m_buf.clear();
  if (!written || std::fflush(stdout) != 0) {
    throw util::InvalidInput(std::string("stdout: cannot write: ") + std::strerror(errno));
  }
}

void Output::commit() {
  if (m_file) {
    m_file->commit();
  } else {
    flush_stdout();
  }
}

} // namespace cli
