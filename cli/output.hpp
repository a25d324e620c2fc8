#pragma once

#include "lib/fleet/inventory.hpp"
#include "util/file.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace cli {

// Whole texts (an answer, a message) to the process's standard output, flushed, and to its
// standard error: through stdio, as every output of rtcat is. Nothing in the executable uses
// std::cout or std::cerr, whose start-up the static link leaves out (cli/CMakeLists.txt).
void print(std::string_view text);
void print_error(std::string_view text);
// Makes stdout unbuffered, before anything is written to it: every write to it is a whole text
// or a block of Output, flushed at once, which stdio's buffer would only split (a block of 64 KiB
// into three system calls: the whole 4 KiB pages, the rest copied into its buffer, then that
// buffer), and a short command never allocates that buffer.
void unbuffered_stdout();

// Where a command writes output that it produces piece by piece: stdout, or a file that appears
// whole or not at all (util::AtomicFile: a temporary file in the same folder, renamed into place
// by commit()). Written in large blocks; memory holds one block, whatever the size of the output.
// Destroyed before commit() (an error on the way), it leaves no file; on stdout what was
// already written stays written. Throws InvalidInput "stdout: cannot write: reason" (a full
// disk behind a redirection) or "FILE: cannot write: reason".
class Output {
public:
  explicit Output(const std::string& path); // "" or "-": stdout
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;
  ~Output() = default;

  void put(std::string_view text);
  // Where a piece may be appended in place (no string of its own), then written() once it is.
  std::string& buffer() { return m_buf; }
  void written();
  void commit();

private:
  void drain(); // the buffer to stdout or the file
  std::optional<util::AtomicFile> m_file;
  std::string m_buf;
};

// The end of a run over inventories (audit, report): puts `last` and commits `out`, then warns
// on stderr of each listing in `incomplete` (its last page said more follow); k_exit_findings
// when `fails` (the run's worst verdict reaches --fail-on), else k_exit_ok.
int finish_inventory_output(Output& out, std::string_view last, const std::vector<lib::ListPage>& incomplete, bool fails);

} // namespace cli
