#include "util/walker.hpp"

#include "util/error.hpp"
#include "util/file.hpp"
#include "util/glob.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <filesystem>
#include <memory>
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
  Walker(const WalkOptions& o, WalkStats& stats, std::vector<SourceFile>& out) : m_options(o), m_stats(stats), m_out(out) {}

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
        m_out.push_back(SourceFile{path, false});
      }
    }
    m_rules.resize(m_rules.size() - pushed);
  }

  const WalkOptions& m_options;
  WalkStats& m_stats;
  std::vector<SourceFile>& m_out;
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

} // namespace

std::vector<SourceFile> walk(const WalkOptions& options, WalkStats& stats) {
  std::vector<std::string> roots = options.paths.empty() ? std::vector<std::string>{"."} : options.paths;
  std::vector<SourceFile> out;
  for (const auto& root : roots) {
    if (root == util::k_stdin) {
      out.push_back(SourceFile{util::input_name(root), true, true});
      continue;
    }
    struct stat st {};
    if (::stat(root.c_str(), &st) != 0) {
      throw util::InvalidInput(root + ": cannot scan: " + std::strerror(errno));
    }
    if (!S_ISDIR(st.st_mode)) {
      out.push_back(SourceFile{root, true});
      continue;
    }
    Walker w(options, stats, out);
    w.run(root, options.gitignore && in_git_checkout(root));
  }
  return out;
}

namespace {

// Standard input as one file, with the checks every file gets.
void read_stdin(size_t i, const WalkOptions& options, WalkStats& stats, const std::function<void(size_t, std::string_view)>& fn) {
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
    fn(i, text);
  }
}

} // namespace

void read_files(const std::vector<SourceFile>& files, const WalkOptions& options, WalkStats& stats,
                const std::function<void(size_t, std::string_view)>& fn) {
  std::atomic<size_t> next{0};
  auto worker = [&] {
    std::unique_ptr<char[]> buf;
    size_t cap = 0;
    for (size_t i = next++; i < files.size(); i = next++) {
      const SourceFile& f = files[i];
      if (f.from_stdin) {
        read_stdin(i, options, stats, fn);
        continue;
      }
      // O_NONBLOCK: a FIFO named on the command line must not block the scan (it is skipped below).
      int fd = ::open(f.path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | (f.given ? 0 : O_NOFOLLOW));
      struct stat st {};
      if (fd < 0 || ::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        if (fd >= 0) {
          ::close(fd);
        }
        ++stats.unreadable;
        continue;
      }
      size_t size = static_cast<size_t>(st.st_size);
      if (size > options.max_size) {
        ::close(fd);
        ++stats.too_large;
        continue;
      }
      if (size + 1 > cap) {
        cap = std::max(size + 1, cap * 2);
        buf.reset(new char[cap]);
      }
      size_t got = 0;
      bool ok = true;
      while (got < size) {
        ssize_t n = ::read(fd, buf.get() + got, size - got);
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
        ++stats.unreadable;
        continue;
      }
      if (std::memchr(buf.get(), 0, std::min<size_t>(got, 8192)) != nullptr) {
        ++stats.binary;
        continue;
      }
      ++stats.scanned;
      fn(i, std::string_view(buf.get(), got));
    }
  };
  unsigned n = options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  n = static_cast<unsigned>(std::min<size_t>(n, std::max<size_t>(files.size(), 1)));
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < n; ++t) {
    pool.emplace_back(worker);
  }
  worker();
  for (auto& t : pool) {
    t.join();
  }
}

} // namespace util
