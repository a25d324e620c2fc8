#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "lib/core/check.hpp"

#include "render/json.hpp"
#include "render/text.hpp"

namespace cli {

// What `rtcat check --help` says after the options (Command::help).
const std::string_view k_check_help = R"(Examples:
  rtcat check --runtime 1.15 --python 3.7 --at 2020-06-01
  rtcat check --runtime 2.1 --framework scikit-learn --service prediction
  rtcat check --runtime 2.1 --require 'tensorflow>=2.3' --service prediction --format json
  rtcat check --runtime vertex-prediction:sklearn-cpu.1-6 --warn-days 365)";

namespace {

struct CheckArgs {
  JobArgs job;
  bool deployed = false;
};

// Declares the arguments and options that fill a CheckArgs.
void declare_check(Options& sub, CheckArgs& a) {
  add_job_options(sub, a.job,
                  {.runtime = "Runtime version or image id (2.11, tf-cpu.2-17.py310, CATALOG:ID)",
                   .python = "Python version the job uses",
                   .framework = "Framework the job uses (scikit-learn, xgboost, tensorflow, pytorch); repeatable",
                   .one_value_per_flag = true});
  sub.add_flag("--deployed", a.deployed, "Judge an existing deployed resource rather than new work");
}

int run_check(Context& ctx, const CheckArgs& a) {
  std::string format = ctx.format();
  lib::Request req = job_request(ctx, a.job);
  req.deployed = a.deployed;
  lib::CheckResult res = lib::check(ctx.catalogs(), req);

  if (format == "json") {
    ctx.out(render::json_check(req, res));
    return ctx.exit_for(res.findings);
  }
  ctx.out(render::check_text(req, res, a.job.python, ctx.g.quiet, ctx.color(), ctx.width()));
  return ctx.exit_for(res.findings);
}

} // namespace

Action define_check(Options& sub, Context& ctx) {
  return define_command(sub, ctx, declare_check, run_check);
}

} // namespace cli
