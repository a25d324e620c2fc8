#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "cli/exit_code.hpp"
#include "cli/output.hpp"
#include "lib/json_out.hpp"
#include "lib/rules.hpp"

#include <CLI/CLI.hpp>

namespace cli {

std::string rules_listing(const std::string& format, bool color) {
  if (format == "json") {
    return lib::json_rules();
  }
  lib::Table t;
  t.headers = {"RULE", "SEVERITY", "DESCRIPTION", "ALIASES"};
  for (const auto& r : lib::rule_infos()) {
    std::string aliases;
    for (auto alias : r.aliases) {
      if (!alias.empty()) {
        aliases += (aliases.empty() ? "" : ", ") + std::string(alias);
      }
    }
    lib::Tone tone = r.severity == catalog::Severity::error     ? lib::Tone::bad
                     : r.severity == catalog::Severity::warning ? lib::Tone::warn
                                                                : lib::Tone::plain;
    t.rows.push_back({{std::string(r.id)},
                      {std::string(catalog::to_string(r.severity)), tone},
                      {std::string(r.description)},
                      {aliases.empty() ? "-" : aliases, lib::Tone::dim}});
  }
  return lib::render(t, table_format(format == "text" ? "table" : format), color);
}

Action define_rules(CLI::App&, Context& ctx) {
  return [&ctx] {
    std::string format = ctx.format("rules", {"table", "json", "csv", "markdown"});
    ctx.out(rules_listing(format, ctx.color()));
    return k_exit_ok;
  };
}

} // namespace cli
