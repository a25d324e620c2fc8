#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "lib/check.hpp"
#include "lib/frameworks.hpp"

#include <CLI/CLI.hpp>

#include "render/json.hpp"
#include "render/text.hpp"

namespace cli {

namespace {

struct CheckArgs {
  std::string runtime;
  std::string python;
  std::vector<std::string> frameworks;
  std::vector<std::string> requires_;
  std::string service = "training";
  bool deployed = false;
};

int run_check(Context& ctx, const CheckArgs& a) {
  std::string format = ctx.format("check", {"table", "json"});
  lib::Request req;
  req.runtime = a.runtime;
  if (!a.python.empty()) {
    req.python = catalog::Version::parse(a.python);
  }
  for (const auto& f : a.frameworks) {
    req.frameworks.push_back(lib::framework_key(f));
  }
  for (const auto& r : a.requires_) {
    req.requires_.push_back(catalog::pep440::Requirement::parse(r));
  }
  req.service = a.service;
  req.deployed = a.deployed;
  req.on = ctx.today();
  req.warn_days = ctx.g.warn_days;
  req.platform = ctx.g.platform;
  lib::CheckResult res = lib::check(ctx.catalogs(), req);

  if (format == "json") {
    ctx.out(render::json_check(req, res));
    return ctx.exit_for(res.findings);
  }
  ctx.out(render::check_text(req, res, a.python, ctx.g.quiet, ctx.color()));
  return ctx.exit_for(res.findings);
}

} // namespace

Action define_check(CLI::App& sub, Context& ctx) {
  auto args = std::make_shared<CheckArgs>();
  sub.add_option("-r,--runtime", args->runtime, "Runtime version or image id (2.11, tf-cpu.2-17.py310, CATALOG:ID)")->required();
  sub.add_option("-p,--python", args->python, "Python version the job uses")->type_name("X.Y");
  sub.add_option("--framework", args->frameworks,
                 "Framework the job uses (scikit-learn, xgboost, tensorflow, pytorch); repeatable")
      ->type_name("NAME")
      ->allow_extra_args(false);
  sub.add_option("--require", args->requires_, "A PEP 440 requirement the job installs, like 'tensorflow>=2.11'; repeatable")
      ->type_name("SPEC")
      ->allow_extra_args(false);
  sub.add_option("--service", args->service, "training (jobs) or prediction (model versions)")
      ->check(CLI::IsMember({"training", "prediction"}));
  sub.add_flag("--deployed", args->deployed, "Judge an existing deployed resource rather than new work");
  return [&ctx, args] { return run_check(ctx, *args); };
}

} // namespace cli
