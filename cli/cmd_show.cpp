#include "catalog/error.hpp"
#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "lib/core/lifecycle.hpp"
#include "lib/core/lookup.hpp"
#include "util/text.hpp"

#include "render/json.hpp"
#include "render/show.hpp"

namespace cli {

// What `rtcat show --help` says after the options (Command::help).
const std::string_view k_show_help = R"(Examples:
  rtcat show 1.15
  rtcat show vertex-prediction:sklearn-cpu.1-6 --format json)";

namespace {

struct ShowArgs {
  std::string id;
};

// Declares the arguments and options that fill a ShowArgs.
void declare_show(Options& sub, ShowArgs& a) {
  sub.add_option("id", a.id, "Runtime or image id (2.11, tf-cpu.2-17.py310), or CATALOG:ID")->type_name("ID")->required();
}

int run_show(Context& ctx, const ShowArgs& a) {
  std::string format = ctx.format();
  auto ref = lib::find_entry(ctx.catalogs(), a.id, ctx.scope());
  catalog::Date on = ctx.today();
  if (!ref) {
    auto near = lib::near_matches(ctx.catalogs(), a.id, ctx.scope(), on, ctx.g.warn_days);
    std::string hint = near.empty() ? "" : " (did you mean " + lib::describe_near(near) + "?)";
    throw catalog::InvalidInput("no entry '" + a.id + "' in the catalog" + hint + "; 'rtcat list' shows every id");
  }
  lib::EntryView v = lib::view_of(*ref->catalog, *ref->entry, on, ctx.g.warn_days);
  ctx.out(format == "json" ? render::json_entry_full(v) : render::show_text(v, on, ctx.color(), ctx.width()));
  return k_exit_ok;
}

} // namespace

Action define_show(Options& sub, Context& ctx) {
  return define_command(sub, ctx, declare_show, run_show);
}

} // namespace cli
