#include "catalog/catalog_set.hpp"
#include "catalog/error.hpp"
#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "lib/cluster/framework_env.hpp"
#include "util/file.hpp"

#include <cstdlib>

namespace cli {

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
  std::string format = ctx.format("cluster-env", {"sh", "json", "dotenv"});
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
