#include "render/svg.hpp"

#include "util/escape.hpp"

#include <algorithm>
#include <cstdio>

namespace render {

namespace {

using catalog::Date;
using lib::EntryView;

constexpr int k_label_w = 190;
constexpr int k_chart_w = 760;
constexpr int k_row_h = 18;
constexpr int k_top = 58;
// Days drawn before the first and after the last date; how far back an unknown release is drawn.
constexpr long k_lead_days = 30;
constexpr long k_tail_days = 60;
constexpr long k_year_days = 365;

const char* const k_green = "#2e7d32";
const char* const k_amber = "#f9a825";
const char* const k_red = "#c62828";
const char* const k_hatch = "url(#hatch)";

long day(Date d) {
  return d.time_since_epoch().count();
}

// The day an entry's bar starts, and whether that day is known: its release, else a year
// before its first milestone.
std::pair<std::optional<long>, bool> bar_start(const EntryView& e) {
  const catalog::RuntimeEntry& r = *e.entry;
  if (r.released || r.released_by) {
    return {day(r.released ? *r.released : *r.released_by), r.released.has_value()};
  }
  if (!e.lifecycle.milestones.empty() && e.lifecycle.milestones.front().date) {
    return {day(*e.lifecycle.milestones.front().date) - k_year_days, false};
  }
  return {std::nullopt, true};
}

// The days the chart spans and where a day falls on it.
struct Scale {
  long lo = 0;
  long hi = 0;
  double x(long d) const { return k_label_w + static_cast<double>(d - lo) * k_chart_w / static_cast<double>(hi - lo); }
};

Scale scale_of(const std::vector<EntryView>& entries, Date on) {
  Scale s{day(on), day(on)};
  for (const auto& e : entries) {
    const catalog::RuntimeEntry& r = *e.entry;
    if (r.released || r.released_by) {
      s.lo = std::min(s.lo, day(r.released ? *r.released : *r.released_by));
    }
    for (const auto& m : e.lifecycle.milestones) {
      if (m.date) {
        s.lo = std::min(s.lo, day(*m.date) - k_year_days);
        s.hi = std::max(s.hi, day(*m.date));
      }
    }
  }
  s.lo -= k_lead_days;
  s.hi += k_tail_days;
  return s;
}

template <class... Args> std::string format(const char* pattern, Args... args) {
  char buf[512];
  std::snprintf(buf, sizeof buf, pattern, args...);
  return buf;
}

// The opening tag, title, hatch pattern, background and legend.
std::string head(int width, int height, const std::string& title) {
  std::string s = format("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                         "font-family=\"sans-serif\" font-size=\"11\" role=\"img\">\n",
                         width, height, width, height);
  s += "<title>" + util::xml_escape(title) + "</title>\n";
  s += "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
       "<rect width=\"6\" height=\"6\" fill=\"#eee\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#999\" "
       "stroke-width=\"2\"/>"
       "</pattern></defs>\n";
  s += "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n";
  s += "<text x=\"10\" y=\"20\" font-size=\"14\" font-weight=\"bold\">" + util::xml_escape(title) + "</text>\n";
  const char* legend[][2] = {{k_green, "supported"},
                             {k_amber, "after a warning milestone"},
                             {k_red, "after an error milestone"},
                             {k_hatch, "date unknown or a bound"}};
  int lx = 10;
  for (const auto& l : legend) {
    s += format("<rect x=\"%d\" y=\"30\" width=\"12\" height=\"10\" fill=\"%s\"/><text x=\"%d\" y=\"39\">%s</text>\n", lx, l[0],
                lx + 16, l[1]);
    lx += 40 + static_cast<int>(std::string(l[1]).size()) * 6;
  }
  return s;
}

// A vertical line and label at each new year the chart spans.
std::string year_grid(const Scale& sc, int height) {
  std::string s;
  int y0 = static_cast<int>(date::year_month_day{Date{date::days{sc.lo}}}.year());
  int y1 = static_cast<int>(date::year_month_day{Date{date::days{sc.hi}}}.year());
  for (int y = y0 + 1; y <= y1; ++y) {
    long d = day(Date{date::year{y} / 1 / 1});
    s += format(
        "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/><text x=\"%.1f\" y=\"%d\" fill=\"#666\">%d</text>\n",
        sc.x(d), k_top - 6, sc.x(d), height - 30, sc.x(d) + 2, height - 18, y);
  }
  return s;
}

// One entry: its label, then a bar segment up to each dated milestone, coloured by what the
// previous milestone means (hatched where a date is only a bound), then to the end of the chart.
std::string entry_row(const EntryView& e, int y, const Scale& sc) {
  std::string label = e.catalog->name + " " + e.entry->id;
  std::string s = "<g><title>" + util::xml_escape(label + ": " + e.lifecycle.status.name) + "</title>\n";
  s +=
      format("<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", k_label_w - 6, y + 12) + util::xml_escape(e.entry->id) + "</text>\n";
  auto [start, known] = bar_start(e);
  const char* fill = k_green;
  long cursor = start.value_or(sc.lo);
  for (const auto& m : e.lifecycle.milestones) {
    if (!m.date) {
      break;
    }
    long end = day(*m.date);
    if (end > cursor) {
      s += format("<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"12\" fill=\"%s\"/>\n", sc.x(cursor), y + 2,
                  sc.x(end) - sc.x(cursor), known && !m.at_latest ? fill : k_hatch);
    }
    cursor = std::max(cursor, end);
    fill = m.policy->severity == catalog::Severity::error ? k_red : k_amber;
    known = !m.at_latest;
  }
  if (sc.hi > cursor) {
    s += format("<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"12\" fill=\"%s\" opacity=\"0.8\"/>\n", sc.x(cursor), y + 2,
                sc.x(sc.hi) - sc.x(cursor), fill);
  }
  return s + "</g>\n";
}

} // namespace

std::string timeline_svg(const std::vector<EntryView>& entries, Date on, const std::string& title) {
  const Scale sc = scale_of(entries, on);
  const int height = k_top + static_cast<int>(entries.size()) * k_row_h + 40;
  const int width = k_label_w + k_chart_w + 20;
  std::string s = head(width, height, title) + year_grid(sc, height);
  int row = 0;
  for (const auto& e : entries) {
    s += entry_row(e, k_top + row * k_row_h, sc);
    ++row;
  }
  const double today = sc.x(day(on));
  s += format("<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#1565c0\" stroke-width=\"2\"/>"
              "<text x=\"%.1f\" y=\"%d\" fill=\"#1565c0\">%s</text>\n",
              today, k_top - 10, today, height - 30, today + 3, k_top - 12, catalog::format_date(on).c_str());
  return s + "</svg>\n";
}

} // namespace render
