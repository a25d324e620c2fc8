#include "catalog/error.hpp"
#include "cli/commands.hpp"
#include "cli/context.hpp"
#include "lib/core/timeline.hpp"

#include <algorithm>
#include <cctype>

#include "render/ics.hpp"
#include "render/json.hpp"
#include "render/svg.hpp"
#include "render/text.hpp"

namespace cli {

// What `rtcat timeline --help` says after the options (Command::help).
const std::string_view k_timeline_help = R"(Examples:
  rtcat timeline --platform ai-platform
  rtcat timeline --within 180d --at 2026-06-01
  rtcat timeline --platform vertex-prediction --format ics --alarm 30d > vertex-deadlines.ics
  rtcat timeline --platform ai-platform --format svg --since 2019-01-01 > lifecycle.svg

The iCalendar feed has the milestones still ahead of the date (--include-past for all), one
event per milestone with CPU/GPU twins merged, and stable UIDs so a subscribed calendar updates
in place. The SVG chart groups entries by catalog in version order, draws windows hatched and
marks the date and each platform's shutdown; --since/--until crop it.)";

namespace {

struct TimelineArgs {
  std::string within;
  std::string id;
  std::string since;
  std::string until;
  bool include_past = false;
  std::string alarm;
};

std::optional<catalog::Date> date_option(const std::string& name, const std::string& text) {
  if (text.empty()) {
    return std::nullopt;
  }
  auto d = catalog::try_parse_date(text);
  if (!d) {
    throw catalog::InvalidInput(name + ": invalid date '" + text + "' (expected YYYY-MM-DD, like 2025-01-31)");
  }
  return d;
}

// "30d", "30", "4w": a reminder's lead in days (calendar alarms count days or weeks, not months).
int alarm_days(const std::string& text) {
  size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) {
    ++digits;
  }
  std::string unit = text.substr(digits);
  if (digits == 0 || digits > 4 || (unit != "" && unit != "d" && unit != "w")) {
    throw catalog::InvalidInput("--alarm: invalid lead time '" + text + "' (expected days like 30d, or weeks like 2w)");
  }
  int n = std::stoi(text.substr(0, digits));
  return unit == "w" ? 7 * n : n;
}

// Declares the arguments and options that fill a TimelineArgs.
void declare_timeline(Options& sub, TimelineArgs& a) {
  sub.add_option("--within", a.within, "Only events from the date to this far ahead (90d, 12w, 6m, 1y)")->type_name("SPAN");
  sub.add_option("--id", a.id, "Only this runtime or image")->type_name("ID");
  sub.add_option("--since", a.since, "Only events from this date on; the SVG chart starts here")->type_name("DATE");
  sub.add_option("--until", a.until, "Only events up to this date; the SVG chart ends here")->type_name("DATE");
  sub.add_flag("--include-past", a.include_past,
               "ics: also milestones before the date (--at or today); by default only those still ahead");
  sub.add_option("--alarm", a.alarm, "ics: a reminder this long before each milestone (30d, 2w)")->type_name("SPAN");
}

// The entries of the events, once each, with their lifecycle on the date.
std::vector<lib::EntryView> entry_views(const std::vector<lib::Event>& events, catalog::Date on, int warn_days) {
  std::vector<lib::EntryView> views;
  for (const auto& e : events) {
    bool seen = std::any_of(views.begin(), views.end(), [&](const lib::EntryView& v) { return v.entry == e.entry; });
    if (!seen && e.entry) {
      views.push_back(lib::view_of(*e.catalog, *e.entry, on, warn_days));
    }
  }
  return views;
}

int run_timeline(Context& ctx, const TimelineArgs& a) {
  std::string format = ctx.format();
  catalog::Date on = ctx.today();
  auto catalogs = ctx.selected();
  std::vector<lib::Event> events = lib::timeline(catalogs);
  if (!a.id.empty()) {
    auto ref = lib::find_entry(ctx.catalogs(), a.id, ctx.scope());
    if (!ref) {
      throw catalog::InvalidInput("--id: no entry '" + a.id + "' in the catalog; 'rtcat list' shows every id");
    }
    // The entry's events, and its catalog's sunset (the day it stops too).
    std::erase_if(events, [&](const lib::Event& e) { return e.entry ? e.entry != ref->entry : e.catalog != ref->catalog; });
  }
  if (!a.within.empty()) {
    events = lib::within(events, on, lib::span_end(on, a.within));
  }
  render::ChartRange range{date_option("--since", a.since), date_option("--until", a.until)};
  if (range.since && range.until && *range.until < *range.since) {
    throw catalog::InvalidInput("--until " + a.until + " is before --since " + a.since);
  }
  if ((a.include_past || !a.alarm.empty()) && format != "ics") {
    throw catalog::InvalidInput(std::string(a.include_past ? "--include-past" : "--alarm") + " applies to --format ics only");
  }
  if (range.since || range.until) {
    events = lib::within(events, range.since.value_or(catalog::date_of_day(-(1L << 24))),
                         range.until.value_or(catalog::date_of_day(1L << 24)));
  }
  if (format == "json") {
    ctx.out(render::json_events(events));
  } else if (format == "ics") {
    render::IcsOptions o;
    o.on = on;
    o.include_past = a.include_past || range.since.has_value();
    if (!a.alarm.empty()) {
      o.alarm = alarm_days(a.alarm);
    }
    ctx.out(render::timeline_ics(events, o));
  } else if (format == "svg") {
    std::vector<lib::EntryView> views = entry_views(events, on, ctx.g.warn_days);
    std::vector<const catalog::Catalog*> sunsets; // a heading and its shutdown line, even with no entry shown
    for (const auto& e : events) {
      if (!e.entry) {
        sunsets.push_back(e.catalog);
      }
    }
    std::string title = "Runtime lifecycle on " + catalog::format_date(on); // each catalog names itself in a heading
    ctx.out(render::timeline_svg(views, on, title, range, sunsets));
  } else {
    ctx.out_table(format, [&](render::TableFormat table) { return render::events_table(events, on, table); });
  }
  return k_exit_ok;
}

} // namespace

Action define_timeline(Options& sub, Context& ctx) {
  return define_command(sub, ctx, declare_timeline, run_timeline);
}

} // namespace cli
