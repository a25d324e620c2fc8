#include "util/walker.hpp"

#include "util/error.hpp"
#include "util/file.hpp"
#include "util/glob.hpp"

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <filesystem>
#include <iterator>
#include <memory>
#include <mutex>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace util {

namespace {

namespace fs = std::filesystem;

bool read_small_file(const std::string& path, std::string& out) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return false;
  }
  char buf[65536];
  ssize_t n = 0;
  while ((n = ::read(fd, buf, sizeof buf)) > 0) {
    out.append(buf, static_cast<size_t>(n));
  }
  ::close(fd);
  return n == 0;
}

bool exists(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0;
}

// One walk from a root folder: ignore rules in effect, relative paths, the output list.
class Walker {
public:
  Walker(const WalkOptions& o, WalkStats& stats, const std::function<void(SourceFile&&)>& add)
      : m_options(o), m_stats(stats), m_add(add) {}

  void run(std::string root, bool checkout) {
    while (root.size() > 1 && root.back() == '/') {
      root.pop_back();
    }
    if (root == "./") {
      root = ".";
    }
    m_checkout = checkout;
    m_excludes = IgnoreRules();
    for (const auto& e : m_options.excludes) {
      m_excludes.add(e);
    }
    m_rules.clear();
    m_top_rel.clear();
    if (m_checkout) {
      load_repository_rules(root);
    }
    descend(root, "");
  }

private:
  // Inside a git checkout: .git/info/exclude and the .gitignore files from the top of the
  // checkout down to the root, with paths made relative to the top.
  void load_repository_rules(const std::string& root) {
    std::error_code ec;
    fs::path abs = fs::weakly_canonical(fs::absolute(root, ec), ec);
    if (ec) {
      return;
    }
    std::vector<fs::path> chain;
    for (fs::path p = abs;; p = p.parent_path()) {
      chain.push_back(p);
      if (exists((p / ".git").string())) {
        break;
      }
      if (p == p.root_path() || p.parent_path() == p) {
        return; // not in a git checkout
      }
    }
    std::reverse(chain.begin(), chain.end());
    const fs::path& top = chain.front();
    m_top_rel = fs::relative(abs, top, ec).generic_string();
    if (m_top_rel == ".") {
      m_top_rel.clear();
    }
    std::string text;
    if (read_small_file((top / ".git" / "info" / "exclude").string(), text)) {
      m_rules.emplace_back("", text);
    }
    for (size_t i = 0; i + 1 < chain.size(); ++i) {
      text.clear();
      if (read_small_file((chain[i] / ".gitignore").string(), text)) {
        std::string base = fs::relative(chain[i], top, ec).generic_string();
        m_rules.emplace_back(base == "." ? std::string() : base, text);
      }
    }
  }

  std::string top_rel(const std::string& sub) const {
    if (m_top_rel.empty()) {
      return sub;
    }
    return sub.empty() ? m_top_rel : m_top_rel + "/" + sub;
  }

  bool ignored(const std::string& sub, bool is_dir) const {
    if (m_excludes.match(sub, is_dir).value_or(false)) {
      return true;
    }
    std::string rel = top_rel(sub);
    for (auto it = m_rules.rbegin(); it != m_rules.rend(); ++it) {
      if (auto m = it->match(rel, is_dir)) {
        return *m;
      }
    }
    return false;
  }

  void descend(const std::string& dir, const std::string& sub) {
    size_t pushed = 0;
    if (m_checkout) {
      std::string text;
      if (read_small_file(dir + "/.gitignore", text)) {
        m_rules.emplace_back(top_rel(sub), text);
        pushed = 1;
      }
    }
    DIR* d = ::opendir(dir.c_str());
    if (!d) {
      ++m_stats.unreadable;
      m_rules.resize(m_rules.size() - pushed);
      return;
    }
    std::vector<std::pair<std::string, unsigned char>> entries;
    while (dirent* e = ::readdir(d)) {
      std::string_view name = e->d_name;
      // .ipynb_checkpoints: Jupyter's autosaved copies of the notebooks beside it (duplicates).
      if (name == "." || name == ".." || name == ".git" || name == ".ipynb_checkpoints") {
        continue;
      }
      entries.emplace_back(std::string(name), e->d_type);
    }
    ::closedir(d);
    std::sort(entries.begin(), entries.end());
    for (auto& [name, type] : entries) {
      std::string path = dir == "." ? name : (dir == "/" ? "/" + name : dir + "/" + name);
      std::string rel = sub.empty() ? name : sub + "/" + name;
      if (type == DT_UNKNOWN) {
        struct stat st {};
        if (::lstat(path.c_str(), &st) != 0) {
          ++m_stats.unreadable;
          continue;
        }
        type = S_ISLNK(st.st_mode) ? DT_LNK : S_ISDIR(st.st_mode) ? DT_DIR : S_ISREG(st.st_mode) ? DT_REG : DT_UNKNOWN;
      }
      if (type == DT_LNK) {
        ++m_stats.symlinks;
        continue;
      }
      if (type != DT_DIR && type != DT_REG) {
        continue;
      }
      bool is_dir = type == DT_DIR;
      if (ignored(rel, is_dir)) {
        ++m_stats.ignored;
        continue;
      }
      if (is_dir) {
        descend(path, rel);
      } else {
        m_add(SourceFile{path, false});
      }
    }
    m_rules.resize(m_rules.size() - pushed);
  }

  const WalkOptions& m_options;
  WalkStats& m_stats;
  const std::function<void(SourceFile&&)>& m_add;
  bool m_checkout = false;
  std::string m_top_rel;
  IgnoreRules m_excludes;
  std::vector<IgnoreRules> m_rules;
};

// Whether the folder is inside a git checkout (a .git at it or above).
bool in_git_checkout(const std::string& root) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::absolute(root, ec), ec);
  for (; !ec; p = p.parent_path()) {
    if (exists((p / ".git").string())) {
      return true;
    }
    if (p.parent_path() == p) {
      break;
    }
  }
  return false;
}

// Lists the files under the roots, in order, to `add` (walk's listing). Every root is checked
// first, so that a missing one fails the walk before any file is listed.
void list(const WalkOptions& options, WalkStats& stats, const std::function<void(SourceFile&&)>& add) {
  std::vector<std::string> roots = options.paths.empty() ? std::vector<std::string>{"."} : options.paths;
  std::vector<bool> folder(roots.size());
  for (size_t i = 0; i < roots.size(); ++i) {
    struct stat st {};
    if (roots[i] != util::k_stdin && ::stat(roots[i].c_str(), &st) != 0) {
      throw util::InvalidInput(roots[i] + ": cannot scan: " + std::strerror(errno));
    }
    folder[i] = roots[i] != util::k_stdin && S_ISDIR(st.st_mode);
  }
  for (size_t i = 0; i < roots.size(); ++i) {
    const std::string& root = roots[i];
    if (root == util::k_stdin) {
      add(SourceFile{util::input_name(root), true, true});
    } else if (!folder[i]) {
      add(SourceFile{root, true});
    } else {
      Walker w(options, stats, add);
      w.run(root, options.gitignore && in_git_checkout(root));
    }
  }
}

} // namespace

std::vector<SourceFile> walk(const WalkOptions& options, WalkStats& stats) {
  std::vector<SourceFile> out;
  list(options, stats, [&](SourceFile&& f) { out.push_back(std::move(f)); });
  return out;
}

namespace {

// Standard input as one file, with the checks every file gets.
void read_stdin(size_t i, const SourceFile& f, const WalkOptions& options, WalkStats& stats, const ReadFn& fn) {
  std::string text;
  try {
    text = util::read_file(std::string(util::k_stdin));
  } catch (const util::InvalidInput&) {
    ++stats.unreadable;
    return;
  }
  if (text.size() > options.max_size) {
    ++stats.too_large;
  } else if (std::memchr(text.data(), 0, std::min<size_t>(text.size(), 8192)) != nullptr) {
    ++stats.binary;
  } else {
    ++stats.scanned;
    fn(i, f, text);
  }
}

// Reads one file at a time into a buffer it keeps, with the checks every file gets.
class FileReader {
public:
  FileReader(const WalkOptions& options, WalkStats& stats) : m_options(options), m_stats(stats) {}

  void read(size_t i, const SourceFile& f, const ReadFn& fn) {
    if (f.from_stdin) {
      read_stdin(i, f, m_options, m_stats, fn);
      return;
    }
    // O_NONBLOCK: a FIFO named on the command line must not block the scan (it is skipped below).
    int fd = ::open(f.path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | (f.given ? 0 : O_NOFOLLOW));
    struct stat st {};
    if (fd < 0 || ::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
      if (fd >= 0) {
        ::close(fd);
      }
      ++m_stats.unreadable;
      return;
    }
    size_t size = static_cast<size_t>(st.st_size);
    if (size > m_options.max_size) {
      ::close(fd);
      ++m_stats.too_large;
      return;
    }
    if (size + 1 > m_cap) {
      m_cap = std::max(size + 1, m_cap * 2);
      m_buf.reset(new char[m_cap]);
    }
    size_t got = 0;
    bool ok = true;
    while (got < size) {
      ssize_t n = ::read(fd, m_buf.get() + got, size - got);
      if (n < 0 && errno == EINTR) {
        continue;
      }
      if (n <= 0) {
        ok = n == 0; // the file shrank: scan what is there
        break;
      }
      got += static_cast<size_t>(n);
    }
    ::close(fd);
    if (!ok) {
      ++m_stats.unreadable;
      return;
    }
    if (std::memchr(m_buf.get(), 0, std::min<size_t>(got, 8192)) != nullptr) {
      ++m_stats.binary;
      return;
    }
    ++m_stats.scanned;
    fn(i, f, std::string_view(m_buf.get(), got));
  }

private:
  const WalkOptions& m_options;
  WalkStats& m_stats;
  std::unique_ptr<char[]> m_buf;
  size_t m_cap = 0;
};

unsigned thread_count(const WalkOptions& options) {
  return options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
}

} // namespace

void read_files(const std::vector<SourceFile>& files, const WalkOptions& options, WalkStats& stats, const ReadFn& fn) {
  std::atomic<size_t> next{0};
  auto worker = [&] {
    FileReader reader(options, stats);
    for (size_t i = next++; i < files.size(); i = next++) {
      reader.read(i, files[i], fn);
    }
  };
  const auto n = static_cast<unsigned>(std::min<size_t>(thread_count(options), std::max<size_t>(files.size(), 1)));
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < n; ++t) {
    pool.emplace_back(worker);
  }
  worker();
  for (auto& t : pool) {
    t.join();
  }
}

std::vector<SourceFile> walk_and_read(const WalkOptions& options, WalkStats& stats, const ReadFn& fn) {
  const unsigned n = thread_count(options);
  if (n <= 1) {
    std::vector<SourceFile> files = walk(options, stats);
    read_files(files, options, stats, fn);
    return files;
  }
  // The files listed so far; readers take them in batches, in order, until the walk is done.
  struct Queue {
    std::mutex mutex;
    std::condition_variable listed;
    std::vector<SourceFile> files;
    size_t next = 0;
    bool done = false;
  } q;
  static constexpr size_t k_batch = 16;
  auto worker = [&] {
    FileReader reader(options, stats);
    std::vector<SourceFile> batch;
    while (true) {
      size_t first = 0;
      {
        std::unique_lock lock(q.mutex);
        q.listed.wait(lock, [&] { return q.next < q.files.size() || q.done; });
        if (q.next >= q.files.size()) {
          return;
        }
        first = q.next;
        q.next = std::min(q.files.size(), q.next + k_batch);
        batch.assign(q.files.begin() + static_cast<long>(first), q.files.begin() + static_cast<long>(q.next));
      }
      for (size_t k = 0; k < batch.size(); ++k) {
        reader.read(first + k, batch[k], fn);
      }
    }
  };
  std::vector<std::thread> pool;
  std::vector<SourceFile> listed;
  // Moves what the walk listed to the queue; the other readers start with the first batches (a
  // walk that lists only a few files reads them on this thread alone).
  auto hand_over = [&](bool start_readers) {
    {
      std::lock_guard lock(q.mutex);
      std::move(listed.begin(), listed.end(), std::back_inserter(q.files));
    }
    listed.clear();
    q.listed.notify_all();
    for (unsigned t = 1; start_readers && pool.empty() && t < n; ++t) {
      pool.emplace_back(worker);
    }
  };
  auto close = [&] {
    {
      std::lock_guard lock(q.mutex);
      q.done = true;
    }
    q.listed.notify_all();
  };
  auto join = [&] {
    for (auto& t : pool) {
      t.join();
    }
  };
  try {
    list(options, stats, [&](SourceFile&& f) {
      listed.push_back(std::move(f));
      if (listed.size() >= 4 * k_batch) {
        hand_over(true);
      }
    });
  } catch (...) {
    close();
    join();
    throw;
  }
  hand_over(false);
  close();
  worker(); // the walk is done: this thread reads too
  join();
  return std::move(q.files);
}

} // namespace util
