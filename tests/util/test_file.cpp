#include "util/error.hpp"
#include "util/file.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <unistd.h>

TEST_CASE("write_atomically then read_file") {
  auto dir = std::filesystem::temp_directory_path() / ("rtcat-test-util-file-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::string path = (dir / "out.txt").string();
  util::write_atomically(path, std::string("a\0b", 3));
  CHECK(util::read_file(path) == std::string("a\0b", 3));
  CHECK_THROWS_WITH_AS(util::read_file(dir.string()), doctest::Contains(": cannot read: is a directory"), util::InvalidInput);
  CHECK_THROWS_WITH_AS(util::read_file((dir / "missing").string()), doctest::Contains(": cannot read: "), util::InvalidInput);
  CHECK_THROWS_AS(util::write_atomically((dir / "no" / "such" / "dir").string(), "x"), util::InvalidInput);
  std::filesystem::remove_all(dir);
}

TEST_CASE("AtomicFile: the whole file at commit, nothing before it or without it") {
  auto dir = std::filesystem::temp_directory_path() / ("rtcat-test-util-atomic-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::string path = (dir / "out.csv").string();
  auto entries = [&] { return std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator()); };
  SUBCASE("pieces larger and smaller than a block, in order") {
    util::write_atomically(path, "old");
    std::string expected;
    {
      util::AtomicFile f(path);
      for (int i = 0; i < 5000; ++i) {
        std::string piece = "row " + std::to_string(i) + "\n";
        f.write(piece);
        expected += piece;
      }
      std::string large(util::AtomicFile::k_block * 2 + 7, 'x');
      f.write(large);
      expected += large;
      f.write("end\n");
      expected += "end\n";
      CHECK(util::read_file(path) == "old"); // readers still see the old file
      CHECK(entries() == 2);                 // and the temporary one beside it
      f.commit();
      CHECK_THROWS_AS(f.write("more"), util::InvalidInput);
    }
    CHECK(util::read_file(path) == expected);
    CHECK(entries() == 1);
    CHECK((std::filesystem::status(path).permissions() & std::filesystem::perms::others_read) != std::filesystem::perms::none);
  }
  SUBCASE("an error on the way: the old file stays, the temporary one goes") {
    util::write_atomically(path, "old");
    try {
      util::AtomicFile f(path);
      f.write(std::string(util::AtomicFile::k_block * 3, 'y')); // some of it already on disk
      throw util::InvalidInput("in.jsonl:7:1: not an inventory");
    } catch (const util::InvalidInput&) {
    }
    CHECK(util::read_file(path) == "old");
    CHECK(entries() == 1);
  }
  SUBCASE("no new file when there was none") {
    {
      util::AtomicFile f(path);
      f.write("half");
    }
    CHECK_FALSE(std::filesystem::exists(path));
    CHECK(entries() == 0);
  }
  SUBCASE("a folder that does not exist fails at once") {
    CHECK_THROWS_WITH_AS(util::AtomicFile((dir / "no" / "x.csv").string()), doctest::Contains("x.csv: cannot write: "),
                         util::InvalidInput);
  }
  std::filesystem::remove_all(dir);
}
