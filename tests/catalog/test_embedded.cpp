#include "catalog/catalog_set.hpp"
#include "catalog/embedded.hpp"
#include "catalog/json_io.hpp"
#include "util/file.hpp"

#include <doctest/doctest.h>

TEST_CASE("every shipped catalog in data/ loads and is what the binary embeds") {
  for (auto name : catalog::embedded_names()) {
    CAPTURE(name);
    std::string path = std::string(RTCAT_SOURCE_DIR) + "/data/" + std::string(name) + ".json";
    auto from_file = catalog::parse_catalog(util::read_file(path), path);
    auto embedded = catalog::embedded_catalog(name);
    REQUIRE(embedded);
    CHECK(catalog::write_catalog(*embedded) == catalog::write_catalog(from_file));
  }
  CHECK(catalog::embedded_names().size() == 4);
  CHECK_FALSE(catalog::embedded_catalog("nope"));
}

TEST_CASE("the ai-platform data holds every legacy runtime with its sources") {
  auto c = *catalog::embedded_catalog("ai-platform");
  const char* ids[] = {"1.0",  "1.1",  "1.2", "1.4", "1.5", "1.6", "1.7", "1.8", "1.9", "1.10", "1.11", "1.12", "1.13",
                       "1.14", "1.15", "2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "2.7", "2.8",  "2.9",  "2.10", "2.11"};
  CHECK(c.runtimes.size() == std::size(ids));
  for (const char* id : ids) {
    CAPTURE(id);
    const auto* r = c.find(id);
    REQUIRE(r);
    CHECK_FALSE(r->sources.empty());
  }
  CHECK(catalog::format_date(*c.policy.sunset) == "2025-02-01");
  CHECK(c.rules.size() == 4);
  // Nothing invented: runtimes 2.2 to 2.11 have no release date and no pins.
  CHECK_FALSE(c.find("2.5")->released);
  CHECK(c.find("2.5")->packages.empty());
}

TEST_CASE("every vertex image carries its dates and regional URIs") {
  for (const char* name : {"vertex-training", "vertex-prediction"}) {
    auto c = *catalog::embedded_catalog(name);
    CHECK(c.runtimes.size() > 70);
    for (const auto& r : c.runtimes) {
      CAPTURE(r.id);
      CHECK(r.uris.size() == 3);
      CHECK(r.milestones.size() == 2);
      CHECK_FALSE(r.sources.empty());
    }
  }
}

TEST_CASE("catalog_paths splits a ':'-separated list and skips empty parts") {
  CHECK(catalog::catalog_paths("").empty());
  CHECK(catalog::catalog_paths(":").empty());
  CHECK(catalog::catalog_paths("a.json") == std::vector<std::string>{"a.json"});
  CHECK(catalog::catalog_paths("a.json::b.db:") == std::vector<std::string>{"a.json", "b.db"});
  CHECK(catalog::catalog_paths("/x/y z.json:rel/c.json") == std::vector<std::string>{"/x/y z.json", "rel/c.json"});
}
