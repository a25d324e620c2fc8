#include "catalog/error.hpp"
#include "catalog/json_io.hpp"
#include "catalog/store.hpp"
#include "tests/support/fixtures.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <sys/stat.h>
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

namespace {
// A store as rtcat wrote it with schema version 1 (before release windows) or 2 (before the
// milestones table), with one catalog.
void write_old_store(const std::string& path, const catalog::Catalog& c, int version) {
  std::string sql = R"sql(
PRAGMA journal_mode = WAL;
BEGIN;
CREATE TABLE catalogs (
  name     TEXT PRIMARY KEY,
  position INTEGER NOT NULL,
  header   TEXT NOT NULL
);
CREATE TABLE runtimes (
  catalog     TEXT NOT NULL REFERENCES catalogs(name) ON DELETE CASCADE,
  position    INTEGER NOT NULL,
  id          TEXT NOT NULL,
  version     TEXT,
  released    TEXT,
)sql";
  if (version >= 2) {
    sql += "  released_after TEXT,\n";
  }
  sql += R"sql(  released_by TEXT,
  document    TEXT NOT NULL,
  PRIMARY KEY (catalog, id)
);
CREATE INDEX runtimes_by_position ON runtimes(catalog, position);
)sql";
  auto quote = [](const std::string& text) {
    std::string out = "'";
    for (char ch : text) {
      out += ch == '\'' ? std::string("''") : std::string(1, ch);
    }
    return out + "'";
  };
  sql += "INSERT INTO catalogs VALUES (" + quote(c.name) + ", 0, " + quote(catalog::write_catalog_header(c)) + ");\n";
  int i = 0;
  for (const auto& r : c.runtimes) {
    auto date = [&](const std::optional<catalog::Date>& d) { return d ? quote(catalog::format_date(*d)) : std::string("NULL"); };
    sql += "INSERT INTO runtimes VALUES (" + quote(c.name) + ", " + std::to_string(i++) + ", " + quote(r.id) + ", " +
           (r.version ? quote(r.version->str()) : std::string("NULL")) + ", " + date(r.released) + ", " +
           (version >= 2 ? date(r.released_after) + ", " : std::string()) + date(r.released_by) + ", " +
           quote(catalog::write_runtime(r)) + ");\n";
  }
  sql += "PRAGMA user_version = " + std::to_string(version) + ";\nCOMMIT;\n";
  std::ofstream(path + ".sql") << sql;
  std::string cmd = "sqlite3 " + path + " < " + path + ".sql >/dev/null";
  REQUIRE(std::system(cmd.c_str()) == 0);
  std::remove((path + ".sql").c_str());
}

// The number a query of the store's file answers, through the sqlite3 shell.
int query_number(const std::string& path, const std::string& query) {
  std::string cmd = "sqlite3 " + path + " '" + query + "'";
  FILE* p = ::popen(cmd.c_str(), "r");
  int v = -1;
  REQUIRE(p);
  REQUIRE(std::fscanf(p, "%d", &v) == 1);
  ::pclose(p);
  return v;
}

int user_version(const std::string& path) {
  return query_number(path, "PRAGMA user_version");
}
} // namespace

TEST_CASE("a store of schema version 1 opens, upgraded to the current version in one step that says so") {
  TempPath tmp;
  auto legacy = catalog::parse_catalog(fixtures::legacy_json(), "legacy.json");
  write_old_store(tmp.path, legacy, 1);
  REQUIRE(user_version(tmp.path) == 1);
  SUBCASE("opened for reading") {
    catalog::Store store(tmp.path, catalog::Store::Mode::read);
    CHECK(store.upgraded_from() == 1);
    CHECK(user_version(tmp.path) == catalog::Store::k_schema_version);
    CHECK(catalog::write_catalog(store.load("legacy")) == catalog::write_catalog(legacy));
    CHECK(store.verify().empty());
    // Opened again, there is nothing to upgrade.
    catalog::Store again(tmp.path, catalog::Store::Mode::read);
    CHECK_FALSE(again.upgraded_from());
  }
  SUBCASE("opened for writing, then given windows") {
    catalog::Store store(tmp.path, catalog::Store::Mode::write);
    CHECK(store.upgraded_from() == 1);
    auto windowed = legacy;
    windowed.runtimes[4].released_after = catalog::parse_date("2020-05-20");
    store.import_catalogs({windowed});
    CHECK(store.load("legacy").runtimes[4].released_after == catalog::parse_date("2020-05-20"));
    CHECK(store.verify().empty());
  }
  SUBCASE("a read-only file cannot be upgraded: a clear error, and the file is left as it was") {
    REQUIRE(::chmod(tmp.path.c_str(), 0444) == 0);
    if (::access(tmp.path.c_str(), W_OK) == 0) {
      return; // running as root: the mode does not stop writes
    }
    CHECK_THROWS_AS(catalog::Store(tmp.path, catalog::Store::Mode::read), catalog::StorageError);
    CHECK(user_version(tmp.path) == 1);
  }
}

TEST_CASE("a store of schema version 2 gains the milestones table, filled from its documents") {
  TempPath tmp;
  auto legacy = catalog::parse_catalog(fixtures::legacy_json(), "legacy.json");
  write_old_store(tmp.path, legacy, 2);
  size_t stated = 0;
  for (const auto& r : legacy.runtimes) {
    stated += r.milestones.size();
  }
  REQUIRE(stated > 0);
  catalog::Store store(tmp.path, catalog::Store::Mode::write);
  CHECK(store.upgraded_from() == 2);
  CHECK(user_version(tmp.path) == 3);
  CHECK(query_number(tmp.path, "SELECT count(*) FROM milestones") == static_cast<int>(stated));
  CHECK(query_number(tmp.path, "SELECT count(*) FROM milestones WHERE date_from IS NOT NULL") == 0);
  CHECK(store.verify().empty());
  // A window stated afterwards is a row with both ends, and reads back whole.
  auto windowed = legacy;
  auto& m = windowed.runtimes[0].milestones.at(0);
  m.from = catalog::add_days(*m.date, -30);
  m.sources = {"a.toml", "b.md"};
  store.import_catalogs({windowed});
  CHECK(query_number(tmp.path, "SELECT count(*) FROM milestones WHERE date_from IS NOT NULL") == 1);
  CHECK(store.load("legacy").runtimes[0].milestones.at(0) == m);
  CHECK(store.verify().empty());
}

TEST_CASE("a new store has schema version 3 with released_after and the milestones table") {
  TempPath tmp;
  catalog::Store store(tmp.path, catalog::Store::Mode::create);
  CHECK_FALSE(store.upgraded_from());
  CHECK(user_version(tmp.path) == catalog::Store::k_schema_version);
  CHECK(catalog::Store::k_schema_version == 3);
  CHECK(store.verify().empty());
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
