#include "catalog/error.hpp"
#include "lib/core/freshness.hpp"
#include "lib/fleet/audit.hpp"
#include "tests/support/migration_fixtures.hpp"
#include "tests/support/statuses.hpp"

#include <doctest/doctest.h>

#include <string_view>

namespace {

lib::Resource job(const char* runtime, const char* python = "3.7") {
  lib::Resource r;
  r.kind = lib::ResourceKind::job;
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
  r.kind = lib::ResourceKind::model_version;
  r.name = "projects/p/models/m/versions/v1";
  r.service = "prediction";
  return r;
}

// ready_version: runtime's model version as an inventory lists it READY, created on 2020-03-01.
lib::Resource ready_version(const char* runtime) {
  lib::Resource r = version(runtime);
  r.state = "READY";
  r.created = "2020-03-01T10:00:00Z";
  return r;
}

// check_verdict: v has this status, severity, evidence and stale_export (each checked on its own).
void check_verdict(const lib::Verdict& v, std::string_view status, catalog::Severity severity, lib::RecordEvidence evidence,
                   bool stale_export) {
  CHECK(lib::status_name(v.status) == status);
  CHECK(v.severity == severity);
  CHECK(v.evidence == evidence);
  CHECK(v.stale_export == stale_export);
}

} // namespace

TEST_CASE("audit judges jobs as new work and model versions as deployed") {
  auto set = test::migration_set();
  lib::Auditor auditor(set, test::day("2021-03-01"), 90, "");
  SUBCASE("a job on a closed runtime is an error with an upgrade target") {
    const auto& v = auditor.judge(job("1.0", "3.5"));
    CHECK(lib::status_name(v.status) == "submission_end");
    CHECK(v.catalog == "old");
    CHECK(v.severity == catalog::Severity::error);
    CHECK(v.target == "1.3");
    CHECK(v.action == "upgrade to 1.3");
    CHECK(v.deadline == test::day("2021-01-01"));
    CHECK(v.days == -59);
  }
  SUBCASE("a deployed model version on it only warns until deletion") {
    const auto& v = auditor.judge(version("1.0"));
    CHECK(lib::status_name(v.status) == "submission_end");
    CHECK(v.severity == catalog::Severity::warning);
    CHECK(v.deadline_milestone == "deletion");
    CHECK(v.deadline == test::day("2022-01-01"));
    CHECK(v.days == 306);
    CHECK(v.action == "upgrade to 1.3 before 2022-01-01");
  }
  SUBCASE("a supported runtime needs nothing") {
    const auto& v = auditor.judge(job("1.3"));
    CHECK(lib::status_name(v.status) == "supported");
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
    CHECK(lib::status_name(v.status) == "custom-container");
    CHECK(v.severity == catalog::Severity::note);
    CHECK(v.findings.front().rule == "custom-container");
  }
  SUBCASE("no runtime and no image") {
    const auto& v = auditor.judge(job(""));
    CHECK(lib::status_name(v.status) == "missing-runtime");
    REQUIRE(v.findings.size() == 1);
    CHECK(v.findings.front().rule == "runtime-version-required");
    CHECK(v.severity == catalog::Severity::error);
  }
  SUBCASE("a runtime not in the catalog") {
    const auto& v = auditor.judge(job("1.4"));
    CHECK(lib::status_name(v.status) == "unknown-runtime");
    CHECK(v.severity == catalog::Severity::error);
    CHECK(v.findings.front().rule == "unknown-runtime");
  }
  SUBCASE("a malformed Python version") {
    const auto& v = auditor.judge(job("1.3", "three"));
    CHECK(lib::status_name(v.status) == "invalid");
    CHECK(v.findings.front().rule == "invalid-field");
  }
}

TEST_CASE("audit: the record is evidence; inside the platform's lifetime a contradiction, after its shutdown a stale export") {
  auto set = test::migration_set();
  // Runtime 1.0 of "old": submission_end 2021-01-01, deletion 2022-01-01; the platform shut down
  // on 2025-02-01.
  SUBCASE("READY after deletion, while the platform runs: the inventory disagrees (a warning)") {
    auto r = ready_version("1.0");
    const lib::Verdict v = lib::Auditor(set, test::day("2022-06-01"), 90, "").judge(r);
    check_verdict(v, "inventory-disagrees", catalog::Severity::warning, lib::RecordEvidence::alive_after, false);
    auto fs = lib::Auditor::findings_for(r, v);
    REQUIRE_FALSE(fs.empty());
    CHECK(fs[0].rule == "inventory-disagrees");
    CHECK(fs[0].message == "model version projects/p/models/m/versions/v1: the inventory shows it READY, but the catalog says "
                           "runtime 1.0 was deleted on 2022-01-01; it closed to new jobs on 2021-01-01: the inventory and "
                           "the catalog disagree (check the resource; the catalog's date may be wrong)");
  }
  SUBCASE("READY after the shutdown: a stale export, the deletion stands (an error)") {
    lib::Auditor auditor(set, test::day("2026-06-01"), 90, "");
    auto r = ready_version("1.0");
    const auto& v = auditor.judge(r);
    check_verdict(v, "deletion", catalog::Severity::error, lib::RecordEvidence::none, true);
    auto fs = lib::Auditor::findings_for(r, v);
    REQUIRE(fs.size() >= 2);
    CHECK(fs[0].rule == "deletion");
    CHECK(fs.back().rule == "stale-export");
    CHECK(fs[1].severity == catalog::Severity::warning);
    CHECK(fs.back().message == "model version projects/p/models/m/versions/v1: listed READY, but its platform shut down on "
                               "2025-02-01: the export is stale, taken before then (no earlier than 2020-03-01, its createTime); "
                               "the model version no longer exists");
    SUBCASE("the latest time the record shows bounds the export") {
      r.seen = "2021-05-04T00:00:00Z";
      r.seen_field = "lastUseTime";
      const auto& again = auditor.judge(r);
      CHECK(&again == &v); // the same verdict: only the wording is the record's
      CHECK(lib::Auditor::findings_for(r, again).back().message.find("(no earlier than 2021-05-04, its lastUseTime)") !=
            std::string::npos);
    }
    SUBCASE("a time it shows after the deletion, inside the lifetime, is a contradiction too") {
      r.seen = "2022-05-04T00:00:00Z";
      r.seen_field = "lastUseTime";
      const auto& both = auditor.judge(r);
      check_verdict(both, "deletion", catalog::Severity::error, lib::RecordEvidence::alive_after, true);
      auto fs2 = lib::Auditor::findings_for(r, both);
      REQUIRE(fs2.size() >= 3);
      CHECK(fs2[fs2.size() - 2].rule == "inventory-disagrees");
      CHECK(fs2[fs2.size() - 2].message.find(
                "the inventory shows it READY with its lastUseTime on 2022-05-04, but the catalog says") != std::string::npos);
      CHECK(fs2.back().rule == "stale-export");
    }
    SUBCASE("no time at all") {
      r.created.clear();
      CHECK(lib::Auditor::findings_for(r, auditor.judge(r)).back().message.find("(the inventory does not say when)") !=
            std::string::npos);
    }
  }
  SUBCASE("a job running after the shutdown: a stale export; one that ended is history") {
    lib::Auditor auditor(set, test::day("2026-06-01"), 90, "");
    auto r = job("1.0", "3.5");
    r.state = "RUNNING";
    const auto& v = auditor.judge(r);
    CHECK(v.stale_export);
    CHECK(v.severity == catalog::Severity::error);
    CHECK(lib::Auditor::findings_for(r, v).back().message.find("the job no longer runs") != std::string::npos);
    r.state = "SUCCEEDED";
    CHECK_FALSE(auditor.judge(r).stale_export);
  }
}

TEST_CASE("audit: a legacy record without a runtime listed alive after the shutdown is a stale export too") {
  auto set = catalog::CatalogSet::embedded();
  lib::Auditor auditor(set, test::day("2026-06-01"), 90, "");
  auto r = job("", "3.7");
  r.image_uri = "gcr.io/p/img:1";
  r.state = "RUNNING";
  const auto& v = auditor.judge(r);
  CHECK(lib::status_name(v.status) == "custom-container");
  CHECK(v.stale_export);
  CHECK(v.severity == catalog::Severity::warning);
  CHECK(lib::Auditor::findings_for(r, v).back().message ==
        "job train_1: listed RUNNING, but its platform shut down on 2025-02-01: the export is stale, taken before then (the "
        "inventory does not say when); the job no longer runs");
  r.state = "SUCCEEDED";
  CHECK_FALSE(auditor.judge(r).stale_export);
  lib::Auditor before(set, test::day("2025-01-31"), 90, "");
  r.state = "RUNNING";
  CHECK_FALSE(before.judge(r).stale_export);
}

TEST_CASE("audit: the verdict of a record over a grid, decided once: the same fields and evidence give the same verdict") {
  auto set = test::migration_set();
  size_t evidenced = 0;
  for (const char* on : {"2020-06-01", "2021-03-01", "2022-06-01", "2025-01-31", "2025-02-01", "2026-06-01"}) {
    lib::Auditor auditor(set, test::day(on), 90, "");
    for (const char* runtime : {"1.0", "1.3", "9.9", ""}) {
      for (const char* state : {"READY", "FAILED", "SUCCEEDED", "CREATING", "RUNNING", ""}) {
        for (const char* created : {"2019-06-01T00:00:00Z", "2021-02-01T10:00:00Z", "2023-01-01T00:00:00Z", "bad", ""}) {
          for (bool deployed : {false, true}) {
            lib::Resource r = deployed ? version(runtime) : job(runtime);
            r.state = state;
            r.created = created;
            std::string what = std::string(on) + " " + runtime + " " + state + " " + created + (deployed ? " version" : " job");
            CAPTURE(what);
            const lib::Verdict& v = auditor.judge(r);
            lib::Resource other = r;
            other.name = "another";
            CHECK(&auditor.judge(other) == &v);
            // The severity is the worst of the findings, and findings_for words every one.
            CHECK(v.severity == lib::worst(v.findings));
            auto fs = lib::Auditor::findings_for(r, v);
            CHECK(fs.size() == v.findings.size());
            for (const auto& f : fs) {
              CHECK(f.message.size() > other.name.size() + 20);
            }
            const bool past = std::string(on) >= "2025-02-01";
            if (v.stale_export) {
              CHECK(past);
              CHECK(lib::status_name(v.status) != "inventory-disagrees");
            }
            if (lib::status_name(v.status) == "inventory-disagrees") {
              // The milestone is not stated as fact against the record.
              CHECK_FALSE(past);
              CHECK(std::none_of(v.findings.begin(), v.findings.end(),
                                 [&](const lib::Finding& f) { return f.rule == lib::milestone_rule(v.deadline_milestone); }));
            }
            evidenced += v.stale_export || v.evidence != lib::RecordEvidence::none ? 1 : 0;
          }
        }
      }
    }
  }
  CHECK(evidenced > 0);
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
  ok.status = test::lifecycle_status(lib::Standing::supported, "supported");
  lib::Verdict bad;
  bad.status = test::lifecycle_status(lib::Standing::milestone, "deletion");
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

namespace {

lib::Resource vertex(lib::ResourceKind kind, const char* name) {
  lib::Resource r;
  r.kind = kind;
  r.name = name;
  r.service = kind == lib::ResourceKind::model || kind == lib::ResourceKind::endpoint ? "prediction" : "training";
  return r;
}

std::vector<lib::Resource> units_of(const std::vector<lib::Resource>& records) {
  std::vector<lib::Resource> out;
  lib::Units units([&](const lib::Resource& u) { out.push_back(u); });
  for (const auto& r : records) {
    units.add(r);
  }
  units.finish();
  return out;
}

} // namespace

TEST_CASE("audit units: one per distinct image, prebuilt images by their catalog and id") {
  lib::Resource job = vertex(lib::ResourceKind::custom_job, "projects/p/locations/l/customJobs/1");
  job.images = {{"us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-11:latest", "jobSpec.workerPoolSpecs[0]"},
                {"gcr.io/acme/trainer:1", "jobSpec.workerPoolSpecs[1]"},
                {"us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-11:latest", "jobSpec.workerPoolSpecs[2]"}};
  auto units = units_of({job, vertex(lib::ResourceKind::training_pipeline, "projects/p/locations/l/trainingPipelines/2")});
  REQUIRE(units.size() == 3);
  CHECK(units[0].catalog == "vertex-training");
  CHECK(units[0].runtime == "tf-cpu.2-11");
  CHECK(units[0].part == "jobSpec.workerPoolSpecs[0], jobSpec.workerPoolSpecs[2]");
  CHECK(units[1].catalog.empty());
  CHECK(units[1].image_uri == "gcr.io/acme/trainer:1");
  CHECK(units[2].image_uri.empty()); // no image: judged once
  auto set = catalog::CatalogSet::embedded();
  lib::Auditor auditor(set, test::day("2026-06-01"), 90, "");
  const auto& prebuilt = auditor.judge(units[0]);
  CHECK(lib::status_name(prebuilt.status) == "availability_end");
  CHECK(prebuilt.severity == catalog::Severity::error);
  CHECK(prebuilt.target == "tf-cpu.2-17.py310");
  const auto& custom = auditor.judge(units[1]);
  CHECK(lib::status_name(custom.status) == "custom-image");
  CHECK(custom.action == "none: custom image: not tracked");
  CHECK(custom.severity == catalog::Severity::note);
  CHECK(lib::status_name(auditor.judge(units[2]).status) == "no-image");
  CHECK_FALSE(auditor.judge(units[2]).severity);
}

TEST_CASE("audit units: an endpoint's deployed models joined to the models of the run, in either order") {
  lib::Resource endpoint = vertex(lib::ResourceKind::endpoint, "projects/p/locations/l/endpoints/9");
  endpoint.deployed = {{"1", "projects/p/locations/l/models/5@2"}, {"2", "projects/p/locations/l/models/6"}};
  lib::Resource model = vertex(lib::ResourceKind::model, "projects/p/locations/l/models/5");
  model.images = {{"us-docker.pkg.dev/vertex-ai/prediction/xgboost-cpu.1-6:latest", "containerSpec"}};
  model.endpoints = {"projects/p/locations/l/endpoints/9"};
  for (bool model_first : {true, false}) {
    CAPTURE(model_first);
    auto units = model_first ? units_of({model, endpoint}) : units_of({endpoint, model});
    REQUIRE(units.size() == 3);
    std::vector<lib::Resource> served;
    std::vector<lib::Resource> missing;
    for (const auto& u : units) {
      if (u.kind == lib::ResourceKind::endpoint) {
        (u.model_missing ? missing : served).push_back(u);
      }
    }
    REQUIRE(served.size() == 1);
    CHECK(served[0].runtime == "xgboost-cpu.1-6");
    CHECK(served[0].part == "deployed model 1 (model projects/p/locations/l/models/5@2)");
    REQUIRE(missing.size() == 1);
    CHECK(missing[0].part == "deployed model 2 (model projects/p/locations/l/models/6)");
    auto set = catalog::CatalogSet::embedded();
    lib::Auditor auditor(set, test::day("2026-06-01"), 90, "");
    CHECK(lib::status_name(auditor.judge(missing[0]).status) == "model-missing");
    CHECK(auditor.judge(missing[0]).severity == catalog::Severity::warning);
    CHECK(lib::resource_label(served[0]) ==
          "endpoint projects/p/locations/l/endpoints/9, deployed model 1 (model projects/p/locations/l/models/5@2)");
  }
}

TEST_CASE("freshness: ages as written, and the gate on both sides of the limit") {
  CHECK(lib::parse_data_age("90d", "x") == 90);
  CHECK(lib::parse_data_age("12w", "x") == 84);
  CHECK(lib::parse_data_age("7", "x") == 7);
  for (const char* bad : {"", "d", "90x", "-1d", "9999999d", "1.5d"}) {
    std::string text = bad;
    CAPTURE(text);
    CHECK_THROWS_AS(lib::parse_data_age(text, "max-data-age"), catalog::InvalidInput);
  }
  auto set = catalog::CatalogSet::embedded();
  const catalog::Catalog* c = set.get("vertex-training");
  REQUIRE(c);
  REQUIRE(c->as_of);
  // A sweep of limits around the catalog's age on a fixed date.
  const catalog::Date on = test::day("2026-11-20");
  const long age = catalog::days_between(*c->as_of, on);
  for (int limit = 0; limit <= 200; ++limit) {
    CAPTURE(limit);
    auto f = lib::data_age_findings({c}, on, limit, std::to_string(limit));
    CHECK(f.size() == (age > limit ? 1u : 0u));
    if (!f.empty()) {
      CHECK(f[0].rule == "data-too-old");
      CHECK(f[0].severity == catalog::Severity::error);
    }
  }
  catalog::Catalog undated = *c;
  undated.as_of.reset();
  auto f = lib::data_age_findings({&undated}, on, 1000, "1000d");
  REQUIRE(f.size() == 1);
  CHECK(f[0].message.find("no as_of date") != std::string::npos);
}

TEST_CASE("audit: one verdict per distinct set of fields, however many, and none shared by fields that merely join alike") {
  auto set = test::migration_set();
  lib::Auditor auditor(set, test::day("2021-03-01"), 90, "");
  // Fields that would read the same if they were joined with a separator inside them.
  const lib::Verdict& a = auditor.judge(job("2.1\x1f"
                                            "3.7",
                                            ""));
  const lib::Verdict& b = auditor.judge(job("2.1", "3.7\x1f"));
  CHECK(&a != &b);
  REQUIRE(!a.findings.empty());
  REQUIRE(!b.findings.empty());
  CHECK(a.findings.front().message != b.findings.front().message); // each names its own field
  // Thousands of distinct records (more than the recent answers kept), each judged twice: the same
  // verdict for the same fields, another for other fields, whatever was judged in between.
  std::vector<const lib::Verdict*> first;
  for (int i = 0; i < 3000; ++i) {
    first.push_back(&auditor.judge(job(("9." + std::to_string(i)).c_str())));
  }
  for (int i = 2999; i >= 0; --i) {
    const lib::Verdict& again = auditor.judge(job(("9." + std::to_string(i)).c_str()));
    REQUIRE(&again == first[static_cast<size_t>(i)]);
    if (i > 0) {
      REQUIRE(&again != first[static_cast<size_t>(i - 1)]);
    }
  }
  // A model version's key differs from a job's with the same fields.
  CHECK(&auditor.judge(version("9.1")) != first[1]);
}

TEST_CASE("audit units: SageMaker images by the aws-dlc entry that lists their repository and tag") {
  const auto set = catalog::CatalogSet::from_paths({std::string(RTCAT_SOURCE_DIR) + "/tests/fixtures/aws/catalog.json"});
  lib::Resource job;
  job.kind = lib::ResourceKind::training_job;
  job.name = "churn";
  job.service = "training";
  job.sagemaker = true;
  job.images = {
      {"871362719292.dkr.ecr.ap-northeast-1.amazonaws.com/pytorch-training:2.6-gpu-py312-ec2", "AlgorithmSpecification"}};
  lib::Resource model = job;
  model.kind = lib::ResourceKind::model;
  model.service = "prediction";
  model.images = {{"763104351884.dkr.ecr.us-west-2.amazonaws.com/pytorch-training:9.9-gpu-py399", "Containers[0]"},
                  {"111122223333.dkr.ecr.us-east-1.amazonaws.com/acme/serve:1", "Containers[1]"}};
  lib::Resource summary = job;
  summary.images.clear();
  summary.summary = true;
  std::vector<lib::Resource> units;
  lib::Units split([&](const lib::Resource& u) { units.push_back(u); }, &set);
  for (const auto& r : {job, model, summary}) {
    split.add(r);
  }
  split.finish();
  REQUIRE(units.size() == 4);
  CHECK(units[0].catalog == "aws-dlc");
  CHECK(units[0].runtime == "pytorch-training.2.6-gpu-ec2");
  CHECK(units[1].catalog == "aws-dlc");
  CHECK(units[1].runtime == "pytorch-training:9.9-gpu-py399"); // no entry lists the tag: not guessed
  CHECK(units[2].catalog.empty());
  lib::Auditor auditor(set, test::day("2026-05-01"), 90, "");
  CHECK(lib::status_name(auditor.judge(units[0]).status) == "support_end");
  CHECK(auditor.judge(units[0]).severity == catalog::Severity::warning);
  CHECK(lib::status_name(auditor.judge(units[1]).status) == "unknown-runtime");
  const auto& custom = auditor.judge(units[2]);
  CHECK(lib::status_name(custom.status) == "custom-image");
  CHECK(custom.findings.at(0).message.find("is not an image the catalogs list") != std::string::npos);
  const auto& listed = auditor.judge(units[3]);
  CHECK(lib::status_name(listed.status) == "no-image");
  CHECK(listed.action.find("describe-training-job") != std::string::npos);
  // Without the catalogs, an ECR image is a custom image.
  std::vector<lib::Resource> bare;
  lib::Units none([&](const lib::Resource& u) { bare.push_back(u); });
  none.add(job);
  REQUIRE(bare.size() == 1);
  CHECK(bare[0].catalog.empty());
}
