#pragma once

// The command line described as data, for the manual page and the shell completions: every
// command of the table with its options, read from their declarations (cli::OptionSpec: names,
// help, value name, one_of values), and the values an option takes where they are known.

#include "cli/context.hpp"

#include <string>
#include <vector>

namespace cli {

struct OptionDoc {
  std::vector<std::string> names; // "-r", "--runtime"; a positional: its name
  std::string value;              // what the value is called ("FILE"); "" for a flag
  std::string description;
  std::vector<std::string> values; // the values it takes, where they are known
  bool files = false;              // its values are paths
  bool positional = false;
  bool repeatable = false;
};

struct CommandDoc {
  std::string path; // "list", "db import"
  std::string summary;
  std::string help;
  std::vector<OptionDoc> options; // its own, then the global options it honours; -h last
  std::vector<OptionDoc> positionals;
  std::vector<CommandDoc> subcommands;
};

struct Reference {
  std::vector<OptionDoc> globals; // the root's options, --help and --version included
  std::vector<CommandDoc> commands;
};

// Built from the command table and the embedded catalogs (never from --catalog or
// RTCAT_CATALOG: what is installed must not depend on the machine that built it).
Reference reference();

} // namespace cli
