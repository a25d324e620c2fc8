#include "cli/context.hpp"
#include "cli/exit_code.hpp"
#include "lib/rules.hpp"

#include <CLI/CLI.hpp>

#include "render/json.hpp"
#include "render/text.hpp"

namespace cli {

std::string rules_listing(const std::string& format, bool color) {
  if (format == "json") {
    return render::json_rules();
  }
  return render::table(render::rules_table(), render::table_format(format), color);
}

void register_rules(CLI::App& app, Context& ctx) {
  auto* sub = app.add_subcommand("rules", "Every rule id findings carry: its default severity, meaning and former ids");
  sub->footer(R"(Formats (--format): table (default), json ([{id, severity, description, help, aliases}]), csv, markdown.
A rule id, or one of its aliases (the ids it replaced), can be given to 'rtcat: ignore[RULE]',
to 'scan --ignore' and to the ignore list of .rtcat.toml / .rtcat.yaml.

Examples:
  rtcat rules
  rtcat rules --format json
  rtcat rules --format json | jq -r '.[] | select(.severity == "error") | .id')");
  sub->callback([&ctx] {
    ctx.action = [&ctx] {
      std::string format = ctx.format("rules", {"table", "json", "csv", "markdown"});
      ctx.out(rules_listing(format, ctx.color()));
      return k_exit_ok;
    };
  });
}

} // namespace cli
