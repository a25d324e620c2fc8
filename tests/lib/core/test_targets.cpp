// Targets within one catalog of image families: the order of non-dotted versions and the family
// an image moves within.
#include "catalog/json_io.hpp"
#include "lib/core/targets.hpp"
#include "lib/core/upgrade.hpp"
#include "tests/support/ids.hpp"
#include "tests/support/migration_fixtures.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

using fixtures::ids;

namespace {

// One image: its id, family, framework, framework version, accelerator and release.
std::string image(const std::string& id, const std::string& family, const std::string& framework, const std::string& version,
                  const std::string& accelerator, const std::string& released) {
  const bool dotted = version.find('-') == std::string::npos;
  return R"({"id": ")" + id + R"(", "version": )" + (dotted ? "\"" + version + "\"" : std::string("null")) +
         R"(, "released": ")" + released + R"(", "python": ["3.12"], "packages": {}, "milestones": {}, "framework": ")" +
         framework + R"(", "framework_version": ")" + version + R"(", "accelerator": ")" + accelerator +
         R"(", "cuda": null, "family": ")" + family + R"(", "notes": "", "sources": ["test"]})";
}

catalog::CatalogSet family_set() {
  const std::vector<std::string> images = {
      image("train.2.6-cpu-ec2", "train/ec2", "PyTorch", "2.6", "cpu", "2025-01-29"),
      image("train.2.6-gpu-ec2", "train/ec2", "PyTorch", "2.6", "gpu", "2025-01-29"),
      image("train.2.8-cpu-ec2", "train/ec2", "PyTorch", "2.8", "cpu", "2025-08-01"),
      image("train.2.8-gpu-ec2", "train/ec2", "PyTorch", "2.8", "gpu", "2025-08-01"),
      image("train.2.9-gpu-sagemaker", "train/sagemaker", "PyTorch", "2.9", "gpu", "2025-10-01"),
      image("infer.2.10-gpu-ec2", "infer/ec2", "PyTorch", "2.10", "gpu", "2025-12-01"),
      image("sklearn.1.4-2-cpu-sagemaker", "sklearn/sagemaker", "Scikit-Learn", "1.4-2", "cpu", "2025-10-30"),
      image("sklearn.1.10-0-cpu-sagemaker", "sklearn/sagemaker", "Scikit-Learn", "1.10-0", "cpu", "2026-03-01"),
      image("sklearn.1.9-0-cpu-sagemaker", "sklearn/sagemaker", "Scikit-Learn", "1.9-0", "cpu", "2026-02-01"),
  };
  std::string runtimes;
  for (const auto& i : images) {
    runtimes += (runtimes.empty() ? "" : ",\n") + i;
  }
  // A line with no family (dates only) moves to any image of its framework.
  runtimes += R"(,
{"id": "pytorch.2.5", "version": "2.5", "released": "2024-10-29", "python": null, "packages": {},
 "package_lines": {"torch": "2.5"}, "milestones": {}, "framework": "PyTorch", "framework_version": "2.5",
 "accelerator": "", "cuda": null, "notes": "", "sources": ["test"]})";
  std::vector<catalog::Catalog> cs;
  cs.push_back(
      catalog::parse_catalog(R"({"format": "rtcat-catalog/1", "catalog": "fam", "entry_noun": "image", "as_of": "2026-08-21",
  "policy": {"milestones": [{"name": "support_end", "after_months": 12, "severity": "warning", "meaning": "no patches",
    "reached": "left support", "upcoming": "leaves support"}]},
  "rules": [], "runtimes": [)" + runtimes +
                                 "]}",
                             "fam.json"));
  return catalog::CatalogSet::from_catalogs(std::move(cs));
}

lib::UpgradePlan upgrade(const catalog::CatalogSet& set, const char* runtime, const char* on,
                         lib::Strategy strategy = lib::Strategy::newest) {
  lib::UpgradeRequest req;
  req.base.runtime = runtime;
  req.base.on = test::day(on);
  req.strategy = strategy;
  return lib::plan_upgrade(set, req);
}

std::string ordering(const catalog::CatalogSet& set, const char* id) {
  auto v = lib::ordering_version(*set.get("fam")->find(id));
  return v ? v->str() : "none";
}

} // namespace

TEST_CASE("ordering_version: the version, else the numbers of the framework version in order") {
  auto set = family_set();
  CHECK(ordering(set, "train.2.6-gpu-ec2") == "2.6");
  CHECK(ordering(set, "sklearn.1.4-2-cpu-sagemaker") == "1.4.2");
  CHECK(ordering(set, "sklearn.1.10-0-cpu-sagemaker") == "1.10.0");
  catalog::RuntimeEntry e;
  CHECK_FALSE(lib::ordering_version(e));
  e.framework_version = "3.0-5";
  catalog::RuntimeEntry f;
  f.framework_version = "3.2-0";
  REQUIRE(lib::ordering_version(e));
  REQUIRE(lib::ordering_version(f));
  CHECK(*lib::ordering_version(e) < *lib::ordering_version(f)); // by numbers, not text: 3.0-5 < 3.2-0
  e.framework_version = "1.9-0";
  f.framework_version = "1.10-0";
  CHECK(*lib::ordering_version(e) < *lib::ordering_version(f));
  e.framework_version = "1.2.3.4.5"; // at most four numbers
  CHECK(lib::ordering_version(e)->str() == "1.2.3.4");
  e.framework_version = "latest";
  CHECK_FALSE(lib::ordering_version(e));
}

TEST_CASE("upgrade moves an image within its family") {
  auto set = family_set();
  SUBCASE("the same repository and platform: not the SageMaker build, not the inference image") {
    auto plan = upgrade(set, "train.2.6-gpu-ec2", "2026-01-15");
    CHECK(ids(plan.candidates) == std::vector<std::string>{"train.2.8-gpu-ec2"});
    REQUIRE(plan.candidates.size() == 1);
    CHECK(plan.candidates[0].twins.size() == 1); // the CPU build of 2.8 is its twin
  }
  SUBCASE("nothing newer in the family: no candidate from another family") {
    auto plan = upgrade(set, "train.2.9-gpu-sagemaker", "2026-01-15");
    CHECK(plan.candidates.empty());
  }
  SUBCASE("non-dotted versions rank by their numbers") {
    auto plan = upgrade(set, "sklearn.1.4-2-cpu-sagemaker", "2026-04-01");
    CHECK(ids(plan.candidates) == std::vector<std::string>{"sklearn.1.10-0-cpu-sagemaker", "sklearn.1.9-0-cpu-sagemaker"});
    plan = upgrade(set, "sklearn.1.4-2-cpu-sagemaker", "2026-04-01", lib::Strategy::nearest);
    CHECK(ids(plan.candidates) == std::vector<std::string>{"sklearn.1.9-0-cpu-sagemaker", "sklearn.1.10-0-cpu-sagemaker"});
  }
  SUBCASE("a lower non-dotted version is a step back") {
    auto plan = upgrade(set, "sklearn.1.10-0-cpu-sagemaker", "2027-04-01"); // past support: it has to move
    REQUIRE_FALSE(plan.candidates.empty());
    CHECK(std::none_of(plan.candidates.begin(), plan.candidates.end(), [](const lib::Candidate& c) { return !c.downgrade; }));
  }
  SUBCASE("an entry without a family moves to any image of its framework") {
    auto plan = upgrade(set, "pytorch.2.5", "2026-01-15");
    CHECK(ids(plan.candidates).front() == "infer.2.10-gpu-ec2");
  }
}
