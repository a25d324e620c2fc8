#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "lib/core/upgrade.hpp"

#include "render/json.hpp"
#include "render/upgrade.hpp"

namespace cli {

// What `rtcat upgrade --help` says after the options (Command::help).
const std::string_view k_upgrade_help = R"(Examples:
  rtcat upgrade --runtime 1.14 --python 2.7 --at 2019-11-30
  rtcat upgrade --runtime 1.15 --strategy nearest --min-days 180 --at 2020-02-01
  rtcat upgrade --runtime 2.1 --framework scikit-learn --service prediction --at 2025-06-01
  rtcat upgrade --runtime 1.15 --framework tensorflow --at 2025-03-01 --format json

After the platform's sunset (ai-platform: 2025-02-01) the candidates are images of the
successor catalog for the service (vertex-training, vertex-prediction), by framework and
version, then Python. Rule ids: unknown-runtime, no-candidate, framework-unknown, stale-data.
Exit codes: 0 candidates found, 1 no candidate or unknown runtime, 2 input error.)";

namespace {

struct UpgradeArgs {
  JobArgs job;
  std::string strategy = "newest";
  int min_days = 0;
  int max = 5;
};

// Declares the arguments and options that fill a UpgradeArgs.
void declare_upgrade(Options& sub, UpgradeArgs& a) {
  add_job_options(sub, a.job,
                  {.runtime = "Current runtime version or image id (1.15, CATALOG:ID)",
                   .python = "Python version the job uses now",
                   .framework = "Framework the job uses (tensorflow, scikit-learn, xgboost, pytorch); repeatable"});
  sub.add_option("--strategy", a.strategy, "newest (latest version first) or nearest (smallest step first)")
      ->check(one_of({"newest", "nearest"}));
  sub.add_option("--min-days", a.min_days, "Only candidates still usable this many days after the date")
      ->check(range(0, catalog::k_max_span_days));
  sub.add_option("--max", a.max, "At most this many candidates")->check(range(1, 100));
}

int run_upgrade(Context& ctx, const UpgradeArgs& a) {
  std::string format = ctx.format();
  lib::UpgradeRequest req;
  req.base = job_request(ctx, a.job);
  req.strategy = lib::parse_strategy(a.strategy);
  req.min_days = a.min_days;
  req.max = static_cast<size_t>(a.max);
  lib::UpgradePlan plan = lib::plan_upgrade(ctx.catalogs(), req);

  if (format == "json") {
    ctx.out(render::json_upgrade(req, plan));
    return ctx.exit_for(plan.findings);
  }
  ctx.out(render::upgrade_text(req, plan, ctx.g.quiet, ctx.color(), ctx.width()));
  return ctx.exit_for(plan.findings);
}

} // namespace

Action define_upgrade(Options& sub, Context& ctx) {
  return define_command(sub, ctx, declare_upgrade, run_upgrade);
}

} // namespace cli
