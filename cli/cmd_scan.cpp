#include "catalog/error.hpp"
#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "cli/exit_code.hpp"
#include "lib/core/lifecycle.hpp"
#include "lib/core/rules.hpp"
#include "lib/scan/baseline.hpp"
#include "lib/scan/config.hpp"
#include "lib/scan/scan.hpp"
#include "util/file.hpp"

#include <algorithm>
#include <cstdio>
#include <optional>

#include "render/baseline.hpp"
#include "render/findings.hpp"
#include "render/sarif.hpp"
#include "render/scan.hpp"
#include "render/table.hpp"

#ifndef RTCAT_VERSION
#define RTCAT_VERSION "0.0.0"
#endif

namespace cli {

// What `rtcat scan --help` says after the options (Command::help).
const std::string_view k_scan_help =
    R"(Formats (--format): text (default, compiler style), json, sarif (SARIF 2.1.0), github (workflow annotations).
Policy: --fail-on error|warning|note|never, --warn-days N; 'rtcat: ignore[RULE]' on a line or the line above
suppresses RULE there; .rtcat.toml / .rtcat.yaml at the repository root sets fail-on, warn-days, exclude,
exclude-fences, exclude-after, ignore, catalog and max-data-age (command-line flags win).
Baselines: --write-baseline FILE records today's findings (the run passes); --baseline FILE then reports
and fails only on findings not in it, matched by the SARIF fingerprint (rule, path, line text: moving a
line keeps it baselined). --baseline FILE --write-baseline FILE rewrites it with only the entries still
found, so it only shrinks.

Reads shell scripts, YAML/JSON jobs, Python, R, Dockerfiles, Markdown code blocks and Jupyter notebooks
(code cells, !gcloud lines, %%bash/%%writefile cells, %env; findings at the line:col of the .ipynb file),
and follows values through variables and the environment within a file or notebook; example output
(a fence labelled output, or after 'Example output:') and docstrings are not references. A gcloud command
with --config FILE is judged as the merged job (the file from the script's folder, then the folder
scanned; flags win), reported at the command. Every training job found (a JSON/YAML job spec with a
top-level trainingInput, a gcloud 'jobs submit training' command outside Markdown, Python and
notebooks) gets validate's job rules too, with the same rule ids, at the job's fields.

Examples:
  rtcat scan
  rtcat scan --write-baseline .rtcat-baseline.json
  rtcat scan --baseline .rtcat-baseline.json
  rtcat scan src deploy --exclude 'vendor/**' --fail-on warning
  rtcat scan --format sarif -o rtcat.sarif
  rtcat scan --format github --warn-days 180
  RTCAT_TODAY=2024-06-01 rtcat scan --format json jobs/ training.ipynb)";

namespace {

struct ScanArgs {
  std::vector<std::string> paths;
  std::vector<std::string> excludes;
  std::vector<std::string> ignore;
  std::string max_filesize = "10M";
  unsigned threads = 0;
  bool no_ignore = false;
  std::string config;
  bool no_config = false;
  std::string output;
  std::string baseline;
  std::string write_baseline;
  bool list_rules = false;
  // Global options whose config-file value applies only when the command line leaves them out.
  Opt fail_on;
  Opt warn_days;
  Opt catalog;
  Opt max_data_age;
};

// Declares the arguments and options that fill a ScanArgs.
void declare_scan(Options& sub, ScanArgs& a) {
  a.fail_on = sub.global_option("--fail-on");
  a.warn_days = sub.global_option("--warn-days");
  a.catalog = sub.global_option("--catalog");
  a.max_data_age = sub.global_option("--max-data-age");
  sub.add_option("paths", a.paths, "Files or folders to scan (default: .); - reads standard input as one file")
      ->type_name("PATH");
  sub.add_option("--exclude", a.excludes, "Skip paths matching this gitignore-style glob (repeatable)")
      ->type_name("GLOB")
      ->allow_extra_args(false);
  sub.add_option("--ignore", a.ignore, "Drop findings of this rule id or alias (repeatable; see 'rtcat rules')")
      ->type_name("RULE")
      ->allow_extra_args(false);
  sub.add_option("--max-filesize", a.max_filesize, "Skip files larger than this (bytes, or with K, M, G)")->type_name("SIZE");
  sub.add_option("-j,--threads", a.threads, "Threads reading files (default: one per core)")
      ->type_name("N")
      ->check(range(0u, 256u));
  sub.add_flag("--no-ignore", a.no_ignore, "Do not honour .gitignore files");
  sub.add_option("--config", a.config, "Config file instead of the repository's .rtcat.toml / .rtcat.yaml")->type_name("FILE");
  sub.add_flag("--no-config", a.no_config, "Do not read .rtcat.toml / .rtcat.yaml");
  sub.add_option("-o,--output", a.output, "Write the report to this file (atomically) instead of stdout")->type_name("FILE");
  sub.add_option("--baseline", a.baseline, "Report and fail only on findings that are not in this baseline file")
      ->type_name("FILE");
  sub.add_option("--write-baseline", a.write_baseline,
                 "Write the findings to this baseline file (with --baseline: only those still in it)")
      ->type_name("FILE");
  sub.add_flag("--list-rules", a.list_rules, "List every rule id with its level and meaning, and exit (as 'rtcat rules')");
}

// Throws InvalidInput for a rule id that no check emits, so that a typo cannot silently
// suppress nothing. `where` names the flag or config file.
void check_rules(Context& ctx, const std::vector<std::string>& ids, const std::string& where) {
  for (const auto& id : ids) {
    bool known = id == "*" || lib::is_rule_or_alias(id);
    for (const auto* c : ctx.catalogs().all()) {
      known = known || std::any_of(c->rules.begin(), c->rules.end(), [&](const catalog::Rule& r) { return r.id == id; });
      known = known || std::any_of(c->policy.milestones.begin(), c->policy.milestones.end(),
                                   [&](const catalog::MilestonePolicy& m) { return lib::milestone_rule(m.name) == id; });
    }
    if (!known) {
      throw catalog::InvalidInput(where + ": unknown rule '" + id + "' (see 'rtcat rules')");
    }
  }
}

// Writes a baseline file (atomically) and says so on stderr.
void write_baseline(const std::string& path, const std::vector<lib::Finding>& findings,
                    const std::vector<lib::scan::Region>& regions) {
  util::write_atomically(path, render::baseline_file(findings, regions));
  std::fprintf(stderr, "rtcat: wrote %zu finding%s to the baseline %s\n", findings.size(), findings.size() == 1 ? "" : "s",
               path.c_str());
}

int run_scan(Context& ctx, const ScanArgs& a) {
  std::string format = ctx.format();
  if (a.list_rules) {
    ctx.out(rules_listing(format == "json" ? "json" : "table", ctx.color(), ctx.width()));
    return k_exit_ok;
  }
  const std::vector<std::string> files{a.config, a.baseline};
  stdin_once({&a.paths, &files});
  lib::scan::ScanOptions o;
  o.walk.paths = a.paths.empty() ? std::vector<std::string>{"."} : a.paths;
  o.walk.gitignore = !a.no_ignore;
  o.walk.max_size = lib::scan::parse_size(a.max_filesize);
  o.walk.threads = a.threads;

  std::optional<std::string> config_path;
  if (!a.config.empty()) {
    config_path = a.config;
  } else if (!a.no_config) {
    config_path = lib::scan::find_config(o.walk.paths.front());
  }
  lib::scan::Policy policy{ctx.g.fail_on, ctx.g.warn_days, ctx.g.catalogs, a.excludes, a.ignore, ctx.g.max_data_age};
  if (config_path) {
    lib::scan::ScanConfig cfg = lib::scan::read_config(*config_path);
    lib::scan::Given given{a.fail_on->count() > 0, a.warn_days->count() > 0,
                           a.catalog->count() > 0 || !ctx.env_catalogs().empty(), a.max_data_age->count() > 0};
    policy = lib::scan::merge_config(policy, cfg, given);
    ctx.g.fail_on = policy.fail_on;
    ctx.g.warn_days = policy.warn_days;
    ctx.g.catalogs = policy.catalogs;
    ctx.g.max_data_age = policy.max_data_age;
    check_rules(ctx, cfg.ignore, *config_path + ": ignore");
    o.markdown = cfg.markdown;
  }
  o.walk.excludes = policy.excludes;
  o.ignore_rules = policy.ignore;
  check_rules(ctx, a.ignore, "--ignore");
  o.on = ctx.today();
  o.warn_days = ctx.g.warn_days;
  // Read before the scan: a bad baseline file stops the run before anything is written.
  std::optional<lib::scan::Baseline> baseline;
  if (!a.baseline.empty()) {
    baseline = lib::scan::read_baseline(a.baseline);
  }
  lib::scan::ScanResult res = lib::scan::scan(ctx.catalogs(), o);
  if (baseline) {
    lib::scan::BaselineMatch kept = lib::scan::apply_baseline(res, *baseline);
    if (!a.write_baseline.empty()) {
      write_baseline(a.write_baseline, kept.findings, kept.regions);
    }
  } else if (!a.write_baseline.empty()) {
    write_baseline(a.write_baseline, res.findings, res.regions);
  }

  std::string out;
  if (format == "json") {
    out = render::json_scan(res, o.on);
  } else if (format == "sarif") {
    out = render::sarif_log(res, RTCAT_VERSION);
  } else if (format == "github") {
    out = render::github_annotations(res);
  } else {
    out = render::findings_text(res.findings, a.output.empty() && ctx.color(), a.output.empty() ? ctx.width() : 0);
    if (!ctx.g.quiet) {
      out += render::fit_lines(render::summary_line(res), a.output.empty() ? ctx.width() : 0, 4);
    }
  }
  if (!a.output.empty()) {
    util::write_atomically(a.output, out);
  } else {
    ctx.out(out);
  }
  // Writing a baseline without reading one adopts every finding: the run passes.
  return !a.write_baseline.empty() && !baseline ? k_exit_ok : ctx.exit_for(res.findings);
}

} // namespace

Action define_scan(Options& sub, Context& ctx) {
  return define_command(sub, ctx, declare_scan, run_scan);
}

} // namespace cli
