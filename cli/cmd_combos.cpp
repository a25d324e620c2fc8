#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "cli/output.hpp"
#include "lib/timeline.hpp"

#include <CLI/CLI.hpp>

namespace cli {

namespace {

struct CombosArgs {
  std::string python;
};

int run_combos(Context& ctx, const CombosArgs& a) {
  std::string format = ctx.format("combos", {"table", "json", "csv", "markdown"});
  std::optional<catalog::Version> python;
  if (!a.python.empty()) {
    python = catalog::Version::parse(a.python);
  }
  auto all = lib::combos(ctx.selected(), ctx.today(), ctx.g.warn_days);
  std::vector<lib::Combo> rows;
  for (auto& c : all) {
    if (!python || c.python == *python) {
      rows.push_back(std::move(c));
    }
  }
  if (format == "json") {
    ctx.out(lib::json_combos(rows));
    return k_exit_ok;
  }
  lib::Table t;
  t.headers = {"CATALOG", "RUNTIME", "PYTHON", "STATUS", "NEXT MILESTONE", "DAYS"};
  for (const auto& c : rows) {
    t.rows.push_back({{c.catalog->name},
                      {c.entry->id},
                      {c.python.str()},
                      {c.lifecycle.status.name, status_tone(c.lifecycle)},
                      {next_text(c.lifecycle)},
                      {days_text(c.lifecycle)}});
  }
  if (rows.empty() && format == "table") {
    ctx.out("no runtime x Python combination is valid on " + catalog::format_date(ctx.today()) + "\n");
    return k_exit_ok;
  }
  ctx.out(lib::render(t, table_format(format), ctx.color()));
  return k_exit_ok;
}

} // namespace

Action define_combos(CLI::App& sub, Context& ctx) {
  auto args = std::make_shared<CombosArgs>();
  sub.add_option("--python", args->python, "Only this Python version")->type_name("X.Y");
  return [&ctx, args] { return run_combos(ctx, *args); };
}

} // namespace cli
