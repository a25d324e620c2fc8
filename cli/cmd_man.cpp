#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "cli/exit_code.hpp"
#include "cli/manual.hpp"
#include "cli/reference.hpp"

#ifndef RTCAT_VERSION
#define RTCAT_VERSION "0.0.0"
#endif

namespace cli {

Action define_man(Options&, Context& ctx) {
  return [&ctx] {
    ctx.out(manual_page(reference(), RTCAT_VERSION));
    return k_exit_ok;
  };
}

} // namespace cli
