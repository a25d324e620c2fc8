#pragma once

// The command table: every command of rtcat in one place, as ninja's kTools[] lists its tools.
// From it come dispatch, the `rtcat --help` listing, each command's --help (its examples and the
// global options it honours) and "did you mean" for a mistyped command.

#include "cli/context.hpp"
#include "cli/exit_code.hpp"
#include "cli/options.hpp"

#include <functional>
#include <initializer_list>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cli {

// The global options, as bits: the ones a command honours are listed in its --help.
enum GlobalOption : unsigned {
  g_catalog = 1U << 0,
  g_platform = 1U << 1,
  g_at = 1U << 2,
  g_format = 1U << 3,
  g_color = 1U << 4,
  g_quiet = 1U << 5,
  g_warn_days = 1U << 6,
  g_fail_on = 1U << 7,
  g_max_data_age = 1U << 8,
  g_wide = 1U << 9,
};

// What runs a command once its arguments are parsed; returns the exit code.
using Action = std::function<int()>;

// An older name of a format, still accepted for it (never listed by --help, the manual or the
// completions).
struct FormatAlias {
  std::string_view alias;
  std::string_view format;
};

// One command: everything --help, the manual, the completions and dispatch say of it.
struct Command {
  std::string_view name;
  // One line: what the command answers (`rtcat --help` and the command's own --help).
  std::string_view summary;
  // After the options in `rtcat NAME --help`: examples, formats, rule ids, exit codes. Each
  // command's text lives beside it, in cli/cmd_<name>.cpp (k_<name>_help).
  std::string_view help;
  // The output formats it accepts with --format, the default first; empty when it has none.
  // Context::format checks --format against them; its --help, the manual and the completions
  // list them.
  std::span<const std::string_view> formats = {};
  // Older names of its formats it still accepts.
  std::span<const FormatAlias> format_aliases = {};
  // What its --format chooses: "Output", or "Input" for a command that reads in a format.
  std::string_view format_of = "Output";
  // The global options it honours (GlobalOption bits).
  unsigned globals = 0;
  // Declares the command's arguments and options in `sub` and returns the action that runs it.
  // nullptr for a command made of subcommands.
  Action (*define)(Options& sub, Context& ctx) = nullptr;
  // Its subcommands (db init, db import, ...), each a row like this one.
  std::span<const Command> subcommands = {};
};

// Every command, in the order `rtcat --help` lists them.
std::span<const Command> commands();

// The command of that name in `table`, or nullptr.
const Command* find_command(std::span<const Command> table, std::string_view name);

// The name in `table` closest to a mistyped `name`, or "" when none is close.
std::string closest_command(std::span<const Command> table, std::string_view name);

// What a command's `define` does: binds a fresh Args to `sub` with `declare` (its arguments and
// options) and returns the action that runs `run` over them once they are parsed.
template <class Args, class Declare>
Action define_command(Options& sub, Context& ctx, Declare declare, int (*run)(Context&, const Args&)) {
  auto args = std::make_shared<Args>();
  declare(sub, *args);
  return [&ctx, args, run] { return run(ctx, *args); };
}

// Throws InvalidInput when more than one of a command's inputs (every file argument it reads) is
// "-": standard input is one input.
void stdin_once(std::initializer_list<const std::vector<std::string>*> inputs);

// Every format any command or subcommand accepts, each once, in table order (what --format
// takes before the command is known).
std::vector<std::string_view> all_formats();

// What --format says in a command's --help and manual: "Output format: text, json (default text)"
// ("Input format: ..." for a command that reads).
std::string formats_help(const Command& command);

// The global options: declared on the root by add_global_options, named by bit in global_names.
struct GlobalName {
  GlobalOption bit;
  const char* name;
};
std::span<const GlobalName> global_names();
void add_global_options(Options& root, Globals& g);

// The help texts (Command::help), each beside its command in cli/cmd_<name>.cpp.
extern const std::string_view k_list_help;
extern const std::string_view k_show_help;
extern const std::string_view k_check_help;
extern const std::string_view k_combos_help;
extern const std::string_view k_upgrade_help;
extern const std::string_view k_timeline_help;
extern const std::string_view k_validate_help;
extern const std::string_view k_cluster_spec_help;
extern const std::string_view k_cluster_env_help;
extern const std::string_view k_migrate_help;
extern const std::string_view k_audit_help;
extern const std::string_view k_report_help;
extern const std::string_view k_scan_help;
extern const std::string_view k_rules_help;
extern const std::string_view k_catalogs_help;
extern const std::string_view k_db_help;
extern const std::string_view k_completion_help;
extern const std::string_view k_man_help;

// The definitions, one per cli/cmd_<name>.cpp.
Action define_list(Options& sub, Context& ctx);
Action define_show(Options& sub, Context& ctx);
Action define_check(Options& sub, Context& ctx);
Action define_combos(Options& sub, Context& ctx);
Action define_upgrade(Options& sub, Context& ctx);
Action define_timeline(Options& sub, Context& ctx);
Action define_validate(Options& sub, Context& ctx);
Action define_cluster_spec(Options& sub, Context& ctx);
Action define_cluster_env(Options& sub, Context& ctx);
Action define_migrate(Options& sub, Context& ctx);
Action define_audit(Options& sub, Context& ctx);
Action define_report(Options& sub, Context& ctx);
Action define_scan(Options& sub, Context& ctx);
Action define_rules(Options& sub, Context& ctx);
Action define_catalogs(Options& sub, Context& ctx);
Action define_db_init(Options& sub, Context& ctx);
Action define_db_import(Options& sub, Context& ctx);
Action define_db_export(Options& sub, Context& ctx);
Action define_db_verify(Options& sub, Context& ctx);
Action define_completion(Options& sub, Context& ctx);
Action define_man(Options& sub, Context& ctx);

} // namespace cli
