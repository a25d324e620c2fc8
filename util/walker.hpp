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

// Reads the files on `threads` threads (0: one per core) and calls fn(index, content) for each
// text file of at most max_size bytes; skips binary files (a NUL byte in the first 8 KiB) and
// unreadable ones, counting them in stats. fn runs concurrently and must be thread-safe.
void read_files(const std::vector<SourceFile>& files, const WalkOptions& options, WalkStats& stats,
                const std::function<void(size_t, std::string_view)>& fn);

} // namespace util
