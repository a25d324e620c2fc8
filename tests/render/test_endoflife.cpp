#include "catalog/catalog_set.hpp"
#include "catalog/endoflife.hpp"
#include "lib/core/entry_filter.hpp"
#include "util/json.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <map>

#include "render/endoflife.hpp"

using catalog::parse_date;

namespace {

nlohmann::json python_on(const std::string& day) {
  const auto set = catalog::CatalogSet::embedded();
  const auto* c = set.get("python");
  REQUIRE(c);
  const auto on = parse_date(day);
  const auto rows = lib::filter_entries({c}, on, 90, {});
  return util::json::parse(render::endoflife_json(lib::endoflife_product(*c, rows, on), on), "out.json");
}

const nlohmann::json& release(const nlohmann::json& doc, const std::string& name) {
  for (const auto& r : doc["result"]["releases"]) {
    if (r["name"] == name) {
      return r;
    }
  }
  FAIL("no release " << name);
  static const nlohmann::json none;
  return none;
}

} // namespace

TEST_CASE("a catalog written as an endoflife.date product") {
  const auto doc = python_on("2026-08-22");
  CHECK(doc["schema_version"] == "1.2.1");
  CHECK(doc["generated_at"] == "2026-08-22T00:00:00Z");
  CHECK(doc["last_modified"] == "2026-08-22T00:00:00Z"); // the catalog's as_of
  const auto& p = doc["result"];
  CHECK(p["name"] == "python");
  CHECK(p["label"] == "CPython release cycle");
  CHECK(p["labels"]["eoas"] == "bugfix_end");
  CHECK(p["labels"]["eol"] == "end_of_life");
  CHECK(p["labels"]["eoes"].is_null());
  CHECK(p["links"]["releasePolicy"] == "https://devguide.python.org/versions/");

  SUBCASE("a release with days") {
    const auto& r = release(doc, "3.9");
    CHECK(r["releaseDate"] == "2020-10-05");
    CHECK(r["isEoas"] == true);
    CHECK(r["eoasFrom"] == "2022-05-17");
    CHECK(r["isEol"] == true);
    CHECK(r["eolFrom"] == "2025-10-31");
    CHECK_FALSE(r.contains("isEoes"));
    CHECK_FALSE(r.contains("eoesFrom"));
    CHECK(r["isMaintained"] == false);
    CHECK(r["latest"].is_null());
    CHECK(r["custom"].is_null());
    CHECK(r["isLts"] == false);
  }
  SUBCASE("a window: the day it is certainly reached, and its first day in custom") {
    const auto& r = release(doc, "3.10");
    CHECK(r["isEol"] == false);
    CHECK(r["eolFrom"] == "2026-10-31");
    CHECK(r["custom"]["eolFrom_earliest"] == "2026-10-01");
    CHECK(r["isMaintained"] == true);
  }
  SUBCASE("the booleans are those of the date") {
    CHECK(release(python_on("2026-10-30"), "3.10")["isEol"] == false);
    CHECK(release(python_on("2026-10-31"), "3.10")["isEol"] == true);
  }
  SUBCASE("releases not out yet, with no release date, are not written") {
    for (const auto& r : p["releases"]) {
      CHECK(r["name"] != "3.16");
    }
  }
}

TEST_CASE("sweep: what list --format endoflife writes, db import --format endoflife reads back to the same product") {
  // For every embedded catalog, every half year from 2018 to 2030: written, read as a product,
  // written again, each release keeps its release date, its phases' dates, their first days and
  // whether they are reached; and once a phase is reached it stays reached.
  const auto set = catalog::CatalogSet::embedded();
  for (const auto* c : set.all()) {
    std::map<std::string, std::map<std::string, bool>> reached_before;
    for (int year = 2018; year <= 2030; ++year) {
      for (const char* day : {"-01-01", "-07-01"}) {
        const auto on = parse_date(std::to_string(year) + day);
        CAPTURE(c->name);
        CAPTURE(catalog::format_date(on));
        const auto rows = lib::filter_entries({c}, on, 90, {});
        const std::string once = render::endoflife_json(lib::endoflife_product(*c, rows, on), on);
        const auto back = catalog::parse_endoflife(once, "once.json");
        const auto back_rows = lib::filter_entries({&back}, on, 90, {});
        const std::string twice = render::endoflife_json(lib::endoflife_product(back, back_rows, on), on);
        const auto a = util::json::parse(once, "once.json")["result"]["releases"];
        const auto b = util::json::parse(twice, "twice.json")["result"]["releases"];
        REQUIRE(a.size() == b.size());
        for (size_t i = 0; i < a.size(); ++i) {
          CAPTURE(a[i]["name"]);
          CHECK(a[i]["name"] == b[i]["name"]);
          CHECK(a[i]["releaseDate"] == b[i]["releaseDate"]);
          for (const char* key : {"eoasFrom", "eolFrom", "eoesFrom", "isEoas", "isEol", "isEoes", "isMaintained"}) {
            CHECK(a[i].contains(key) == b[i].contains(key));
            if (a[i].contains(key) && b[i].contains(key)) {
              CHECK(a[i][key] == b[i][key]);
            }
          }
          for (const char* key : {"isEoas", "isEol", "isEoes"}) {
            if (!a[i].contains(key)) {
              continue;
            }
            const std::string name = a[i]["name"];
            bool& was = reached_before[name][key];
            CHECK_FALSE((was && a[i][key] == false)); // reached stays reached
            was = a[i][key] == true;
          }
        }
      }
    }
  }
}
