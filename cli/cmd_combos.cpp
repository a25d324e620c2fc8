#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "lib/core/timeline.hpp"

#include "render/json.hpp"
#include "render/text.hpp"

namespace cli {

// What `rtcat combos --help` says after the options (Command::help).
const std::string_view k_combos_help = R"(Examples:
  rtcat combos --platform ai-platform --at 2020-06-01
  rtcat combos --python 3.10 --format csv)";

namespace {

struct CombosArgs {
  std::string python;
};

// Declares the arguments and options that fill a CombosArgs.
void declare_combos(Options& sub, CombosArgs& a) {
  sub.add_option("--python", a.python, "Only this Python version")->type_name("X.Y")->check(python_version());
}

int run_combos(Context& ctx, const CombosArgs& a) {
  std::string format = ctx.format();
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
    return k_exit_ok;
  }
  if (rows.empty() && format == "table") {
    ctx.out("no runtime x Python combination is valid on " + catalog::format_date(ctx.today()) + "\n");
    return k_exit_ok;
  }
  ctx.out_table(format, [&](render::TableFormat table) { return render::combos_table(rows, table); });
  return k_exit_ok;
}

} // namespace

Action define_combos(Options& sub, Context& ctx) {
  return define_command(sub, ctx, declare_combos, run_combos);
}

} // namespace cli
