#include "catalog/catalog_set.hpp"
#include "catalog/endoflife.hpp"
#include "catalog/json_io.hpp"
#include "lib/core/endoflife.hpp"
#include "lib/core/entry_filter.hpp"

#include <doctest/doctest.h>

using catalog::parse_date;

namespace {

// The product of catalog `name` of the embedded set, on `on`.
lib::EolProduct product_of(const catalog::CatalogSet& set, const std::string& name, catalog::Date on) {
  const catalog::Catalog* c = set.get(name);
  REQUIRE(c);
  auto rows = lib::filter_entries({c}, on, 90, {});
  return lib::endoflife_product(*c, rows, on);
}

const lib::EolRelease* release(const lib::EolProduct& p, std::string_view id) {
  for (const auto& r : p.releases) {
    if (r.entry->id == id) {
      return &r;
    }
  }
  return nullptr;
}

} // namespace

TEST_CASE("which milestone each endoflife.date phase shows") {
  const auto set = catalog::CatalogSet::embedded();
  auto names = [&](const std::string& catalog) {
    auto p = lib::endoflife_phases(*set.get(catalog));
    auto name = [](const catalog::MilestonePolicy* m) { return m ? m->name : std::string("-"); };
    return name(p.eoas) + " " + name(p.eol) + " " + name(p.eoes);
  };
  CHECK(names("python") == "bugfix_end end_of_life -");
  CHECK(names("ai-platform") == "submission_end deletion -");
  CHECK(names("vertex-training") == "support_end availability_end -");
  CHECK(names("vertex-prediction") == "support_end availability_end -");

  SUBCASE("a catalog read from endoflife.date shows its own phases") {
    auto c = catalog::parse_endoflife(R"({"name": "x", "releases": [{"name": "1", "releaseDate": "2020-01-01",
        "isEoas": false, "eoasFrom": null, "isEol": false, "eolFrom": null, "isEoes": false, "eoesFrom": null}]})",
                                      "x.json");
    auto p = lib::endoflife_phases(c);
    CHECK(p.eoas == c.milestone("support_end"));
    CHECK(p.eol == c.milestone("end_of_life"));
    CHECK(p.eoes == c.milestone("extended_support_end"));
  }
  SUBCASE("a policy with one warning milestone has no end of life, and no active support end before it") {
    auto c = catalog::parse_catalog(R"({"format": "rtcat-catalog/1", "catalog": "w", "policy": {"milestones": [
        {"name": "deprecated", "severity": "warning", "meaning": "m"}]}, "runtimes": []})",
                                    "w.json");
    auto p = lib::endoflife_phases(c);
    CHECK_FALSE(p.eol);
    CHECK_FALSE(p.eoas);
  }
}

TEST_CASE("where each release stands on the date") {
  const auto set = catalog::CatalogSet::embedded();
  const auto on = parse_date("2026-08-22");
  const auto p = product_of(set, "python", on);
  CHECK(p.catalog == set.get("python"));

  SUBCASE("a day each: reached or not on the date") {
    const auto* r = release(p, "3.9");
    REQUIRE(r);
    CHECK(r->release_date == parse_date("2020-10-05"));
    CHECK_FALSE(r->release_earliest);
    REQUIRE(r->eoas);
    CHECK(r->eoas->reached);
    CHECK(r->eoas->date == parse_date("2022-05-17"));
    CHECK_FALSE(r->eoas->earliest);
    CHECK(r->eol.reached);
    CHECK(r->eol.date == parse_date("2025-10-31"));
    CHECK_FALSE(r->eoes);
    CHECK_FALSE(r->maintained);
  }
  SUBCASE("a window: its last day, and its first day beside it") {
    const auto* r = release(p, "3.10");
    REQUIRE(r);
    CHECK_FALSE(r->eol.reached);
    CHECK(r->eol.date == parse_date("2026-10-31"));
    REQUIRE(r->eol.earliest);
    CHECK(*r->eol.earliest == parse_date("2026-10-01"));
    CHECK(r->maintained);
  }
  SUBCASE("inside a window the milestone is not certainly reached") {
    const auto inside = product_of(set, "python", parse_date("2026-10-15"));
    CHECK_FALSE(release(inside, "3.10")->eol.reached);
    CHECK(release(inside, "3.10")->maintained);
    const auto after = product_of(set, "python", parse_date("2026-10-31"));
    CHECK(release(after, "3.10")->eol.reached);
    CHECK_FALSE(release(after, "3.10")->maintained);
  }
  SUBCASE("an entry with no release date, not even a bound, is left out") {
    CHECK_FALSE(release(p, "3.16"));
    REQUIRE(p.left_out.size() == 2);
    CHECK(p.left_out[0]->id == "3.15");
    CHECK(p.left_out[1]->id == "3.16");
  }
  SUBCASE("the releases are those of the rows, in their order") {
    CHECK(p.releases.size() + p.left_out.size() == set.get("python")->runtimes.size());
    CHECK(p.releases.front().entry->id == "2.7");
  }
}

TEST_CASE("a release known only by a bound, a milestone only as 'no later than'") {
  const auto c = catalog::parse_catalog(R"({"format": "rtcat-catalog/1", "catalog": "b", "policy": {"sunset": "2025-02-01",
      "milestones": [{"name": "support_end", "severity": "warning", "meaning": "m"},
                     {"name": "availability_end", "severity": "error", "meaning": "m"}]},
      "runtimes": [{"id": "1", "released": null, "released_after": "2020-01-31", "released_by": "2020-03-01",
                    "milestones": {"support_end": {"from": "2021-01-01", "to": "2021-02-01"}}}]})",
                                        "b.json");
  const auto on = parse_date("2024-01-01");
  const auto rows = lib::filter_entries({&c}, on, 90, {});
  const auto p = lib::endoflife_product(c, rows, on);
  REQUIRE(p.releases.size() == 1);
  const auto& r = p.releases[0];
  CHECK(r.release_date == parse_date("2020-03-01"));
  REQUIRE(r.release_earliest);
  CHECK(*r.release_earliest == parse_date("2020-02-01"));
  CHECK(r.eoas->reached);
  CHECK(r.eoas->date == parse_date("2021-02-01"));
  CHECK(*r.eoas->earliest == parse_date("2021-01-01"));
  // Unknown, capped at the sunset: no later than 2025-02-01, first day not known.
  CHECK_FALSE(r.eol.reached);
  CHECK(r.eol.date == parse_date("2025-02-01"));
  REQUIRE(r.eol.earliest);
  CHECK_FALSE(*r.eol.earliest);
}
