#include "catalog/catalog_set.hpp"
#include "catalog/error.hpp"
#include "lib/migrate/migrate.hpp"
#include "lib/migrate/prediction.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace lib::migrate;

namespace {

const catalog::CatalogSet& set() {
  static const catalog::CatalogSet s = catalog::CatalogSet::embedded();
  return s;
}

const catalog::Date k_on = catalog::parse_date("2025-06-01");

const lib::Finding* find(const std::vector<lib::Finding>& findings, const std::string& rule) {
  auto it = std::find_if(findings.begin(), findings.end(), [&](const lib::Finding& f) { return f.rule == rule; });
  return it == findings.end() ? nullptr : &*it;
}

ModelDeployment version(const std::string& text, const std::optional<std::string>& image = std::nullopt) {
  auto all = migrate_versions(set(), text, "v.json", k_on, image);
  REQUIRE(all.size() == 1);
  return all.front();
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("prediction_kind tells training jobs, batch prediction jobs and model versions apart") {
  CHECK(prediction_kind("gcloud ai-platform jobs submit prediction b --model m") == "prediction");
  CHECK(prediction_kind(R"({"jobId": "b", "predictionInput": {}})") == "prediction");
  CHECK(prediction_kind("gcloud ai-platform versions create v1 --model m --origin gs://b/m") == "version");
  CHECK(prediction_kind(R"({"name": "v1", "deploymentUri": "gs://b/m"})") == "version");
  CHECK(prediction_kind(R"({"jobId": "t", "trainingInput": {}})") == "training");
  CHECK(prediction_kind("gcloud ai-platform jobs submit training t --scale-tier basic") == "training");
}

TEST_CASE("migrate_prediction: a REST job and a command line become a BatchPredictionJob") {
  BatchPrediction b = migrate_prediction(
      R"({"jobId": "b1", "labels": {"team": "ml"}, "predictionInput": {"dataFormat": "TF_RECORD_GZIP", "inputPaths": ["gs://b/in"], "outputPath": "gs://b/out", "region": "us-central1", "modelName": "projects/p/models/m", "versionName": "projects/p/models/m/versions/v3", "maxWorkerCount": "3", "outputDataFormat": "TF_RECORD"}})",
      "b.json");
  CHECK(b.display_name == "b1");
  CHECK(b.model == "projects/p/locations/us-central1/models/m-v3");
  CHECK(b.instances_format == "tf-record-gzip");
  CHECK(b.predictions_format == "jsonl");
  CHECK(b.max_replica_count == 3);
  CHECK(b.machine_type == "n1-standard-2");
  REQUIRE(b.labels.size() == 1);
  CHECK(b.labels[0].second == "ml");
  CHECK(find(b.findings, "migrate-machine-unmapped") != nullptr);
  CHECK(std::any_of(b.findings.begin(), b.findings.end(), [](const lib::Finding& f) {
    return has(f.message, "outputDataFormat TF_RECORD has no Vertex AI equivalent");
  }));

  BatchPrediction g = migrate_prediction("gcloud ai-platform jobs submit prediction b2 --data-format csv --input-paths "
                                         "gs://b/a,gs://b/b --output-path gs://b/o --model-dir gs://b/m --labels env=prod",
                                         "--gcloud");
  CHECK(g.instances_format == "csv");
  CHECK(g.input_uris == std::vector<std::string>{"gs://b/a", "gs://b/b"});
  CHECK(g.model == "projects/PROJECT/locations/REGION/models/MODEL");
  CHECK(g.max_replica_count == 10);
  REQUIRE(g.labels.size() == 1);
  CHECK(g.labels[0].first == "env");

  BatchPrediction gpu = migrate_prediction(
      R"({"jobId": "b3", "predictionInput": {"dataFormat": "JSON", "inputPaths": ["gs://b/in"], "outputPath": "gs://b/out", "modelName": "projects/p/models/m", "accelerator": {"count": "2", "type": "NVIDIA_TESLA_K80"}}})",
      "b3.json");
  CHECK(gpu.accelerator_type == "NVIDIA_TESLA_T4");
  CHECK(gpu.accelerator_count == 2);
  CHECK(find(gpu.findings, "migrate-accelerator-retired") != nullptr);
  CHECK(std::none_of(gpu.findings.begin(), gpu.findings.end(),
                     [](const lib::Finding& f) { return has(f.message, "accelerator has no BatchPredictionJob field"); }));

  CHECK_THROWS_WITH_AS(migrate_prediction(R"({"jobId": "x", "predictionInput": {"inputPaths": ["gs://b/in"]}})", "x.json"),
                       "x.json: a prediction job needs its input paths and output path (--input-paths, --output-path)",
                       catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(migrate_prediction("gcloud ai-platform jobs submit prediction b --labels team", "--gcloud"),
                       "--gcloud: --labels takes KEY=VALUE pairs separated by commas, not 'team'", catalog::InvalidInput);
}

TEST_CASE("migrate_versions: the CPU prediction image without accelerators, the GPU one with them") {
  ModelDeployment cpu = version(
      R"({"name": "projects/p/models/census/versions/v2", "deploymentUri": "gs://b/m", "framework": "TENSORFLOW", "runtimeVersion": "2.11", "machineType": "n1-standard-4", "autoScaling": {"minNodes": 2, "maxNodes": 5}, "labels": {"team": "ml"}})");
  CHECK(cpu.display_name == "census-v2");
  CHECK(has(cpu.container_image_uri, "/prediction/tf2-cpu."));
  CHECK(cpu.accelerator_type.empty());
  CHECK(cpu.min_replica_count == 2);
  CHECK(cpu.max_replica_count == 5);
  CHECK(cpu.labels.size() == 1);
  REQUIRE(find(cpu.findings, "migrate-image-chosen") != nullptr);
  CHECK(has(find(cpu.findings, "migrate-image-chosen")->message, " for CPU"));

  ModelDeployment gpu = version(
      R"({"name": "v3", "model": "census", "deploymentUri": "gs://b/m", "framework": "TENSORFLOW", "runtimeVersion": "2.11", "machineType": "n1-standard-4", "acceleratorConfig": {"count": "2", "type": "NVIDIA_TESLA_V100"}})");
  CHECK(has(gpu.container_image_uri, "/prediction/tf2-gpu."));
  CHECK(gpu.accelerator_type == "NVIDIA_TESLA_V100");
  CHECK(gpu.accelerator_count == 2);
  CHECK(has(find(gpu.findings, "migrate-image-chosen")->message, " for GPU"));
  CHECK(find(gpu.findings, "migrate-accelerator-retired") == nullptr);

  // gcloud --accelerator, a K80: today's nearest, as a finding; the count defaults to 1.
  auto k80 = migrate_versions(set(),
                              "gcloud ai-platform versions create v1 --model m --origin gs://b/m --framework tensorflow "
                              "--runtime-version 2.11 --machine-type n1-standard-4 --accelerator type=nvidia-tesla-k80",
                              "--gcloud", k_on, std::nullopt);
  REQUIRE(k80.size() == 1);
  CHECK(k80[0].accelerator_type == "NVIDIA_TESLA_T4");
  CHECK(k80[0].accelerator_count == 1);
  CHECK(find(k80[0].findings, "migrate-accelerator-retired") != nullptr);
  CHECK(has(k80[0].container_image_uri, "-gpu."));
  CHECK_THROWS_WITH_AS(
      migrate_versions(set(), "gcloud ai-platform versions create v1 --model m --origin gs://b/m --accelerator count=1",
                       "--gcloud", k_on, std::nullopt),
      "--gcloud: --accelerator needs type=TYPE (for example type=nvidia-tesla-t4,count=1)", catalog::InvalidInput);
}

TEST_CASE("migrate_versions: no GPU image for the framework is a finding, and the CPU image is written") {
  ModelDeployment d = version(
      R"({"name": "v1", "model": "iris", "deploymentUri": "gs://b/m", "framework": "SCIKIT_LEARN", "runtimeVersion": "2.11", "pythonVersion": "3.7", "machineType": "n1-standard-4", "acceleratorConfig": {"count": 1, "type": "NVIDIA_TESLA_T4"}})");
  CHECK(has(d.container_image_uri, "/prediction/sklearn-cpu."));
  auto it = std::find_if(d.findings.begin(), d.findings.end(),
                         [](const lib::Finding& f) { return has(f.message, "knows no GPU prediction image of scikit-learn"); });
  REQUIRE(it != d.findings.end());
  CHECK(it->rule == "migrate-no-equivalent");
}

TEST_CASE("migrate_versions: an image on another Python than pythonVersion is a finding that says what changes") {
  ModelDeployment d = version(
      R"({"name": "v1", "model": "iris", "deploymentUri": "gs://b/m", "framework": "SCIKIT_LEARN", "runtimeVersion": "2.11", "pythonVersion": "3.7", "machineType": "n1-standard-4"})");
  const lib::Finding* f = find(d.findings, "migrate-python-differs");
  REQUIRE(f != nullptr);
  CHECK(has(f->message, "the image runs Python 3.10, not 3.7 as the version asked (pythonVersion)"));
  CHECK(f->path == "v.json");
  // --image: the choice is the user's, nothing is judged.
  ModelDeployment own = version(
      R"({"name": "v1", "deploymentUri": "gs://b/m", "framework": "SCIKIT_LEARN", "pythonVersion": "3.7", "machineType": "n1-standard-4"})",
      "gcr.io/p/serve:1");
  CHECK(own.container_image_uri == "gcr.io/p/serve:1");
  CHECK(find(own.findings, "migrate-python-differs") == nullptr);
}

TEST_CASE("migrate_versions: a custom prediction routine has its own finding, with what the container must hold") {
  ModelDeployment d = version(
      R"({"name": "cpr", "model": "iris", "deploymentUri": "gs://b/cpr", "runtimeVersion": "2.5", "pythonVersion": "3.7", "machineType": "n1-standard-4", "predictionClass": "predictor.MyPredictor", "packageUris": ["gs://b/p-0.1.tar.gz"]})");
  CHECK(d.container_image_uri == lib::migrate::k_server_placeholder); // to build: an error says so
  REQUIRE(find(d.findings, "migrate-placeholder") != nullptr);
  CHECK(find(d.findings, "migrate-placeholder")->severity == catalog::Severity::error);
  const lib::Finding* f = find(d.findings, "migrate-custom-prediction-routine");
  REQUIRE(f != nullptr);
  CHECK(f->severity == catalog::Severity::warning);
  for (const char* part : {"predictionClass predictor.MyPredictor", "gs://b/p-0.1.tar.gz", "AIP_HTTP_PORT", "AIP_HEALTH_ROUTE",
                           "AIP_PREDICT_ROUTE", "AIP_STORAGE_URI", "--container-image-uri"}) {
    CAPTURE(part);
    CHECK(has(f->message, part));
  }
  CHECK(find(d.findings, "migrate-no-equivalent") == nullptr);
  ModelDeployment built =
      version(R"({"name": "cpr", "deploymentUri": "gs://b/cpr", "predictionClass": "p.P"})", "gcr.io/p/cpr:1");
  CHECK(built.container_image_uri == "gcr.io/p/cpr:1");
  CHECK(find(built.findings, "migrate-placeholder") == nullptr);
}

TEST_CASE("migrate_versions: scaling and legacy machines") {
  ModelDeployment manual = version(R"({"name": "v", "deploymentUri": "gs://b/m", "manualScaling": {"nodes": "3"}})");
  CHECK(manual.min_replica_count == 3);
  CHECK(manual.max_replica_count == 3);
  CHECK(manual.machine_type == "n1-standard-2");
  CHECK(find(manual.findings, "migrate-machine-unmapped") != nullptr);
  ModelDeployment zero =
      version(R"({"name": "v", "deploymentUri": "gs://b/m", "machineType": "n1-standard-2", "autoScaling": {"minNodes": 0}})");
  CHECK(zero.min_replica_count == 1);
  CHECK(std::any_of(zero.findings.begin(), zero.findings.end(),
                    [](const lib::Finding& f) { return has(f.message, "scale to zero"); }));
  auto list =
      migrate_versions(set(), R"([{"name": "a", "deploymentUri": "gs://b/a"}, {"name": "b", "deploymentUri": "gs://b/b"}])",
                       "l.json", k_on, std::nullopt);
  CHECK(list.size() == 2);
  CHECK_THROWS_WITH_AS(version(R"({"name": "v"})"), "v.json: a model version needs its deploymentUri (--origin)",
                       catalog::InvalidInput);
}

TEST_CASE("prediction machine data: the nearest offered type holds the legacy one; types Vertex AI offers stay") {
  const PredictionMachineData& data = prediction_machine_data();
  CHECK(data.offered_type("n1-highcpu-2") == nullptr);
  REQUIRE(data.offered_type("n1-highcpu-4") != nullptr);
  CHECK(data.offered_source == "https://cloud.google.com/vertex-ai/docs/predictions/configure-compute");
  CHECK(data.legacy_default == "mls1-c1-m2");
  for (const auto& pair : std::vector<std::pair<std::string, std::string>>{
           {"n1-highcpu-2", "n1-standard-2"}, {"mls1-c1-m2", "n1-standard-2"}, {"mls1-c4-m2", "n1-highcpu-4"}}) {
    const std::string& legacy = pair.first; // not a structured binding: CAPTURE's lambda takes it by reference
    const std::string& offered = pair.second;
    CAPTURE(legacy);
    REQUIRE(data.legacy_type(legacy) != nullptr);
    REQUIRE(data.nearest(*data.legacy_type(legacy)) != nullptr);
    CHECK(data.nearest(*data.legacy_type(legacy))->name == offered);
  }
  // Every legacy type Vertex AI offers is its own nearest.
  for (const auto& m : data.legacy) {
    if (data.offered_type(m.name) != nullptr) {
      CHECK(data.nearest(m)->name == m.name);
    }
  }
  CHECK(data.nearest(PredictionMachine{"huge", 64, 1}) == nullptr);
  CHECK_THROWS_WITH_AS(
      parse_prediction_machine_data(R"({"sources": {}, "vertex_prediction_types": {"source": "x", "types": []}})", "m.json"),
      "m.json: vertex_prediction_types names no source in sources", catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(
      parse_prediction_machine_data(
          R"({"sources": {"x": "u"}, "vertex_prediction_types": {"source": "x", "types": [{"name": "a", "vcpus": 2}]}})",
          "m.json"),
      R"(m.json: vertex_prediction_types: each type needs name, vcpus and memory_gb, not {"name":"a","vcpus":2})",
      catalog::InvalidInput);
}

TEST_CASE("migrate_prediction: batchSize and the gcloud alpha accelerator flags") {
  BatchPrediction rest = migrate_prediction(
      R"({"jobId": "b", "predictionInput": {"inputPaths": ["gs://b/in"], "outputPath": "gs://b/out", "batchSize": "16", "accelerator": {"type": "NVIDIA_TESLA_T4", "count": "2"}}})",
      "b.json");
  REQUIRE(rest.batch_size.has_value());
  CHECK(*rest.batch_size == 16);
  BatchPrediction line = migrate_prediction("gcloud alpha ai-platform jobs submit prediction b --input-paths gs://b/in "
                                            "--output-path gs://b/out --batch-size=16 --accelerator-type=nvidia-tesla-t4 "
                                            "--accelerator-count=2",
                                            "--gcloud");
  CHECK(line.batch_size == rest.batch_size);
  CHECK(line.accelerator_type == "NVIDIA_TESLA_T4");
  CHECK(line.accelerator_count == 2);
  CHECK(migrate_prediction("gcloud ai-platform jobs submit prediction b --input-paths gs://b/in --output-path gs://b/out",
                           "--gcloud")
            .batch_size == std::nullopt);
  CHECK_THROWS_WITH_AS(
      migrate_prediction(R"({"predictionInput": {"inputPaths": ["a"], "outputPath": "o", "batchSize": "3000000000"}})", "b.json"),
      "b.json: batchSize must be between 1 and 2147483647, not 3000000000", catalog::InvalidInput);
}

TEST_CASE("migrate_versions: a custom container keeps its container, routes and service account") {
  ModelDeployment d = version(
      R"({"name": "projects/p/models/m/versions/v", "description": "d", "container": {"image": "gcr.io/p/s:1", "command": ["serve"], "args": ["-v"], "env": [{"name": "A", "value": "1"}], "ports": [{"containerPort": "8080"}]}, "serviceAccount": "sa@p.iam.gserviceaccount.com", "machineType": "n1-standard-4"})");
  CHECK(d.container_image_uri == "gcr.io/p/s:1");
  CHECK(d.description == "d");
  CHECK(d.artifact_uri.empty());
  CHECK(d.command == std::vector<std::string>{"serve"});
  CHECK(d.args == std::vector<std::string>{"-v"});
  REQUIRE(d.env.size() == 1);
  CHECK(d.env[0] == std::pair<std::string, std::string>{"A", "1"});
  CHECK(d.ports == std::vector<long>{8080});
  CHECK(d.predict_route == "/v1/models/m/versions/v:predict");
  CHECK(d.health_route == "/v1/models/m/versions/v");
  CHECK(d.service_account == "sa@p.iam.gserviceaccount.com");
  CHECK(d.findings.empty());
  // --image replaces the image and keeps the rest; no model named: the routes are a finding.
  ModelDeployment own =
      version(R"({"name": "v", "container": {"image": "gcr.io/p/s:1"}, "routes": {"predict": "/p"}})", "gcr.io/p/s:2");
  CHECK(own.container_image_uri == "gcr.io/p/s:2");
  CHECK(own.predict_route == "/p");
  CHECK(own.health_route.empty());
  REQUIRE(find(own.findings, "migrate-no-equivalent") != nullptr);
  CHECK(has(find(own.findings, "migrate-no-equivalent")->message, "set routes.predict and routes.health"));
  CHECK(prediction_kind(R"({"name": "v", "container": {"image": "gcr.io/p/s:1"}})") == "version");
  CHECK_THROWS_WITH_AS(version(R"({"name": "v", "container": {"image": "i", "args": "-v"}})"),
                       R"(v.json: container.args must be a list of strings, not "-v")", catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(version(R"({"name": "v", "container": {"image": "i", "env": [{"value": "1"}]}})"),
                       R"(v.json: container.env must be a list of {name, value}, not {"value":"1"})", catalog::InvalidInput);
}
