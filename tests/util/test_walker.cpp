#include "catalog/error.hpp"
#include "util/walker.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace util;

namespace {

// A scratch tree, removed at the end of the test.
struct Tree {
  fs::path root;
  Tree() {
    root = fs::temp_directory_path() / ("rtcat-walk-" + std::to_string(::getpid()));
    fs::remove_all(root);
    fs::create_directories(root);
  }
  ~Tree() { fs::remove_all(root); }
  void write(const std::string& rel, const std::string& text) const {
    fs::create_directories((root / rel).parent_path());
    std::ofstream(root / rel, std::ios::binary) << text;
  }
  // Files whose content does not matter.
  void touch(std::initializer_list<const char*> rels) const {
    for (const char* rel : rels) {
      write(rel, "x");
    }
  }
};

std::vector<std::string> rel_paths(const std::vector<SourceFile>& files, const fs::path& root) {
  std::vector<std::string> out;
  for (const auto& f : files) {
    out.push_back(fs::path(f.path).lexically_relative(root).generic_string());
  }
  return out;
}

} // namespace

TEST_CASE("walk: stable order, .git skipped, symlinks never followed") {
  Tree t;
  t.touch({"b/2.txt", "a/1.txt", ".git/config", "c.txt"});
  fs::create_directory_symlink(t.root / "a", t.root / "link-dir");
  fs::create_symlink(t.root / "c.txt", t.root / "link-file");
  WalkOptions o;
  o.paths = {t.root.string()};
  WalkStats stats;
  auto files = walk(o, stats);
  CHECK(rel_paths(files, t.root) == std::vector<std::string>{"a/1.txt", "b/2.txt", "c.txt"});
  CHECK(stats.symlinks == 2);
}

TEST_CASE("walk: .gitignore files apply inside a checkout, from the top down") {
  Tree t;
  t.write(".git/HEAD", "ref");
  t.write(".gitignore", "*.gen\n");
  t.write("sub/.gitignore", "local/\n!keep.gen\n");
  t.touch({"sub/a.gen", "sub/keep.gen", "sub/local/x.txt", "sub/ok.txt"});
  WalkOptions o;
  WalkStats stats;
  SUBCASE("from the top") {
    o.paths = {t.root.string()};
    auto files = walk(o, stats);
    CHECK(rel_paths(files, t.root) == std::vector<std::string>{".gitignore", "sub/.gitignore", "sub/keep.gen", "sub/ok.txt"});
  }
  SUBCASE("a subfolder still honours the top's .gitignore") {
    o.paths = {(t.root / "sub").string()};
    auto files = walk(o, stats);
    CHECK(rel_paths(files, t.root) == std::vector<std::string>{"sub/.gitignore", "sub/keep.gen", "sub/ok.txt"});
  }
  SUBCASE("--no-ignore") {
    o.paths = {t.root.string()};
    o.gitignore = false;
    CHECK(walk(o, stats).size() == 6);
  }
  SUBCASE("--exclude") {
    o.paths = {t.root.string()};
    o.excludes = {"sub/*.txt", ".gitignore"};
    auto files = walk(o, stats);
    CHECK(rel_paths(files, t.root) == std::vector<std::string>{"sub/keep.gen"});
  }
}

TEST_CASE("walk: a missing path is an input error") {
  WalkOptions o;
  o.paths = {"/nonexistent/rtcat/path"};
  WalkStats stats;
  CHECK_THROWS_AS(walk(o, stats), catalog::InvalidInput);
}

TEST_CASE("read_files: text only, within the size limit, on several threads") {
  Tree t;
  t.write("text.txt", "hello\n");
  t.write("blob.bin", std::string("ab\0cd", 5));
  t.write("big.txt", std::string(2000, 'x'));
  t.write("empty.txt", "");
  WalkOptions o;
  o.paths = {t.root.string()};
  o.max_size = 1000;
  o.threads = 2;
  WalkStats stats;
  auto files = walk(o, stats);
  std::mutex m;
  std::set<std::string> seen;
  read_files(files, o, stats, [&](size_t i, std::string_view text) {
    std::lock_guard<std::mutex> lock(m);
    seen.insert(fs::path(files[i].path).filename().string() + "=" + std::string(text));
  });
  CHECK(seen == std::set<std::string>{"empty.txt=", "text.txt=hello\n"});
  CHECK(stats.binary == 1);
  CHECK(stats.too_large == 1);
  CHECK(stats.scanned == 2);
}
