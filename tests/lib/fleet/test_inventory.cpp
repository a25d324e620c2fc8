#include "catalog/error.hpp"
#include "lib/fleet/inventory.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

struct Read {
  std::vector<lib::Resource> resources;
  std::vector<std::string> records; // each resource's record text (Resource::record is valid only in the callback)
  std::vector<lib::Malformed> malformed;
  lib::InventoryCounts counts;
};

std::string write_temp(const std::string& name, const std::string& content) {
  auto path = std::filesystem::temp_directory_path() / ("rtcat-inventory-test-" + std::to_string(::getpid()) + "-" + name);
  std::ofstream(path, std::ios::binary) << content;
  return path.string();
}

// Everything read_inventory gives for the file at `path`.
Read collect(const std::string& path) {
  Read r;
  r.counts = lib::read_inventory(
      path,
      [&](const lib::Resource& res) {
        r.resources.push_back(res);
        r.records.emplace_back(res.record);
      },
      [&](const lib::Malformed& m) { r.malformed.push_back(m); });
  return r;
}

Read read(const std::string& name, const std::string& content) {
  std::string path = write_temp(name, content);
  Read r = collect(path);
  std::filesystem::remove(path);
  return r;
}

// require_clean: r has `shape`, no malformed record, and exactly `n` resources (required: the caller indexes them).
void require_clean(const Read& r, lib::InventoryShape shape, size_t n) {
  CHECK(r.counts.shape == shape);
  CHECK(r.malformed.empty());
  REQUIRE(r.resources.size() == n);
}

} // namespace

TEST_CASE("inventory: gcloud jobs list JSON array") {
  auto r = read("jobs.json", R"([
  {
    "jobId": "train_1",
    "state": "SUCCEEDED",
    "createTime": "2019-11-02T10:15:04Z",
    "trainingInput": {"args": ["--x", "]}"], "pythonVersion": "3.5", "runtimeVersion": "1.14", "scaleTier": "BASIC"}
  },
  {
    "jobId": "custom_2", "state": "RUNNING",
    "trainingInput": {"masterConfig": {"imageUri": "gcr.io/p/img:1"}, "scaleTier": "CUSTOM"}
  },
  {"jobId": "batch_3", "predictionInput": {"runtimeVersion": "1.15", "dataFormat": "JSON"}}
])");
  require_clean(r, lib::InventoryShape::json_array, 3);
  const auto& job = r.resources[0];
  CHECK(job.kind == lib::ResourceKind::job);
  CHECK(job.name == "train_1");
  CHECK(job.state == "SUCCEEDED");
  CHECK(job.created == "2019-11-02T10:15:04Z");
  CHECK(job.runtime == "1.14");
  CHECK(job.python == "3.5");
  CHECK(job.service == "training");
  CHECK(job.line == 2);
  CHECK(job.column == 3);
  SUBCASE("a custom container job has an image and no runtime") {
    CHECK(r.resources[1].image_uri == "gcr.io/p/img:1");
    CHECK(r.resources[1].runtime.empty());
    CHECK(r.resources[1].line == 8);
  }
  SUBCASE("a batch prediction job is a prediction job") {
    CHECK(r.resources[2].kind == lib::ResourceKind::job);
    CHECK(r.resources[2].service == "prediction");
    CHECK(r.resources[2].runtime == "1.15");
  }
}

TEST_CASE("inventory: gcloud versions list JSON array") {
  auto r = read("versions.json", R"([{"name": "projects/p/models/m/versions/v1", "state": "READY", "framework": "SCIKIT_LEARN",
  "runtimeVersion": "2.1", "pythonVersion": "3.7", "deploymentUri": "gs://b/m/", "labels": {"name": "not this one"}},
  {"name": "projects/p/models/m/versions/v2", "container": {"image": "us-docker.pkg.dev/p/serve:2"}, "deploymentUri": "gs://b/m2/"}])");
  REQUIRE(r.resources.size() == 2);
  CHECK(r.resources[0].kind == lib::ResourceKind::model_version);
  CHECK(r.resources[0].service == "prediction");
  CHECK(r.resources[0].name == "projects/p/models/m/versions/v1");
  CHECK(r.resources[0].framework == "SCIKIT_LEARN");
  CHECK(r.resources[1].image_uri == "us-docker.pkg.dev/p/serve:2");
  CHECK(r.resources[1].line == 3);
}

TEST_CASE("inventory: the latest time a record shows alive after its creation, at its top level only") {
  auto r = read(
      "times.jsonl",
      R"({"name":"projects/p/models/m/versions/v1","state":"READY","createTime":"2020-01-01T00:00:00Z","lastUseTime":"2021-05-04T08:00:00Z","runtimeVersion":"1.15"}
{"jobId":"j","state":"RUNNING","startTime":"2022-01-05T00:10:00Z","endTime":null,"trainingInput":{"runtimeVersion":"2.1"},"trainingOutput":{"trials":[{"startTime":"2030-01-01T00:00:00Z","endTime":"2030-01-02T00:00:00Z"}]}}
{"jobId":"k","state":"SUCCEEDED","startTime":"2022-01-05T00:10:00Z","endTime":"2022-01-06T00:00:00Z","trainingInput":{"runtimeVersion":"2.1"}}
{"name":"projects/p/locations/l/models/1","updateTime":"2024-02-01T00:00:00Z","lastUseTime":7,"containerSpec":{"imageUri":"x"}}
{"jobId":"none","trainingInput":{"runtimeVersion":"2.1"}}
)");
  CHECK(r.malformed.empty());
  REQUIRE(r.resources.size() == 5);
  CHECK(r.resources[0].seen == "2021-05-04T08:00:00Z");
  CHECK(r.resources[0].seen_field == "lastUseTime");
  CHECK(r.resources[1].seen == "2022-01-05T00:10:00Z"); // the trials' times are not the job's
  CHECK(r.resources[1].seen_field == "startTime");
  CHECK(r.resources[2].seen == "2022-01-06T00:00:00Z");
  CHECK(r.resources[2].seen_field == "endTime");
  CHECK(r.resources[3].seen == "2024-02-01T00:00:00Z"); // a time that is no text says nothing
  CHECK(r.resources[3].seen_field == "updateTime");
  CHECK(r.resources[4].seen.empty());
  CHECK(r.resources[4].seen_field.empty());
}

TEST_CASE("inventory: JSON Lines, with malformed records counted and skipped") {
  auto r = read("inv.jsonl", "{\"jobId\":\"a\",\"trainingInput\":{\"runtimeVersion\":\"1.15\"}}\n"
                             "\n"
                             "{\"jobId\":\"b\",\"trainingInput\":{\"runtimeVersion\":\"1.15\"\n"
                             "{\"jobId\":\"c\",\"trainingInput\":{\"runtimeVersion\":1.15}}\n"
                             "[1, 2]\n"
                             "{\"state\":\"READY\"}\n"
                             "  {\"name\":\"projects/p/models/m/versions/v\",\"runtimeVersion\":\"2.1\"}");
  CHECK(r.counts.shape == lib::InventoryShape::jsonl);
  CHECK(r.counts.records == 2);
  CHECK(r.counts.malformed == 4);
  REQUIRE(r.resources.size() == 2);
  CHECK(r.resources[0].name == "a");
  CHECK(r.resources[1].line == 7);
  CHECK(r.resources[1].column == 3);
  REQUIRE(r.malformed.size() == 4);
  CHECK(r.malformed[0].line == 3);
  CHECK(r.malformed[0].message.find("malformed record: ") == 0);
  CHECK(r.malformed[1].line == 4);
  CHECK(r.malformed[1].message == "malformed record: field runtimeVersion must be a string, found a number");
  CHECK(r.malformed[2].message.find("found an array") != std::string::npos);
  CHECK(r.malformed[0].message.find('\n') == std::string::npos);
  CHECK(r.malformed[3].message.find("neither a job") != std::string::npos);
}

TEST_CASE("inventory: a record over 16 MiB is reported, not kept") {
  std::string big = "{\"jobId\":\"big\",\"labels\":{\"x\":\"" + std::string(17u << 20, 'x') + "\"}}\n";
  SUBCASE("JSON Lines") {
    auto r = read("big.jsonl", big + "{\"jobId\":\"small\"}\n");
    REQUIRE(r.malformed.size() == 1);
    CHECK(r.malformed[0].message == "malformed record: larger than 16 MiB");
    CHECK(r.malformed[0].line == 1);
    REQUIRE(r.resources.size() == 1);
    CHECK(r.resources[0].name == "small");
  }
  SUBCASE("a JSON array") {
    big.pop_back();
    auto r = read("big.json", "[" + big + ", {\"jobId\":\"small\"}]");
    REQUIRE(r.malformed.size() == 1);
    CHECK(r.malformed[0].column == 2);
    REQUIRE(r.resources.size() == 1);
    CHECK(r.resources[0].name == "small");
  }
}

TEST_CASE("inventory: damaged arrays") {
  SUBCASE("a bad element is reported at its position; the others are read") {
    auto r = read("bad.json", "[\n {\"jobId\": \"a\", \"trainingInput\": {}},\n {\"jobId\": oops},\n {\"jobId\": \"c\"}\n]\n");
    CHECK(r.resources.size() == 2);
    REQUIRE(r.malformed.size() == 1);
    CHECK(r.malformed[0].line == 3);
    CHECK(r.malformed[0].column == 12);
  }
  SUBCASE("a truncated file") {
    auto r = read("cut.json", "[{\"jobId\": \"a\"}, {\"jobId\": \"b\", \"trainingInput\": {\"runtimeVersion\": \"1.1");
    CHECK(r.resources.size() == 1);
    REQUIRE(r.malformed.size() == 1);
    CHECK(r.malformed[0].message.find("not closed") != std::string::npos);
  }
  SUBCASE("text after the closing bracket") {
    auto r = read("after.json", "[{\"jobId\": \"a\"}]\n}junk");
    CHECK(r.resources.size() == 1);
    REQUIRE(r.malformed.size() == 1);
    CHECK(r.malformed[0].line == 2);
  }
  SUBCASE("an empty array and an empty file") {
    CHECK(read("empty.json", "[]").counts.records == 0);
    CHECK(read("blank.json", "\n  \n").counts.shape == lib::InventoryShape::empty);
  }
}

TEST_CASE("inventory: input errors") {
  SUBCASE("neither JSON nor YAML documents") {
    for (const char* text : {"these are notes\njobs:\n", "  \n- a\n", "jobs :x\n", "123"}) {
      CAPTURE(text);
      std::string path = write_temp("notes", text);
      CHECK_THROWS_WITH_AS(lib::read_inventory(
                               path, [](const lib::Resource&) {}, [](const lib::Malformed&) {}),
                           doctest::Contains("not an inventory: expected a JSON array (gcloud ... list --format=json), JSON "
                                             "Lines (one object per line), a JSON object (describe --format=json) or YAML "
                                             "documents (gcloud's default output of describe and list)"),
                           catalog::InvalidInput);
      std::filesystem::remove(path);
    }
  }
  SUBCASE("a missing file") {
    CHECK_THROWS_AS(lib::read_inventory(
                        "/nonexistent/jobs.json", [](const lib::Resource&) {}, [](const lib::Malformed&) {}),
                    catalog::InvalidInput);
  }
}

TEST_CASE("inventory: a single pretty-printed object (describe --format=json)") {
  const std::string job = R"({
  "createTime": "2020-03-01T10:00:00Z",
  "jobId": "census",
  "state": "SUCCEEDED",
  "trainingInput": {
    "pythonVersion": "3.7",
    "runtimeVersion": "1.15",
    "scaleTier": "BASIC"
  }
})";
  auto r = read("describe.json", "\n" + job + "\n");
  require_clean(r, lib::InventoryShape::json_object, 1);
  CHECK(r.resources[0].name == "census");
  CHECK(r.resources[0].runtime == "1.15");
  CHECK(r.resources[0].python == "3.7");
  CHECK(r.resources[0].line == 2);
  CHECK(r.resources[0].column == 1);
  SUBCASE("objects one after another, each a record") {
    auto two = read("two.json", job + "\n" + job);
    CHECK(two.resources.size() == 2);
    CHECK(two.resources[1].line == 11);
  }
  SUBCASE("a bad field is reported where it is, and text after the object once") {
    auto bad = read("bad.json", "{\n  \"jobId\": \"x\",\n  \"state\": 3\n}\ntrailing words\n");
    REQUIRE(bad.malformed.size() == 2);
    CHECK(bad.malformed[0].line == 1); // the record, as in an array or JSON Lines
    CHECK(bad.malformed[0].message.find("field state must be a string") != std::string::npos);
    CHECK(bad.malformed[1].line == 5);
    CHECK(bad.malformed[1].message == "malformed record: unexpected text after the object");
  }
  SUBCASE("a truncated object") {
    auto cut = read("cut.json", job.substr(0, 60));
    REQUIRE(cut.malformed.size() == 1);
    CHECK(cut.malformed[0].message == "malformed record: the object is not closed (truncated file?)");
    CHECK(cut.resources.empty());
  }
  SUBCASE("one object a line is still JSON Lines") {
    auto lines = read("jobs.jsonl", "{\"jobId\": \"a\", \"trainingInput\": {}}\n{\"jobId\": \"b\"");
    CHECK(lines.counts.shape == lib::InventoryShape::jsonl);
    CHECK(lines.resources.size() == 1);
    CHECK(lines.malformed.size() == 1);
    // A broken first line is one malformed record, not the start of a pretty object.
    auto broken = read("broken.jsonl", "{\"jobId\": \"a\", \"trainingInput\": {\n{\"jobId\": \"b\", \"trainingInput\": {}}\n");
    CHECK(broken.counts.shape == lib::InventoryShape::jsonl);
    CHECK(broken.resources.size() == 1);
    REQUIRE(broken.malformed.size() == 1);
    CHECK(broken.malformed[0].line == 1);
  }
}

TEST_CASE("inventory: gcloud's default YAML output of describe and list") {
  const char* text = R"(createTime: '2020-03-01T10:00:00Z'
jobId: census
state: SUCCEEDED
trainingInput:
  pythonVersion: '3.7'
  runtimeVersion: '1.15'
  scaleTier: BASIC
---
# a model version
name: projects/p/models/m/versions/v1
deploymentUri: gs://b/model
framework: SCIKIT_LEARN
runtimeVersion: '2.1'
pythonVersion: '3.7'
---
jobId: custom
trainingInput:
  masterConfig:
    imageUri: gcr.io/p/img:1
---
---
)";
  auto r = read("jobs.yaml", text);
  require_clean(r, lib::InventoryShape::yaml, 3);
  CHECK(r.resources[0].kind == lib::ResourceKind::job);
  CHECK(r.resources[0].runtime == "1.15");
  CHECK(r.resources[0].line == 1);
  CHECK(r.resources[1].kind == lib::ResourceKind::model_version);
  CHECK(r.resources[1].framework == "SCIKIT_LEARN");
  CHECK(r.resources[1].line == 9);
  CHECK(r.resources[2].image_uri == "gcr.io/p/img:1");
  CHECK(r.resources[2].line == 16);
  SUBCASE("a leading --- and CRLF line ends") {
    auto crlf = read("crlf.yaml", "---\r\njobId: a\r\ntrainingInput:\r\n  runtimeVersion: '2.1'\r\n---\r\njobId: b\r\n");
    REQUIRE(crlf.resources.size() == 2);
    CHECK(crlf.resources[0].runtime == "2.1");
    CHECK(crlf.resources[0].line == 2);
    CHECK(crlf.resources[1].line == 6);
  }
  SUBCASE("malformed documents are reported at their position; the others are read") {
    auto bad = read("bad.yaml", "jobId: a\n---\njobId: b\ntrainingInput:\n  runtimeVersion: '2.1'\n    x: y\n---\n"
                                "jobId: c\nstate: [1]\ncreateTime: {a: 1}\n---\n- a list\n---\njobId: d\n");
    CHECK(bad.resources.size() == 3);
    REQUIRE(bad.malformed.size() == 2);
    CHECK(bad.malformed[0].line == 6);
    CHECK(bad.malformed[0].message.find("malformed record: invalid YAML") == 0);
    CHECK(bad.malformed[1].line == 12);
    CHECK(bad.malformed[1].message == "malformed record: expected a mapping (a job or model version)");
  }
  SUBCASE("a field of the wrong type is reported at its key") {
    auto bad = read("type.yaml", "jobId: a\ntrainingInput:\n  runtimeVersion: 2\n  pythonVersion: [3]\n");
    REQUIRE(bad.malformed.size() == 1);
    CHECK(bad.malformed[0].line == 3);
    CHECK(bad.malformed[0].column == 3);
    CHECK(bad.malformed[0].message.find("field runtimeVersion must be a string") != std::string::npos);
  }
}

namespace {

// The records of a fixture of tests/fixtures/vertex.
Read read_fixture(const std::string& name) {
  return collect(std::string(RTCAT_SOURCE_DIR) + "/tests/fixtures/vertex/" + name);
}

} // namespace

TEST_CASE("inventory: Vertex AI records, the same in a JSON array and in JSON Lines") {
  for (const char* ext : {".json", ".jsonl"}) {
    CAPTURE(ext);
    auto models = read_fixture(std::string("models") + ext);
    CHECK(models.malformed.empty());
    REQUIRE(models.resources.size() == 5);
    const auto& m = models.resources[0];
    CHECK(m.kind == lib::ResourceKind::model);
    CHECK(m.service == "prediction");
    CHECK(m.name == "projects/123456789/locations/us-central1/models/111");
    CHECK(m.display_name == "churn-sklearn");
    REQUIRE(m.images.size() == 1);
    CHECK(m.images[0].uri == "us-docker.pkg.dev/vertex-ai/prediction/sklearn-cpu.1-6:latest");
    CHECK(m.images[0].where == "containerSpec");
    CHECK(m.endpoints == std::vector<std::string>{"projects/123456789/locations/us-central1/endpoints/900"});
    CHECK(models.resources[4].kind == lib::ResourceKind::model); // no containerSpec: known by its name
    CHECK(models.resources[4].images.empty());

    auto jobs = read_fixture(std::string("custom-jobs") + ext);
    REQUIRE(jobs.resources.size() == 3);
    CHECK(jobs.resources[0].kind == lib::ResourceKind::custom_job);
    CHECK(jobs.resources[0].state == "JOB_STATE_SUCCEEDED");
    REQUIRE(jobs.resources[0].images.size() == 2);
    CHECK(jobs.resources[0].images[0].where == "jobSpec.workerPoolSpecs[0]");
    CHECK(jobs.resources[0].images[1].where == "jobSpec.workerPoolSpecs[2]"); // [1] is an empty pool
    REQUIRE(jobs.resources[1].images.size() == 1);
    CHECK(jobs.resources[1].images[0].uri == "us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-11:latest");

    auto hp = read_fixture(std::string("hp-tuning-jobs") + ext);
    REQUIRE(hp.resources.size() == 1);
    CHECK(hp.resources[0].kind == lib::ResourceKind::hyperparameter_tuning_job);
    REQUIRE(hp.resources[0].images.size() == 1);
    CHECK(hp.resources[0].images[0].where == "trialJobSpec.workerPoolSpecs[0]");

    auto pipes = read_fixture(std::string("training-pipelines") + ext);
    REQUIRE(pipes.resources.size() == 2);
    CHECK(pipes.resources[0].kind == lib::ResourceKind::training_pipeline);
    REQUIRE(pipes.resources[0].images.size() == 2);
    CHECK(pipes.resources[0].images[0].where == "trainingTaskInputs.workerPoolSpecs[0]");
    CHECK(pipes.resources[0].images[1].where == "modelToUpload");
    CHECK(pipes.resources[1].images.empty());

    auto eps = read_fixture(std::string("endpoints") + ext);
    REQUIRE(eps.resources.size() == 1);
    const auto& ep = eps.resources[0];
    CHECK(ep.kind == lib::ResourceKind::endpoint);
    REQUIRE(ep.deployed.size() == 3);
    CHECK(ep.deployed[0].id == "5001");
    CHECK(ep.deployed[0].model == "projects/123456789/locations/us-central1/models/111");
    CHECK(ep.deployed[2].model == "projects/123456789/locations/us-central1/models/999");
  }
}

TEST_CASE("inventory: every kind's name reads back as that kind, and no other word does") {
  using K = lib::ResourceKind;
  for (K k :
       {K::job, K::model_version, K::model, K::custom_job, K::hyperparameter_tuning_job, K::training_pipeline, K::endpoint}) {
    const std::string name(lib::kind_name(k));
    CAPTURE(name);
    CHECK(lib::parse_kind(name) == k);
  }
  CHECK(lib::kind_name(K::model_version) == "model_version");
  CHECK(!lib::parse_kind("model version"));
  CHECK(!lib::parse_kind(""));
}

TEST_CASE("inventory: Vertex AI records told apart by their keys when the name is not a resource name") {
  struct Case {
    const char* text;
    const char* kind;
  };
  const Case cases[] = {
      {R"({"displayName":"a","jobSpec":{"workerPoolSpecs":[{"containerSpec":{"imageUri":"x"}}]}})", "custom_job"},
      {R"({"trialJobSpec":{"workerPoolSpecs":[]}})", "hyperparameter_tuning_job"},
      {R"({"trainingTaskDefinition":"gs://t.yaml"})", "training_pipeline"},
      {R"({"containerSpec":{"imageUri":"x"}})", "model"},
      {R"({"deployedModels":[{"id":"1","model":"m"}]})", "endpoint"},
      {R"({"deployedModels":[{"endpoint":"e","deployedModelId":"1"}]})", "model"},
  };
  for (const auto& c : cases) {
    std::string text = c.text;
    CAPTURE(text);
    std::string error;
    size_t offset = 0;
    auto r = lib::parse_record(c.text, error, offset);
    REQUIRE(r);
    CHECK(lib::kind_name(r->kind) == c.kind);
  }
  std::string error;
  size_t offset = 0;
  CHECK_FALSE(lib::parse_record(R"({"containerSpec":{"imageUri":7}})", error, offset));
  CHECK(error == "field containerSpec.imageUri must be a string, found a number");
  auto r = lib::parse_record(R"({"containerSpec":{"imageUri":null}})", error, offset);
  REQUIRE(r);
  CHECK(r->images.empty());
}

TEST_CASE("inventory: an endpoint's deployed models, one per element that names one") {
  std::string error;
  size_t offset = 0;
  auto r = lib::parse_record(
      R"({"name":"projects/p/locations/l/endpoints/1","deployedModels":[{},{"id":"a","model":"m1"},{"x":[1]},{"model":"m2"}]})",
      error, offset);
  REQUIRE(r);
  CHECK(r->kind == lib::ResourceKind::endpoint);
  REQUIRE(r->deployed.size() == 2);
  CHECK(r->deployed[0].id == "a");
  CHECK(r->deployed[0].model == "m1");
  CHECK(r->deployed[1].id.empty());
  CHECK(r->deployed[1].model == "m2");
}

TEST_CASE("inventory: a key names only the value after it, never an array element after a container") {
  // Each string after an inner object sits where the object's last key ("id", "model",
  // "imageUri") would name it if that key were still in force: none is an id, a model or an image.
  const std::vector<std::string> records = {
      R"({"name":"projects/p/locations/l/endpoints/1","deployedModels":[[{"junk":1,"id":"a"},"s"]]})",
      R"({"name":"projects/p/locations/l/endpoints/1","deployedModels":[[{"model":"m"},"s"],{"id":"b"}]})",
      R"({"name":"projects/p/locations/l/models/1","containerSpec":[{"imageUri":"x"},"s"]})"};
  for (const std::string& text : records) {
    CAPTURE(text);
    std::string error;
    size_t offset = 0;
    auto r = lib::parse_record(text, error, offset);
    REQUIRE(r);
    CHECK(r->images.empty());
    for (const auto& d : r->deployed) {
      CHECK(d.id != "s");
      CHECK(d.model != "s");
    }
  }
}

TEST_CASE("inventory: REST list responses, a page of records each") {
  const std::string model_a = R"({"name": "projects/p/locations/l/models/1", "containerSpec": {"imageUri": "a"}})";
  const std::string model_b = R"({"name": "projects/p/locations/l/models/2", "containerSpec": {"imageUri": "b"}})";
  SUBCASE("pretty-printed, as curl prints it: each record where it is") {
    auto r = read("page.json",
                  "{\n  \"models\": [\n    " + model_a + ",\n    " + model_b + "\n  ],\n  \"nextPageToken\": \"Cg0xMjM\"\n}\n");
    require_clean(r, lib::InventoryShape::json_object, 2);
    CHECK(r.resources[0].kind == lib::ResourceKind::model);
    CHECK(r.resources[0].name == "projects/p/locations/l/models/1");
    CHECK(r.resources[0].line == 3);
    CHECK(r.resources[0].column == 5);
    CHECK(r.resources[1].line == 4);
    CHECK(r.records[1] == model_b);
    CHECK(r.counts.pages == 1);
    REQUIRE(r.counts.last_pages.count("models") == 1);
    CHECK(r.counts.last_pages.at("models").more);
    CHECK(r.counts.last_pages.at("models").line == 1);
  }
  SUBCASE("one a line, the token first or none, and {} for a list of nothing") {
    auto r =
        read("pages.jsonl",
             R"({"nextPageToken": "", "customJobs": [{"name": "projects/p/locations/l/customJobs/1", "jobSpec": {}}]})"
             "\n{}\n"
             R"({"jobs": [{"jobId": "j1", "trainingInput": {"runtimeVersion": "1.15"}}, {"jobId": "j2", "trainingInput": {}}]})"
             "\n");
    require_clean(r, lib::InventoryShape::jsonl, 3);
    CHECK(r.resources[0].kind == lib::ResourceKind::custom_job);
    CHECK(r.resources[0].line == 1);
    CHECK(r.resources[0].column == 38);
    CHECK(r.resources[1].name == "j1");
    CHECK(r.resources[1].runtime == "1.15");
    CHECK(r.resources[1].line == 3);
    CHECK(r.resources[1].column == 11);
    CHECK(r.resources[2].name == "j2");
    CHECK(r.counts.pages == 3);
    CHECK_FALSE(r.counts.last_pages.at("customJobs").more); // an empty token ends the listing
    CHECK_FALSE(r.counts.last_pages.at("jobs").more);
  }
  SUBCASE("a bad record is reported where it is, the others read") {
    auto r = read(
        "bad.jsonl",
        R"({"versions": [{"name": "projects/p/models/m/versions/v1", "runtimeVersion": 2}, 7, {"name": "projects/p/models/m/versions/v2", "runtimeVersion": "2.1"}]})"
        "\n");
    REQUIRE(r.resources.size() == 1);
    CHECK(r.resources[0].name == "projects/p/models/m/versions/v2");
    REQUIRE(r.malformed.size() == 2);
    CHECK(r.malformed[0].column == 15); // the record
    CHECK(r.malformed[0].message.find("field runtimeVersion must be a string") != std::string::npos);
    CHECK(r.malformed[1].column == 81);
    CHECK(r.malformed[1].message.find("expected a JSON object") != std::string::npos);
  }
  SUBCASE("a page that stops being JSON: the records before are read, the error is where it is") {
    auto r = read("cut.jsonl", "{\"models\": [" + model_a + ", {\"name\": }]}\n" + "{\"models\": [" + model_b + "]}\n");
    REQUIRE(r.resources.size() == 2);
    REQUIRE(r.malformed.size() == 1);
    CHECK(r.malformed[0].line == 1);
    CHECK(r.malformed[0].column == static_cast<int>(13 + model_a.size() + 11));
  }
  SUBCASE("a list response inside a list response is no record") {
    auto r = read("nested.jsonl", R"({"models": [{"models": []}]})"
                                  "\n");
    CHECK(r.resources.empty());
    REQUIRE(r.malformed.size() == 1);
    CHECK(r.malformed[0].message.find("neither a job") != std::string::npos);
  }
  SUBCASE("an array of records is not a page under another name") {
    auto r = read("other.jsonl", R"({"batchPredictionJobs": [{"name": "projects/p/locations/l/batchPredictionJobs/1"}]})"
                                 "\n");
    CHECK(r.resources.empty());
    CHECK(r.malformed.size() == 1);
    CHECK(r.counts.pages == 0);
  }
}

TEST_CASE("inventory: a listing is incomplete when the last page read of its collection has a token") {
  lib::InventoryCounts first;
  first.last_pages["models"] = lib::ListPage{"models", "p1.json", 1, 1, true};
  first.last_pages["endpoints"] = lib::ListPage{"endpoints", "p1.json", 9, 1, true};
  lib::InventoryCounts second;
  second.last_pages["models"] = lib::ListPage{"models", "p2.json", 1, 1, false};
  lib::Listings both;
  both.add(first);
  both.add(second);
  auto left = both.incomplete();
  REQUIRE(left.size() == 1);
  CHECK(left[0].collection == "endpoints");
  lib::Listings reversed;
  reversed.add(second);
  reversed.add(first);
  CHECK(reversed.incomplete().size() == 2);
  CHECK(lib::Listings().incomplete().empty());
}

TEST_CASE("inventory: SageMaker training jobs and models, their images where the record names them") {
  const std::string src = std::string(RTCAT_SOURCE_DIR) + "/tests/fixtures/sagemaker/";
  SUBCASE("describe-training-job: one pretty-printed object") {
    auto r = collect(src + "describe-training-job.json");
    require_clean(r, lib::InventoryShape::json_object, 1);
    const auto& job = r.resources[0];
    CHECK(job.kind == lib::ResourceKind::training_job);
    CHECK(job.sagemaker);
    CHECK_FALSE(job.summary);
    CHECK(job.name == "churn-2026-04");
    CHECK(job.state == "Completed");
    CHECK(job.service == "training");
    CHECK(job.created == "2026-04-02T09:14:03.120000+00:00");
    CHECK(job.seen == "2026-04-02T10:02:12.000000+00:00");
    CHECK(job.seen_field == "LastModifiedTime");
    REQUIRE(job.images.size() == 1);
    CHECK(job.images[0].where == "AlgorithmSpecification");
    CHECK(job.images[0].uri ==
          "763104351884.dkr.ecr.us-west-2.amazonaws.com/pytorch-training:2.6.0-gpu-py312-cu126-ubuntu22.04-ec2");
  }
  SUBCASE("describe-model: objects one after another, PrimaryContainer and Containers[]") {
    auto r = collect(src + "describe-model.json");
    require_clean(r, lib::InventoryShape::json_object, 2);
    CHECK(r.resources[0].kind == lib::ResourceKind::model);
    CHECK(r.resources[0].service == "prediction");
    REQUIRE(r.resources[0].images.size() == 1);
    CHECK(r.resources[0].images[0].where == "PrimaryContainer");
    CHECK(r.resources[1].name == "ranker-pipeline");
    CHECK(r.resources[1].line == 14);
    REQUIRE(r.resources[1].images.size() == 2);
    CHECK(r.resources[1].images[0].where == "Containers[0]");
    CHECK(r.resources[1].images[1].where == "Containers[1]");
    CHECK(r.resources[1].images[1].uri == "763104351884.dkr.ecr.us-west-2.amazonaws.com/pytorch-inference:2.6-cpu-py312");
  }
  SUBCASE("JSON Lines of describe outputs; a built-in algorithm names no image") {
    auto r = collect(src + "training-jobs.jsonl");
    require_clean(r, lib::InventoryShape::jsonl, 4);
    CHECK(r.resources[3].name == "xgb-builtin");
    CHECK(r.resources[3].images.empty());
    CHECK_FALSE(r.resources[3].summary);
  }
  SUBCASE("list-training-jobs: summaries without images, a page with its NextToken") {
    auto r = collect(src + "list-training-jobs.json");
    require_clean(r, lib::InventoryShape::json_object, 2);
    for (const auto& job : r.resources) {
      CHECK(job.kind == lib::ResourceKind::training_job);
      CHECK(job.summary);
      CHECK(job.images.empty());
    }
    CHECK(r.resources[1].name == "ranker-nightly");
    CHECK(r.resources[1].state == "InProgress");
    CHECK(r.resources[1].line == 11);
    REQUIRE(r.counts.last_pages.count("TrainingJobSummaries") == 1);
    CHECK(r.counts.last_pages.at("TrainingJobSummaries").more);
  }
  SUBCASE("an image that is no string is malformed, where it is") {
    std::string error;
    size_t offset = 0;
    for (const char* text : {R"({"TrainingJobName": "x", "AlgorithmSpecification": {"TrainingImage": 7}})",
                             R"({"ModelName": "m", "PrimaryContainer": {"Image": {"Uri": "a"}}})",
                             R"({"ModelName": "m", "Containers": [{"Image": "a"}, {"Image": ["b"]}]})"}) {
      CAPTURE(text);
      CHECK_FALSE(lib::parse_record(text, error, offset));
      CHECK(error.find("must be a string") != std::string::npos);
    }
    // An Image elsewhere is not the model's.
    auto m = lib::parse_record(R"({"ModelName": "m", "InferenceSpecification": {"Containers": [{"Image": 3}]}})", error, offset);
    REQUIRE(m);
    CHECK(m->images.empty());
  }
}
