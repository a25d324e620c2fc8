#include "catalog/catalog_set.hpp"
#include "catalog/error.hpp"
#include "lib/jobs/parsers.hpp"
#include "lib/migrate/machines.hpp"
#include "lib/migrate/migrate.hpp"

#include <doctest/doctest.h>

#include <algorithm>

#include "render/vertex.hpp"

using namespace lib::migrate;

namespace {

const catalog::CatalogSet& set() {
  static const catalog::CatalogSet s = catalog::CatalogSet::embedded();
  return s;
}

VertexJob migrate(const std::string& training_input, const char* on = "2025-06-01", Options opt = {}) {
  opt.on = catalog::parse_date(on);
  return migrate_job(set(), lib::jobs::parse_rest_json(R"({"jobId": "j1", "trainingInput": )" + training_input + "}", "job.json"),
                     opt);
}

const lib::Finding* find(const VertexJob& v, const std::string& rule) {
  auto it = std::find_if(v.findings.begin(), v.findings.end(), [&](const lib::Finding& f) { return f.rule == rule; });
  return it == v.findings.end() ? nullptr : &*it;
}

const char* k_package =
    R"("packageUris": ["gs://b/t-1.tar.gz"], "pythonModule": "t.task", "runtimeVersion": "2.1", "pythonVersion": "3.7")";

} // namespace

TEST_CASE("machine data: every legacy name and tier has a source, and nothing undocumented is filled in") {
  const MachineData& d = machine_data();
  CHECK(d.legacy.size() == 15);
  CHECK(d.tiers.size() == 5);
  for (const auto& m : d.legacy) {
    CAPTURE(m.name);
    CHECK(m.source.rfind("https://", 0) == 0);
    CHECK_FALSE(m.machine_type.has_value()); // Google documents no Compute Engine type for any of them
    CHECK((m.accelerator_type.empty() == (m.accelerator_count == 0)));
  }
  for (const auto& t : d.tiers) {
    CAPTURE(t.name);
    CHECK(t.source.rfind("https://", 0) == 0);
  }
  for (const auto& m : d.legacy) {
    CAPTURE(m.name);
    const MachineChoice* c = d.choice_for(m); // every name gets a machine type: rtcat's choice, said as one
    REQUIRE(c != nullptr);
    CHECK(c->basis.rfind("rtcat's choice", 0) == 0);
    CHECK_FALSE(c->machine_type.empty());
  }
  for (const auto& t : d.tiers) {
    CAPTURE(t.name);
    REQUIRE(d.legacy_machine(t.machine) != nullptr);
    CHECK(d.legacy_machine(t.machine)->tpu == t.tpu);
  }
  REQUIRE(d.legacy_machine("complex_model_m_gpu") != nullptr);
  CHECK(d.legacy_machine("complex_model_m_gpu")->accelerator_count == 4);
  CHECK(d.tier("basic_gpu") != nullptr);
  CHECK(d.retired_accelerator("NVIDIA_TESLA_K80")->replacement == "NVIDIA_TESLA_T4");
  CHECK_THROWS_AS(parse_machine_data(R"({"as_of": "x"})", "m.json"), catalog::InvalidInput);
  // Every pool needs a machine type: a legacy name without a choice (own or like's), or a tier
  // naming no legacy machine, is refused when the data is read.
  const std::string head = R"({"as_of": "x", "sources": {"s": "https://x"}, "compute_engine_types": {"names": []}, )";
  CHECK_THROWS_WITH_AS(
      parse_machine_data(head + R"("legacy_machines": [{"name": "standard", "machine_type": null, "tpu": false, "source": "s"}],
        "scale_tiers": [], "retired_accelerators": []})",
                         "m.json"),
      "m.json: standard has no machine type choice, of its own or of the name it is like", catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(
      parse_machine_data(
          head + R"("legacy_machines": [], "scale_tiers": [{"name": "BASIC", "machine": "basic", "tpu": false, "source": "s"}],
        "retired_accelerators": []})",
          "m.json"),
      "m.json: scale tier BASIC names no known legacy machine ('basic')", catalog::InvalidInput);
}

TEST_CASE("migrate: CUSTOM pools in Vertex AI's order, empty pools kept before a used one") {
  VertexJob v = migrate(
      std::string(
          R"({"scaleTier": "CUSTOM", "masterType": "n1-standard-8", "evaluatorType": "n1-standard-4", "evaluatorCount": 1, )") +
      k_package + "}");
  REQUIRE(v.pools.size() == 4);
  CHECK(v.pools[0].used);
  CHECK(v.pools[0].replica_count == 1);
  CHECK(v.pools[0].machine.machine_type == "n1-standard-8");
  CHECK_FALSE(v.pools[1].used);
  CHECK_FALSE(v.pools[2].used);
  CHECK(v.pools[3].machine.machine_type == "n1-standard-4");
  CHECK(v.display_name == "j1");
}

TEST_CASE("migrate: trailing unused pools are dropped") {
  VertexJob v = migrate(
      std::string(R"({"scaleTier": "CUSTOM", "masterType": "n1-standard-8", "workerType": "n1-standard-8", "workerCount": 3, )") +
      k_package + "}");
  REQUIRE(v.pools.size() == 2);
  CHECK(v.pools[1].replica_count == 3);
}

TEST_CASE("migrate: legacy machine names carry their documented accelerators; K80 becomes T4 with a finding") {
  VertexJob v = migrate(std::string(R"({"scaleTier": "CUSTOM", "masterType": "complex_model_m_gpu", )") + k_package + "}");
  CHECK(v.pools[0].machine.machine_type == "n1-highcpu-32"); // complex_model_m's, rtcat's choice
  CHECK(v.pools[0].machine.accelerator_type == "NVIDIA_TESLA_T4");
  CHECK(v.pools[0].machine.accelerator_count == 4);
  REQUIRE(find(v, "migrate-machine-unmapped") != nullptr);
  CHECK(find(v, "migrate-machine-unmapped")->message.find("complex_model_m") != std::string::npos);
  CHECK(find(v, "migrate-machine-unmapped")->message.find("rtcat's choice") != std::string::npos);
  CHECK(find(v, "migrate-machine-unmapped")->message.find("not a documented mapping") != std::string::npos);
  REQUIRE(find(v, "migrate-accelerator-retired") != nullptr);
  CHECK(v.pools[0].executor_image_uri.find("gpu") != std::string::npos); // a GPU job gets the GPU image
}

TEST_CASE("migrate: V100 and P100 legacy names keep their accelerator") {
  for (const char* name : {"standard_v100", "large_model_v100", "complex_model_m_v100", "complex_model_l_v100", "standard_p100",
                           "complex_model_m_p100"}) {
    CAPTURE(name);
    VertexJob v = migrate(std::string(R"({"scaleTier": "CUSTOM", "masterType": ")") + name + "\", " + k_package + "}");
    CHECK(v.pools[0].machine.accelerator_type == machine_data().legacy_machine(name)->accelerator_type);
    CHECK(find(v, "migrate-accelerator-retired") == nullptr);
  }
}

TEST_CASE("migrate: acceleratorConfig sets the accelerator; TPUs are findings") {
  VertexJob v = migrate(
      std::string(
          R"({"scaleTier": "CUSTOM", "masterType": "n1-standard-8", "masterConfig": {"acceleratorConfig": {"type": "NVIDIA_TESLA_V100", "count": "2"}}, )") +
      k_package + "}");
  CHECK(v.pools[0].machine.accelerator_type == "NVIDIA_TESLA_V100");
  CHECK(v.pools[0].machine.accelerator_count == 2);
  VertexJob tpu = migrate(std::string(R"({"scaleTier": "BASIC_TPU", )") + k_package + "}");
  CHECK(tpu.pools[0].machine.machine_type == "cloud-tpu");
  CHECK(tpu.pools[0].machine.accelerator_type == "TPU_V2");
  CHECK(tpu.pools[0].executor_image_uri.find("-tpu.") != std::string::npos); // a TPU image for a TPU pool
  VertexJob worker = migrate(
      std::string(
          R"({"scaleTier": "CUSTOM", "masterType": "n1-standard-8", "workerType": "cloud_tpu", "workerCount": 1, "workerConfig": {"acceleratorConfig": {"type": "TPU_V3", "count": 8}, "tpuTfVersion": "2.1"}, )") +
      k_package + "}");
  CHECK(worker.pools[1].machine.machine_type == "cloud-tpu");
  CHECK(worker.pools[1].machine.accelerator_type == "TPU_V3");
  CHECK(find(worker, "migrate-no-equivalent") != nullptr); // tpuTfVersion
}

TEST_CASE("migrate: every pool of every tier and legacy name has a machine type; --machine-type chooses") {
  for (const auto& t : machine_data().tiers) {
    CAPTURE(t.name);
    VertexJob v = migrate(std::string(R"({"scaleTier": ")") + t.name + "\", " + k_package + "}");
    CHECK_FALSE(v.pools[0].machine.machine_type.empty());
  }
  for (const auto& m : machine_data().legacy) {
    CAPTURE(m.name);
    VertexJob v = migrate(std::string(R"({"scaleTier": "CUSTOM", "masterType": "n1-standard-4", "workerType": ")") + m.name +
                          R"(", "workerCount": 2, "parameterServerType": ")" + m.name + R"(", "parameterServerCount": 1, )" +
                          k_package + "}");
    for (const auto& p : v.pools) {
      CHECK_FALSE(p.machine.machine_type.empty());
    }
  }
  Options opt;
  opt.machine_types = {{"", "n1-standard-16"}, {"ps", "n1-highmem-8"}};
  VertexJob v = migrate(
      std::string(
          R"({"scaleTier": "CUSTOM", "masterType": "standard_v100", "workerType": "complex_model_m", "workerCount": 2, "parameterServerType": "large_model", "parameterServerCount": 1, )") +
          k_package + "}",
      "2025-06-01", opt);
  CHECK(v.pools[0].machine.machine_type == "n1-standard-16");
  CHECK(v.pools[0].machine.accelerator_type == "NVIDIA_TESLA_V100"); // the accelerator stays
  CHECK(v.pools[1].machine.machine_type == "n1-standard-16");
  CHECK(v.pools[2].machine.machine_type == "n1-highmem-8");
  CHECK(find(v, "migrate-machine-unmapped") == nullptr); // the user chose every one
  opt.machine_types = {{"workerpool0", "n1-standard-8"}};
  CHECK(migrate(std::string(R"({"scaleTier": "BASIC", )") + k_package + "}", "2025-06-01", opt).pools[0].machine.machine_type ==
        "n1-standard-8");
}

TEST_CASE("migrate: eight K80s become the four T4s one machine takes, said so") {
  VertexJob v = migrate(std::string(R"({"scaleTier": "CUSTOM", "masterType": "complex_model_l_gpu", )") + k_package + "}");
  CHECK(v.pools[0].machine.accelerator_type == "NVIDIA_TESLA_T4");
  CHECK(v.pools[0].machine.accelerator_count == 4);
  REQUIRE(find(v, "migrate-accelerator-retired") != nullptr);
  CHECK(find(v, "migrate-accelerator-retired")->message.find("at most 4") != std::string::npos);
}

TEST_CASE("migrate: diskConfig, containerCommand and containerArgs are carried per pool; scheduling.priority is a finding") {
  VertexJob v = migrate(R"({"scaleTier": "CUSTOM", "masterType": "n1-standard-4",
    "masterConfig": {"imageUri": "gcr.io/p/m:1", "containerCommand": ["python", "-m", "t"], "containerArgs": ["--a", "1"],
                     "diskConfig": {"bootDiskType": "pd-ssd", "bootDiskSizeGb": "200"}},
    "workerType": "n1-standard-4", "workerCount": 1, "workerConfig": {"diskConfig": {"bootDiskSizeGb": 150}},
    "scheduling": {"priority": 500}})");
  REQUIRE(v.pools.size() == 2);
  CHECK(v.pools[0].command == std::vector<std::string>{"python", "-m", "t"});
  CHECK(v.pools[0].args == std::vector<std::string>{"--a", "1"});
  CHECK(v.pools[0].boot_disk_type == "pd-ssd");
  CHECK(v.pools[0].boot_disk_size_gb == 200);
  CHECK(v.pools[1].boot_disk_type.empty());
  CHECK(v.pools[1].boot_disk_size_gb == 150);
  CHECK(v.pools[1].command.empty());
  REQUIRE(find(v, "migrate-no-equivalent") != nullptr);
  CHECK(find(v, "migrate-no-equivalent")->message.find("scheduling.priority") != std::string::npos);
  std::string json = render::vertex_json(v);
  CHECK(json.find(R"("diskSpec": {
          "bootDiskType": "pd-ssd",
          "bootDiskSizeGb": 200
        })") != std::string::npos);
  CHECK(json.find(R"("command": [)") != std::string::npos);
}

TEST_CASE("migrate: no prebuilt image open on the date: a custom-container job built from the last known one, an error") {
  VertexJob v = migrate(std::string(R"({"scaleTier": "BASIC", )") + k_package + "}", "2030-01-01");
  REQUIRE(v.build.has_value());
  CHECK(v.pools[0].container_image_uri == k_image_placeholder);
  CHECK(v.pools[0].executor_image_uri.empty());
  CHECK(v.pools[0].command == std::vector<std::string>{"python", "-m", "t.task"});
  CHECK(v.build->dockerfile.front() == "FROM " + v.build->from);
  CHECK(v.build->from.rfind("us-docker.pkg.dev/vertex-ai/training/tf-", 0) == 0);
  CHECK(v.build->dockerfile.back() == "RUN pip install --no-cache-dir /trainer/t-1.tar.gz");
  const lib::Finding* f = find(v, "migrate-placeholder");
  REQUIRE(f != nullptr);
  CHECK(f->severity == catalog::Severity::error);
  CHECK(f->message.find(std::string(k_image_placeholder)) != std::string::npos);
  std::string gcloud = render::vertex_gcloud(v);
  CHECK(gcloud.find("cat > j1.Dockerfile <<'EOF'\nFROM " + v.build->from + "\n") != std::string::npos);
  CHECK(gcloud.find("gsutil cp gs://b/t-1.tar.gz .\n") != std::string::npos);
  // An open image: no placeholder, no error.
  VertexJob open = migrate(std::string(R"({"scaleTier": "BASIC", )") + k_package + "}", "2025-06-01");
  CHECK_FALSE(open.build.has_value());
  CHECK(find(open, "migrate-placeholder") == nullptr);
}

TEST_CASE("migrate: scale tiers give one primary pool and a finding") {
  for (const char* tier : {"BASIC", "STANDARD_1", "PREMIUM_1", "BASIC_GPU"}) {
    CAPTURE(tier);
    VertexJob v = migrate(std::string(R"({"scaleTier": ")") + tier + "\", " + k_package + "}");
    CHECK(v.pools.size() == 1);
    CHECK(find(v, "migrate-machine-unmapped") != nullptr);
  }
  CHECK(migrate(std::string(R"({"scaleTier": "BASIC_GPU", )") + k_package + "}").pools[0].machine.accelerator_type ==
        "NVIDIA_TESLA_T4");
}

TEST_CASE("migrate: the executor image is the target finder's pick, or the newest known with a finding") {
  VertexJob open = migrate(std::string(R"({"scaleTier": "BASIC", )") + k_package + "}", "2025-06-01");
  REQUIRE(find(open, "migrate-image-chosen") != nullptr);
  CHECK(open.pools[0].executor_image_uri.rfind("us-docker.pkg.dev/vertex-ai/training/tf-", 0) == 0);
  CHECK(find(open, "migrate-python-differs") != nullptr); // no prebuilt TensorFlow image runs Python 3.7
  VertexJob late = migrate(std::string(R"({"scaleTier": "BASIC", )") + k_package + "}", "2030-01-01");
  REQUIRE(find(late, "migrate-image-not-open") != nullptr);
  CHECK(find(late, "migrate-image-not-open")->message.find("as of") != std::string::npos);
  Options opt;
  opt.image = "gcr.io/p/own:1";
  CHECK(migrate(std::string(R"({"scaleTier": "BASIC", )") + k_package + "}", "2030-01-01", opt).pools[0].executor_image_uri ==
        "gcr.io/p/own:1");
}

TEST_CASE("migrate: a major framework version change is a finding") {
  VertexJob v = migrate(
      R"({"scaleTier": "BASIC", "packageUris": ["gs://b/t.tar.gz"], "pythonModule": "t", "runtimeVersion": "1.15", "pythonVersion": "3.7"})");
  auto it = std::find_if(v.findings.begin(), v.findings.end(),
                         [](const lib::Finding& f) { return f.message.find("a new major version") != std::string::npos; });
  REQUIRE(it != v.findings.end());
  CHECK(it->message.rfind("runtime 1.15 ran tensorflow 1.15.0; the image runs TensorFlow 2.", 0) == 0);
  VertexJob same = migrate(std::string(R"({"scaleTier": "BASIC", )") + k_package + "}"); // runtime 2.1
  CHECK(std::none_of(same.findings.begin(), same.findings.end(),
                     [](const lib::Finding& f) { return f.message.find("a new major version") != std::string::npos; }));
}

TEST_CASE("migrate: the image's registry follows the region") {
  VertexJob v = migrate(std::string(R"({"scaleTier": "BASIC", "region": "europe-west4", )") + k_package + "}");
  CHECK(v.pools[0].executor_image_uri.rfind("europe-docker.pkg.dev/", 0) == 0);
}

TEST_CASE("migrate: custom containers, jobDir, scheduling and useChiefInTfConfig") {
  VertexJob v = migrate(R"({"scaleTier": "CUSTOM", "masterType": "n1-standard-4", "masterConfig": {"imageUri": "gcr.io/p/m:1"},
    "workerType": "n1-standard-4", "workerCount": 2, "parameterServerType": "n1-standard-4", "parameterServerCount": 1,
    "parameterServerConfig": {"imageUri": "gcr.io/p/ps:1"}, "jobDir": "gs://b/out", "args": ["--x"],
    "scheduling": {"maxRunningTime": "7200s"}, "useChiefInTfConfig": true, "serviceAccount": "sa@p.iam.gserviceaccount.com"})");
  REQUIRE(v.pools.size() == 3);
  CHECK(v.pools[1].container_image_uri == "gcr.io/p/m:1"); // defaults to the master's
  CHECK(v.pools[2].container_image_uri == "gcr.io/p/ps:1");
  CHECK(v.pools[0].args == std::vector<std::string>{"--x", "--job-dir=gs://b/out"});
  CHECK(v.output_uri_prefix == "gs://b/out");
  CHECK(v.timeout == "7200s");
  CHECK(v.service_account == "sa@p.iam.gserviceaccount.com");
  CHECK(find(v, "migrate-no-equivalent") != nullptr);
  CHECK(find(v, "migrate-image-chosen") == nullptr);
}

TEST_CASE("migrate: hyperparameters become a study") {
  VertexJob v =
      migrate(std::string(R"({"scaleTier": "BASIC", "hyperparameters": {"goal": "MINIMIZE", "hyperparameterMetricTag": "loss",
    "maxTrials": 10, "maxParallelTrials": 2, "algorithm": "RANDOM_SEARCH", "params": [
      {"parameterName": "lr", "type": "DOUBLE", "minValue": 0.0001, "maxValue": 0.1, "scaleType": "UNIT_LOG_SCALE"},
      {"parameterName": "layers", "type": "INTEGER", "minValue": 1, "maxValue": 5},
      {"parameterName": "opt", "type": "CATEGORICAL", "categoricalValues": ["adam", "sgd"]},
      {"parameterName": "batch", "type": "DISCRETE", "discreteValues": [32, 64]}]}, )") +
              k_package + "}");
  REQUIRE(v.study.has_value());
  CHECK(v.study->metric_id == "loss");
  CHECK(v.study->goal == "MINIMIZE");
  CHECK(v.study->max_trial_count == 10);
  CHECK(v.study->parallel_trial_count == 2);
  REQUIRE(v.study->parameters.size() == 4);
  CHECK(v.study->parameters[0].scale_type == "UNIT_LOG_SCALE");
  CHECK(v.study->parameters[2].categories.size() == 2);
  std::string json = render::vertex_json(v);
  CHECK(json.find(R"("integerValueSpec": {)") != std::string::npos);
  CHECK(json.find(R"("trialJobSpec")") != std::string::npos);
}

TEST_CASE("migrate: a malformed accelerator count is an input error with its position") {
  std::string ti = std::string(R"({"scaleTier": "CUSTOM", "masterType": "n1-standard-8",
    "masterConfig": {"acceleratorConfig": {"type": "NVIDIA_TESLA_T4", "count": "two"}}, )") +
                   k_package + "}";
  CHECK_THROWS_WITH_AS(migrate(ti), doctest::Contains("job.json:2:"), catalog::InvalidInput);
  VertexJob web = migrate(std::string(R"({"scaleTier": "BASIC", "enableWebAccess": "true", )") + k_package + "}");
  CHECK(web.enable_web_access);
}

TEST_CASE("migrate: a job without training code is an input error") {
  CHECK_THROWS_AS(migrate(R"({"scaleTier": "BASIC", "runtimeVersion": "2.1"})"), catalog::InvalidInput);
}

TEST_CASE("render: YAML and gcloud forms") {
  VertexJob v = migrate(
      std::string(
          R"({"scaleTier": "CUSTOM", "masterType": "n1-standard-8", "evaluatorType": "n1-standard-4", "evaluatorCount": 1, "region": "us-central1", )") +
      k_package + "}");
  std::string yaml = render::vertex_yaml(v);
  CHECK(yaml.rfind("workerPoolSpecs:\n  - machineSpec:\n      machineType: \"n1-standard-8\"\n", 0) == 0);
  CHECK(yaml.find("  - {}\n  - {}\n") != std::string::npos);
  std::string g = render::vertex_gcloud(v);
  CHECK(g.find("gcloud ai custom-jobs create --region=us-central1 --display-name=j1 --config=j1-vertex.yaml\n") !=
        std::string::npos);
}

TEST_CASE("migrate: the legacy job's labels are the Vertex AI job's, in JSON and as gcloud --labels") {
  Options opt;
  opt.on = catalog::parse_date("2025-06-01");
  VertexJob v = migrate_job(
      set(),
      lib::jobs::parse_rest_json(
          std::string(R"({"jobId": "j1", "labels": {"team": "ml", "env": "prod"}, "trainingInput": {"scaleTier": "BASIC", )") +
              k_package + "}}",
          "job.json"),
      opt);
  REQUIRE(v.labels.size() == 2);
  CHECK(v.labels[0].first == "team");
  CHECK(render::vertex_json(v).find("\"labels\": {\n    \"team\": \"ml\",\n    \"env\": \"prod\"\n  }") != std::string::npos);
  CHECK(render::vertex_gcloud(v).find(" --labels=team=ml,env=prod\n") == std::string::npos); // ',' is quoted for the shell
  CHECK(render::vertex_gcloud(v).find(" --labels='team=ml,env=prod'\n") != std::string::npos);
  CHECK(render::vertex_yaml(v).find("team") == std::string::npos); // the --config file holds the spec, not the labels
  CHECK(render::vertex_json(migrate(std::string(R"({"scaleTier": "BASIC", )") + k_package + "}")).find("labels") ==
        std::string::npos);
}
