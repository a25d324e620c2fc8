#include "catalog/catalog_set.hpp"
#include "catalog/error.hpp"
#include "cli/context.hpp"
#include "lib/cluster/framework_env.hpp"
#include "util/file.hpp"

#include <CLI/CLI.hpp>

#include <cstdlib>

namespace cli {

namespace {

struct ClusterEnvArgs {
  std::string framework;
  std::string spec;
};

int run_cluster_env(Context& ctx, const ClusterEnvArgs& a) {
  std::string format = ctx.format("cluster-env", {"sh", "json", "dotenv"});
  std::string text;
  std::string origin = "CLUSTER_SPEC";
  if (!a.spec.empty()) {
    text = util::read_file(a.spec);
    origin = a.spec;
  } else if (const char* env = std::getenv("CLUSTER_SPEC")) {
    text = env;
  } else {
    throw catalog::InvalidInput(
        "CLUSTER_SPEC is not set: run cluster-env inside a replica of a custom-container job, or pass --spec FILE");
  }
  auto spec = lib::cluster::parse_cluster_spec(text, origin);
  ctx.out(lib::cluster::render_env(lib::cluster::framework_env(spec, a.framework), format));
  return 0;
}

} // namespace

void register_cluster_env(CLI::App& app, Context& ctx) {
  auto args = std::make_shared<ClusterEnvArgs>();
  auto* sub = app.add_subcommand("cluster-env",
                                 "Turn this replica's CLUSTER_SPEC into the variables PyTorch, MXNet or TensorFlow expect");
  sub->add_option("--framework", args->framework, "pytorch, mxnet or tensorflow")
      ->required()
      ->check(CLI::IsMember(lib::cluster::env_frameworks()));
  sub->add_option("--spec", args->spec, "Read CLUSTER_SPEC from this file instead of the environment")->type_name("FILE");
  sub->footer(R"EX(Formats (--format): sh (default; export lines for eval), dotenv, json.
  pytorch:    MASTER_ADDR, MASTER_PORT, WORLD_SIZE (master + workers), RANK (master 0, worker N -> N+1)
  mxnet:      DMLC_ROLE (master scheduler, worker worker, ps server), DMLC_PS_ROOT_URI,
              DMLC_PS_ROOT_PORT, DMLC_NUM_WORKER, DMLC_NUM_SERVER
  tensorflow: TF_CONFIG with the master as chief, without evaluators

Examples:
  eval "$(rtcat cluster-env --framework pytorch)"          # in a container's entrypoint
  rtcat cluster-env --framework mxnet --spec spec.json --format json
  rtcat cluster-env --framework tensorflow --format dotenv > cluster.env

Exit codes: 0 printed, 2 CLUSTER_SPEC missing, not JSON or inconsistent, or a role the framework lacks.)EX");
  sub->callback([&ctx, args] { ctx.action = [&ctx, args] { return run_cluster_env(ctx, *args); }; });
}

} // namespace cli
