#include "catalog/error.hpp"
#include "lib/cluster/cluster_spec.hpp"
#include "lib/jobs/parsers.hpp"

#include <doctest/doctest.h>

using namespace lib::cluster;

namespace {
lib::jobs::JobSpec job(const std::string& training_input) {
  return lib::jobs::parse_rest_json("{\"jobId\": \"j\", \"trainingInput\": " + training_input + "}", "job.json");
}
const char* k_custom =
    R"({"scaleTier": "CUSTOM", "masterType": "n1", "workerType": "n1", "workerCount": 2, "parameterServerType": "n1", "parameterServerCount": 1, "masterConfig": {"imageUri": "gcr.io/p/m"}, "parameterServerConfig": {"imageUri": "gcr.io/p/ps"}})";
} // namespace

TEST_CASE("cluster_spec lists every replica with exact strings") {
  auto rs = job_replicas(job(k_custom), {});
  REQUIRE(rs.size() == 4);
  CHECK(rs[0].type == "master");
  CHECK(rs[2].type == "worker");
  CHECK(rs[2].index == 1);
  CHECK(rs[3].type == "ps");
  CHECK(
      rs[2].cluster_spec ==
      R"({"cluster":{"master":["cmle-training-master-0:2222"],"worker":["cmle-training-worker-0:2222","cmle-training-worker-1:2222"],"ps":["cmle-training-ps-0:2222"]},"environment":"cloud","task":{"type":"worker","index":1},"job":)" +
          std::string(
              R"({"scale_tier":"CUSTOM","master_type":"n1","worker_type":"n1","worker_count":"2","parameter_server_type":"n1","parameter_server_count":"1","master_config":{"image_uri":"gcr.io/p/m"},"parameter_server_config":{"image_uri":"gcr.io/p/ps"}}})"));
  SUBCASE("images after defaulting") {
    CHECK(*rs[1].image_uri == "gcr.io/p/m");
    CHECK(*rs[3].image_uri == "gcr.io/p/ps");
  }
  SUBCASE("custom container without chief keeps master in TF_CONFIG") {
    CHECK(rs[0].tf_config.find(R"("master":["cmle-training-master-0:2222"])") != std::string::npos);
    CHECK(rs[0].tf_config.find(R"("task":{"type":"master","index":0})") != std::string::npos);
  }
}

TEST_CASE("cluster_spec names the master chief when it should") {
  SUBCASE("useChiefInTfConfig") {
    auto rs = job_replicas(job(R"({"masterConfig": {"imageUri": "i"}, "useChiefInTfConfig": true})"), {});
    CHECK(rs[0].tf_config.find(R"("chief":[)") != std::string::npos);
    CHECK(rs[0].tf_config.find(R"("type":"chief")") != std::string::npos);
    CHECK(rs[0].cluster_spec.find(R"("type":"master")") != std::string::npos);
  }
  SUBCASE("runtime 2.1, not 1.15") {
    CHECK(chief_in_tf_config(job(R"({"runtimeVersion": "2.1"})")));
    CHECK(chief_in_tf_config(job(R"({"runtimeVersion": "2.10"})")));
    CHECK_FALSE(chief_in_tf_config(job(R"({"runtimeVersion": "1.15"})")));
  }
  SUBCASE("evaluators: chief, and left out of TF_CONFIG's cluster") {
    auto rs = job_replicas(
        job(R"({"scaleTier": "CUSTOM", "masterType": "n1", "evaluatorType": "n1", "evaluatorCount": 1, "masterConfig": {"imageUri": "i"}})"),
        {});
    REQUIRE(rs.size() == 2);
    CHECK(rs[1].type == "evaluator");
    CHECK(rs[1].cluster_spec.find(R"("evaluator":["cmle-training-evaluator-0:2222"])") != std::string::npos);
    CHECK(rs[1].tf_config.find(R"("cluster":{"chief":["cmle-training-master-0:2222"]})") != std::string::npos);
    CHECK(rs[1].tf_config.find(R"("task":{"type":"evaluator","index":0})") != std::string::npos);
  }
}

TEST_CASE("cluster_spec trials, replica selection and host patterns") {
  SUBCASE("tuning jobs get trial 1, --trial sets it") {
    auto rs = job_replicas(job(R"({"hyperparameters": {"maxTrials": 4}})"), {});
    CHECK(rs[0].cluster_spec.find(R"("trial":"1")") != std::string::npos);
    ReplicaOptions o;
    o.trial = 3;
    CHECK(job_replicas(job("{}"), o)[0].tf_config.find(R"("trial":"3")") != std::string::npos);
  }
  SUBCASE("--replica") {
    ReplicaOptions o;
    o.replica = "worker:1";
    auto rs = job_replicas(job(k_custom), o);
    REQUIRE(rs.size() == 1);
    CHECK(rs[0].index == 1);
    o.replica = "worker:2";
    CHECK_THROWS_WITH_AS(job_replicas(job(k_custom), o),
                         "--replica worker:2: the job has 2 worker replicas (worker:0 to worker:1)", catalog::InvalidInput);
    o.replica = "chief:0";
    CHECK_THROWS_WITH_AS(job_replicas(job(k_custom), o), doctest::Contains("expected TYPE:INDEX"), catalog::InvalidInput);
  }
  SUBCASE("--host-pattern") {
    ReplicaOptions o;
    o.host_pattern = "{job}-{type}-{index}.svc:8470";
    CHECK(job_replicas(job("{}"), o)[0].cluster_spec.find(R"(["j-master-0.svc:8470"])") != std::string::npos);
    o.host_pattern = "{type}:2222";
    CHECK_THROWS_AS(job_replicas(job("{}"), o), catalog::InvalidInput);
    o.host_pattern = "{type}-{index}";
    CHECK_THROWS_AS(job_replicas(job("{}"), o), catalog::InvalidInput);
  }
  SUBCASE("the service picks STANDARD_1 counts") {
    CHECK_THROWS_WITH_AS(job_replicas(job(R"({"scaleTier": "STANDARD_1"})"), {}), doctest::Contains("use scaleTier CUSTOM"),
                         catalog::InvalidInput);
  }
  SUBCASE("BASIC ignores counts") {
    CHECK(job_replicas(job(R"({"workerCount": 3})"), {}).size() == 1);
  }
}

TEST_CASE("the job in CLUSTER_SPEC has one form whatever the job was submitted in") {
  // The platform writes `job` from its stored TrainingInput: snake_case names, int64 as strings.
  const std::string expected =
      R"({"scale_tier":"CUSTOM","master_type":"n1","master_config":{"image_uri":"i","accelerator_config":{"count":"2","type":"NVIDIA_TESLA_T4"}},"worker_type":"n1","worker_count":"2","runtime_version":"2","use_chief_in_tf_config":true,"hyperparameters":{"max_trials":4,"params":[{"parameter_name":"lr","min_value":0.1}]},"args":["--workerCount","3"]})";
  auto from_json = lib::jobs::parse_rest_json(
      R"({"jobId": "j", "trainingInput": {"scaleTier": "CUSTOM", "masterType": "n1", "masterConfig": {"imageUri": "i", "acceleratorConfig": {"count": "2", "type": "NVIDIA_TESLA_T4"}}, "workerType": "n1", "workerCount": "2", "runtimeVersion": "2", "useChiefInTfConfig": "true", "hyperparameters": {"maxTrials": "4", "params": [{"parameterName": "lr", "minValue": 0.1}]}, "args": ["--workerCount", "3"]}})",
      "job.json");
  auto from_yaml = lib::jobs::parse_config_yaml(R"(trainingInput:
  scaleTier: CUSTOM
  masterType: n1
  masterConfig:
    imageUri: i
    acceleratorConfig:
      count: 2
      type: NVIDIA_TESLA_T4
  workerType: n1
  workerCount: 2
  runtimeVersion: 2
  useChiefInTfConfig: true
  hyperparameters:
    maxTrials: 4
    params:
      - parameterName: lr
        minValue: 0.1
  args: ["--workerCount", "3"]
)",
                                                "config.yaml");
  for (const auto* spec : {&from_json, &from_yaml}) {
    auto rs = job_replicas(*spec, {});
    REQUIRE(rs.size() == 3);
    for (const auto& r : rs) {
      const std::string cs = r.cluster_spec;
      const std::string tf = r.tf_config;
      CHECK(cs.substr(cs.find(R"("job":)") + 6) == expected + "}");
      CHECK(tf.find(R"("job":)" + expected) != std::string::npos);
    }
  }
}

TEST_CASE("cluster_spec --as vertex: pools workerpool0..3 in CLUSTER_SPEC, chief/worker/ps/evaluator in TF_CONFIG") {
  const char* with_evaluator =
      R"({"scaleTier": "CUSTOM", "masterType": "n1", "workerType": "n1", "workerCount": 2, "parameterServerType": "n1", "parameterServerCount": 1, "evaluatorType": "n1", "evaluatorCount": 1, "masterConfig": {"imageUri": "gcr.io/p/m"}})";
  ReplicaOptions opt;
  opt.vertex = true;
  auto rs = job_replicas(job(with_evaluator), opt);
  REQUIRE(rs.size() == 5);
  const std::string cluster =
      R"({"cluster":{"workerpool0":["cmle-training-workerpool0-0:2222"],"workerpool1":["cmle-training-workerpool1-0:2222","cmle-training-workerpool1-1:2222"],"workerpool2":["cmle-training-workerpool2-0:2222"],"workerpool3":["cmle-training-workerpool3-0:2222"]},"environment":"cloud",)";
  const std::string tf_cluster =
      R"({"cluster":{"chief":["cmle-training-workerpool0-0:2222"],"worker":["cmle-training-workerpool1-0:2222","cmle-training-workerpool1-1:2222"],"ps":["cmle-training-workerpool2-0:2222"]},"environment":"cloud",)";
  const char* pools[] = {"workerpool0", "workerpool1", "workerpool1", "workerpool2", "workerpool3"};
  const char* tf_types[] = {"chief", "worker", "worker", "ps", "evaluator"};
  const long indexes[] = {0, 0, 1, 0, 0};
  for (size_t i = 0; i < rs.size(); ++i) {
    CAPTURE(i);
    const std::string index = std::to_string(indexes[i]);
    CHECK(rs[i].type == pools[i]);
    CHECK(rs[i].index == indexes[i]);
    CHECK(*rs[i].image_uri == "gcr.io/p/m"); // every pool's image defaults to the primary's
    CHECK(rs[i].cluster_spec == cluster + R"("task":{"type":")" + pools[i] + R"(","index":)" + index + "}}");
    CHECK(rs[i].tf_config == tf_cluster + R"("task":{"type":")" + tf_types[i] + R"(","index":)" + index + "}}");
  }
  SUBCASE("--replica takes either name, a tuning trial is kept") {
    for (const char* ref : {"worker:1", "workerpool1:1"}) {
      CAPTURE(ref);
      opt.replica = ref;
      opt.trial = 3;
      auto one = job_replicas(job(with_evaluator), opt);
      REQUIRE(one.size() == 1);
      CHECK(one[0].type == "workerpool1");
      CHECK(one[0].cluster_spec.find(R"("task":{"type":"workerpool1","index":1,"trial":"3"})") != std::string::npos);
      CHECK(one[0].tf_config.find(R"("task":{"type":"worker","index":1,"trial":"3"})") != std::string::npos);
    }
    opt.replica = "workerpool4:0";
    CHECK_THROWS_WITH_AS(job_replicas(job(with_evaluator), opt), doctest::Contains("workerpool0 to workerpool3"),
                         catalog::InvalidInput);
  }
  SUBCASE("a master alone is workerpool0, chief in TF_CONFIG whatever the runtime") {
    auto alone = job_replicas(job(R"({"scaleTier": "BASIC", "runtimeVersion": "1.15"})"), opt);
    REQUIRE(alone.size() == 1);
    CHECK(
        alone[0].tf_config ==
        R"({"cluster":{"chief":["cmle-training-workerpool0-0:2222"]},"environment":"cloud","task":{"type":"chief","index":0}})");
  }
  CHECK(vertex_pool("ps") == "workerpool2");
  CHECK(legacy_role("workerpool3") == "evaluator");
  CHECK(legacy_role("chief") == "chief");
}
