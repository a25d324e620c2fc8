#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "cli/exit_code.hpp"
#include "lib/core/rules.hpp"

#include "render/json.hpp"
#include "render/text.hpp"

namespace cli {

// What `rtcat rules --help` says after the options (Command::help).
const std::string_view k_rules_help =
    R"(Formats (--format): table (default), json ([{id, severity, description, help, aliases}]), csv, markdown.
A rule id, or one of its aliases (the ids it replaced), can be given to 'rtcat: ignore[RULE]',
to 'scan --ignore' and to the ignore list of .rtcat.toml / .rtcat.yaml.

Examples:
  rtcat rules
  rtcat rules --format json
  rtcat rules --format json | jq -r '.[] | select(.severity == "error") | .id')";

std::string rules_listing(const std::string& format, bool color, size_t width) {
  if (format == "json") {
    return render::json_rules();
  }
  return render::table(render::rules_table(), render::table_format(format), color, width);
}

Action define_rules(Options&, Context& ctx) {
  return [&ctx] {
    std::string format = ctx.format();
    ctx.out(rules_listing(format, ctx.color(), ctx.width()));
    return k_exit_ok;
  };
}

} // namespace cli
