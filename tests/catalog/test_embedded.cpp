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
  CHECK(catalog::embedded_names().size() == 5);
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

TEST_CASE("the aws-dlc data: support_end by rule, stated only where the source says otherwise") {
  auto c = *catalog::embedded_catalog("aws-dlc");
  REQUIRE(c.policy.milestones.size() == 1); // no availability end: the images stay pullable
  CHECK(c.policy.milestones[0].name == "support_end");
  CHECK(c.policy.milestones[0].after_months == 12);
  CHECK(c.policy.milestones[0].severity == catalog::Severity::warning);
  CHECK(c.runtimes.size() == 61);
  const std::string commit = "e0ecedea6a1c56d6b5914f9cfb2fec5c548e67e0";
  size_t images = 0;
  size_t stated = 0;
  for (const auto& r : c.runtimes) {
    CAPTURE(r.id);
    CHECK(r.id.find(':') == std::string::npos);
    REQUIRE(r.sources.size() == 1);
    CHECK(std::string(r.sources[0]).find(commit) != std::string::npos);
    CHECK(r.released);
    stated += r.milestones.size();
    if (r.uris.empty()) {
      CHECK(r.family.empty()); // an older line: dates only
      CHECK_FALSE(r.python);
      continue;
    }
    ++images;
    CHECK_FALSE(r.family.empty());
    for (const auto& u : r.uris) {
      CHECK(u.find(".dkr.ecr.us-west-2.amazonaws.com/" + r.family.substr(0, r.family.find('/')) + ":") != std::string::npos);
    }
  }
  CHECK(images == 51);
  CHECK(stated == 8); // the seven PyTorch 2.6 inference images and PyTorch 1.13
  CHECK(catalog::format_date(*c.find("pytorch.1.13")->milestones.at(0).date) == "2024-10-28");
  CHECK(catalog::format_date(*c.find("pytorch-inference.2.6-gpu-ec2")->milestones.at(0).date) == "2026-06-30");
  CHECK_FALSE(c.find("sagemaker-xgboost.3.0-5-cpu-sagemaker")->version); // not a dotted release
  CHECK(c.find("sagemaker-xgboost.3.0-5-cpu-sagemaker")->framework_version == "3.0-5");
}
