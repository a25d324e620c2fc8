#include "catalog/error.hpp"
#include "cli/context.hpp"
#include "lib/report.hpp"
#include "lib/scan/scan.hpp"
#include "util/file.hpp"

#include <CLI/CLI.hpp>

#include "render/report.hpp"

namespace cli {

namespace {

struct ReportArgs {
  std::vector<std::string> inventories;
  std::vector<std::string> scan_paths;
  std::string output;
};

// Source-tree findings for the report, from the scan library.
std::vector<lib::Finding> scan_findings(Context& ctx, const std::vector<std::string>& paths) {
  lib::scan::ScanOptions o;
  o.walk.paths = paths;
  o.on = ctx.today();
  o.warn_days = ctx.g.warn_days;
  return lib::scan::scan(ctx.catalogs(), o).findings;
}

int run_report(Context& ctx, const ReportArgs& a) {
  std::string format = ctx.format("report", {"markdown", "html", "json", "csv"});
  if (a.inventories.empty() && a.scan_paths.empty()) {
    throw catalog::InvalidInput("report needs at least one --inventory FILE (or --scan PATH)");
  }
  lib::Report rep = lib::build_report(ctx.catalogs(), a.inventories, ctx.today(), ctx.g.warn_days, ctx.g.platform);
  if (!a.scan_paths.empty()) {
    lib::add_scan_findings(rep, scan_findings(ctx, a.scan_paths));
  }
  std::string text = format == "html"   ? render::report_html(rep)
                     : format == "json" ? render::report_json(rep)
                     : format == "csv"  ? render::report_csv(rep)
                                        : render::report_markdown(rep);
  if (a.output.empty() || a.output == "-") {
    ctx.out(text);
  } else {
    util::write_atomically(a.output, text);
  }
  std::vector<lib::Finding> all = rep.findings;
  for (const auto& row : rep.rows) {
    all.insert(all.end(), row.verdict.findings.begin(), row.verdict.findings.end());
  }
  return ctx.exit_for(all);
}

} // namespace

void register_report(CLI::App& app, Context& ctx) {
  auto args = std::make_shared<ReportArgs>();
  auto* sub =
      app.add_subcommand("report", "The migration report: what breaks, when, and what to move to, for everything you own");
  sub->add_option("--inventory", args->inventories,
                  "Inventory export (as for audit: gcloud jobs/versions list JSON, or JSONL); repeatable")
      ->type_name("FILE");
  sub->add_option("--scan", args->scan_paths,
                  "Source tree to scan for runtime references (joins in once `rtcat scan` exists); repeatable")
      ->type_name("PATH");
  sub->add_option("-o,--output", args->output, "Write the report to this file (atomically) instead of stdout")->type_name("FILE");
  sub->footer(R"(Examples:
  rtcat report --inventory data/examples/jobs.json --inventory data/examples/versions.json --at 2024-12-01
  rtcat report --inventory data/examples/inventory.jsonl --format html -o report.html --at 2024-12-01
  rtcat report --inventory jobs.json --format csv > affected.csv

Formats (--format): markdown (default), html (one self-contained file: inline CSS and SVG, no
script), json, csv (the affected resources). The report has a headline (how many resources
need action and the next deadline), one section per runtime in use with the targets `upgrade`
recommends, the lifecycle timeline (HTML) and every affected resource, most urgent first.
Exit codes: 0 nothing at or above --fail-on, 1 affected resources at or above it, 2 input error.)");
  sub->callback([&ctx, args] { ctx.action = [&ctx, args] { return run_report(ctx, *args); }; });
}

} // namespace cli
