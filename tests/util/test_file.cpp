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
