#include "lib/svg.hpp"

#include "util/escape.hpp"

#include <algorithm>
#include <cstdio>

namespace lib {

namespace {
long day(Date d) {
  return d.time_since_epoch().count();
}
} // namespace

std::string timeline_svg(const std::vector<EntryView>& entries, Date on, const std::string& title) {
  const int label_w = 190;
  const int chart_w = 760;
  const int row_h = 18;
  const int top = 58;
  long lo = day(on);
  long hi = day(on);
  for (const auto& e : entries) {
    const RuntimeEntry& r = *e.entry;
    if (r.released || r.released_by) {
      lo = std::min(lo, day(r.released ? *r.released : *r.released_by));
    }
    for (const auto& m : e.lifecycle.milestones) {
      if (m.date) {
        lo = std::min(lo, day(*m.date) - 365);
        hi = std::max(hi, day(*m.date));
      }
    }
  }
  lo -= 30;
  hi += 60;
  auto x = [&](long d) { return label_w + static_cast<double>(d - lo) * chart_w / static_cast<double>(hi - lo); };
  const int height = top + static_cast<int>(entries.size()) * row_h + 40;
  const int width = label_w + chart_w + 20;
  std::string s;
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                "font-family=\"sans-serif\" font-size=\"11\" role=\"img\">\n",
                width, height, width, height);
  s += buf;
  s += "<title>" + util::xml_escape(title) + "</title>\n";
  s += "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
       "<rect width=\"6\" height=\"6\" fill=\"#eee\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#999\" "
       "stroke-width=\"2\"/>"
       "</pattern></defs>\n";
  s += "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n";
  s += "<text x=\"10\" y=\"20\" font-size=\"14\" font-weight=\"bold\">" + util::xml_escape(title) + "</text>\n";
  // Legend.
  const char* legend[][2] = {{"#2e7d32", "supported"},
                             {"#f9a825", "after a warning milestone"},
                             {"#c62828", "after an error milestone"},
                             {"url(#hatch)", "date unknown or a bound"}};
  int lx = 10;
  for (const auto& l : legend) {
    std::snprintf(buf, sizeof buf,
                  "<rect x=\"%d\" y=\"30\" width=\"12\" height=\"10\" fill=\"%s\"/><text x=\"%d\" y=\"39\">%s</text>\n", lx, l[0],
                  lx + 16, l[1]);
    s += buf;
    lx += 40 + static_cast<int>(std::string(l[1]).size()) * 6;
  }
  // Year grid.
  int y0 = static_cast<int>(date::year_month_day{Date{date::days{lo}}}.year());
  int y1 = static_cast<int>(date::year_month_day{Date{date::days{hi}}}.year());
  for (int y = y0 + 1; y <= y1; ++y) {
    long d = day(Date{date::year{y} / 1 / 1});
    std::snprintf(
        buf, sizeof buf,
        "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/><text x=\"%.1f\" y=\"%d\" fill=\"#666\">%d</text>\n",
        x(d), top - 6, x(d), height - 30, x(d) + 2, height - 18, y);
    s += buf;
  }
  int row = 0;
  for (const auto& e : entries) {
    const RuntimeEntry& r = *e.entry;
    int y = top + row * row_h;
    std::string label = e.catalog->name + " " + r.id;
    s += "<g><title>" + util::xml_escape(label + ": " + e.lifecycle.status.name) + "</title>\n";
    std::snprintf(buf, sizeof buf, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", label_w - 6, y + 12);
    s += buf + util::xml_escape(r.id) + "</text>\n";
    std::optional<long> start;
    bool start_known = true;
    if (r.released || r.released_by) {
      start = day(r.released ? *r.released : *r.released_by);
      start_known = r.released.has_value();
    } else if (!e.lifecycle.milestones.empty() && e.lifecycle.milestones.front().date) {
      start = day(*e.lifecycle.milestones.front().date) - 365;
      start_known = false;
    }
    std::string fill = "#2e7d32";
    bool known = start_known;
    long cursor = start.value_or(lo);
    for (const auto& m : e.lifecycle.milestones) {
      if (!m.date) {
        break;
      }
      long end = day(*m.date);
      if (end > cursor) {
        std::snprintf(buf, sizeof buf, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"12\" fill=\"%s\"/>\n", x(cursor), y + 2,
                      x(end) - x(cursor), known && !m.at_latest ? fill.c_str() : "url(#hatch)");
        s += buf;
      }
      cursor = std::max(cursor, end);
      fill = m.policy->severity == Severity::error ? "#c62828" : "#f9a825";
      known = !m.at_latest;
    }
    if (hi > cursor) {
      std::snprintf(buf, sizeof buf, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"12\" fill=\"%s\" opacity=\"0.8\"/>\n",
                    x(cursor), y + 2, x(hi) - x(cursor), fill.c_str());
      s += buf;
    }
    s += "</g>\n";
    ++row;
  }
  std::snprintf(buf, sizeof buf,
                "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#1565c0\" stroke-width=\"2\"/>"
                "<text x=\"%.1f\" y=\"%d\" fill=\"#1565c0\">%s</text>\n",
                x(day(on)), top - 10, x(day(on)), height - 30, x(day(on)) + 3, top - 12, catalog::format_date(on).c_str());
  s += buf;
  s += "</svg>\n";
  return s;
}

} // namespace lib
