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

// What `rtcat validate --help` says after the options (Command::help).
const std::string_view k_validate_help =
    R"EX(Checks: runtimeVersion open on --at and pythonVersion on it; runtimeVersion/pythonVersion
required from 2020-01-13 unless masterConfig.imageUri is set; scaleTier, machine types and
counts; packageUris (.tar.gz/.whl on gs://) and pythonModule; scikit-learn/XGBoost runtimes;
requirements over the runtime's pins; images defaulting to the master's; evaluators.
A file with a top-level jobId is a complete job. A file holding only trainingInput is a gcloud
--config fragment: what the command line usually gives (--runtime-version, --python-version,
--package-path, --module-name), when missing, is a note naming the flag; what the file states
is judged strictly. Validate the script (or --gcloud) to judge the merged job.
Rule ids and JSON fields: docs/reference/commands.md, "Training jobs and distributed clusters".

Examples:
  rtcat validate job.json --at 2020-06-01
  rtcat validate config.yaml --requirements requirements.txt --format json
  rtcat validate --gcloud "gcloud ai-platform jobs submit training j1 --runtime-version 2.1 --python-version 3.7 \
      --package-path trainer --module-name trainer.task --region us-central1"
  rtcat validate submit.sh --requirements setup.py --fail-on warning

Exit codes: 0 no finding at or above --fail-on, 1 findings, 2 unreadable or malformed input.)EX";

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
  std::string format = ctx.format();
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
    lib::catalogs_in_scope(ctx.catalogs(), ctx.scope(lib::Service::training)); // checks the name
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
