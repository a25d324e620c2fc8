#include "cli/output.hpp"

#include "cli/exit_code.hpp"
#include "util/error.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "render/audit.hpp"

namespace cli {

void print(std::string_view text) {
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
}

void unbuffered_stdout() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
}

void print_error(std::string_view text) {
  std::fwrite(text.data(), 1, text.size(), stderr);
}

Output::Output(const std::string& path) {
  if (!path.empty() && path != "-") {
    m_file.emplace(path);
  }
}

void Output::put(std::string_view text) {
  m_buf.append(text);
  written();
}

void Output::written() {
  if (m_buf.size() >= util::AtomicFile::k_block) {
    drain();
  }
}

void Output::drain() {
  if (m_file) {
    m_file->write(m_buf);
    m_buf.clear();
    return;
  }
  bool complete = std::fwrite(m_buf.data(), 1, m_buf.size(), stdout) == m_buf.size();
  m_buf.clear();
  if (!complete || std::fflush(stdout) != 0) {
    throw util::InvalidInput(std::string("stdout: cannot write: ") + std::strerror(errno));
  }
}

void Output::commit() {
  drain();
  if (m_file) {
    m_file->commit();
  }
}

int finish_inventory_output(Output& out, std::string_view last, const std::vector<lib::ListPage>& incomplete, bool fails) {
  out.put(last);
  out.commit();
  for (const auto& page : incomplete) {
    print_error(render::incomplete_listing_warning(page));
  }
  return fails ? k_exit_findings : k_exit_ok;
}

} // namespace cli
