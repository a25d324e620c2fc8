#pragma once

#include "lib/cluster/cluster_spec.hpp"
#include "lib/cluster/resolve.hpp"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lib::cluster {

// A CLUSTER_SPEC read back inside a replica.
struct ParsedSpec {
  Cluster cluster;      // roles by their legacy names (master, worker, ps, evaluator), whichever form was read
  Task task;            // type by its legacy name too
  bool vertex = false;  // the spec named pools workerpool0..3 (Vertex AI) rather than master/worker/ps/evaluator
  std::string job_json; // "{}" when absent ("" in the Vertex AI form, so TF_CONFIG has no `job`)
  std::string origin;   // what the spec was read from ("CLUSTER_SPEC", a file), for messages
};

// Parses and checks a CLUSTER_SPEC string. `origin` names it in messages ("CLUSTER_SPEC",
// a file). Both forms are read: AI Platform's (master, worker, ps, evaluator) and Vertex AI's
// (workerpool0..3, which are the same roles in that order); one spec uses one form.
// Throws catalog::InvalidInput with one clear line when it is empty, not JSON (with
// line and column), has no master (or more than one), an unknown role, mixed forms, an address that is not
// host:port, or a task whose type is not in the cluster or whose index is out of range.
ParsedSpec parse_cluster_spec(std::string_view text, const std::string& origin);

// The frameworks cluster-env knows; env_framework_names() adds the aliases it accepts (torch).
const std::vector<std::string>& env_framework_names();
// "torch" -> "pytorch"; any other name as given.
std::string_view framework_name(std::string_view framework);
// The frameworks cluster-env knows.
const std::vector<std::string>& env_frameworks();

using EnvVars = std::vector<std::pair<std::string, std::string>>;

// The variables a framework needs on this replica:
//   pytorch:    MASTER_ADDR, MASTER_PORT, WORLD_SIZE (master + workers), RANK (master 0, worker i -> i+1)
//   mxnet:      DMLC_ROLE (master -> scheduler, worker -> worker, ps -> server), DMLC_PS_ROOT_URI,
//               DMLC_PS_ROOT_PORT (the master's address, its host resolved to an IPv4 address with
//               `resolve`: ps-lite's scheduler binds tcp://DMLC_PS_ROOT_URI:PORT, and ZeroMQ binds
//               only an IP address or an interface; an IPv4 address is kept as it is),
//               DMLC_NUM_WORKER, DMLC_NUM_SERVER
//   tensorflow: TF_CONFIG with the master as chief and without evaluators
// A replica the framework gives no role (PyTorch: ps, evaluator; MXNet: evaluator) is a valid
// situation in a shared entrypoint: it gets CLUSTER_ROLE (its task type) alone, and
// env_comment() says why. `framework` may be an alias (torch). Throws catalog::InvalidInput for
// an unknown framework (listing the valid ones), and for MXNet on every replica of a cluster
// without parameter servers (MXNet's distributed kvstore aborts without one: the message says
// what to do instead) or whose master host does not resolve.
EnvVars framework_env(const ParsedSpec& spec, std::string_view framework, const Resolver& resolve = resolve_ipv4);

// One line saying that this replica joins no process group of the framework ("ps:0 joins no
// PyTorch process group ..."); empty when the framework gives it a role.
std::string env_comment(const ParsedSpec& spec, std::string_view framework);

// Renders variables: "sh" (export NAME='value', for eval), "dotenv" (NAME=value, quoted when
// needed) or "json" (an object of name -> value); a comment, when given, is a first "# " line
// (not in JSON). Throws catalog::InvalidInput for another format.
std::string render_env(const EnvVars& vars, std::string_view format, const std::string& comment = "");

} // namespace lib::cluster
