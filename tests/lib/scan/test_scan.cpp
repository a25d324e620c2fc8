#include "catalog/error.hpp"
#include "lib/scan/scan.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace lib::scan;

namespace {

const std::string k_fixture = std::string(RTCAT_SOURCE_DIR) + "/tests/fixtures/scan";

ScanResult scan_fixture(const std::string& day, std::vector<std::string> ignore = {}) {
  ScanOptions o;
  o.walk.paths = {k_fixture};
  o.walk.threads = 2;
  o.on = catalog::parse_date(day);
  o.ignore_rules = std::move(ignore);
  return scan(catalog::CatalogSet::embedded(), o);
}

const lib::Finding* find(const ScanResult& r, const std::string& file, int line, const std::string& rule) {
  for (const auto& f : r.findings) {
    if (f.path == k_fixture + "/" + file && f.line == line && f.rule == rule) {
      return &f;
    }
  }
  return nullptr;
}

} // namespace

TEST_CASE("scan: every reference form is judged at its value's position") {
  ScanResult r = scan_fixture("2024-06-01");
  CHECK(r.files == 10);
  CHECK(r.references.size() == 16); // Makefile:4 through $(RUNTIME)
  CHECK(r.binary == 1);             // pkg/blob.bin
  CHECK(r.symlinks == 1);           // pkg/escape.yaml points out of the tree
  SUBCASE("gcloud across continuations") {
    const auto* f = find(r, "scripts/train.sh", 5, "deletion");
    REQUIRE(f);
    CHECK(f->column == 21);
    CHECK(f->runtime == "1.15");
  }
  SUBCASE("YAML Python version points at the Python value") {
    const auto* f = find(r, "jobs/config.yaml", 4, "python-unsupported");
    REQUIRE(f);
    CHECK(f->column == 19);
  }
  SUBCASE("an image URI") {
    const auto* f = find(r, "Dockerfile", 1, "support-end");
    REQUIRE(f);
    CHECK(f->column == 6);
    CHECK(f->severity == catalog::Severity::warning);
  }
  SUBCASE("a job without pythonVersion") {
    CHECK(find(r, ".github/workflows/ci.yml", 9, "python-version-required"));
  }
  SUBCASE("findings of a file are in line order") {
    for (size_t i = 1; i < r.findings.size(); ++i) {
      if (r.findings[i].path == r.findings[i - 1].path) {
        CHECK(r.findings[i - 1].line <= r.findings[i].line);
      }
    }
  }
  SUBCASE("one region per finding") {
    CHECK(r.regions.size() == r.findings.size());
  }
}

TEST_CASE("scan: suppressions") {
  SUBCASE("a comment on the line above suppresses its rule only") {
    ScanResult r = scan_fixture("2020-06-01");
    CHECK_FALSE(find(r, "pkg/submit.py", 12, "submission-end"));
    CHECK(find(r, "pkg/submit.py", 12, "python-unsupported"));
    CHECK(r.suppressed >= 1);
  }
  SUBCASE("ignored rules are dropped everywhere and counted") {
    ScanResult all = scan_fixture("2024-06-01");
    ScanResult r = scan_fixture("2024-06-01", {"no-alternative", "deletion"});
    CHECK(std::none_of(r.findings.begin(), r.findings.end(), [](const lib::Finding& f) { return f.rule == "deletion"; }));
    CHECK(r.suppressed > all.suppressed);
  }
}

TEST_CASE("scan: milestone edge days (runtime 1.14 closes on 2020-07-19)") {
  SUBCASE("the day before: expiring") {
    CHECK(find(scan_fixture("2020-07-18"), "docs/howto.md", 4, "expiring"));
  }
  SUBCASE("the day of: closed") {
    CHECK(find(scan_fixture("2020-07-19"), "docs/howto.md", 4, "submission-end"));
  }
  SUBCASE("the day after: closed") {
    CHECK(find(scan_fixture("2020-07-20"), "docs/howto.md", 4, "submission-end"));
  }
}

TEST_CASE("scan: a path that does not exist is an input error") {
  ScanOptions o;
  o.walk.paths = {k_fixture + "/nope"};
  o.on = catalog::parse_date("2024-06-01");
  CHECK_THROWS_AS(scan(catalog::CatalogSet::embedded(), o), catalog::InvalidInput);
}

TEST_CASE("scan: AWS Deep Learning Containers images, matched with the aws-dlc catalog by repository and tag") {
  const std::string dir = std::string(RTCAT_SOURCE_DIR) + "/tests/fixtures/scan-aws";
  const auto set = catalog::CatalogSet::from_paths({std::string(RTCAT_SOURCE_DIR) + "/tests/fixtures/aws/catalog.json"});
  ScanOptions o;
  o.walk.paths = {dir};
  o.walk.threads = 2;
  o.on = catalog::parse_date("2026-05-01");
  ScanResult r = scan(set, o);
  std::vector<std::string> got;
  for (const auto& f : r.findings) {
    got.push_back(f.path.substr(dir.size() + 1) + ":" + std::to_string(f.line) + ":" + std::to_string(f.column) + " " + f.rule +
                  " " + f.runtime);
  }
  std::vector<std::string> want = {
      "Dockerfile:1:6 support-end pytorch-training.2.6-gpu-ec2",
      "deployment.yaml:8:18 expiring pytorch-inference.2.6-cpu-sagemaker",
      "pull.sh:3:8 support-end pytorch-training.2.6-gpu-ec2",
      "train.ipynb:18:22 support-end pytorch-training.2.6-gpu-ec2",
      "train.py:11:16 support-end pytorch-training.2.6-gpu-ec2",
      "train.py:15:51 support-end pytorch-training.2.6-gpu-ec2",
      "train.py:16:27 expiring pytorch-inference.2.6-cpu-sagemaker",
      "train.py:17:28 unknown-runtime aws-dlc:pytorch-training:9.9-gpu-py399",
  };
  CHECK(got == want);
  // The custom images (acme/sidecar, acme/trainer) are no references; the supported 2.9 image is one.
  CHECK(r.references.size() == 9);
  CHECK(std::any_of(r.references.begin(), r.references.end(), [](const FoundReference& f) {
    return f.runtime == "pytorch-training.2.9-gpu-sagemaker" && f.catalog == "aws-dlc" && f.status == "supported";
  }));
}
