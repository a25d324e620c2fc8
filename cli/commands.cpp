#include "cli/commands.hpp"

#include "catalog/calendar.hpp"
#include "catalog/error.hpp"
#include "lib/core/freshness.hpp"
#include "util/file.hpp"
#include "util/text.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <vector>

namespace cli {

namespace {

// What the commands that evaluate catalog entries on a date honour.
constexpr unsigned k_lifecycle_globals =
    g_catalog | g_platform | g_at | g_format | g_color | g_warn_days | g_max_data_age | g_wide;

// The formats of the commands (Command::formats), the default first.
constexpr std::string_view k_rows_formats[] = {"table", "json", "csv", "markdown"};
constexpr std::string_view k_list_formats[] = {"table", "json", "csv", "markdown", "endoflife"};
constexpr std::string_view k_table_json[] = {"table", "json"};
constexpr std::string_view k_timeline_formats[] = {"table", "json", "csv", "markdown", "svg", "ics"};
constexpr std::string_view k_findings_formats[] = {"text", "json"};
constexpr std::string_view k_cluster_env_formats[] = {"sh", "json", "dotenv"};
constexpr std::string_view k_migrate_formats[] = {"json", "yaml", "gcloud"};
constexpr std::string_view k_audit_formats[] = {"text", "json", "jsonl", "csv"};
constexpr std::string_view k_report_formats[] = {"markdown", "html", "json", "jsonl", "csv"};
constexpr std::string_view k_scan_formats[] = {"text", "json", "sarif", "github"};
constexpr std::string_view k_man_formats[] = {"roff", "markdown"};
// What db import reads: rtcat catalog JSON, or endoflife.date API v1 products.
constexpr std::string_view k_import_formats[] = {"catalog", "endoflife"};
// Compiler-style findings were called `table` by validate and audit before they took scan's name.
constexpr FormatAlias k_findings_aliases[] = {{"table", "text"}};

// The row of a command with output formats, in the order of Command's fields.
constexpr Command command_row(std::string_view name, std::string_view summary, std::string_view help,
                              std::span<const std::string_view> formats, unsigned globals, Action (*define)(Options&, Context&),
                              std::span<const FormatAlias> aliases = {}) {
  return Command{.name = name,
                 .summary = summary,
                 .help = help,
                 .formats = formats,
                 .format_aliases = aliases,
                 .globals = globals,
                 .define = define};
}

// The row of a command that evaluates catalog entries on a date: k_lifecycle_globals and `more`.
constexpr Command lifecycle_command(std::string_view name, std::string_view summary, std::string_view help,
                                    std::span<const std::string_view> formats, Action (*define)(Options&, Context&),
                                    unsigned more = 0, std::span<const FormatAlias> aliases = {}) {
  return command_row(name, summary, help, formats, k_lifecycle_globals | more, define, aliases);
}

const std::array k_db_commands = {
    Command{.name = "init",
            .summary = "Create an empty catalog store (schema, WAL journal)",
            .help = "",
            .globals = g_quiet,
            .define = define_db_init},
    Command{.name = "import",
            .summary = "Import catalog JSON files or endoflife.date products (default: the embedded catalogs) in one transaction",
            .help = "",
            .formats = k_import_formats,
            .format_of = "Input",
            .globals = g_quiet | g_format,
            .define = define_db_import},
    Command{.name = "export", .summary = "Write one catalog as canonical JSON", .help = "", .define = define_db_export},
    Command{.name = "verify",
            .summary = "Check integrity, schema version and every stored document",
            .help = "",
            .globals = g_quiet,
            .define = define_db_verify},
};

const std::array k_commands = {
    lifecycle_command("list", "Every entry with release, Python, frameworks, status on the date and next milestone", k_list_help,
                      k_list_formats, define_list),
    lifecycle_command("show", "One entry in full, with its timeline, notes and sources", k_show_help, k_table_json, define_show),
    lifecycle_command("check",
                      "Is this runtime / Python / framework combination valid on the date? If not, why, and what instead",
                      k_check_help, k_table_json, define_check, g_quiet | g_fail_on),
    lifecycle_command("combos", "The runtime x Python combinations valid for new work on the date", k_combos_help, k_rows_formats,
                      define_combos),
    lifecycle_command("upgrade", "What to upgrade or migrate to from a runtime, what changes, and for how long it stays valid",
                      k_upgrade_help, k_table_json, define_upgrade, g_quiet | g_fail_on),
    lifecycle_command("timeline", "Every release and milestone in date order; also an SVG chart or an iCalendar feed",
                      k_timeline_help, k_timeline_formats, define_timeline),
    lifecycle_command("validate", "Check training job specs: REST JSON, gcloud config.yaml or a gcloud command line",
                      k_validate_help, k_findings_formats, define_validate, g_quiet | g_fail_on, k_findings_aliases),
    command_row("cluster-spec", "The CLUSTER_SPEC and TF_CONFIG each replica of a training job receives", k_cluster_spec_help,
                k_table_json, g_catalog | g_at | g_format, define_cluster_spec),
    command_row("cluster-env", "Turn this replica's CLUSTER_SPEC into the variables PyTorch, MXNet or TensorFlow expect",
                k_cluster_env_help, k_cluster_env_formats, g_format, define_cluster_env),
    command_row("migrate",
                "Write a training job's Vertex AI equivalent: a CustomJob or HyperparameterTuningJob as JSON, YAML or gcloud",
                k_migrate_help, k_migrate_formats, g_catalog | g_at | g_format | g_quiet | g_fail_on, define_migrate),
    lifecycle_command("audit",
                      "Give every job and model version of an inventory export its runtime status and the action it needs",
                      k_audit_help, k_audit_formats, define_audit, g_quiet | g_fail_on, k_findings_aliases),
    command_row("report", "The migration report: what breaks, when, and what to move to, for everything you own", k_report_help,
                k_report_formats, g_catalog | g_platform | g_at | g_format | g_warn_days | g_fail_on | g_max_data_age,
                define_report),
    command_row("scan", "Find runtime references in a source tree and report expired or expiring ones with file:line:col",
                k_scan_help, k_scan_formats,
                g_catalog | g_at | g_format | g_color | g_quiet | g_warn_days | g_fail_on | g_max_data_age | g_wide, define_scan),
    command_row("rules", "Every rule id findings carry: its default severity, meaning and former ids", k_rules_help,
                k_rows_formats, g_format | g_color | g_wide, define_rules),
    command_row("catalogs", "Each catalog in effect with the date its data is as of, its entry count and source; compare two",
                k_catalogs_help, k_rows_formats, g_catalog | g_platform | g_at | g_format | g_color | g_wide, define_catalogs),
    Command{.name = "db",
            .summary = "The SQLite catalog store: init, import, export, verify",
            .help = k_db_help,
            .globals = g_quiet,
            .subcommands = k_db_commands},
    Command{.name = "completion",
            .summary = "Print the shell completion script for bash, zsh or fish",
            .help = k_completion_help,
            .define = define_completion},
    command_row("man", "Print the manual page rtcat(1) (roff), or every command's options in Markdown, generated from this table",
                k_man_help, k_man_formats, g_format, define_man),
};

constexpr GlobalName k_global_names[] = {
    {g_catalog, "--catalog"},     {g_platform, "--platform"}, {g_at, "--at"},
    {g_format, "--format"},       {g_color, "--color"},       {g_quiet, "--quiet"},
    {g_warn_days, "--warn-days"}, {g_fail_on, "--fail-on"},   {g_max_data_age, "--max-data-age"},
    {g_wide, "--wide"},
};

// --max-data-age's check: "" for an age parse_data_age takes; for a number with a unit spelled
// out or in capitals (90days, 12W), the forms of that number, the one it meant first.
std::string data_age_check(const std::string& value) {
  try {
    lib::parse_data_age(value, "");
    return "";
  } catch (const catalog::InvalidInput& e) {
    size_t digits = value.find_first_not_of("0123456789");
    if (digits == 0 || digits == std::string::npos || digits > 5) {
      return e.what();
    }
    std::string number = value.substr(0, digits);
    const char unit = static_cast<char>(std::tolower(static_cast<unsigned char>(value[digits])));
    if (unit != 'd' && unit != 'w') {
      return e.what(); // no unit it could have meant
    }
    return "invalid age '" + value + "' " + util::choices(number + unit, {number + "d", number + "w", number});
  }
}

} // namespace

void stdin_once(std::initializer_list<const std::vector<std::string>*> inputs) {
  size_t given = 0;
  for (const auto* list : inputs) {
    given += static_cast<size_t>(std::count(list->begin(), list->end(), util::k_stdin));
  }
  if (given > 1) {
    throw catalog::InvalidInput("'-' (standard input) is given " + std::to_string(given) +
                                " times: it is one input, and can stand for one file argument");
  }
}

std::span<const Command> commands() {
  return k_commands;
}

namespace {

void add_formats(std::span<const Command> table, std::vector<std::string_view>& all) {
  for (const auto& c : table) {
    for (auto f : c.formats) {
      if (std::find(all.begin(), all.end(), f) == all.end()) {
        all.push_back(f);
      }
    }
    add_formats(c.subcommands, all);
  }
}

} // namespace

std::vector<std::string_view> all_formats() {
  std::vector<std::string_view> all;
  add_formats(commands(), all);
  return all;
}

std::string formats_help(const Command& command) {
  if (command.formats.empty()) {
    return "";
  }
  return std::string(command.format_of) +
         " format: " + util::join(command.formats, ", ", [](std::string_view f) { return std::string(f); }) + " (default " +
         std::string(command.formats.front()) + ")";
}

std::span<const GlobalName> global_names() {
  return k_global_names;
}

void add_global_options(Options& root, Globals& g) {
  root.add_option("--catalog", g.catalogs, "Catalog file (JSON) or store (SQLite) instead of the embedded catalogs; repeatable")
      ->type_name("PATH");
  root.add_option("--platform", g.platform, "Only this catalog (ai-platform, vertex-training, vertex-prediction, aws-dlc, ...)")
      ->type_name("NAME");
  root.add_option("--at", g.at, "Evaluate on this UTC date instead of today (also RTCAT_TODAY)")->type_name("YYYY-MM-DD");
  root.add_option("--format", g.format,
                  "Output format (db import: input format), one of the command's (its --help lists them): " +
                      util::join(all_formats(), ", ", [](std::string_view f) { return std::string(f); }))
      ->type_name("FORMAT");
  root.add_option("--color", g.color, "Colour: auto, always or never (NO_COLOR is honoured)")
      ->type_name("WHEN")
      ->check(one_of({"auto", "always", "never"}));
  root.add_flag("-q,--quiet", g.quiet, "Print only findings and errors");
  root.add_option("--warn-days", g.warn_days, "A milestone this close (in days; default 90) marks an entry as expiring")
      ->type_name("DAYS")
      ->check(range(0, catalog::k_max_span_days));
  root.add_option("--fail-on", g.fail_on, "Exit 1 on findings of this severity or worse: error, warning, note, never")
      ->type_name("SEVERITY")
      ->check(one_of({"error", "warning", "note", "never"}));
  root.add_option("--max-data-age", g.max_data_age,
                  "Fail (data-too-old) when a catalog's as_of date is older than this on the date evaluated: 90d, 12w")
      ->type_name("AGE")
      ->check(data_age_check);
  root.add_flag("--wide", g.wide,
                "Tables and finding lines at full width on a terminal too (default there: fit COLUMNS or the terminal)");
}

const Command* find_command(std::span<const Command> table, std::string_view name) {
  auto it = std::find_if(table.begin(), table.end(), [&](const Command& c) { return c.name == name; });
  return it == table.end() ? nullptr : &*it;
}

std::string closest_command(std::span<const Command> table, std::string_view name) {
  std::vector<std::string_view> names;
  for (const auto& c : table) {
    names.push_back(c.name);
  }
  return util::closest(name, names);
}

} // namespace cli
