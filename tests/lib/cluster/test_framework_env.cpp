#include "catalog/error.hpp"
#include "lib/cluster/framework_env.hpp"

#include <doctest/doctest.h>

#include <initializer_list>
#include <map>
#include <utility>
#include <vector>

using namespace lib::cluster;

namespace {
const char* k_spec =
    R"({"cluster": {"master": ["m-0:2222"], "worker": ["w-0:2222", "w-1:2222"], "ps": ["p-0:2223"], "evaluator": ["e-0:2222"]}, "task": {"type": "TYPE", "index": INDEX}, "job": {"a": 1}})";

ParsedSpec spec(const std::string& type, int index) {
  std::string s = k_spec;
  s.replace(s.find("TYPE"), 4, type);
  s.replace(s.find("INDEX"), 5, std::to_string(index));
  return parse_cluster_spec(s, "CLUSTER_SPEC");
}

std::string get(const EnvVars& vars, const std::string& name) {
  for (const auto& [n, v] : vars) {
    if (n == name) {
      return v;
    }
  }
  return "<unset>";
}

// A resolver that knows a few names, and counts what it was asked: no test looks a name up.
struct FakeResolver {
  std::map<std::string, std::string> names{{"m-0", "10.0.0.2"}};
  std::vector<std::string> asked;

  Resolver fn() {
    return [this](const std::string& host) {
      asked.push_back(host);
      auto it = names.find(host);
      return it == names.end() ? Resolved{"", "Name or service not known"} : Resolved{it->second, ""};
    };
  }
};

// The known names, for tests that look at other variables than the address.
Resolved fake_resolve(const std::string& host) {
  return host == "m-0" ? Resolved{"10.0.0.2", ""} : Resolved{"", "Name or service not known"};
}

// Every (name, value) of `expected` is set so in `vars`.
void check_env(const EnvVars& vars, std::initializer_list<std::pair<const char*, const char*>> expected) {
  for (const auto& e : expected) {
    CAPTURE(e.first);
    CHECK(get(vars, e.first) == e.second);
  }
}
} // namespace

TEST_CASE("framework_env for PyTorch: master rank 0, workers after it") {
  check_env(framework_env(spec("master", 0), "pytorch"),
            {{"MASTER_ADDR", "m-0"}, {"MASTER_PORT", "2222"}, {"WORLD_SIZE", "3"}, {"RANK", "0"}});
  CHECK(get(framework_env(spec("worker", 1), "pytorch"), "RANK") == "2");
  CHECK(get(framework_env(spec("worker", 1), "torch"), "RANK") == "2"); // torch is pytorch
}

TEST_CASE("framework_env: a replica the framework gives no role gets CLUSTER_ROLE and a comment") {
  for (const char* fw : {"pytorch", "torch"}) {
    for (const char* role : {"ps", "evaluator"}) {
      CAPTURE(fw);
      CAPTURE(role);
      EnvVars vars = framework_env(spec(role, 0), fw);
      REQUIRE(vars.size() == 1);
      CHECK(get(vars, "CLUSTER_ROLE") == role);
      CHECK(env_comment(spec(role, 0), fw) ==
            std::string(role) +
                ":0 joins no PyTorch process group (only master and worker replicas join it); nothing to set up for it");
    }
    CHECK(env_comment(spec("worker", 0), fw).empty());
  }
  CHECK(framework_env(spec("evaluator", 0), "mxnet", fake_resolve) == EnvVars{{"CLUSTER_ROLE", "evaluator"}});
  CHECK(env_comment(spec("evaluator", 0), "mxnet").find("joins no MXNet cluster") != std::string::npos);
  CHECK(env_comment(spec("ps", 0), "mxnet").empty());
  for (const char* role : {"master", "worker", "ps", "evaluator"}) {
    CAPTURE(role);
    CHECK(env_comment(spec(role, 0), "tensorflow").empty()); // every TensorFlow task gets TF_CONFIG
  }
  CHECK(render_env({{"CLUSTER_ROLE", "ps"}}, "sh", "ps:0 joins nothing") == "# ps:0 joins nothing\nexport CLUSTER_ROLE='ps'\n");
  CHECK(render_env({{"CLUSTER_ROLE", "ps"}}, "dotenv", "c") == "# c\nCLUSTER_ROLE=ps\n");
  CHECK(render_env({{"CLUSTER_ROLE", "ps"}}, "json", "c") == "{\n  \"CLUSTER_ROLE\": \"ps\"\n}\n");
}

TEST_CASE("framework_env for MXNet: scheduler, worker, server") {
  check_env(framework_env(spec("master", 0), "mxnet", fake_resolve), {{"DMLC_ROLE", "scheduler"},
                                                                      {"DMLC_PS_ROOT_URI", "10.0.0.2"},
                                                                      {"DMLC_PS_ROOT_PORT", "2222"},
                                                                      {"DMLC_NUM_WORKER", "2"},
                                                                      {"DMLC_NUM_SERVER", "1"}});
  CHECK(get(framework_env(spec("worker", 0), "mxnet", fake_resolve), "DMLC_ROLE") == "worker");
  CHECK(get(framework_env(spec("ps", 0), "mxnet", fake_resolve), "DMLC_ROLE") == "server");
}

namespace {
ParsedSpec mxnet_spec(const std::string& cluster, const std::string& type) {
  return parse_cluster_spec(R"({"cluster": )" + cluster + R"(, "task": {"type": ")" + type + R"(", "index": 0}})", "s.json");
}
} // namespace

// ps-lite's scheduler binds tcp://DMLC_PS_ROOT_URI:PORT (src/zmq_van.h, ZMQVan::Bind) and
// ZeroMQ binds only an IP address or an interface: the master's host name is resolved in the
// replica, on every MXNet replica alike (dmlc-core's tracker.py hands every node the IP address).
TEST_CASE("framework_env for MXNet: DMLC_PS_ROOT_URI is the master's IPv4 address, resolved in the replica") {
  for (const char* role : {"master", "worker", "ps"}) {
    CAPTURE(role);
    FakeResolver r;
    CHECK(get(framework_env(spec(role, 0), "mxnet", r.fn()), "DMLC_PS_ROOT_URI") == "10.0.0.2");
    CHECK(r.asked == std::vector<std::string>{"m-0"});
  }
  // An IPv4 address is kept as it is, and no resolver is asked.
  FakeResolver r;
  ParsedSpec ip = mxnet_spec(R"({"master": ["10.1.2.3:2222"], "worker": ["w:2222"], "ps": ["p:2222"]})", "worker");
  CHECK(get(framework_env(ip, "mxnet", r.fn()), "DMLC_PS_ROOT_URI") == "10.1.2.3");
  CHECK(r.asked.empty());
  // The evaluator joins no MXNet cluster: nothing to resolve.
  CHECK(framework_env(spec("evaluator", 0), "mxnet", r.fn()) == EnvVars{{"CLUSTER_ROLE", "evaluator"}});
  CHECK(r.asked.empty());
  // Other frameworks keep the host name: PyTorch's and TensorFlow's connect, which resolves.
  CHECK(get(framework_env(spec("master", 0), "pytorch", r.fn()), "MASTER_ADDR") == "m-0");
  CHECK(r.asked.empty());
}

TEST_CASE("framework_env for MXNet: a master host that does not resolve is one clear line") {
  ParsedSpec s = mxnet_spec(R"({"master": ["gone:2222"], "worker": ["w:2222"], "ps": ["p:2222"]})", "worker");
  CHECK_THROWS_WITH_AS(framework_env(s, "mxnet", fake_resolve),
                       "s.json: master host 'gone' does not resolve to an IPv4 address (Name or service not known); MXNet's "
                       "scheduler binds DMLC_PS_ROOT_URI, which must be an IP address",
                       catalog::InvalidInput);
  ParsedSpec v = mxnet_spec(R"({"workerpool0": ["gone:2222"], "workerpool2": ["p:2222"]})", "workerpool2");
  CHECK_THROWS_WITH_AS(framework_env(v, "mxnet", fake_resolve), doctest::Contains("s.json: workerpool0 host 'gone' does not"),
                       catalog::InvalidInput);
}

// dmlc-core's tracker starts no ps-lite scheduler without servers (tracker/dmlc_tracker/tracker.py,
// submit: pscmd = None when nserver == 0), and MXNet's distributed kvstore aborts on a worker's
// first push or pull (src/kvstore/kvstore_dist.h, KVStoreDist::EncodeKey: CHECK_GT(num_servers, 0)).
TEST_CASE("framework_env for MXNet: no environment for a cluster without parameter servers") {
  const std::string legacy =
      "s.json: no parameter server (ps) in cluster, and MXNet's distributed kvstore aborts without one; add parameter servers "
      "(parameterServerCount, gcloud's --parameter-server-count), or train without DMLC_ variables: kvstore 'local' or "
      "'device' on one machine, Horovod (horovod.mxnet) across machines";
  for (const char* role : {"master", "worker", "evaluator"}) {
    CAPTURE(role);
    FakeResolver r;
    ParsedSpec s = mxnet_spec(R"({"master": ["m-0:2222"], "worker": ["w:2222"], "evaluator": ["e:2222"]})", role);
    CHECK_THROWS_WITH_AS(framework_env(s, "mxnet", r.fn()), legacy.c_str(), catalog::InvalidInput);
    CHECK(r.asked.empty()); // refused before any lookup
  }
  // The master alone: single-machine training, which needs no DMLC_ variables at all.
  CHECK_THROWS_WITH_AS(framework_env(mxnet_spec(R"({"master": ["m-0:2222"]})", "master"), "mxnet", fake_resolve), legacy.c_str(),
                       catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(
      framework_env(mxnet_spec(R"({"workerpool0": ["m-0:2222"], "workerpool1": ["w:2222"]})", "workerpool1"), "mxnet",
                    fake_resolve),
      doctest::Contains("s.json: no parameter server (workerpool2) in cluster, and MXNet's distributed kvstore aborts without "
                        "one; add parameter servers (workerPoolSpecs[2]), or "),
      catalog::InvalidInput);
  // The other frameworks do without parameter servers.
  ParsedSpec s = mxnet_spec(R"({"master": ["m-0:2222"], "worker": ["w:2222"]})", "worker");
  CHECK(get(framework_env(s, "pytorch", fake_resolve), "RANK") == "1");
  CHECK(get(framework_env(s, "tensorflow", fake_resolve), "TF_CONFIG").find(R"("task":{"type":"worker","index":0})") !=
        std::string::npos);
}

TEST_CASE("is_ipv4_literal and resolve_ipv4 without the network") {
  CHECK(is_ipv4_literal("127.0.0.1"));
  CHECK(is_ipv4_literal("10.0.0.2"));
  CHECK_FALSE(is_ipv4_literal("localhost"));
  CHECK_FALSE(is_ipv4_literal("::1"));
  CHECK_FALSE(is_ipv4_literal("10.0.0"));
  CHECK_FALSE(is_ipv4_literal("cmle-training-master-0"));
  CHECK(resolve_ipv4("10.0.0.2").address == "10.0.0.2");
  // RFC 6761: names under .invalid are refused without a query.
  for (const char* name : {"master.invalid", "x.y.INVALID", "master.invalid.", "invalid"}) {
    CAPTURE(name);
    Resolved r = resolve_ipv4(name);
    CHECK(r.address.empty());
    CHECK(r.error == "a name under .invalid never resolves");
  }
}

TEST_CASE("framework_env for TensorFlow: chief, no evaluator in the cluster") {
  auto tf = get(framework_env(spec("master", 0), "tensorflow"), "TF_CONFIG");
  CHECK(
      tf ==
      R"({"cluster":{"chief":["m-0:2222"],"worker":["w-0:2222","w-1:2222"],"ps":["p-0:2223"]},"environment":"cloud","task":{"type":"chief","index":0},"job":{"a":1}})");
  CHECK(get(framework_env(spec("evaluator", 0), "tensorflow"), "TF_CONFIG").find(R"("task":{"type":"evaluator","index":0})") !=
        std::string::npos);
}

TEST_CASE("parse_cluster_spec rejects what a replica cannot use") {
  CHECK_THROWS_WITH_AS(parse_cluster_spec("", "CLUSTER_SPEC"), doctest::Contains("CLUSTER_SPEC: is empty"),
                       catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(parse_cluster_spec("{\"cluster\": }", "CLUSTER_SPEC"),
                       doctest::Contains("CLUSTER_SPEC:1:13: invalid JSON"), catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(
      parse_cluster_spec(R"({"cluster": {"worker": ["w:1"]}, "task": {"type": "worker", "index": 0}})", "s.json"),
      "s.json: no master in cluster (every job has exactly one)", catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(parse_cluster_spec(R"({"cluster": {"master": ["m:1"]}, "task": {"type": "worker", "index": 0}})", "s"),
                       "s: task worker:0 is out of range: the cluster has 0 worker addresses", catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(
      parse_cluster_spec(R"({"cluster": {"master": ["m:1"], "chief": ["c:1"]}, "task": {"type": "master"}})", "s"),
      doctest::Contains("unknown task type 'chief'"), catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(parse_cluster_spec(R"({"cluster": {"master": ["m"]}, "task": {"type": "master"}})", "s"),
                       "s: address 'm' is not host:port", catalog::InvalidInput);
}

TEST_CASE("render_env quotes for each format") {
  EnvVars v{{"A", "x y"}, {"B", "it's"}, {"C", "plain:1"}};
  CHECK(render_env(v, "sh") == "export A='x y'\nexport B='it'\\''s'\nexport C='plain:1'\n");
  CHECK(render_env(v, "dotenv") == "A='x y'\nB=\"it's\"\nC=plain:1\n");
  CHECK(render_env(v, "json") == "{\n  \"A\": \"x y\",\n  \"B\": \"it's\",\n  \"C\": \"plain:1\"\n}\n");
  CHECK_THROWS_AS(render_env(v, "xml"), catalog::InvalidInput);
}

TEST_CASE("parse_cluster_spec refuses absurd nesting in job") {
  std::string deep = R"({"cluster": {"master": ["m:1"]}, "task": {"type": "master"}, "job": )" + std::string(1000, '[') +
                     std::string(1000, ']') + "}";
  CHECK_THROWS_WITH_AS(parse_cluster_spec(deep, "CLUSTER_SPEC"), doctest::Contains("nesting deeper than 64 levels"),
                       catalog::InvalidInput);
}

TEST_CASE("parse_cluster_spec refuses a job object with more keys than a job has") {
  std::string job;
  for (int i = 0; i < 1001; ++i) {
    job += std::string(i == 0 ? "" : ",") + "\"k" + std::to_string(i) + "\":0";
  }
  std::string spec = R"({"cluster": {"master": ["m:1"]}, "task": {"type": "master"}, "job": {)" + job + "}}";
  CHECK_THROWS_WITH_AS(parse_cluster_spec(spec, "CLUSTER_SPEC"), doctest::Contains("CLUSTER_SPEC:1:"), catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(parse_cluster_spec(spec, "CLUSTER_SPEC"),
                       doctest::Contains(": more than 1000 keys in one object; refusing"), catalog::InvalidInput);
}

namespace {
ParsedSpec vertex_spec(const std::string& type, int index) {
  std::string s =
      R"({"cluster": {"workerpool0": ["m-0:2222"], "workerpool1": ["w-0:2222", "w-1:2222"], "workerpool2": ["p-0:2223"], "workerpool3": ["e-0:2222"]}, "environment": "cloud", "task": {"type": ")" +
      type + R"(", "index": )" + std::to_string(index) + "}}";
  return parse_cluster_spec(s, "CLUSTER_SPEC");
}
} // namespace

TEST_CASE("framework_env reads Vertex AI's CLUSTER_SPEC as the legacy one, pool by pool") {
  const char* legacy[] = {"master", "worker", "ps", "evaluator"};
  const char* pools[] = {"workerpool0", "workerpool1", "workerpool2", "workerpool3"};
  for (size_t i = 0; i < 4; ++i) {
    for (const std::string& fw : env_frameworks()) {
      const std::string pool = pools[i];
      const std::string role = legacy[i];
      CAPTURE(pool);
      CAPTURE(fw);
      ParsedSpec v = vertex_spec(pool, 0);
      ParsedSpec l = spec(role, 0);
      CHECK(v.vertex);
      CHECK(v.task.type == role);
      EnvVars ve = framework_env(v, fw, fake_resolve);
      EnvVars le = framework_env(l, fw, fake_resolve);
      if (get(le, "CLUSTER_ROLE") != "<unset>") {
        CHECK(ve == EnvVars{{"CLUSTER_ROLE", pool}}); // named as the spec names it
        CHECK(env_comment(v, fw).rfind(pool + ":0 (" + role + ") joins no ", 0) == 0);
      } else if (fw == "tensorflow") {
        // Same TF_CONFIG as on AI Platform, but no `job`: this Vertex AI spec has none.
        CHECK(get(ve, "TF_CONFIG") + "" == get(le, "TF_CONFIG").substr(0, get(le, "TF_CONFIG").find(R"(,"job")")) + "}");
      } else {
        CHECK(ve == le);
      }
    }
  }
  CHECK(get(framework_env(vertex_spec("workerpool1", 1), "pytorch"), "RANK") == "2");
}

TEST_CASE("parse_cluster_spec: one form per spec, Vertex AI names in messages") {
  CHECK_THROWS_WITH_AS(
      parse_cluster_spec(R"({"cluster": {"workerpool0": ["m:1"], "worker": ["w:1"]}, "task": {"type": "worker", "index": 0}})",
                         "s"),
      doctest::Contains("s: cluster mixes AI Platform names"), catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(
      parse_cluster_spec(
          R"({"cluster": {"workerpool0": ["m:1"], "workerpool1": ["w:1"]}, "task": {"type": "worker", "index": 0}})", "s"),
      "s: task type 'worker' is in the other form than the cluster's workerpool0..3 (use workerpool1)", catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(
      parse_cluster_spec(R"({"cluster": {"workerpool1": ["w:1"]}, "task": {"type": "workerpool1", "index": 0}})", "s"),
      "s: no workerpool0 in cluster (every job has exactly one)", catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(
      parse_cluster_spec(R"({"cluster": {"workerpool0": ["m:1"]}, "task": {"type": "workerpool1", "index": 0}})", "s"),
      "s: task workerpool1:0 is out of range: the cluster has 0 workerpool1 addresses", catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(
      parse_cluster_spec(R"({"cluster": {"workerpool0": ["m:1"], "workerpool4": ["x:1"]}, "task": {"type": "workerpool0"}})",
                         "s"),
      doctest::Contains("unknown task type 'workerpool4'"), catalog::InvalidInput);
}
