#include "catalog/catalog_set.hpp"
#include "lib/jobs/job_rules.hpp"
#include "lib/jobs/parsers.hpp"

#include <doctest/doctest.h>

#include <algorithm>

using namespace lib::jobs;

namespace {

std::vector<lib::Finding> run(const std::string& json, const char* on, std::vector<LocatedRequirement> reqs = {}) {
  static const catalog::CatalogSet set = catalog::CatalogSet::embedded();
  RuleOptions opt;
  opt.on = catalog::parse_date(on);
  opt.requirements = std::move(reqs);
  return validate_job(set, parse_rest_json(json, "job.json"), opt);
}

// The findings of a `jobs submit training` line (train.sh) with the options.
std::vector<lib::Finding> run_gcloud(const std::string& flags, const RuleOptions& opt) {
  static const catalog::CatalogSet set = catalog::CatalogSet::embedded();
  return validate_job(set, parse_gcloud("gcloud ai-platform jobs submit training j " + flags, "train.sh", ""), opt);
}

const lib::Finding* find(const std::vector<lib::Finding>& fs, const std::string& rule) {
  auto it = std::find_if(fs.begin(), fs.end(), [&](const lib::Finding& f) { return f.rule == rule; });
  return it == fs.end() ? nullptr : &*it;
}

const char* k_ok =
    R"({"trainingInput": {"packageUris": ["gs://b/t.tar.gz"], "pythonModule": "m", "runtimeVersion": "2.1", "pythonVersion": "3.7"}})";

} // namespace

TEST_CASE("a complete job on an open runtime has no findings") {
  CHECK(run(k_ok, "2020-06-01").empty());
}

TEST_CASE("runtime lifecycle comes from the core, at runtimeVersion") {
  auto fs = run("{\"trainingInput\": {\"packageUris\": [\"gs://b/t.tar.gz\"], \"pythonModule\": \"m\",\n"
                "\"runtimeVersion\": \"1.14\", \"pythonVersion\": \"3.5\"}}",
                "2020-11-30");
  const auto* f = find(fs, "submission-end");
  REQUIRE(f);
  CHECK(f->severity == catalog::Severity::error);
  CHECK(f->line == 2);
  CHECK(f->column == 1);
  CHECK(f->runtime == "1.14");
}

TEST_CASE("python on the runtime is checked at pythonVersion") {
  auto fs = run(R"({"packageUris": ["gs://b/t.tar.gz"], "pythonModule": "m", "runtimeVersion": "2.1", "pythonVersion": "2.7"})",
                "2020-06-01");
  const auto* f = find(fs, "python-unsupported");
  REQUIRE(f);
  CHECK(f->column == 84);
}

TEST_CASE("runtimeVersion and pythonVersion are required from 2020-01-13") {
  const char* job = R"({"jobId": "j", "trainingInput": {"packageUris": ["gs://b/t.tar.gz"], "pythonModule": "m"}})";
  SUBCASE("the day before: defaults 1.0 and 2.7") {
    auto fs = run(job, "2020-01-12");
    REQUIRE(find(fs, "runtime-version-defaulted"));
    CHECK(find(fs, "runtime-version-defaulted")->message.find("defaults to 1.0") != std::string::npos);
    REQUIRE(find(fs, "python-version-defaulted"));
    CHECK(find(fs, "python-version-defaulted")->message.find("2.7") != std::string::npos);
    CHECK_FALSE(find(fs, "runtime-version-required"));
  }
  SUBCASE("the day of: required") {
    auto fs = run(job, "2020-01-13");
    REQUIRE(find(fs, "runtime-version-required"));
    CHECK(find(fs, "runtime-version-required")->message.find("defaulted to 1.0") != std::string::npos);
    CHECK(find(fs, "python-version-required"));
  }
  SUBCASE("not with a custom container") {
    auto fs = run(R"({"masterConfig": {"imageUri": "gcr.io/p/i"}})", "2020-06-01");
    CHECK_FALSE(find(fs, "runtime-version-required"));
  }
}

TEST_CASE("a --config fragment (no jobId) is judged as gcloud merges it with the command's flags") {
  using catalog::Severity;
  for (const char* doc : {R"({"trainingInput": {"scaleTier": "BASIC"}})", R"({"scaleTier": "BASIC"})"}) {
    CAPTURE(doc);
    auto fs = run(doc, "2021-01-01");
    REQUIRE(fs.size() == 3);
    for (const char* rule : {"runtime-version-required", "python-version-required", "no-training-code"}) {
      CAPTURE(rule);
      REQUIRE(find(fs, rule));
      CHECK(find(fs, rule)->severity == Severity::note);
      CHECK(find(fs, rule)->message.find("not in this --config fragment") != std::string::npos);
    }
    CHECK(find(fs, "runtime-version-required")->message.find("--runtime-version") != std::string::npos);
    CHECK(find(fs, "no-training-code")->message.find("--module-name, or --master-image-uri") != std::string::npos);
  }
  SUBCASE("packages without a module: the note names --module-name") {
    auto fs = run(R"({"packageUris": ["gs://b/t.tar.gz"], "runtimeVersion": "2.1", "pythonVersion": "3.7"})", "2020-06-01");
    REQUIRE(fs.size() == 1);
    CHECK(fs[0].rule == "python-module-missing");
    CHECK(fs[0].severity == Severity::note);
    CHECK(fs[0].message.find("--module-name") != std::string::npos);
  }
  SUBCASE("what the fragment states is judged as strictly as a whole job") {
    auto fs =
        run(R"({"trainingInput": {"scaleTier": "basic-gpu", "runtimeVersion": "1.13", "pythonVersion": "3.5"}})", "2021-01-01");
    REQUIRE(find(fs, "unknown-scale-tier"));
    CHECK(find(fs, "unknown-scale-tier")->severity == Severity::error);
    REQUIRE(find(fs, "submission-end"));
    CHECK(find(fs, "submission-end")->severity == Severity::error);
  }
  SUBCASE("a REST job body (jobId) is a complete job") {
    auto fs = run(R"({"jobId": "j", "trainingInput": {"scaleTier": "BASIC"}})", "2021-01-01");
    REQUIRE(find(fs, "runtime-version-required"));
    CHECK(find(fs, "runtime-version-required")->severity == Severity::error);
    REQUIRE(find(fs, "no-training-code"));
    CHECK(find(fs, "no-training-code")->severity == Severity::error);
  }
}

TEST_CASE("scale tier and replica rules") {
  SUBCASE("unknown tier, with the fix") {
    auto fs = run(
        R"({"scaleTier": "basic-gpu", "packageUris": ["gs://b/t.tar.gz"], "pythonModule": "m", "runtimeVersion": "2.1", "pythonVersion": "3.7"})",
        "2020-06-01");
    REQUIRE(find(fs, "unknown-scale-tier"));
    CHECK(find(fs, "unknown-scale-tier")->suggestion == "BASIC_GPU");
  }
  SUBCASE("CUSTOM needs masterType; counts need types and types need counts") {
    auto fs = run(
        R"({"scaleTier": "CUSTOM", "workerCount": 2, "parameterServerType": "n1", "packageUris": ["gs://b/t.tar.gz"], "pythonModule": "m", "runtimeVersion": "2.1", "pythonVersion": "3.7"})",
        "2020-06-01");
    CHECK(find(fs, "master-type-required"));
    CHECK(find(fs, "replica-type-missing"));
    CHECK(find(fs, "replica-count-missing"));
  }
  SUBCASE("machine types outside CUSTOM") {
    auto fs = run(
        R"({"scaleTier": "BASIC", "workerCount": 2, "packageUris": ["gs://b/t.tar.gz"], "pythonModule": "m", "runtimeVersion": "2.1", "pythonVersion": "3.7"})",
        "2020-06-01");
    CHECK(find(fs, "not-custom-tier"));
  }
}

TEST_CASE("package rules") {
  auto fs =
      run(R"({"packageUris": ["dist/t.tar.gz", "gs://b/t.py"], "runtimeVersion": "2.1", "pythonVersion": "3.7"})", "2020-06-01");
  CHECK(find(fs, "package-not-gcs"));
  CHECK(find(fs, "package-not-pip"));
  CHECK(find(fs, "python-module-missing"));
  auto none = run(R"({"jobId": "j", "trainingInput": {"runtimeVersion": "2.1", "pythonVersion": "3.7"}})", "2020-06-01");
  CHECK(find(none, "no-training-code"));
}

TEST_CASE("requirements over the runtime's pins are notes for training, at their line") {
  auto reqs = read_requirements("scikit-learn==0.23.2\n", "requirements.txt");
  auto fs = run(k_ok, "2020-06-01", reqs);
  const auto* f = find(fs, "require-over-pin");
  REQUIRE(f);
  CHECK(f->severity == catalog::Severity::note);
  CHECK(f->path == "requirements.txt");
  CHECK(f->line == 1);
  CHECK(f->message.find("allowed for training") != std::string::npos);
}

TEST_CASE("scikit-learn training needs runtime 1.13") {
  auto reqs = read_requirements("pandas\nscikit-learn\n", "requirements.txt");
  const char* job =
      R"({"packageUris": ["gs://b/t.tar.gz"], "pythonModule": "m", "runtimeVersion": "1.12", "pythonVersion": "3.5"})";
  auto fs = run(job, "2019-06-01", reqs);
  const auto* f = find(fs, "sklearn-training");
  REQUIRE(f);
  CHECK(f->path == "requirements.txt");
  CHECK(f->line == 2);
}

TEST_CASE("images, evaluators and chief") {
  SUBCASE("worker image without a master image") {
    auto fs = run(
        R"({"scaleTier": "CUSTOM", "masterType": "n1", "workerType": "n1", "workerCount": 1, "workerConfig": {"imageUri": "gcr.io/p/w"}, "packageUris": ["gs://b/t.tar.gz"], "pythonModule": "m", "runtimeVersion": "2.1", "pythonVersion": "3.7"})",
        "2020-06-01");
    CHECK(find(fs, "replica-image-without-master"));
  }
  SUBCASE("workers default to the master's image") {
    auto fs = run(
        R"({"scaleTier": "CUSTOM", "masterType": "n1", "workerType": "n1", "workerCount": 2, "masterConfig": {"imageUri": "gcr.io/p/m"}})",
        "2020-06-01");
    REQUIRE(find(fs, "image-defaults-to-master"));
    CHECK(find(fs, "image-defaults-to-master")->message.find("2 workers run the master's image gcr.io/p/m") != std::string::npos);
  }
  SUBCASE("more than one evaluator with TensorFlow") {
    auto fs = run(
        R"({"scaleTier": "CUSTOM", "masterType": "n1", "evaluatorType": "n1", "evaluatorCount": 2, "packageUris": ["gs://b/t.tar.gz"], "pythonModule": "m", "runtimeVersion": "2.1", "pythonVersion": "3.7"})",
        "2020-06-01");
    CHECK(find(fs, "multiple-evaluators"));
  }
  SUBCASE("useChiefInTfConfig without a custom container") {
    auto fs = run(
        R"({"useChiefInTfConfig": true, "packageUris": ["gs://b/t.tar.gz"], "pythonModule": "m", "runtimeVersion": "2.1", "pythonVersion": "3.7"})",
        "2020-06-01");
    CHECK(find(fs, "use-chief-no-effect"));
  }
  SUBCASE("runtimeVersion with a custom container") {
    auto fs = run(R"({"masterConfig": {"imageUri": "gcr.io/p/m"}, "runtimeVersion": "2.1"})", "2020-06-01");
    CHECK(find(fs, "runtime-with-custom-container"));
  }
}

TEST_CASE("a runtime judged elsewhere (scan): neither it nor the Python version is read, a defaulted one is judged") {
  static const catalog::CatalogSet set = catalog::CatalogSet::embedded();
  RuleOptions opt;
  opt.on = catalog::parse_date("2024-06-01");
  opt.judge_given_runtime = false;
  // An expression where a version goes is not an input error here: scan evaluates it.
  auto fs = run_gcloud("--runtime-version $RT --python-version $PY "
                       "--package-path t --module-name t.task",
                       opt);
  CHECK(fs.empty());
  // A closed runtime given: its lifecycle is not said here; the job's own rules still are.
  fs = validate_job(set, parse_rest_json(R"({"jobId": "j", "trainingInput": {"runtimeVersion": "1.14"}})", "job.json"), opt);
  CHECK_FALSE(find(fs, "deletion"));
  CHECK(find(fs, "python-version-required"));
  CHECK(find(fs, "no-training-code"));
  // No runtime before the policy: the default runtime 1.0 is judged, as validate judges it.
  opt.on = catalog::parse_date("2019-06-01");
  fs =
      validate_job(set,
                   parse_rest_json(R"({"jobId": "j", "trainingInput": {"pythonVersion": "3.7", "packageUris": ["gs://b/t.tar.gz"],
                    "pythonModule": "m"}})",
                                   "job.json"),
                   opt);
  const auto* f = find(fs, "python-unsupported");
  REQUIRE(f);
  CHECK(f->message.rfind("(default runtime 1.0) ", 0) == 0);
}

TEST_CASE("a value written as a shell expression is not judged: it is known only when the command runs") {
  RuleOptions opt;
  opt.on = catalog::parse_date("2020-06-01");
  auto fs = run_gcloud("--runtime-version 2.1 --python-version 3.7 "
                       "--scale-tier $TIER --master-machine-type n1-standard-8 --packages $PKG --module-name m",
                       opt);
  CHECK(fs.empty());
  fs = run_gcloud("--runtime-version 2.1 --python-version 3.7 "
                  "--scale-tier custm --packages pkg.zip --module-name m",
                  opt);
  CHECK(find(fs, "unknown-scale-tier"));
  CHECK(find(fs, "package-not-pip"));
}
