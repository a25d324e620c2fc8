#include "catalog/error.hpp"
#include "catalog/json_io.hpp"
#include "catalog/store.hpp"
#include "tests/support/fixtures.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <unistd.h>

namespace {
struct TempPath {
  std::string path;
  TempPath() {
    char buf[] = "/tmp/rtcat-store-XXXXXX";
    int fd = mkstemp(buf);
    ::close(fd);
    ::unlink(buf);
    path = buf;
  }
  ~TempPath() {
    for (const char* suffix : {"", "-wal", "-shm"}) {
      std::remove((path + suffix).c_str());
    }
  }
};
} // namespace

TEST_CASE("a store round-trips catalogs byte for byte") {
  TempPath tmp;
  auto legacy = catalog::parse_catalog(fixtures::legacy_json(), "legacy.json");
  auto images = catalog::parse_catalog(fixtures::images_json(), "images.json");
  {
    catalog::Store store(tmp.path, catalog::Store::Mode::create);
    store.import_catalogs({legacy, images});
  }
  catalog::Store store(tmp.path, catalog::Store::Mode::read);
  CHECK(store.names() == std::vector<std::string>{"legacy", "images"});
  std::string exported = catalog::write_catalog(store.load("legacy"));
  CHECK(exported == catalog::write_catalog(legacy));
  CHECK(store.verify().empty());
  SUBCASE("export -> import -> export is identical") {
    catalog::Store again(tmp.path, catalog::Store::Mode::write);
    again.import_catalogs({catalog::parse_catalog(exported, "exported.json")});
    CHECK(catalog::write_catalog(again.load("legacy")) == exported);
    CHECK(again.names() == std::vector<std::string>{"images", "legacy"});
  }
}

TEST_CASE("a failing import leaves the previous catalog untouched") {
  TempPath tmp;
  auto legacy = catalog::parse_catalog(fixtures::legacy_json(), "legacy.json");
  catalog::Store store(tmp.path, catalog::Store::Mode::create);
  store.import_catalogs({legacy});
  std::string before = catalog::write_catalog(store.load("legacy"));
  auto broken = legacy;
  broken.runtimes.push_back(broken.runtimes.front()); // duplicate id: violates the primary key
  auto other = catalog::parse_catalog(fixtures::images_json(), "images.json");
  CHECK_THROWS_AS(store.import_catalogs({other, broken}), catalog::StorageError);
  CHECK(store.names() == std::vector<std::string>{"legacy"});
  CHECK(catalog::write_catalog(store.load("legacy")) == before);
}

TEST_CASE("the store has a versioned schema and uses WAL") {
  TempPath tmp;
  { catalog::Store store(tmp.path, catalog::Store::Mode::create); }
  std::ifstream in(tmp.path, std::ios::binary);
  char header[20] = {};
  in.read(header, 20);
  CHECK(header[18] == 2); // file format read version 2 = WAL
  CHECK(catalog::looks_like_sqlite(tmp.path));
}

TEST_CASE("bad store files are clear errors") {
  TempPath tmp;
  SUBCASE("not a database") {
    std::ofstream(tmp.path) << "SQLite format 3" << std::string(200, 'x');
    CHECK_THROWS_AS(catalog::Store(tmp.path, catalog::Store::Mode::read), catalog::StorageError);
  }
  SUBCASE("an SQLite database without our schema") {
    { catalog::Store s(tmp.path, catalog::Store::Mode::create); }
    std::string cmd = "sqlite3 " + tmp.path + " 'PRAGMA user_version = 7' >/dev/null";
    REQUIRE(std::system(cmd.c_str()) == 0);
    try {
      catalog::Store s(tmp.path, catalog::Store::Mode::read);
      FAIL("no error");
    } catch (const catalog::StorageError& e) {
      CHECK(std::string(e.what()).find("schema version 7 is not supported") != std::string::npos);
    }
  }
  SUBCASE("a missing catalog") {
    catalog::Store s(tmp.path, catalog::Store::Mode::create);
    CHECK_THROWS_WITH_AS(s.load("nope"), (tmp.path + ": no catalog named 'nope'").c_str(), catalog::StorageError);
  }
  SUBCASE("a corrupt stored document is reported by verify") {
    {
      catalog::Store s(tmp.path, catalog::Store::Mode::create);
      s.import_catalogs({catalog::parse_catalog(fixtures::legacy_json(), "legacy.json")});
    }
    std::string cmd = "sqlite3 " + tmp.path + " \"UPDATE runtimes SET document = '{' WHERE id = '2.1'\" >/dev/null";
    REQUIRE(std::system(cmd.c_str()) == 0);
    catalog::Store s(tmp.path, catalog::Store::Mode::read);
    auto problems = s.verify();
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].find("runtime 2.1") != std::string::npos);
  }
}
