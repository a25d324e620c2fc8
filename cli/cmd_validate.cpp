#include "catalog/error.hpp"
#include "cli/context.hpp"
#include "lib/frameworks.hpp"
#include "lib/jobs/job_rules.hpp"
#include "lib/jobs/parsers.hpp"
#include "util/file.hpp"
#include "util/text.hpp"

#include <CLI/CLI.hpp>

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

int run_validate(Context& ctx, const ValidateArgs& a) {
  std::string format = ctx.format("validate", {"table", "json"});
  if (a.files.empty() && a.gcloud.empty()) {
    throw catalog::InvalidInput(
        "validate needs a job file or --gcloud \"gcloud ai-platform jobs submit training ...\" (see 'rtcat validate --help')");
  }
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
    auto reqs = lib::jobs::read_requirements(util::read_file(path), path);
    opt.requirements.insert(opt.requirements.end(), reqs.begin(), reqs.end());
  }
  for (const auto& f : a.frameworks) {
    opt.frameworks.push_back(lib::framework_key(f));
  }
  std::vector<lib::Finding> all;
  std::string text;
  for (const auto& job : jobs) {
    auto findings = lib::jobs::validate_job(ctx.catalogs(), job, opt);
    text += render::findings_text(findings, ctx.color());
    if (!ctx.g.quiet) {
      text += job.path + ": " + render::counts_text(findings) + "\n";
    }
    all.insert(all.end(), findings.begin(), findings.end());
  }
  ctx.out(format == "json" ? render::json_findings(all) : text);
  return ctx.exit_for(all);
}

} // namespace

void register_validate(CLI::App& app, Context& ctx) {
  auto args = std::make_shared<ValidateArgs>();
  auto* sub = app.add_subcommand("validate", "Check training job specs: REST JSON, gcloud config.yaml or a gcloud command line");
  sub->add_option("files", args->files,
                  "Job files: REST JSON (.json: a Job or a bare trainingInput), gcloud config.yaml (.yaml/.yml), or a gcloud "
                  "command line (.sh, .txt)")
      ->type_name("FILE");
  sub->add_option("--gcloud", args->gcloud,
                  "A 'gcloud ai-platform jobs submit training ...' command line (also ml-engine); repeatable")
      ->type_name("COMMAND");
  sub->add_option("--requirements", args->requirements,
                  "What the job installs: a requirements.txt, or a setup.py with a literal install_requires / REQUIRED_PACKAGES "
                  "list; repeatable")
      ->type_name("FILE");
  sub->add_option("--framework", args->frameworks,
                  "A framework the job trains with (scikit-learn, xgboost, tensorflow); repeatable")
      ->type_name("NAME");
  sub->footer(R"EX(Checks: runtimeVersion open on --at and pythonVersion on it; runtimeVersion/pythonVersion
required from 2020-01-13 unless masterConfig.imageUri is set; scaleTier, machine types and
counts; packageUris (.tar.gz/.whl on gs://) and pythonModule; scikit-learn/XGBoost runtimes;
requirements over the runtime's pins; images defaulting to the master's; evaluators.
Rule ids and JSON fields: README, section "Training jobs".

Examples:
  rtcat validate job.json --at 2020-06-01
  rtcat validate config.yaml --requirements requirements.txt --format json
  rtcat validate --gcloud "gcloud ai-platform jobs submit training j1 --runtime-version 2.1 --python-version 3.7 \
      --package-path trainer --module-name trainer.task --region us-central1"
  rtcat validate submit.sh --requirements setup.py --fail-on warning

Exit codes: 0 no finding at or above --fail-on, 1 findings, 2 unreadable or malformed input.)EX");
  sub->callback([&ctx, args] { ctx.action = [&ctx, args] { return run_validate(ctx, *args); }; });
}

} // namespace cli
