// The rtcat command line (cli::main, called by main.cpp). It only wires the command line
// together: the global options, the one command named on the command line (from the
// table in cli/commands.cpp), and the mapping of errors to exit codes.

#include "cli/app.hpp"

#include "catalog/error.hpp"
#include "cli/argv.hpp"
#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "cli/exit_code.hpp"
#include "cli/output.hpp"
#include "util/text.hpp"
#include "util/utf8.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <cstdlib>
#include <deque>
#include <optional>
#include <sstream>

#ifndef RTCAT_VERSION
#define RTCAT_VERSION "0.0.0"
#endif

namespace {

const char* const k_examples = R"(Examples:
  rtcat list --platform ai-platform
  rtcat check --runtime 1.15 --python 3.7 --at 2020-06-01
  rtcat show 2.1
  rtcat timeline --within 180d --platform vertex-prediction
  rtcat --catalog my.db list

'rtcat COMMAND --help' shows a command's options and examples.
Exit codes: 0 nothing at or above --fail-on, 1 findings at or above --fail-on, 2 usage or input error.
Environment: RTCAT_TODAY (date for reproducible runs), RTCAT_CATALOG (catalog files, ':'-separated), NO_COLOR,
RTCAT_JSON_MODULE (the simdjson module's path, or none).)";

// The help's words, not the parser's: an option's value is named by its type name alone
// ("--warn-days DAYS", not "INT:INT in [0 - 36500]=90"; the checks and defaults are in its
// description), and the root's usage line names the command it expects.
class Formatter : public CLI::Formatter {
public:
  std::string make_option_opts(const CLI::Option* opt) const override {
    if (opt->get_expected_min() == 0) { // a flag
      return "";
    }
    std::string type = opt->get_type_name(); // our checks add no ":{...}" to it
    if (type.empty() || type == "TEXT") {
      type = "VALUE";
    } else if (type == "INT" || type == "UINT") {
      type = "N";
    }
    std::string out = " " + type;
    if (opt->get_expected_max() == CLI::detail::expected_max_vector_size) {
      out += " ...";
    }
    return out + (opt->get_required() ? " (required)" : "");
  }

  std::string make_usage(const CLI::App* app, std::string name) const override {
    std::string usage = CLI::Formatter::make_usage(app, std::move(name));
    if (app->get_parent() == nullptr && !usage.empty() && usage.back() == '\n') {
      usage.insert(usage.size() - 1, " COMMAND [ARGS]");
    }
    return usage;
  }
};

// `rtcat --help`: every command of the table with its summary (their parsers are not built).
std::string commands_listing() {
  size_t width = 0;
  for (const auto& c : cli::commands()) {
    width = std::max(width, c.name.size());
  }
  std::string out = "Commands:\n";
  for (const auto& c : cli::commands()) {
    out += "  " + std::string(c.name) + std::string(width + 2 - c.name.size(), ' ') + std::string(c.summary) + "\n";
  }
  return out;
}

// The end of `rtcat CMD --help`: the command's notes and examples, then the global options it
// honours (they may come before or after the command).
std::string command_footer(const CLI::App& root, const cli::Command& cmd) {
  std::string out(cmd.help);
  std::string globals;
  Formatter formatter;
  for (const auto& g : cli::global_names()) {
    if (!(cmd.globals & g.bit)) {
      continue;
    }
    if (std::string_view(g.name) == "--format" && !cmd.formats.empty()) {
      // This command's formats, not every command's.
      std::string line = "  --format FORMAT";
      line.resize(30, ' ');
      globals += line + cli::formats_help(cmd) + "\n";
    } else {
      globals += formatter.make_option(root.get_option(g.name), false);
    }
  }
  if (!globals.empty()) {
    out += (out.empty() ? "" : "\n\n") + std::string("Global options it honours (before or after the command):\n") + globals;
  }
  return out + (out.empty() ? "" : "\n") + "'rtcat --help' lists every command, the exit codes and the environment.";
}

bool is_number(std::string_view arg) {
  return arg.size() > 1 && arg.find_first_not_of("-0123456789.") == std::string_view::npos;
}

// The index of the first argument from `from` that is neither a global option nor its value;
// argc when there is none.
int command_index(const cli::Options& globals, int from, int argc, char** argv) {
  for (int i = from; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--") {
      return argc;
    }
    if (arg.size() > 1 && arg[0] == '-' && !is_number(arg)) {
      const cli::OptionSpec* opt = arg.find('=') == std::string_view::npos ? globals.find(arg) : nullptr;
      if (opt && !opt->flag()) {
        ++i; // its value
      }
      continue;
    }
    return i;
  }
  return argc;
}

struct UnknownCommand {
  std::string name;
  std::string suggestion;
};

int report(const UnknownCommand& unknown) {
  cli::print_error("rtcat: error: unknown command '" + util::utf8::one_line(unknown.name) + "'" +
                   (unknown.suggestion.empty() ? " (see 'rtcat --help')" : " (did you mean '" + unknown.suggestion + "'?)") +
                   "\n");
  return cli::k_exit_input;
}

// The command named at argv[at] and, for a command made of subcommands, the one named next, and
// so on: each with its index and its declared options (in `declared`, which outlives the
// parser). Throws UnknownCommand for a name not in the table.
void find_path(const cli::Command& cmd, int at, int argc, char** argv, cli::Context& ctx, const cli::Options& globals,
               std::deque<cli::Options>& declared, std::vector<cli::CommandAt>& path, std::vector<const cli::Command*>& rows,
               cli::Action& action) {
  cli::Options& options = declared.emplace_back(&globals);
  if (cmd.define) {
    action = cmd.define(options, ctx);
  }
  path.push_back({at, &options});
  rows.push_back(&cmd);
  if (cmd.subcommands.empty()) {
    return;
  }
  int next = command_index(globals, at + 1, argc, argv);
  if (next == argc) {
    return;
  }
  const cli::Command* child = cli::find_command(cmd.subcommands, argv[next]);
  if (!child) {
    std::string suggestion = cli::closest_command(cmd.subcommands, argv[next]);
    throw UnknownCommand{std::string(cmd.name) + " " + argv[next],
                         suggestion.empty() ? "" : std::string(cmd.name) + " " + suggestion};
  }
  find_path(*child, next, argc, argv, ctx, globals, declared, path, rows, action);
}

// Declares the commands of `rows` (as find_path found them) under `root` for CLI11, each under
// the one before; a command made of subcommands with none named lists them for --help.
void build_commands(CLI::App& root, const std::vector<const cli::Command*>& rows, const std::vector<cli::CommandAt>& path) {
  CLI::App* parent = &root;
  for (size_t k = 0; k < rows.size(); ++k) {
    const cli::Command& cmd = *rows[k];
    CLI::App* sub = parent->add_subcommand(std::string(cmd.name), std::string(cmd.summary));
    sub->footer(std::string());                                       // not the root's listing, which a subcommand inherits
    sub->footer([&root, &cmd] { return command_footer(root, cmd); }); // built only for --help
    path[k].options->build(*sub);
    if (!cmd.subcommands.empty()) {
      sub->require_subcommand(1);
      if (k + 1 == rows.size()) {
        for (const auto& c : cmd.subcommands) { // listed by `rtcat db --help`
          sub->add_subcommand(std::string(c.name), std::string(c.summary));
        }
      }
    }
    parent = sub;
  }
}

// The innermost command parsed ("" for none), for "see 'rtcat CMD --help'".
const CLI::App* innermost(const CLI::App& app) {
  const CLI::App* at = &app;
  while (!at->get_subcommands().empty()) {
    at = at->get_subcommands().front();
  }
  return at;
}

std::string command_path(const CLI::App* app) {
  std::string out;
  for (; app && app->get_parent(); app = app->get_parent()) {
    out = " " + app->get_name() + out;
  }
  return out;
}

// The first option on the command line that neither the command nor the root knows, with the
// closest name they do know ("" when none is close); nullopt when every option is known.
// Looks at argv[1] up to argv[end].
std::optional<std::pair<std::string, std::string>> unknown_option(const CLI::App& command, int end, char** argv) {
  auto find = [&](const std::string& name) -> const CLI::Option* {
    for (const CLI::App* app = &command; app; app = app->get_parent()) {
      if (const CLI::Option* opt = app->get_option_no_throw(name)) {
        return opt;
      }
    }
    return nullptr;
  };
  for (int i = 1; i < end; ++i) {
    std::string arg = argv[i];
    if (arg == "--") {
      break;
    }
    if (arg.size() < 2 || arg[0] != '-' || is_number(arg)) {
      continue;
    }
    std::string name = arg.substr(0, arg.find('='));
    if (const CLI::Option* opt = find(name)) {
      if (opt->get_expected_min() > 0 && name.size() == arg.size()) {
        ++i; // its value
      }
      continue;
    }
    std::vector<std::string> known;
    for (const CLI::App* app = &command; app; app = app->get_parent()) {
      for (const CLI::Option* opt : app->get_options()) {
        for (const auto& l : opt->get_lnames()) {
          known.push_back("--" + l);
        }
        for (const auto& s : opt->get_snames()) {
          known.push_back("-" + s);
        }
      }
    }
    return std::pair{name, util::closest(name, std::vector<std::string_view>(known.begin(), known.end()))};
  }
  return std::nullopt;
}

std::string unknown_option_message(const std::pair<std::string, std::string>& unknown) {
  return "unknown option '" + unknown.first + "'" + (unknown.second.empty() ? "" : " (did you mean '" + unknown.second + "'?)");
}

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

#if defined(__SANITIZE_ADDRESS__)
#define RTCAT_LEAK_CHECKED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RTCAT_LEAK_CHECKED 1
#endif
#endif

// Ends the process with `code` once the answer is written. Freeing the parsers, the catalogs and
// every static object one by one costs a short command about a tenth of its instructions, for
// memory the process hands back whole; commands hold no file or database open past their run.
// Sanitizer builds return normally, so that LeakSanitizer still sees every allocation.
int finish(int code) {
#ifndef RTCAT_LEAK_CHECKED
  std::fflush(nullptr);
  std::_Exit(code);
#else
  return code;
#endif
}

// Runs a parsed command: its exit code, or the one its error maps to.
int run(const cli::Action& action, cli::Context& ctx, unsigned honoured) {
  try {
    int code = action();
    return (honoured & cli::g_max_data_age) ? ctx.freshness_gate(code) : code;
  } catch (const catalog::Error& e) {
    cli::print_error("rtcat: error: " + util::utf8::one_line(e.what()) + "\n");
    return cli::k_exit_input;
  } catch (const std::exception& e) {
    cli::print_error("rtcat: internal error: " + util::utf8::one_line(e.what()) + "\n");
    return cli::k_exit_internal;
  }
}

} // namespace

namespace cli {

int main(int argc, char** argv) {
  cli::Context ctx;
  cli::Options globals;
  cli::add_global_options(globals, ctx.g);

  // Only the command named on the command line is declared, with its options.
  std::deque<cli::Options> declared;
  std::vector<cli::CommandAt> path;
  std::vector<const cli::Command*> rows;
  cli::Action action;
  int at = command_index(globals, 1, argc, argv);
  const cli::Command* cmd = at < argc ? cli::find_command(cli::commands(), argv[at]) : nullptr;
  try {
    if (cmd) {
      find_path(*cmd, at, argc, argv, ctx, globals, declared, path, rows, action);
      ctx.command = rows.back();
    }
  } catch (const UnknownCommand& unknown) {
    return finish(report(unknown));
  }
  // Most command lines are plain and right: read them without building a parser.
  if (action && cli::parse_directly(globals, path, argc, argv)) {
    return finish(run(action, ctx, cmd->globals));
  }

  CLI::App app{"rtcat: which ML runtime versions are valid, what expires when, and what to move to.", "rtcat"};
  app.formatter(std::make_shared<Formatter>());
  app.footer(commands_listing() + "\n" + k_examples);
  app.set_version_flag("--version", "rtcat " RTCAT_VERSION);
  app.fallthrough();
  app.option_defaults()->always_capture_default();
  globals.build(app);
  if (at < argc && !cmd) {
    // `rtcat --formt json list`: the mistyped option, not its value, is what is wrong.
    if (auto unknown = unknown_option(app, at, argv)) {
      cli::print_error("rtcat: error: " + util::utf8::one_line(unknown_option_message(*unknown)) + " (see 'rtcat --help')\n");
      return finish(cli::k_exit_input);
    }
    return finish(report(UnknownCommand{argv[at], cli::closest_command(cli::commands(), argv[at])}));
  }
  build_commands(app, rows, path);

  try {
    app.parse(argc, argv);
    reject_empty_values(app);
    if (!action) {
      throw CLI::RequiredError("a command");
    }
  } catch (const CLI::CallForHelp&) {
    cli::print(app.help());
    return finish(cli::k_exit_ok);
  } catch (const CLI::CallForAllHelp&) {
    cli::print(app.help("", CLI::AppFormatMode::All));
    return finish(cli::k_exit_ok);
  } catch (const CLI::CallForVersion& e) {
    cli::print(std::string(e.what()) + "\n");
    return finish(cli::k_exit_ok);
  } catch (const CLI::ParseError& parse_error) {
    if (parse_error.get_exit_code() == 0) {
      std::ostringstream out;
      std::ostringstream err;
      int code = app.exit(parse_error, out, err);
      cli::print(out.str());
      cli::print_error(err.str());
      return finish(code == 0 ? cli::k_exit_ok : cli::k_exit_input);
    }
    const CLI::App* command = innermost(app);
    std::string message = parse_error.what();
    // The parser's "--runtime: 1 required TEXT missing": the option given without its value.
    if (size_t cut = message.find(": 1 required "); cut != std::string::npos && message.ends_with(" missing")) {
      message = message.substr(0, cut) + ": a value is missing";
    }
    if (auto unknown = unknown_option(*command, argc, argv)) {
      // A mistyped option is the error to report, before any it causes (a required one missing).
      message = unknown_option_message(*unknown);
    } else {
      // An empty value fails an option's own check first ("not in {...}"); say what is wrong.
      try {
        reject_empty_values(app);
      } catch (const CLI::ValidationError& empty) {
        message = empty.what();
      }
    }
    cli::print_error("rtcat: error: " + util::utf8::one_line(message) + " (see 'rtcat" + command_path(command) + " --help')\n");
    return finish(cli::k_exit_input);
  }
  return finish(run(action, ctx, cmd->globals));
}

} // namespace cli
