#include "catalog/error.hpp"
#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "cli/output.hpp"
#include "lib/fleet/audit.hpp"

#include "render/audit.hpp"

namespace cli {

// What `rtcat audit --help` says after the options (Command::help).
const std::string_view k_audit_help = R"(Examples:
  gcloud ai-platform jobs list --format=json > jobs.json
  gcloud ai-platform versions list --model my_model --format=json > versions.json
  gcloud ai-platform jobs describe my_job > job.yaml       # YAML documents and single objects too
  rtcat audit jobs.json versions.json --at 2024-12-01
  rtcat audit inventory.jsonl --format csv > status.csv
  rtcat audit data/examples/jobs.json --format json --fail-on never
  gcloud ai models list --region us-central1 --format=json > models.json
  gcloud ai endpoints list --region us-central1 --format=json > endpoints.json
  gcloud ai custom-jobs list --region us-central1 --format=json > jobs.json
  rtcat audit models.json endpoints.json jobs.json --max-data-age 90d

Formats: text (findings, compiler style, then a summary by status), json, jsonl (one resource per
line, then the summary), csv. Model versions are judged as deployed, jobs as new work (a re-run).
Vertex AI models, custom jobs, hyperparameter tuning jobs, training pipelines and endpoints are
judged once per image they name (a prebuilt image by the vertex catalogs; a custom image is
"custom image: not tracked"); an endpoint's deployed models by the model records of the same run
(deployed-model-missing when there is none).
Rule ids: the lifecycle rules of check (submission-end, deletion, support-end, availability-end,
expiring, lifecycle-unknown, python-unsupported, ...), plus custom-container,
runtime-version-required (formerly missing-runtime), unknown-runtime, invalid-field,
malformed-record, deployed-model-missing, inventory-disagrees (the record contradicts the
catalog while the platform runs), stale-export (the record lists alive a resource of a platform
shut down before the date); 'rtcat rules' lists them all. report counts the same verdicts.
Exit codes: 0 nothing at or above --fail-on, 1 findings (malformed records are errors), 2 input error.)";

namespace {

struct AuditArgs {
  std::vector<std::string> files;
  bool strict = false;
};

// Declares the arguments and options that fill a AuditArgs.
void declare_audit(Options& sub, AuditArgs& a) {
  sub.add_option("files", a.files,
                 "Inventory files: `gcloud ai-platform jobs list --format=json`, `gcloud ai-platform versions list "
                 "--format=json`, `gcloud ai models|custom-jobs|hp-tuning-jobs|endpoints list --format=json` (JSON "
                 "arrays), JSON Lines, or REST list responses ({\"models\": [...], \"nextPageToken\": ...}); - reads "
                 "standard input")
      ->required()
      ->type_name("FILE");
  sub.add_flag("--strict", a.strict, "Stop with an input error (exit 2) at the first malformed record");
}

// With --strict, a first pass stops at the first malformed record before anything is written.
void validate_strictly(const std::vector<std::string>& files) {
  for (const auto& path : files) {
    lib::read_inventory(
        path, [](const lib::Resource&) {},
        [](const lib::Malformed& m) {
          throw catalog::InvalidInput(m.path + ":" + std::to_string(m.line) + ":" + std::to_string(m.column) + ": " + m.message +
                                      " (--strict stops here; without it the other records are audited)");
        });
  }
}

int run_audit(Context& ctx, const AuditArgs& a) {
  std::string format = ctx.format();
  const catalog::Date on = ctx.today();
  stdin_once({&a.files});
  lib::Auditor auditor(ctx.catalogs(), on, ctx.g.warn_days, ctx.g.platform);
  if (a.strict) {
    validate_strictly(a.files);
  }
  lib::AuditSummary summary;
  render::AuditWriter writer(render::audit_format(format), on, ctx.color(), ctx.width());
  Output out(""); // stdout, in large blocks as the audit goes: memory stays flat
  out.put(writer.begin());
  auto on_resource = [&](const lib::Resource& r) {
    const lib::Verdict& v = auditor.judge(r);
    summary.add(v);
    writer.append_resource(out.buffer(), r, v);
    out.written();
  };
  auto on_malformed = [&](const lib::Malformed& m) {
    summary.add_malformed();
    out.put(writer.malformed(m));
  };
  lib::Units units(on_resource, &ctx.catalogs());
  lib::Listings listings;
  for (const auto& path : a.files) {
    listings.add(lib::read_inventory(
        path, [&](const lib::Resource& r) { units.add(r); }, on_malformed));
  }
  units.finish();
  summary.incomplete = listings.incomplete();
  return finish_inventory_output(out, writer.end(summary, a.files.size(), ctx.g.quiet), summary.incomplete,
                                 lib::fails(summary.worst, ctx.fail_threshold()));
}

} // namespace

Action define_audit(Options& sub, Context& ctx) {
  return define_command(sub, ctx, declare_audit, run_audit);
}

} // namespace cli
