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
  read_files(files, o, stats, [&](size_t i, const SourceFile& file, std::string_view text) {
    std::lock_guard<std::mutex> lock(m);
    CHECK(file.path == files[i].path);
    seen.insert(fs::path(files[i].path).filename().string() + "=" + std::string(text));
  });
  CHECK(seen == std::set<std::string>{"empty.txt=", "text.txt=hello\n"});
  CHECK(stats.binary == 1);
  CHECK(stats.too_large == 1);
  CHECK(stats.scanned == 2);
}

TEST_CASE("walk_and_read: the walk's list, each text file read once at its index, on 1 to 3 threads") {
  Tree t;
  for (int d = 0; d < 7; ++d) {
    for (int f = 0; f < 30; ++f) {
      const std::string rel = "d" + std::to_string(d) + "/f" + std::to_string(f) + ".txt";
      t.write(rel, "/" + rel); // the file holds its own path
    }
  }
  t.write("d3/blob.bin", std::string("ab\0cd", 5));
  for (unsigned threads : {1u, 2u, 3u}) {
    CAPTURE(threads);
    WalkOptions o;
    o.paths = {t.root.string() + "/d1", t.root.string()};
    o.threads = threads;
    WalkStats listed_stats;
    const auto expected = walk(o, listed_stats);
    WalkStats stats;
    std::mutex m;
    std::vector<std::string> read(expected.size());
    size_t calls = 0;
    const auto files = walk_and_read(o, stats, [&](size_t i, const SourceFile& file, std::string_view text) {
      std::lock_guard<std::mutex> lock(m);
      ++calls;
      REQUIRE(i < read.size());
      CHECK(read[i].empty());
      CHECK(file.path == expected[i].path);
      read[i] = std::string(text);
    });
    REQUIRE(files.size() == expected.size());
    for (size_t i = 0; i < files.size(); ++i) {
      CHECK(files[i].path == expected[i].path);
      const bool binary = files[i].path.ends_with(".bin");
      CHECK(read[i].empty() == binary);
      if (!binary) {
        CHECK(files[i].path.ends_with(read[i]));
      }
    }
    CHECK(calls == 240); // d1's 30 files, then the whole tree's 210
    CHECK(stats.scanned == 240);
    CHECK(stats.binary == 1);
  }
}

TEST_CASE("walk_and_read: a missing path fails before any file is read") {
  Tree t;
  t.write("a.txt", "a");
  WalkOptions o;
  o.paths = {t.root.string(), "/nonexistent/rtcat/path"};
  o.threads = 2;
  WalkStats stats;
  size_t calls = 0;
  CHECK_THROWS_AS(walk_and_read(o, stats, [&](size_t, const SourceFile&, std::string_view) { ++calls; }), catalog::InvalidInput);
  CHECK(calls == 0);
}
