#include "util/file.hpp"

#include "util/error.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace util {

std::string read_file(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    throw InvalidInput(path + ": cannot read: " + std::strerror(errno));
  }
  if (S_ISDIR(st.st_mode)) {
    throw InvalidInput(path + ": cannot read: is a directory");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw InvalidInput(path + ": cannot read: " + std::strerror(errno));
  }
  std::stringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

AtomicFile::AtomicFile(std::string path) : m_path(std::move(path)), m_tmp(m_path + ".tmp-XXXXXX") {
  m_fd = mkstemp(m_tmp.data());
  if (m_fd < 0) {
    throw InvalidInput(m_path + ": cannot write: " + std::strerror(errno));
  }
  m_buf.reserve(k_block);
}

AtomicFile::~AtomicFile() {
  if (m_fd >= 0) {
    ::close(m_fd);
    ::unlink(m_tmp.c_str());
  }
}

void AtomicFile::fail(int err) {
  ::close(m_fd);
  m_fd = -1;
  ::unlink(m_tmp.c_str());
  throw InvalidInput(m_path + ": cannot write: " + std::strerror(err));
}

void AtomicFile::write(std::string_view data) {
  if (m_fd < 0) {
    throw InvalidInput(m_path + ": cannot write: already committed");
  }
  if (m_buf.size() + data.size() > k_block) {
    flush();
  }
  if (data.size() >= k_block) {
    write_all(data); // one large piece goes as it is, not copied into the block
    return;
  }
  m_buf.append(data);
}

void AtomicFile::flush() {
  write_all(m_buf);
  m_buf.clear();
}

void AtomicFile::write_all(std::string_view data) {
  size_t done = 0;
  while (done < data.size()) {
    ssize_t n = ::write(m_fd, data.data() + done, data.size() - done);
    if (n < 0) {
      if (errno == EINTR) {
        continue;
      }
      fail(errno);
    }
    done += static_cast<size_t>(n);
  }
}

void AtomicFile::commit() {
  if (m_fd < 0) {
    throw InvalidInput(m_path + ": cannot write: already committed");
  }
  flush();
  fchmod(m_fd, 0644);
  if (::fsync(m_fd) != 0) {
    fail(errno);
  }
  int fd = m_fd;
  m_fd = -1;
  if (::close(fd) != 0 || std::rename(m_tmp.c_str(), m_path.c_str()) != 0) {
    int err = errno;
    ::unlink(m_tmp.c_str());
    throw InvalidInput(m_path + ": cannot write: " + std::strerror(err));
  }
}

void write_atomically(const std::string& path, const std::string& content) {
  AtomicFile f(path);
  f.write(content);
  f.commit();
}

} // namespace util
