#include "cli/context.hpp"
#include "lib/frameworks.hpp"
#include "lib/upgrade.hpp"

#include <CLI/CLI.hpp>

#include "render/json.hpp"
#include "render/upgrade.hpp"

namespace cli {

namespace {

struct UpgradeArgs {
  std::string runtime;
  std::string python;
  std::vector<std::string> frameworks;
  std::vector<std::string> requires_;
  std::string service = "training";
  std::string strategy = "newest";
  int min_days = 0;
  int max = 5;
};

int run_upgrade(Context& ctx, const UpgradeArgs& a) {
  std::string format = ctx.format("upgrade", {"table", "json"});
  lib::UpgradeRequest req;
  req.base.runtime = a.runtime;
  if (!a.python.empty()) {
    req.base.python = catalog::Version::parse(a.python);
  }
  for (const auto& f : a.frameworks) {
    req.base.frameworks.push_back(lib::framework_key(f));
  }
  for (const auto& r : a.requires_) {
    req.base.requires_.push_back(catalog::pep440::Requirement::parse(r));
  }
  req.base.service = a.service;
  req.base.on = ctx.today();
  req.base.warn_days = ctx.g.warn_days;
  req.base.platform = ctx.g.platform;
  req.strategy = lib::parse_strategy(a.strategy);
  req.min_days = a.min_days;
  req.max = static_cast<size_t>(a.max);
  lib::UpgradePlan plan = lib::plan_upgrade(ctx.catalogs(), req);

  if (format == "json") {
    ctx.out(render::json_upgrade(req, plan));
    return ctx.exit_for(plan.findings);
  }
  ctx.out(render::upgrade_text(req, plan, ctx.g.quiet, ctx.color()));
  return ctx.exit_for(plan.findings);
}

} // namespace

void register_upgrade(CLI::App& app, Context& ctx) {
  auto args = std::make_shared<UpgradeArgs>();
  auto* sub = app.add_subcommand("upgrade",
                                 "What to upgrade or migrate to from a runtime, what changes, and for how long it stays valid");
  sub->add_option("-r,--runtime", args->runtime, "Current runtime version or image id (1.15, CATALOG:ID)")->required();
  sub->add_option("-p,--python", args->python, "Python version the job uses now")->type_name("X.Y");
  sub->add_option("--framework", args->frameworks,
                  "Framework the job uses (tensorflow, scikit-learn, xgboost, pytorch); repeatable")
      ->type_name("NAME");
  sub->add_option("--require", args->requires_, "A PEP 440 requirement the job installs, like 'tensorflow>=2.11'; repeatable")
      ->type_name("SPEC");
  sub->add_option("--service", args->service, "training (jobs) or prediction (model versions)")
      ->check(CLI::IsMember({"training", "prediction"}));
  sub->add_option("--strategy", args->strategy, "newest (latest version first) or nearest (smallest step first)")
      ->check(CLI::IsMember({"newest", "nearest"}));
  sub->add_option("--min-days", args->min_days, "Only candidates still usable this many days after the date")
      ->check(CLI::Range(0, catalog::k_max_span_days));
  sub->add_option("--max", args->max, "At most this many candidates")->check(CLI::Range(1, 100));
  sub->footer(R"(Examples:
  rtcat upgrade --runtime 1.14 --python 2.7 --at 2019-11-30
  rtcat upgrade --runtime 1.15 --strategy nearest --min-days 180 --at 2020-02-01
  rtcat upgrade --runtime 2.1 --framework scikit-learn --service prediction --at 2025-06-01
  rtcat upgrade --runtime 1.15 --framework tensorflow --at 2025-03-01 --format json

After the platform's sunset (ai-platform: 2025-02-01) the candidates are images of the
successor catalog for the service (vertex-training, vertex-prediction), by framework and
version, then Python. Rule ids: unknown-runtime, no-candidate, framework-unknown, stale-data.
Exit codes: 0 candidates found, 1 no candidate or unknown runtime, 2 input error.)");
  sub->callback([&ctx, args] { ctx.action = [&ctx, args] { return run_upgrade(ctx, *args); }; });
}

} // namespace cli
