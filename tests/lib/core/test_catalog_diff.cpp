#include "lib/core/catalog_diff.hpp"

#include <doctest/doctest.h>

TEST_CASE("catalog diff: dates, entries and catalogs by name and id") {
  auto embedded = catalog::CatalogSet::embedded();
  catalog::Catalog before = *embedded.get("vertex-training");
  catalog::Catalog after = before;
  after.as_of = catalog::parse_date("2026-11-02");
  after.runtimes[0].milestones[0].date.reset(); // a date now stated unknown
  after.runtimes.pop_back();
  catalog::Catalog extra = *embedded.get("vertex-prediction");
  const std::string removed = before.runtimes.back().id;
  const std::string changed = before.runtimes[0].id;
  auto changes =
      lib::diff_catalogs(catalog::CatalogSet::from_catalogs({before}), catalog::CatalogSet::from_catalogs({after, extra}));
  REQUIRE(changes.size() == 4);
  CHECK(changes[0].catalog == "vertex-prediction");
  CHECK(changes[0].change == "added");
  CHECK(changes[1].id.empty());
  CHECK(changes[1].details == std::vector<std::string>{"as_of 2026-08-21 -> 2026-11-02"});
  bool saw_removed = false;
  bool saw_changed = false;
  for (const auto& c : changes) {
    saw_removed = saw_removed || (c.id == removed && c.change == "removed");
    saw_changed = saw_changed || (c.id == changed && c.change == "changed" && c.details.size() == 1 &&
                                  c.details[0].find(" -> null") != std::string::npos);
  }
  CHECK(saw_removed);
  CHECK(saw_changed);
  CHECK(lib::diff_catalogs(embedded, embedded).empty());
}
