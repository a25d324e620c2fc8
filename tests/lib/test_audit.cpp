#include "lib/audit.hpp"
#include "tests/lib/migration_fixtures.hpp"

#include <doctest/doctest.h>

namespace {

lib::Resource job(const char* runtime, const char* python = "3.7") {
  lib::Resource r;
  r.kind = "job";
  r.name = "train_1";
  r.service = "training";
  r.runtime = runtime;
  r.python = python;
  r.path = "jobs.json";
  r.line = 4;
  r.column = 3;
  return r;
}

lib::Resource version(const char* runtime) {
  lib::Resource r = job(runtime, "3.5");
  r.kind = "model_version";
  r.name = "projects/p/models/m/versions/v1";
  r.service = "prediction";
  return r;
}

} // namespace

TEST_CASE("audit judges jobs as new work and model versions as deployed") {
  auto set = test::migration_set();
  lib::Auditor auditor(set, test::day("2021-03-01"), 90, "");
  SUBCASE("a job on a closed runtime is an error with an upgrade target") {
    const auto& v = auditor.judge(job("1.0", "3.5"));
    CHECK(v.status == "submission_end");
    CHECK(v.catalog == "old");
    CHECK(v.severity == catalog::Severity::error);
    CHECK(v.target == "1.3");
    CHECK(v.action == "upgrade to 1.3");
    CHECK(v.deadline == test::day("2021-01-01"));
    CHECK(v.days == -59);
  }
  SUBCASE("a deployed model version on it only warns until deletion") {
    const auto& v = auditor.judge(version("1.0"));
    CHECK(v.status == "submission_end");
    CHECK(v.severity == catalog::Severity::warning);
    CHECK(v.deadline_milestone == "deletion");
    CHECK(v.deadline == test::day("2022-01-01"));
    CHECK(v.days == 306);
    CHECK(v.action == "upgrade to 1.3 before 2022-01-01");
  }
  SUBCASE("a supported runtime needs nothing") {
    const auto& v = auditor.judge(job("1.3"));
    CHECK(v.status == "supported");
    CHECK(v.action == "none");
    CHECK_FALSE(v.severity);
  }
  SUBCASE("verdicts are cached by what they depend on") {
    const auto* a = &auditor.judge(job("1.0", "3.5"));
    auto other = job("1.0", "3.5");
    other.name = "another";
    CHECK(&auditor.judge(other) == a);
  }
}

TEST_CASE("audit handles missing and unusual fields explicitly") {
  auto set = test::migration_set();
  lib::Auditor auditor(set, test::day("2021-03-01"), 90, "");
  SUBCASE("custom container") {
    auto r = job("");
    r.image_uri = "gcr.io/p/img:1";
    const auto& v = auditor.judge(r);
    CHECK(v.status == "custom-container");
    CHECK(v.severity == catalog::Severity::note);
    CHECK(v.findings.front().rule == "custom-container");
  }
  SUBCASE("no runtime and no image") {
    const auto& v = auditor.judge(job(""));
    CHECK(v.status == "missing-runtime");
    REQUIRE(v.findings.size() == 1);
    CHECK(v.findings.front().rule == "runtime-version-required");
    CHECK(v.severity == catalog::Severity::error);
  }
  SUBCASE("a runtime not in the catalog") {
    const auto& v = auditor.judge(job("1.4"));
    CHECK(v.status == "unknown-runtime");
    CHECK(v.severity == catalog::Severity::error);
    CHECK(v.findings.front().rule == "unknown-runtime");
  }
  SUBCASE("a malformed Python version") {
    const auto& v = auditor.judge(job("1.3", "three"));
    CHECK(v.status == "invalid");
    CHECK(v.findings.front().rule == "invalid-field");
  }
}

TEST_CASE("audit findings name the resource and its position") {
  auto set = test::migration_set();
  lib::Auditor auditor(set, test::day("2021-03-01"), 90, "");
  auto r = job("1.0", "3.5");
  auto fs = lib::Auditor::findings_for(r, auditor.judge(r));
  REQUIRE_FALSE(fs.empty());
  CHECK(fs.front().path == "jobs.json");
  CHECK(fs.front().line == 4);
  CHECK(fs.front().column == 3);
  CHECK(fs.front().message.rfind("job train_1: ", 0) == 0);
  CHECK(fs.front().suggestion == "1.3");
}

TEST_CASE("audit summary counts by status") {
  lib::AuditSummary s;
  lib::Verdict ok;
  ok.status = "supported";
  lib::Verdict bad;
  bad.status = "deletion";
  bad.severity = catalog::Severity::error;
  s.add(ok);
  s.add(bad);
  s.add(ok);
  CHECK(s.resources == 3);
  CHECK(s.by_status["supported"] == 2);
  CHECK(s.worst == catalog::Severity::error);
  s.add_malformed();
  CHECK(s.malformed == 1);
}
