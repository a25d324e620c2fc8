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

void write_atomically(const std::string& path, const std::string& content) {
  std::string tmp = path + ".tmp-XXXXXX";
  int fd = mkstemp(tmp.data());
  if (fd < 0) {
    throw InvalidInput(path + ": cannot write: " + std::strerror(errno));
  }
  size_t done = 0;
  while (done < content.size()) {
    ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0) {
      if (errno == EINTR) {
        continue;
      }
      int err = errno;
      ::close(fd);
      ::unlink(tmp.c_str());
      throw InvalidInput(path + ": cannot write: " + std::strerror(err));
    }
    done += static_cast<size_t>(n);
  }
  fchmod(fd, 0644);
  if (::fsync(fd) != 0 || ::close(fd) != 0 || std::rename(tmp.c_str(), path.c_str()) != 0) {
    int err = errno;
    ::unlink(tmp.c_str());
    throw InvalidInput(path + ": cannot write: " + std::strerror(err));
  }
}

} // namespace util
