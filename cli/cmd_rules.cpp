#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "cli/exit_code.hpp"
#include "lib/core/rules.hpp"

#include "render/json.hpp"
#include "render/text.hpp"

namespace cli {

std::string rules_listing(const std::string& format, bool color, size_t width) {
  if (format == "json") {
    return render::json_rules();
  }
  return render::table(render::rules_table(), render::table_format(format), color, width);
}

Action define_rules(Options&, Context& ctx) {
  return [&ctx] {
    std::string format = ctx.format("rules", {"table", "json", "csv", "markdown"});
    ctx.out(rules_listing(format, ctx.color(), ctx.width()));
    return k_exit_ok;
  };
}

} // namespace cli
