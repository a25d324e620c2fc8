#include "catalog/error.hpp"
#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "lib/timeline.hpp"

#include <CLI/CLI.hpp>

#include "render/ics.hpp"
#include "render/json.hpp"
#include "render/svg.hpp"
#include "render/text.hpp"

namespace cli {

namespace {

struct TimelineArgs {
  std::string within;
  std::string id;
};

// Declares the arguments and options that fill a TimelineArgs.
void declare_timeline(CLI::App& sub, TimelineArgs& a) {
  sub.add_option("--within", a.within, "Only events from the date to this far ahead (90d, 12w, 6m, 1y)")->type_name("SPAN");
  sub.add_option("--id", a.id, "Only this runtime or image")->type_name("ID");
}

int run_timeline(Context& ctx, const TimelineArgs& a) {
  std::string format = ctx.format("timeline", {"table", "json", "csv", "markdown", "svg", "ics"});
  catalog::Date on = ctx.today();
  auto catalogs = ctx.selected();
  std::vector<lib::Event> events = lib::timeline(catalogs);
  if (!a.id.empty()) {
    auto ref = lib::find_entry(ctx.catalogs(), a.id, ctx.scope());
    if (!ref) {
      throw catalog::InvalidInput("--id: no entry '" + a.id + "' in the catalog; 'rtcat list' shows every id");
    }
    std::erase_if(events, [&](const lib::Event& e) { return e.entry != ref->entry; });
  }
  if (!a.within.empty()) {
    events = lib::within(events, on, lib::span_end(on, a.within));
  }
  if (format == "json") {
    ctx.out(render::json_events(events));
  } else if (format == "ics") {
    ctx.out(render::timeline_ics(events));
  } else if (format == "svg") {
    std::vector<lib::EntryView> views;
    for (const auto& e : events) {
      if (views.empty() || views.back().entry != e.entry) {
        bool seen = false;
        for (const auto& v : views) {
          seen = seen || v.entry == e.entry;
        }
        if (!seen) {
          views.push_back({e.catalog, e.entry, lib::evaluate(*e.catalog, *e.entry, on, ctx.g.warn_days)});
        }
      }
    }
    std::string title = "Runtime lifecycle";
    if (catalogs.size() == 1) {
      title = catalogs.front()->title.empty() ? catalogs.front()->name : catalogs.front()->title;
    }
    ctx.out(render::timeline_svg(views, on, title));
  } else {
    ctx.out(render::table(render::events_table(events, on), render::table_format(format), ctx.color()));
  }
  return k_exit_ok;
}

} // namespace

Action define_timeline(CLI::App& sub, Context& ctx) {
  return define_command(sub, ctx, declare_timeline, run_timeline);
}

} // namespace cli
