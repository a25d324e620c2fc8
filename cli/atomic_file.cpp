#include "cli/atomic_file.hpp"

#include "catalog/error.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace cli {

void write_atomically(const std::string& path, const std::string& content) {
  std::string tmp = path + ".tmp-XXXXXX";
  int fd = mkstemp(tmp.data());
  if (fd < 0) {
    throw catalog::InvalidInput(path + ": cannot write: " + std::strerror(errno));
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
      throw catalog::InvalidInput(path + ": cannot write: " + std::strerror(err));
    }
    done += static_cast<size_t>(n);
  }
  fchmod(fd, 0644);
  if (::fsync(fd) != 0 || ::close(fd) != 0 || std::rename(tmp.c_str(), path.c_str()) != 0) {
    int err = errno;
    ::unlink(tmp.c_str());
    throw catalog::InvalidInput(path + ": cannot write: " + std::strerror(err));
  }
}

} // namespace cli
