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

Examples:
  rtcat man > rtcat.1 && man -l rtcat.1)";

Action define_man(Options&, Context& ctx) {
  return [&ctx] {
    ctx.out(manual_page(reference(), RTCAT_VERSION));
    return k_exit_ok;
  };
}

} // namespace cli
