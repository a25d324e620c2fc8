#include "lib/cluster/framework_env.hpp"

#include "catalog/error.hpp"
#include "lib/cluster/tf_config.hpp"
#include "util/input_limits.hpp"
#include "util/json.hpp"
#include "util/text.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>

namespace lib::cluster {

using Tree = nlohmann::ordered_json;

namespace {

[[noreturn]] void fail(const std::string& origin, const std::string& what) {
  throw catalog::InvalidInput(origin + ": " + what);
}

std::string valid_roles() {
  return "master, worker, ps, evaluator, or Vertex AI's workerpool0 to workerpool3";
}

// "(valid: ...)" after an unknown task type, with the closest name first when one is near.
std::string role_choices(const std::string& name) {
  std::vector<std::string_view> names(std::begin(k_roles), std::end(k_roles));
  names.insert(names.end(), std::begin(k_vertex_pools), std::end(k_vertex_pools));
  std::string near = util::closest(name, names);
  return "(" + (near.empty() ? std::string() : "did you mean '" + near + "'? ") + "valid: " + valid_roles() + ")";
}

bool known_name(const std::string& name) {
  return std::find(std::begin(k_roles), std::end(k_roles), name) != std::end(k_roles) ||
         std::find(std::begin(k_vertex_pools), std::end(k_vertex_pools), name) != std::end(k_vertex_pools);
}

bool is_pool(const std::string& name) {
  return std::find(std::begin(k_vertex_pools), std::end(k_vertex_pools), name) != std::end(k_vertex_pools);
}

// A role by the name the spec's form gives it.
std::string shown(const ParsedSpec& spec, const std::string& role) {
  return spec.vertex ? vertex_pool(role) : role;
}

// "host:port" -> {host, port}.
std::pair<std::string, std::string> split_address(const std::string& origin, const std::string& address) {
  auto colon = address.rfind(':');
  std::string port = colon == std::string::npos ? "" : address.substr(colon + 1);
  bool digits = !port.empty() && port.size() <= 5 &&
                std::all_of(port.begin(), port.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
  if (colon == 0 || !digits) {
    fail(origin, "address '" + address + "' is not host:port");
  }
  return {address.substr(0, colon), port};
}

// What a role takes no part in under a framework ("PyTorch process group (only master and
// worker replicas join it)"), or nullptr when the framework gives it a role.
const char* rankless(const std::string& role, std::string_view framework) {
  if (framework == "pytorch" && role != "master" && role != "worker") {
    return "PyTorch process group (only master and worker replicas join it)";
  }
  if (framework == "mxnet" && role != "master" && role != "worker" && role != "ps") {
    return "MXNet cluster (master -> scheduler, worker -> worker, ps -> server)";
  }
  return nullptr;
}

// Reads `cluster` into out.cluster (legacy role names) and out.vertex; checks one form, the
// addresses and exactly one primary replica.
void read_cluster(const Tree& cluster, const std::string& origin, ParsedSpec& out) {
  bool first = true;
  for (const auto& [name, hosts] : cluster.items()) {
    if (!known_name(name)) {
      fail(origin, "unknown task type '" + name + "' in cluster " + role_choices(name));
    }
    if (!first && is_pool(name) != out.vertex) {
      fail(origin, "cluster mixes AI Platform names (master, worker, ps, evaluator) with Vertex AI's (workerpool0..3) at '" +
                       name + "'; a CLUSTER_SPEC uses one form");
    }
    out.vertex = is_pool(name);
    first = false;
    if (!hosts.is_array() || std::any_of(hosts.begin(), hosts.end(), [](const Tree& h) { return !h.is_string(); })) {
      fail(origin, "cluster." + name + " must be a list of \"host:port\" strings");
    }
    std::vector<std::string> list;
    for (const auto& h : hosts) {
      split_address(origin, h.get<std::string>());
      list.push_back(h.get<std::string>());
    }
    out.cluster.roles.emplace_back(legacy_role(name), list);
  }
  const std::string primary = shown(out, "master");
  if (out.cluster.count("master") != 1) {
    fail(origin, out.cluster.count("master") == 0
                     ? "no " + primary + " in cluster (every job has exactly one)"
                     : "cluster." + primary + " lists " + std::to_string(out.cluster.count("master")) +
                           " addresses; a job has exactly one " + primary);
  }
}

} // namespace

ParsedSpec parse_cluster_spec(std::string_view text, const std::string& origin) {
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    fail(origin, "is empty; it is set on every replica of a custom-container job (pass --spec FILE to read one from a file)");
  }
  util::limits::check_json(text, origin); // before the parser, and the dump of "job" below, see it
  Tree doc = util::json::parse_ordered(text, origin);
  if (!doc.is_object() || !doc.contains("cluster") || !doc["cluster"].is_object()) {
    fail(origin, "no \"cluster\" object (expected {\"cluster\": {...}, \"task\": {...}, \"job\": {...}})");
  }
  ParsedSpec out;
  out.origin = origin;
  read_cluster(doc["cluster"], origin, out);
  auto task = doc.find("task");
  if (task == doc.end() || !task->is_object() || !task->contains("type") || !(*task)["type"].is_string()) {
    fail(origin, "no \"task\" with a \"type\" (this replica's role)");
  }
  const std::string type = (*task)["type"].get<std::string>();
  if (!known_name(type)) {
    fail(origin, "unknown task type '" + type + "' " + role_choices(type));
  }
  if (is_pool(type) != out.vertex) {
    fail(origin, "task type '" + type + "' is in the other form than the cluster's " +
                     (out.vertex ? "workerpool0..3 (use " + vertex_pool(type) + ")"
                                 : "master/worker/ps/evaluator (use " + legacy_role(type) + ")"));
  }
  out.task.type = legacy_role(type);
  const Tree& index = task->contains("index") ? (*task)["index"] : Tree(0);
  if (!index.is_number_integer()) {
    fail(origin, "task.index must be a whole number, not " + util::json::dump(index));
  }
  out.task.index = index.get<long>();
  long n = static_cast<long>(out.cluster.count(out.task.type));
  if (out.task.index < 0 || out.task.index >= n) {
    fail(origin, "task " + type + ":" + std::to_string(out.task.index) + " is out of range: the cluster has " +
                     std::to_string(n) + " " + type + " address" + (n == 1 ? "" : "es"));
  }
  if (auto t = task->find("trial"); t != task->end() && !t->is_null()) {
    out.task.trial = t->is_string() ? t->get<std::string>() : util::json::dump(*t);
  }
  auto job = doc.find("job");
  // Vertex AI's CLUSTER_SPEC may come without `job`: then TF_CONFIG has none either.
  out.job_json = job != doc.end() ? util::json::dump(*job) : out.vertex ? "" : "{}";
  return out;
}

const std::vector<std::string>& env_framework_names() {
  static const std::vector<std::string> k{"pytorch", "torch", "mxnet", "tensorflow"};
  return k;
}

const std::vector<std::string>& env_frameworks() {
  static const std::vector<std::string> k{"pytorch", "mxnet", "tensorflow"};
  return k;
}

std::string_view framework_name(std::string_view framework) {
  return framework == "torch" ? "pytorch" : framework;
}

std::string env_comment(const ParsedSpec& spec, std::string_view framework) {
  const char* joins = rankless(spec.task.type, framework_name(framework));
  if (!joins) {
    return "";
  }
  const std::string name = spec.vertex
                               ? vertex_pool(spec.task.type) + ":" + std::to_string(spec.task.index) + " (" + spec.task.type + ")"
                               : spec.task.type + ":" + std::to_string(spec.task.index);
  return name + " joins no " + joins + "; nothing to set up for it";
}

namespace {

// MXNet's variables for this replica (framework_env).
EnvVars mxnet_env(const ParsedSpec& spec, const std::string& master_host, const std::string& master_port,
                  const Resolver& resolve) {
  // dmlc-core's tracker (tracker/dmlc_tracker/tracker.py, submit) starts no ps-lite scheduler
  // when there are no servers, and MXNet's distributed kvstore (src/kvstore/kvstore_dist.h,
  // KVStoreDist::EncodeKey: CHECK_GT(num_servers, 0)) aborts on a worker's first push or pull:
  // a cluster without parameter servers has no MXNet environment that starts. Every replica
  // says so, the evaluator too, so that a shared entrypoint stops everywhere with the reason.
  // Without DMLC_ROLE MXNet is a plain worker (include/mxnet/kvstore.h, IsWorkerNode), which is
  // what kvstore 'local' and 'device' (one machine) and Horovod (its own launcher) need.
  if (spec.cluster.count("ps") == 0) {
    fail(spec.origin,
         "no parameter server (" + shown(spec, "ps") +
             ") in cluster, and MXNet's distributed kvstore aborts without one; add parameter servers (" +
             (spec.vertex ? std::string("workerPoolSpecs[2]") : "parameterServerCount, gcloud's --parameter-server-count") +
             "), or train without DMLC_ variables: kvstore 'local' or 'device' on one machine, Horovod "
             "(horovod.mxnet) across machines");
  }
  if (rankless(spec.task.type, "mxnet")) {
    return {{"CLUSTER_ROLE", shown(spec, spec.task.type)}};
  }
  // ps-lite's scheduler binds "tcp://" + DMLC_PS_ROOT_URI + ":" + port (src/zmq_van.h,
  // ZMQVan::Bind, for the node Van::Start makes of DMLC_PS_ROOT_URI), and ZeroMQ binds only an
  // IP address or an interface name: a host name fails there. dmlc-core's tracker hands every
  // node the IP address (tracker.py, get_host_ip and PSTracker.slave_envs); so does this.
  std::string root = master_host;
  if (!is_ipv4_literal(root)) {
    Resolved r = resolve(root);
    if (r.address.empty()) {
      fail(spec.origin, shown(spec, "master") + " host '" + master_host + "' does not resolve to an IPv4 address (" + r.error +
                            "); MXNet's scheduler binds DMLC_PS_ROOT_URI, which must be an IP address");
    }
    root = r.address;
  }
  const std::string& role = spec.task.type;
  return {{"DMLC_ROLE", role == "master"   ? "scheduler"
                        : role == "worker" ? "worker"
                                           : "server"},
          {"DMLC_PS_ROOT_URI", root},
          {"DMLC_PS_ROOT_PORT", master_port},
          {"DMLC_NUM_WORKER", std::to_string(spec.cluster.count("worker"))},
          {"DMLC_NUM_SERVER", std::to_string(spec.cluster.count("ps"))}};
}

} // namespace

EnvVars framework_env(const ParsedSpec& spec, std::string_view requested, const Resolver& resolve) {
  const std::string_view framework = framework_name(requested);
  const Task& t = spec.task;
  const std::string role = t.type;
  const auto [master_host, master_port] = split_address("CLUSTER_SPEC", spec.cluster.hosts("master")->front());
  if (framework == "mxnet") {
    return mxnet_env(spec, master_host, master_port, resolve);
  }
  if (rankless(role, framework)) {
    return {{"CLUSTER_ROLE", shown(spec, role)}};
  }
  if (framework == "pytorch") {
    long rank = role == "master" ? 0 : t.index + 1;
    return {{"MASTER_ADDR", master_host},
            {"MASTER_PORT", master_port},
            {"WORLD_SIZE", std::to_string(1 + spec.cluster.count("worker"))},
            {"RANK", std::to_string(rank)}};
  }
  if (framework == "tensorflow") {
    return {{"TF_CONFIG", tf_config_json(spec.cluster, t, spec.job_json, true)}};
  }
  throw catalog::InvalidInput("--framework " + std::string(framework) + " is not supported (valid: pytorch, mxnet, tensorflow)");
}

std::string render_env(const EnvVars& vars, std::string_view format, const std::string& comment) {
  std::string out = comment.empty() || format == "json" ? "" : "# " + comment + "\n";
  if (format == "json") {
    Tree j = Tree::object();
    for (const auto& [name, value] : vars) {
      j[name] = value;
    }
    return util::json::dump_pretty(j);
  }
  for (const auto& [name, value] : vars) {
    bool plain = !value.empty() && std::all_of(value.begin(), value.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-' || c == ':' || c == '/' || c == '@';
    });
    if (format == "sh") {
      std::string quoted;
      for (char c : value) {
        quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
      }
      out += "export " + name + "='" + quoted + "'\n";
    } else if (format == "dotenv") {
      if (plain) {
        out += name + "=" + value + "\n";
      } else if (value.find('\'') == std::string::npos) {
        out += name + "='" + value + "'\n";
      } else {
        std::string quoted;
        for (char c : value) {
          quoted += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
        }
        out += name + "=\"" + quoted + "\"\n";
      }
    } else {
      throw catalog::InvalidInput("--format " + std::string(format) +
                                  " is not available for cluster-env (valid: sh, json, dotenv)");
    }
  }
  return out;
}

} // namespace lib::cluster
