#include "catalog/catalog_set.hpp"
#include "catalog/error.hpp"
#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "lib/cluster/framework_env.hpp"
#include "util/file.hpp"

#include <cstdlib>

namespace cli {

// What `rtcat cluster-env --help` says after the options (Command::help).
const std::string_view k_cluster_env_help = R"EX(Formats (--format): sh (default; export lines for eval), dotenv, json.
  pytorch:    MASTER_ADDR, MASTER_PORT, WORLD_SIZE (master + workers), RANK (master 0, worker N -> N+1)
  mxnet:      DMLC_ROLE (master scheduler, worker worker, ps server), DMLC_PS_ROOT_URI (the
              master's host resolved to an IPv4 address here, in the replica: ps-lite's scheduler
              binds it), DMLC_PS_ROOT_PORT, DMLC_NUM_WORKER, DMLC_NUM_SERVER; refused for a
              cluster without parameter servers, where MXNet's distributed kvstore aborts
  tensorflow: TF_CONFIG with the master as chief, without evaluators
A replica the framework gives no role (PyTorch: ps and evaluator; MXNet: evaluator) gets
CLUSTER_ROLE=<its type> alone, after a comment saying it joins no process group; exit 0, so a
shared entrypoint with `set -e` goes on. --framework torch is pytorch. Both forms of
CLUSTER_SPEC are read: AI Platform's (master, worker, ps, evaluator) and Vertex AI's
(workerpool0..3, the same roles in that order), so one entrypoint runs before and after the move.

Examples:
  eval "$(rtcat cluster-env --framework pytorch)"          # in a container's entrypoint
  rtcat cluster-env --framework mxnet --spec spec.json --format json
  rtcat cluster-env --framework tensorflow --format dotenv > cluster.env

Exit codes: 0 printed (also for a replica with no role), 2 CLUSTER_SPEC missing, not JSON or inconsistent;
for mxnet also no parameter server, or a master host that does not resolve.)EX";

namespace {

struct ClusterEnvArgs {
  std::string framework;
  std::string spec;
};

// Declares the arguments and options that fill a ClusterEnvArgs.
void declare_cluster_env(Options& sub, ClusterEnvArgs& a) {
  sub.add_option("--framework", a.framework, "pytorch (or torch), mxnet or tensorflow")
      ->required()
      ->check(one_of(lib::cluster::env_framework_names()));
  sub.add_option("--spec", a.spec, "Read CLUSTER_SPEC from this file instead of the environment")->type_name("FILE");
}

int run_cluster_env(Context& ctx, const ClusterEnvArgs& a) {
  std::string format = ctx.format();
  std::string text;
  std::string origin = "CLUSTER_SPEC";
  if (!a.spec.empty()) {
    text = util::read_file(a.spec);
    origin = util::input_name(a.spec);
  } else if (const char* env = std::getenv("CLUSTER_SPEC")) {
    text = env;
  } else {
    throw catalog::InvalidInput(
        "CLUSTER_SPEC is not set: run cluster-env inside a replica of a custom-container job, or pass --spec FILE");
  }
  auto spec = lib::cluster::parse_cluster_spec(text, origin);
  // A replica the framework gives no role (a PyTorch parameter server or evaluator) gets
  // CLUSTER_ROLE and a comment, and exit 0: a shared entrypoint runs this on every replica.
  ctx.out(lib::cluster::render_env(lib::cluster::framework_env(spec, a.framework), format,
                                   lib::cluster::env_comment(spec, a.framework)));
  return k_exit_ok;
}

} // namespace

Action define_cluster_env(Options& sub, Context& ctx) {
  return define_command(sub, ctx, declare_cluster_env, run_cluster_env);
}

} // namespace cli
