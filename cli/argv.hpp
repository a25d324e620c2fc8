#pragma once

// Reads a command line straight into the variables the declarations bind (cli/options.hpp),
// without building a parser, when it uses only the plain forms and every value passes its
// checks. Anything else is left to CLI11, which has the words for it.

#include "cli/options.hpp"

#include <span>

namespace cli {

// One command named on the command line: its index in argv and its declared options.
struct CommandAt {
  int at;
  Options* options;
};

// Reads argv[1..argc) into the variables of `root` (the global options) and of the last command
// of `path` (the command and its subcommands, in order), and returns true. Returns false, having
// written nothing, for any command line it is not sure to read as CLI11 would: an unknown or
// abbreviated option, --help or --version, `--`, a value that is empty or starts with '-', a flag
// given a value or twice, a single-valued option given twice, an option or positional that takes a set number of values, a number
// in a form other than plain decimal digits, a value that fails its check, a missing required argument, a positional argument
// that has nowhere to go, or anything CLI11 could read in two ways.
bool parse_directly(Options& root, std::span<const CommandAt> path, int argc, char** argv);

} // namespace cli
