#include "cli/context.hpp"
#include "lib/timeline.hpp"

#include <CLI/CLI.hpp>

#include "render/json.hpp"
#include "render/text.hpp"

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
    ctx.out(render::json_combos(rows));
    return 0;
  }
  if (rows.empty() && format == "table") {
    ctx.out("no runtime x Python combination is valid on " + catalog::format_date(ctx.today()) + "\n");
    return 0;
  }
  ctx.out(render::table(render::combos_table(rows), render::table_format(format), ctx.color()));
  return 0;
}

} // namespace

void register_combos(CLI::App& app, Context& ctx) {
  auto args = std::make_shared<CombosArgs>();
  auto* sub = app.add_subcommand("combos", "The runtime x Python combinations valid for new work on the date");
  sub->add_option("--python", args->python, "Only this Python version")->type_name("X.Y");
  sub->footer(R"(Examples:
  rtcat combos --platform ai-platform --at 2020-06-01
  rtcat combos --python 3.10 --format csv)");
  sub->callback([&ctx, args] { ctx.action = [&ctx, args] { return run_combos(ctx, *args); }; });
}

} // namespace cli
