#include "catalog/error.hpp"
#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "lib/core/frameworks.hpp"
#include "lib/jobs/job_rules.hpp"
#include "lib/jobs/parsers.hpp"
#include "util/file.hpp"
#include "util/text.hpp"

#include "render/findings.hpp"
#include "render/json.hpp"

namespace cli {

namespace {

struct ValidateArgs {
  std::vector<std::string> files;
  std::vector<std::string> gcloud;
  std::vector<std::string> requirements;
  std::vector<std::string> frameworks;
};

// Declares the arguments and options that fill a ValidateArgs.
void declare_validate(Options& sub, ValidateArgs& a) {
  sub.add_option("files", a.files,
                 "Job files: REST JSON (.json: a Job or a bare trainingInput), gcloud config.yaml (.yaml/.yml), or a gcloud "
                 "command line (.sh, .txt); - reads standard input (its form told by its content)")
      ->type_name("FILE");
  sub.add_option("--gcloud", a.gcloud,
                 "A 'gcloud ai-platform jobs submit training ...' command line (also ml-engine); repeatable")
      ->type_name("COMMAND");
  sub.add_option("--requirements", a.requirements,
                 "What the job installs: a requirements.txt, or a setup.py with a literal install_requires / REQUIRED_PACKAGES "
                 "list; repeatable")
      ->type_name("FILE");
  sub.add_option("--framework", a.frameworks, "A framework the job trains with (scikit-learn, xgboost, tensorflow); repeatable")
      ->type_name("NAME");
}

int run_validate(Context& ctx, const ValidateArgs& a) {
  std::string format = ctx.format("validate", {"table", "json"});
  if (a.files.empty() && a.gcloud.empty()) {
    throw catalog::InvalidInput(
        "validate needs a job file or --gcloud \"gcloud ai-platform jobs submit training ...\" (see 'rtcat validate --help')");
  }
  stdin_once({&a.files, &a.requirements});
  std::vector<lib::jobs::JobSpec> jobs;
  for (const auto& f : a.files) {
    jobs.push_back(lib::jobs::read_job_file(f));
  }
  for (const auto& g : a.gcloud) {
    jobs.push_back(lib::jobs::parse_gcloud(g, "--gcloud", ""));
  }
  lib::jobs::RuleOptions opt;
  opt.on = ctx.today();
  opt.warn_days = ctx.g.warn_days;
  if (!ctx.g.platform.empty()) {
    lib::catalogs_in_scope(ctx.catalogs(), ctx.scope("training")); // checks the name
    opt.platform = ctx.g.platform;
  }
  for (const auto& path : a.requirements) {
    auto reqs = lib::jobs::read_requirements(util::read_file(path), util::input_name(path));
    opt.requirements.insert(opt.requirements.end(), reqs.begin(), reqs.end());
  }
  for (const auto& f : a.frameworks) {
    opt.frameworks.push_back(lib::known_framework(f, lib::catalogs_in_scope(ctx.catalogs(), {})));
  }
  std::vector<lib::Finding> all;
  std::string text;
  lib::SaidOnce said_once;
  for (const auto& job : jobs) {
    auto findings = lib::jobs::validate_job(ctx.catalogs(), job, opt);
    std::erase_if(findings, [&](const lib::Finding& f) { return said_once.repeated(f); });
    text += render::findings_text(findings, ctx.color(), ctx.width());
    if (!ctx.g.quiet) {
      text += job.path + ": " + render::counts_text(findings) + "\n";
    }
    all.insert(all.end(), findings.begin(), findings.end());
  }
  ctx.out(format == "json" ? render::json_findings(all) : text);
  return ctx.exit_for(all);
}

} // namespace

Action define_validate(Options& sub, Context& ctx) {
  return define_command(sub, ctx, declare_validate, run_validate);
}

} // namespace cli
