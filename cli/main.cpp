// rtcat: the runtime-version catalog and lifecycle engine. This file only wires the command
// line together: global options, one registration per command, and the mapping of errors to
// exit codes.

#include "catalog/error.hpp"
#include "cli/context.hpp"
#include "cli/exit_code.hpp"
#include "util/utf8.hpp"

#include <CLI/CLI.hpp>

#include <iostream>

#ifndef RTCAT_VERSION
#define RTCAT_VERSION "0.0.0"
#endif

namespace {

const char* const k_footer = R"(Examples:
  rtcat list --platform ai-platform
  rtcat check --runtime 1.15 --python 3.7 --at 2020-06-01
  rtcat show 2.1
  rtcat timeline --within 180d --platform vertex-prediction
  rtcat --catalog my.db list

Exit codes: 0 nothing at or above --fail-on, 1 findings at or above --fail-on, 2 usage or input error.
Environment: RTCAT_TODAY (date for reproducible runs), RTCAT_CATALOG (catalog files, ':'-separated), NO_COLOR.)";

// An option given an empty value is what `--at "$DATE"` becomes when DATE is unset: an input
// error, never "not given". Checked for every option of the command line and the commands run.
void reject_empty_values(const CLI::App& app) {
  for (const CLI::Option* opt : app.get_options()) {
    for (const std::string& value : opt->results()) {
      if (value.empty() && opt->get_expected_min() > 0) {
        std::string name = opt->get_name();
        throw CLI::ValidationError(name, "empty value (is the variable that should give it unset?)");
      }
    }
  }
  for (const CLI::App* sub : app.get_subcommands()) {
    reject_empty_values(*sub);
  }
}

} // namespace

int main(int argc, char** argv) {
  CLI::App app{"rtcat: which ML runtime versions are valid, what expires when, and what to move to."};
  app.footer(k_footer);
  app.set_version_flag("--version", "rtcat " RTCAT_VERSION);
  app.require_subcommand(1);
  app.fallthrough();
  app.option_defaults()->always_capture_default();

  cli::Context ctx;
  app.add_option("--catalog", ctx.g.catalogs,
                 "Catalog file (JSON) or store (SQLite) instead of the embedded catalogs; repeatable")
      ->type_name("PATH");
  app.add_option("--platform", ctx.g.platform, "Only this catalog (ai-platform, vertex-training, vertex-prediction, ...)")
      ->type_name("NAME");
  app.add_option("--at", ctx.g.at, "Evaluate on this UTC date instead of today (also RTCAT_TODAY)")->type_name("YYYY-MM-DD");
  app.add_option("--format", ctx.g.format, "Output format: table, json, csv, markdown (timeline also svg, ics)")
      ->type_name("FORMAT");
  app.add_option("--color", ctx.g.color, "Colour: auto, always or never (NO_COLOR is honoured)")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  app.add_flag("-q,--quiet", ctx.g.quiet, "Print only findings and errors");
  app.add_option("--warn-days", ctx.g.warn_days, "A milestone this close marks an entry as expiring")
      ->check(CLI::Range(0, catalog::k_max_span_days));
  app.add_option("--fail-on", ctx.g.fail_on, "Exit 1 on findings of this severity or worse: error, warning, note, never")
      ->check(CLI::IsMember({"error", "warning", "note", "never"}));

  cli::register_list(app, ctx);
  cli::register_show(app, ctx);
  cli::register_check(app, ctx);
  cli::register_combos(app, ctx);
  cli::register_timeline(app, ctx);
  cli::register_db(app, ctx);
  // [jobs]
  cli::register_validate(app, ctx);
  cli::register_cluster_spec(app, ctx);
  cli::register_cluster_env(app, ctx);
  // [migration]
  cli::register_upgrade(app, ctx);
  cli::register_audit(app, ctx);
  cli::register_report(app, ctx);
  // [scan]
  cli::register_scan(app, ctx);
  cli::register_rules(app, ctx);

  try {
    app.parse(argc, argv);
    reject_empty_values(app);
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    return cli::k_exit_ok;
  } catch (const CLI::CallForAllHelp&) {
    std::cout << app.help("", CLI::AppFormatMode::All);
    return cli::k_exit_ok;
  } catch (const CLI::CallForVersion& e) {
    std::cout << e.what() << "\n";
    return cli::k_exit_ok;
  } catch (const CLI::ParseError& parse_error) {
    if (parse_error.get_exit_code() == 0) {
      return app.exit(parse_error);
    }
    // An empty value fails an option's own check first ("not in {...}"); say what is wrong.
    std::string message = parse_error.what();
    try {
      reject_empty_values(app);
    } catch (const CLI::ValidationError& empty) {
      message = empty.what();
    }
    std::string command;
    for (const auto* sub : app.get_subcommands()) {
      command = " " + sub->get_name();
    }
    std::cerr << "rtcat: error: " << util::utf8::one_line(message) << " (see 'rtcat" << command << " --help')\n";
    return cli::k_exit_input;
  }
  try {
    return ctx.action ? ctx.action() : cli::k_exit_ok;
  } catch (const catalog::Error& e) {
    std::cerr << "rtcat: error: " << util::utf8::one_line(e.what()) << "\n";
    return cli::k_exit_input;
  } catch (const std::exception& e) {
    std::cerr << "rtcat: internal error: " << util::utf8::one_line(e.what()) << "\n";
    return cli::k_exit_internal;
  }
}
