#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace util {

struct WalkOptions {
  std::vector<std::string> paths;    // files or folders; "." when empty
  std::vector<std::string> excludes; // gitignore-style globs, relative to each path
  bool gitignore = true;             // honour .gitignore (and .git/info/exclude) inside a git checkout
  size_t max_size = 10u << 20;       // larger files are skipped
  unsigned threads = 0;              // 0: one per core
};

struct SourceFile {
  std::string path;        // as shown and opened: relative to the working folder, or absolute
  bool given = false;      // named on the command line (a symlink there is followed)
  bool from_stdin = false; // the path "-": standard input (util::read_file), shown as "<stdin>"
};

// What the walk left out, for the summary.
struct WalkStats {
  std::atomic<size_t> scanned{0};
  std::atomic<size_t> binary{0};
  std::atomic<size_t> too_large{0};
  std::atomic<size_t> unreadable{0};
  size_t ignored = 0;  // by .gitignore or --exclude
  size_t symlinks = 0; // never followed inside a tree
};

// Lists the files under the paths, in a stable order (names sorted per folder): skips '.git' and
// '.ipynb_checkpoints' (Jupyter's autosaved copies),
// what --exclude and (inside a git checkout) .gitignore ignore, and every symlink met inside a
// tree, so the walk never leaves it. The path "-" is standard input, one file named "<stdin>"
// (read as any file whose name tells nothing of its kind). Throws InvalidInput for a path that
// does not exist.
std::vector<SourceFile> walk(const WalkOptions& options, WalkStats& stats);

// What is called for each text file read: its index in the list, the file, its content.
using ReadFn = std::function<void(size_t, const SourceFile&, std::string_view)>;

// Reads the files on `threads` threads (0: one per core) and calls fn(index, file, content) for
// each text file of at most max_size bytes; skips binary files (a NUL byte in the first 8 KiB) and
// unreadable ones, counting them in stats. fn runs concurrently and must be thread-safe.
void read_files(const std::vector<SourceFile>& files, const WalkOptions& options, WalkStats& stats, const ReadFn& fn);

// walk() and read_files() at once: the calling thread walks and hands the files it lists to the
// other readers as it goes, then reads too. Returns the list walk() returns; fn gets the index
// of each file in it (the order of the calls is not that order). Throws InvalidInput for a path
// that does not exist before any file is read.
std::vector<SourceFile> walk_and_read(const WalkOptions& options, WalkStats& stats, const ReadFn& fn);

} // namespace util
