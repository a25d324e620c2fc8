#include "catalog/error.hpp"
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

// "90d", "12w", "6m" (30-day months) or a bare number of days.
int parse_span(const std::string& text) {
  auto fail = [&]() -> int {
    throw catalog::InvalidInput("--within: invalid span '" + text + "' (expected days like 90d, or 12w, 6m, 1y)");
  };
  if (text.empty() || text.size() > 7) {
    return fail();
  }
  size_t i = 0;
  long n = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
    n = n * 10 + (text[i++] - '0');
  }
  if (i == 0) {
    return fail();
  }
  std::string unit = text.substr(i);
  long mult = unit.empty() || unit == "d" ? 1 : unit == "w" ? 7 : unit == "m" ? 30 : unit == "y" ? 365 : 0;
  if (mult == 0) {
    return fail();
  }
  return static_cast<int>(n * mult);
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
    events = lib::within(events, on, on + date::days{parse_span(a.within)});
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
  return 0;
}

} // namespace

void register_timeline(CLI::App& app, Context& ctx) {
  auto args = std::make_shared<TimelineArgs>();
  auto* sub = app.add_subcommand("timeline", "Every release and milestone in date order; also an SVG chart or an iCalendar feed");
  sub->add_option("--within", args->within, "Only events from the date to this far ahead (90d, 12w, 6m, 1y)")->type_name("SPAN");
  sub->add_option("--id", args->id, "Only this runtime or image")->type_name("ID");
  sub->footer(R"(Examples:
  rtcat timeline --platform ai-platform
  rtcat timeline --within 180d --at 2026-06-01
  rtcat timeline --platform vertex-prediction --format ics > vertex-deadlines.ics
  rtcat timeline --platform ai-platform --format svg > lifecycle.svg)");
  sub->callback([&ctx, args] { ctx.action = [&ctx, args] { return run_timeline(ctx, *args); }; });
}

} // namespace cli
