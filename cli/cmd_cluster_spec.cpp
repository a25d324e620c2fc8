#include "catalog/error.hpp"
#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "cli/migrate_options.hpp"
#include "cli/output.hpp"
#include "lib/cluster/cluster_spec.hpp"
#include "lib/cluster/framework_env.hpp"
#include "lib/cluster/tf_config.hpp"
#include "lib/jobs/parsers.hpp"
#include "lib/migrate/migrate.hpp"

#include "render/vertex.hpp"

namespace cli {

// What `rtcat cluster-spec --help` says after the options (Command::help).
const std::string_view k_cluster_spec_help =
    R"EX(The master is "chief" in TF_CONFIG when useChiefInTfConfig is true, when the job has evaluators,
or on runtime 2.1 and later; evaluators are not in TF_CONFIG's cluster. Worker, ps and evaluator
images default to the master's. Addresses are not known before the job runs: --host-pattern
stands in for them. --as vertex prints what Vertex AI sets on the migrated job: CLUSTER_SPEC
names pools workerpool0..3 (primary, workers, parameter servers, evaluators), TF_CONFIG names
them chief, worker, ps, evaluator, and both carry as `job` the CustomJobSpec that `migrate`
writes (camelCase REST JSON; a trial: the trialJobSpec; the prebuilt image picked on --at).

Examples:
  rtcat cluster-spec job.json
  rtcat cluster-spec job.json --as vertex --replica workerpool1:0 --at 2025-06-01
  rtcat cluster-spec config.yaml --replica worker:1 --trial 3
  rtcat cluster-spec job.json --format json --host-pattern '{job}-{type}-{index}.svc:2222'
  eval "$(rtcat cluster-spec job.json --replica master:0)"   # exports CLUSTER_SPEC and TF_CONFIG

Exit codes: 0 printed, 2 unreadable or malformed job, or a job whose replicas the service chooses.)EX";

namespace {

struct ClusterSpecArgs {
  std::string file;
  std::string gcloud;
  std::string replica;
  long trial = 0;
  std::string host_pattern = lib::cluster::k_default_host_pattern;
  std::string as = "legacy";
  MigrateChoices choices; // --as vertex
};

// Declares the arguments and options that fill a ClusterSpecArgs.
void declare_cluster_spec(Options& sub, ClusterSpecArgs& a) {
  sub.add_option("file", a.file, "The job: REST JSON, gcloud config.yaml or a gcloud command line file (- for standard input)")
      ->type_name("FILE");
  sub.add_option("--gcloud", a.gcloud, "The job as a 'gcloud ai-platform jobs submit training ...' command line")
      ->type_name("COMMAND");
  sub.add_option("--replica", a.replica,
                 "Only this replica: master:0, worker:N, ps:N or evaluator:N (or workerpool0:0, workerpool1:N, ...)")
      ->type_name("TYPE:INDEX");
  sub.add_option("--trial", a.trial, "Hyperparameter trial id (from 1) in task.trial; tuning jobs default to 1")
      ->type_name("N")
      ->check(range(1L, 1000000L));
  sub.add_option("--host-pattern", a.host_pattern, "Replica addresses, with {type}, {index} and optionally {job}")
      ->type_name("PATTERN");
  sub.add_option("--as", a.as,
                 "legacy: as AI Platform Training sets them (default); vertex: as Vertex AI sets them on the migrated job "
                 "(pools workerpool0..3)")
      ->type_name("legacy|vertex")
      ->check(one_of({"legacy", "vertex"}));
  add_migrate_choices(sub, a.choices);
}

// The CustomJobSpec `migrate` writes for the job (a trial of a tuning job: its trialJobSpec, with the
// trial's own output directory, as Vertex AI sets it), as JSON; "" with a note on stderr when the job
// cannot be migrated (the note says why; --framework or --image give what is missing).
std::string migrated_job_spec(Context& ctx, const lib::jobs::JobSpec& job, const std::optional<long>& trial,
                              const MigrateChoices& choices) {
  lib::migrate::Options opt = migrate_options(choices, ctx.today(), ctx.catalogs());
  try {
    lib::migrate::VertexJob v = lib::migrate::migrate_job(ctx.catalogs(), job, opt);
    if (v.study && !v.output_uri_prefix.empty()) {
      v.output_uri_prefix += "/" + std::to_string(trial.value_or(1));
    }
    return render::vertex_job_spec_json(v);
  } catch (const catalog::InvalidInput& e) {
    print_error(std::string("note: `job` is left out: the job cannot be migrated (") + e.what() +
                "); --framework NAME or --image URI give what is missing\n");
    return "";
  }
}

int run_cluster_spec(Context& ctx, const ClusterSpecArgs& a) {
  std::string format = ctx.format();
  if (a.file.empty() == a.gcloud.empty()) {
    throw catalog::InvalidInput("cluster-spec needs one job: a FILE or --gcloud \"gcloud ai-platform jobs submit training ...\"");
  }
  lib::jobs::JobSpec job = a.file.empty() ? lib::jobs::parse_gcloud(a.gcloud, "--gcloud", "") : lib::jobs::read_job_file(a.file);
  lib::cluster::ReplicaOptions opt;
  opt.host_pattern = a.host_pattern;
  opt.vertex = a.as == "vertex";
  if (a.trial != 0) {
    opt.trial = a.trial;
  }
  if (!a.replica.empty()) {
    opt.replica = a.replica;
  }
  const MigrateChoices& c = a.choices;
  if (!opt.vertex && (!c.image.empty() || !c.framework.empty() || !c.machine_types.empty())) {
    throw catalog::InvalidInput("--image, --framework and --machine-type choose the migrated job's `job`: they need --as vertex");
  }
  if (opt.vertex) {
    opt.vertex_job = migrated_job_spec(ctx, job, opt.trial, c);
  }
  auto replicas = lib::cluster::job_replicas(job, opt);
  if (format == "json") {
    ctx.out(lib::cluster::replicas_json(replicas));
    return k_exit_ok;
  }
  std::string out;
  for (const auto& r : replicas) {
    out += "# " + r.type + " " + std::to_string(r.index) +
           (r.image_uri ? "  image " + *r.image_uri : "  runtime " + job.runtime_version.value_or("(not set)")) + "\n";
    out += lib::cluster::render_env({{"CLUSTER_SPEC", r.cluster_spec}, {"TF_CONFIG", r.tf_config}}, "sh");
  }
  ctx.out(out);
  return k_exit_ok;
}

} // namespace

Action define_cluster_spec(Options& sub, Context& ctx) {
  return define_command(sub, ctx, declare_cluster_spec, run_cluster_spec);
}

} // namespace cli
