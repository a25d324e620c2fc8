#include "catalog/error.hpp"
#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "cli/output.hpp"
#include "lib/fleet/report.hpp"
#include "lib/scan/scan.hpp"
#include "util/file.hpp"

#include "render/audit.hpp"
#include "render/report.hpp"

namespace cli {

// What `rtcat report --help` says after the options (Command::help).
const std::string_view k_report_help = R"(Examples:
  rtcat report --inventory data/examples/jobs.json --inventory data/examples/versions.json --at 2024-12-01
  rtcat report --inventory data/examples/inventory.jsonl --format html -o report.html --at 2024-12-01
  rtcat report --inventory jobs.json --format csv > affected.csv

Formats (--format): markdown (default), html (one self-contained file: inline CSS and SVG, no
script, readable on a phone, prints cleanly), json, jsonl (one affected resource a line, then a
line with the rest of json's object), csv. The report opens with what needs
action by when (one sentence, the resources by status in words, the next deadline), then the
affected resources grouped by runtime and service (counts and the five most urgent, in plain
words: "closed to new jobs 3 years 9 months ago"), then where to move: the targets `upgrade`
recommends for each framework and Python in use, an unconfirmed one marked with a dagger; then
the migrated spec per runtime: one legacy job or model version of each runtime (the most urgent
affected one that can be migrated), rewritten for Vertex AI as `rtcat migrate` does on the
report's date, with its gcloud snippet and migrate's findings (json: the array `migrated`;
Vertex AI resources are not migrated); and the lifecycle timeline (HTML). csv, json and jsonl
list every affected resource in inventory order, written as it is read (memory stays flat at any
size; the groups say what is most urgent).
-o FILE appears only complete: an error on the way (exit 2) leaves FILE as it was.
Exit codes: 0 nothing at or above --fail-on, 1 a resource's verdict (as audit gives it), a
malformed record or a --scan finding at or above it, 2 input error (migrate's findings on the
specs shown do not count).)";

namespace {

struct ReportArgs {
  std::vector<std::string> inventories;
  std::vector<std::string> scan_paths;
  std::string output;
};

// Declares the arguments and options that fill a ReportArgs.
void declare_report(Options& sub, ReportArgs& a) {
  sub.add_option("--inventory", a.inventories,
                 "Inventory export (as for audit: gcloud list JSON, JSONL, YAML or REST list responses; - for standard input); "
                 "repeatable")
      ->type_name("FILE");
  sub.add_option("--scan", a.scan_paths,
                 "Source tree to scan for runtime references, as `rtcat scan` does; its findings join the report; repeatable")
      ->type_name("PATH");
  sub.add_option("-o,--output", a.output, "Write the report to this file (atomically) instead of stdout")->type_name("FILE");
}

// Source-tree findings for the report, from the scan library.
std::vector<lib::Finding> scan_findings(Context& ctx, const std::vector<std::string>& paths) {
  lib::scan::ScanOptions o;
  o.walk.paths = paths;
  o.on = ctx.today();
  o.warn_days = ctx.g.warn_days;
  return lib::scan::scan(ctx.catalogs(), o).findings;
}

int run_report(Context& ctx, const ReportArgs& a) {
  std::string format = ctx.format();
  if (a.inventories.empty() && a.scan_paths.empty()) {
    throw catalog::InvalidInput("report needs at least one --inventory FILE (or --scan PATH)");
  }
  stdin_once({&a.inventories, &a.scan_paths});
  // The scan first: a bad path fails before anything is written.
  std::vector<lib::Finding> scanned = a.scan_paths.empty() ? std::vector<lib::Finding>{} : scan_findings(ctx, a.scan_paths);
  lib::ReportOptions o;
  o.on = ctx.today();
  o.warn_days = ctx.g.warn_days;
  o.platform = ctx.g.platform;
  // CSV and JSON list every affected resource: written as it is read, never held.
  o.migrate = format != "csv"; // CSV has no place for the migrated specs
  bool list = format == "json" || format == "jsonl" || format == "csv";
  render::ReportListWriter writer(format == "json"    ? render::ReportListFormat::json
                                  : format == "jsonl" ? render::ReportListFormat::jsonl
                                                      : render::ReportListFormat::csv);
  Output out(a.output);
  if (list) {
    std::vector<std::string> inputs;
    for (const auto& path : a.inventories) {
      inputs.push_back(util::input_name(path));
    }
    out.put(writer.begin(o.on, inputs));
    o.on_row = [&](const lib::Resource& r, const lib::Verdict& v) {
      writer.append_row(out.buffer(), r, v);
      out.written();
    };
  }
  lib::Report rep = lib::build_report(ctx.catalogs(), a.inventories, o);
  if (!a.scan_paths.empty()) {
    lib::add_scan_findings(rep, scanned);
  }
  std::string last = list ? writer.end(rep) : format == "html" ? render::report_html(rep) : render::report_markdown(rep);
  return finish_inventory_output(out, last, rep.incomplete, lib::fails(rep.worst, ctx.fail_threshold()));
}

} // namespace

Action define_report(Options& sub, Context& ctx) {
  return define_command(sub, ctx, declare_report, run_report);
}

} // namespace cli
