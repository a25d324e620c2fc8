#pragma once

#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

namespace util {

// Every file a command reads may be "-", standard input, which messages name "<stdin>" (with
// positions: "<stdin>:3:5: ..."). Standard input is copied once, the first time it is read,
// into an anonymous temporary file (memory stays flat whatever its size), and every read of "-"
// reads that copy from its start: a command that reads an input twice (a check pass, then the
// work) reads it whole each time.
inline constexpr std::string_view k_stdin = "-";

// How messages name an input: "<stdin>" for "-", else the path as given.
std::string input_name(const std::string& path);

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};
using InputFile = std::unique_ptr<std::FILE, FileCloser>;

// Opens an input to read from its start, in binary: the file, or standard input's copy for "-".
// Throws InvalidInput "NAME: cannot read: reason" (a directory included).
InputFile open_input(const std::string& path);

// Reads a whole input as bytes: a file, or standard input for "-". Throws InvalidInput
// "NAME: cannot read: reason" (a directory included).
std::string read_file(const std::string& path);

// A file written piece by piece that appears at its path only whole: the pieces go (in large
// blocks) to a temporary file in the same folder, and commit() renames it into place. A writer
// destroyed before commit() (an error on the way) removes the temporary file and leaves the path
// as it was: readers see the old file or the whole new one, never half of it. Memory holds one
// block, whatever the size of the file. Throws InvalidInput "path: cannot write: reason".
class AtomicFile {
public:
  explicit AtomicFile(std::string path);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  void write(std::string_view data);
  void commit();

  static constexpr size_t k_block = size_t{1} << 16;

private:
  void flush();
  void write_all(std::string_view data);
  [[noreturn]] void fail(int err);
  std::string m_path;
  std::string m_tmp;
  std::string m_buf;
  int m_fd = -1;
};

// Writes content to path whole or not at all, as AtomicFile does.
void write_atomically(const std::string& path, const std::string& content);

} // namespace util
