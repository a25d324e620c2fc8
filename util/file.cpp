#include "util/file.hpp"

#include "util/error.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace util {

std::string input_name(const std::string& path) {
  return path == k_stdin ? "<stdin>" : path;
}

namespace {

[[noreturn]] void cannot_read(const std::string& path, const std::string& reason) {
  throw InvalidInput(input_name(path) + ": cannot read: " + reason);
}

// Standard input's copy: made on first use, kept open (and unlinked) for the process's life.
std::FILE* stdin_copy() {
  static std::FILE* copy = nullptr;
  if (copy) {
    return copy;
  }
  std::FILE* tmp = std::tmpfile();
  if (!tmp) {
    cannot_read("-", std::string("cannot make a temporary copy: ") + std::strerror(errno));
  }
  std::string buf(size_t{1} << 16, '\0');
  size_t n = 0;
  while ((n = std::fread(buf.data(), 1, buf.size(), stdin)) > 0) {
    if (std::fwrite(buf.data(), 1, n, tmp) != n) {
      int err = errno;
      std::fclose(tmp);
      cannot_read("-", std::string("cannot make a temporary copy: ") + std::strerror(err));
    }
  }
  if (std::ferror(stdin) || std::fflush(tmp) != 0) {
    int err = errno;
    std::fclose(tmp);
    cannot_read("-", std::strerror(err));
  }
  copy = tmp;
  return copy;
}

} // namespace

InputFile open_input(const std::string& path) {
  if (path == k_stdin) {
    // A descriptor of its own on the copy, read from the start (readers take turns).
    int fd = ::dup(::fileno(stdin_copy()));
    std::FILE* f = fd < 0 ? nullptr : ::fdopen(fd, "rb");
    if (!f) {
      int err = errno;
      if (fd >= 0) {
        ::close(fd);
      }
      cannot_read(path, std::strerror(err));
    }
    std::rewind(f);
    return InputFile(f);
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    cannot_read(path, std::strerror(errno));
  }
  if (S_ISDIR(st.st_mode)) {
    cannot_read(path, "is a directory");
  }
  InputFile f(std::fopen(path.c_str(), "rb"));
  if (!f) {
    cannot_read(path, std::strerror(errno));
  }
  return f;
}

std::string read_file(const std::string& path) {
  InputFile f = open_input(path);
  std::string out;
  char buf[1 << 16];
  size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, f.get())) > 0) {
    out.append(buf, n);
  }
  if (std::ferror(f.get())) {
    cannot_read(path, std::strerror(errno));
  }
  return out;
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
