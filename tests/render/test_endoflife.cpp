#include "catalog/catalog_set.hpp"
#include "lib/core/entry_filter.hpp"
#include "util/json.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

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
