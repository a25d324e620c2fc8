#include "cli/manual.hpp"

#include "util/text.hpp"

#include <algorithm>
#include <string_view>

namespace cli {

namespace {

// Text as roff reads it: backslashes escaped, a line never starting with a control character,
// hyphens in options as minus signs.
std::string roff(std::string_view text) {
  std::string out;
  bool line_start = true;
  for (char ch : text) {
    if (line_start && (ch == '.' || ch == '\'')) {
      out += "\\&";
    }
    if (ch == '\\') {
      out += "\\e";
    } else if (ch == '-') {
      out += "\\-";
    } else {
      out += ch;
    }
    line_start = ch == '\n';
  }
  return out;
}

// ".B \-r , \-\-runtime \fIVALUE\fR"
std::string option_head(const OptionDoc& o) {
  std::string out;
  for (const auto& n : o.names) {
    out += (out.empty() ? "" : ", ") + ("\\fB" + roff(n) + "\\fR");
  }
  if (!o.value.empty()) {
    out += " \\fI" + roff(o.value) + "\\fR";
  }
  return out;
}

// What an option means, as plain text: its description, then the values it takes where the
// description does not name them all (and they are few), and "repeatable" where it is.
std::string option_meaning(const OptionDoc& o) {
  std::string out = o.description;
  bool described = std::all_of(o.values.begin(), o.values.end(),
                               [&](const std::string& v) { return o.description.find(v) != std::string::npos; });
  if (!described && o.values.size() <= 12) {
    out += ". Values: " + util::join(o.values, ", ");
  }
  if (o.repeatable && o.description.find("repeatable") == std::string::npos) {
    out += "; repeatable";
  }
  return out;
}

std::string option_items(const std::vector<OptionDoc>& options) {
  std::string out;
  for (const auto& o : options) {
    out += ".TP\n" + option_head(o) + "\n" + roff(option_meaning(o)) + "\n";
  }
  return out;
}

// A Markdown table cell: '|' escaped, lines joined.
std::string cell(std::string_view text) {
  std::string out;
  for (char ch : text) {
    if (ch == '|') {
      out += "\\|";
    } else {
      out += ch == '\n' ? ' ' : ch;
    }
  }
  return out;
}

// "| `-r, --runtime ID` | meaning |" rows under a header ("option" or "argument").
std::string option_table(const std::vector<OptionDoc>& options, std::string_view what = "option") {
  std::string out = "| " + std::string(what) + " | meaning |\n|---|---|\n";
  for (const auto& o : options) {
    std::string head = util::join(o.names, ", ") + (o.value.empty() ? "" : " " + o.value);
    out += "| `" + cell(head) + "` | " + cell(option_meaning(o)) + " |\n";
  }
  return out;
}

void command_markdown(const CommandDoc& c, std::string& out) {
  out += "\n## `rtcat " + c.path + "`\n\n" + c.summary + ".\n";
  if (!c.positionals.empty()) {
    out += "\n" + option_table(c.positionals, "argument");
  }
  if (!c.options.empty()) {
    out += "\n" + option_table(c.options);
  }
  for (const auto& sub : c.subcommands) {
    command_markdown(sub, out);
  }
}

// A command's help text, as written (examples are laid out by hand).
std::string verbatim(std::string_view text) {
  if (text.empty()) {
    return "";
  }
  return ".PP\n.RS 4\n.nf\n" + roff(text) + "\n.fi\n.RE\n";
}

std::string usage(const CommandDoc& c) {
  std::string out = "\\fBrtcat " + roff(c.path) + "\\fR";
  if (!c.subcommands.empty()) {
    out += " \\fISUBCOMMAND\\fR";
  }
  if (c.options.size() > 1) {
    out += " [\\fIOPTIONS\\fR]";
  }
  for (const auto& p : c.positionals) {
    out += " \\fI" + roff(p.names.front()) + "\\fR" + (p.repeatable ? "..." : "");
  }
  return out;
}

void command_section(const CommandDoc& c, std::string& out) {
  out += ".SS \"" + roff(c.path) + "\"\n" + usage(c) + "\n.PP\n" + roff(c.summary) + ".\n";
  if (!c.positionals.empty()) {
    out += option_items(c.positionals);
  }
  out += option_items(c.options);
  out += verbatim(c.help);
  for (const auto& sub : c.subcommands) {
    command_section(sub, out);
  }
}

constexpr std::string_view k_description =
    "rtcat knows which machine-learning runtime versions (AI Platform runtimes, Vertex AI prebuilt\n"
    "training and prediction images) exist, what each ships, when each expires, and what to move\n"
    "to. It answers on any date (\\fB\\-\\-at\\fR), from catalogs compiled into it or from catalog\n"
    "files, and checks jobs, inventories and source trees against them.\n"
    ".PP\n"
    "Global options may come before or after the command. \\fBrtcat \\fICOMMAND\\fB \\-\\-help\\fR\n"
    "prints a command's options and examples.\n";

constexpr std::string_view k_tail =
    ".SH \"EXIT STATUS\"\n"
    ".TP\n.B 0\nSuccess: nothing at or above \\fB\\-\\-fail\\-on\\fR.\n"
    ".TP\n.B 1\nFindings at or above \\fB\\-\\-fail\\-on\\fR (check, validate, audit, report, scan), or no upgrade candidate.\n"
    ".TP\n.B 2\nUsage or input error: an unknown command or option, a malformed date, file or catalog.\n"
    ".TP\n.B 3\nInternal error.\n"
    ".SH ENVIRONMENT\n"
    ".TP\n.B RTCAT_TODAY\nThe date (YYYY\\-MM\\-DD) to evaluate on when \\fB\\-\\-at\\fR is not given, for reproducible runs.\n"
    ".TP\n.B RTCAT_CATALOG\nCatalog files (JSON or SQLite stores), separated by colons, used instead of the embedded\n"
    "catalogs when \\fB\\-\\-catalog\\fR is not given.\n"
    ".TP\n.B NO_COLOR\nWhen set, no colour unless \\fB\\-\\-color always\\fR.\n"
    ".TP\n.B RTCAT_JSON_MODULE\nThe simdjson module that reads inventories (\\fBaudit\\fR, \\fBreport\\fR, \\fBmigrate\\fR) "
    "fast: a path\n"
    "instead of the installed \\fIlib/rtcat/librtcat\\-json.so\\fR, or \\fBnone\\fR to read them with the built\\-in\n"
    "parser. Either way the results are the same; without the module they come more slowly.\n"
    ".SH FILES\n"
    ".TP\n.B .rtcat.toml, .rtcat.yaml\nAt the root of a repository: the policy of \\fBrtcat scan\\fR (fail\\-on, warn\\-days,\n"
    "exclude, ignore, catalog). Command\\-line flags win.\n";

} // namespace

std::string options_markdown(const Reference& ref) {
  std::string out = "<!-- Generated by 'rtcat man --format markdown' from the command table; do not edit. -->\n"
                    "# Options of every command\n\n"
                    "Each command's arguments and options, the global options it honours among them, as `rtcat COMMAND\n"
                    "--help` and the manual page give them. What the commands do, their output and exit codes are in\n"
                    "[commands.md](commands.md).\n\n"
                    "## Global options\n\n" +
                    option_table(ref.globals);
  for (const auto& c : ref.commands) {
    command_markdown(c, out);
  }
  return out;
}

std::string manual_page(const Reference& ref, const std::string& version) {
  std::string out = ".\\\" Generated by 'rtcat man' from the command table (cli/commands.cpp); do not edit.\n";
  out += ".TH RTCAT 1 \"\" \"rtcat " + roff(version) + "\" \"User Commands\"\n";
  out += ".SH NAME\nrtcat \\- ML runtime\\-version catalog and lifecycle engine\n";
  out += ".SH SYNOPSIS\n\\fBrtcat\\fR [\\fIGLOBAL OPTIONS\\fR] \\fICOMMAND\\fR [\\fIARGS\\fR]\n";
  out += ".SH DESCRIPTION\n" + std::string(k_description);
  out += ".SH COMMANDS\n";
  for (const auto& c : ref.commands) {
    command_section(c, out);
  }
  out += ".SH \"GLOBAL OPTIONS\"\n" + option_items(ref.globals);
  out += k_tail;
  out += ".SH EXAMPLES\n.nf\n";
  for (const auto& c : ref.commands) {
    for (const auto& line : util::split(c.help, '\n')) {
      if (util::trim(line).starts_with("rtcat " + c.path)) {
        out += roff(util::trim(line)) + "\n";
        break; // the first example of each command
      }
    }
  }
  out += ".fi\n.SH \"SEE ALSO\"\n\\fBpre\\-commit\\fR(1), rtcat's docs/reference/catalog-format.md and docs/reference/rules.md "
         "for the catalog format and the rule ids.\n";
  return out;
}

} // namespace cli
