#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "cli/exit_code.hpp"
#include "cli/manual.hpp"
#include "cli/reference.hpp"

#ifndef RTCAT_VERSION
#define RTCAT_VERSION "0.0.0"
#endif

namespace cli {

// What `rtcat man --help` says after the options (Command::help).
const std::string_view k_man_help = R"(The manual is generated from this command table at build time and installed as rtcat(1).

With --format markdown it writes every command's options as a Markdown reference instead (the
project's docs/reference/options.md is that output).

Examples:
  rtcat man > rtcat.1 && man -l rtcat.1
  rtcat man --format markdown > options.md)";

Action define_man(Options&, Context& ctx) {
  return [&ctx] {
    ctx.out(ctx.format() == "markdown" ? options_markdown(reference()) : manual_page(reference(), RTCAT_VERSION));
    return k_exit_ok;
  };
}

} // namespace cli
