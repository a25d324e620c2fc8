#include "cli/commands.hpp"
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

Action define_upgrade(CLI::App& sub, Context& ctx) {
  auto args = std::make_shared<UpgradeArgs>();
  sub.add_option("-r,--runtime", args->runtime, "Current runtime version or image id (1.15, CATALOG:ID)")->required();
  sub.add_option("-p,--python", args->python, "Python version the job uses now")->type_name("X.Y");
  sub.add_option("--framework", args->frameworks,
                 "Framework the job uses (tensorflow, scikit-learn, xgboost, pytorch); repeatable")
      ->type_name("NAME");
  sub.add_option("--require", args->requires_, "A PEP 440 requirement the job installs, like 'tensorflow>=2.11'; repeatable")
      ->type_name("SPEC");
  sub.add_option("--service", args->service, "training (jobs) or prediction (model versions)")
      ->check(CLI::IsMember({"training", "prediction"}));
  sub.add_option("--strategy", args->strategy, "newest (latest version first) or nearest (smallest step first)")
      ->check(CLI::IsMember({"newest", "nearest"}));
  sub.add_option("--min-days", args->min_days, "Only candidates still usable this many days after the date")
      ->check(CLI::Range(0, catalog::k_max_span_days));
  sub.add_option("--max", args->max, "At most this many candidates")->check(CLI::Range(1, 100));
  return [&ctx, args] { return run_upgrade(ctx, *args); };
}

} // namespace cli
