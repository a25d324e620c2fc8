#include "render/svg.hpp"

#include "util/escape.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

namespace render {

namespace {

using catalog::Date;
using lib::EntryView;

constexpr int k_width = 980;
constexpr int k_label_w = 180;
constexpr int k_right = 16; // margin right of the chart
constexpr int k_row_h = 16;
constexpr int k_bar_h = 10;
constexpr int k_char_w = 7; // a generous width of one character at font-size 11
// Days drawn before the first and after the last date.
constexpr long k_lead_days = 60;
constexpr long k_tail_days = 90;
constexpr long k_year_days = 365;
// A release the sources do not bound from below: a bar fading in over at most this many days
// before the day the entry certainly existed (no date is claimed for its start).
constexpr long k_fade_days = 365;

long day(Date d) {
  return catalog::day_number(d);
}

template <class... Args> std::string format(const char* pattern, Args... args) {
  char buf[512];
  std::snprintf(buf, sizeof buf, pattern, args...);
  return buf;
}

int text_w(const std::string& s) {
  return static_cast<int>(s.size()) * k_char_w;
}

// What a stretch of a bar means.
enum class Fill { supported, warning, closed };

struct Seg {
  long from = 0;
  long to = 0;
  Fill fill = Fill::supported;
  bool window = false; // the change happens somewhere in here: hatched
  bool open = false;   // the start is unknown: fades in (with window: the release window's paint)
};

// One line of the chart: a catalog heading or an entry (with its twins' accelerators).
struct Row {
  const catalog::Catalog* catalog = nullptr;
  const EntryView* view = nullptr; // nullptr: the catalog's heading, or a spacer under one with no entry
  std::string label;
  std::vector<Seg> segs;
  bool spacer = false;
};

const char* colour(Fill f) {
  return f == Fill::supported ? "#2e7d32" : f == Fill::warning ? "#ef8f00" : "#c62828";
}
const char* fill_name(Fill f) {
  return f == Fill::supported ? "supported" : f == Fill::warning ? "warning" : "closed";
}
std::string paint_of(const Seg& s) {
  if (s.open) {
    return "url(#fade)";
  }
  return s.window ? std::string("url(#hatch-") + fill_name(s.fill) + ")" : colour(s.fill);
}

// The bar of an entry, from its release (a window hatched; a start the sources do not bound from
// below fading in up to the day the entry certainly existed) through each milestone (a window
// hatched in the colour it leads to) to its catalog's shutdown or the chart's end.
std::vector<Seg> segments(const EntryView& v, long chart_start, long chart_end) {
  std::vector<Seg> out;
  const lib::Lifecycle& lc = v.lifecycle;
  const lib::ReleaseWindow& w = lc.release;
  std::optional<long> start;
  if (w.released) {
    start = day(*w.released);
  } else if (auto existed = lib::exists_from(*v.catalog, *v.entry, lc)) {
    long hi = day(*existed);
    if (w.earliest() && day(*w.earliest()) < hi) {
      out.push_back(Seg{day(*w.earliest()), hi, Fill::supported, true});
    } else if (!w.earliest()) {
      long lo = std::max(chart_start, hi - k_fade_days);
      if (lo < hi) {
        out.push_back(Seg{lo, hi, Fill::supported, false, true});
      }
    }
    start = hi;
  }
  if (!start) {
    return out;
  }
  long cursor = *start;
  Fill cur = Fill::supported;
  for (const auto& m : lc.milestones) {
    if (!m.date) {
      break;
    }
    long end = day(*m.date);
    Fill next = m.policy->severity == catalog::Severity::error ? Fill::closed : Fill::warning;
    long lo = m.at_latest ? std::max(cursor, m.earliest ? day(*m.earliest) : cursor) : end;
    if (std::min(lo, end) > cursor) {
      out.push_back(Seg{cursor, std::min(lo, end), cur, false});
    }
    if (m.at_latest && end > lo) {
      out.push_back(Seg{lo, end, next, true});
    }
    cursor = std::max(cursor, end);
    cur = next;
  }
  long stop = v.catalog->policy.sunset ? std::min(chart_end, day(*v.catalog->policy.sunset)) : chart_end;
  if (stop > cursor) {
    out.push_back(Seg{cursor, stop, cur, false});
  }
  return out;
}

bool same_dates(const EntryView& a, const EntryView& b) {
  if (a.lifecycle.release.latest() != b.lifecycle.release.latest() ||
      a.lifecycle.milestones.size() != b.lifecycle.milestones.size()) {
    return false;
  }
  for (size_t i = 0; i < a.lifecycle.milestones.size(); ++i) {
    if (a.lifecycle.milestones[i].date != b.lifecycle.milestones[i].date) {
      return false;
    }
  }
  return true;
}

// The same image for another accelerator (of the same family), with the same dates.
bool twins(const EntryView& a, const EntryView& b) {
  const catalog::RuntimeEntry& x = *a.entry;
  const catalog::RuntimeEntry& y = *b.entry;
  return a.catalog == b.catalog && !x.accelerator.empty() && !y.accelerator.empty() && x.accelerator != y.accelerator &&
         x.framework == y.framework && x.framework_version == y.framework_version && x.family == y.family &&
         x.python == y.python && same_dates(a, b);
}

// By framework (images), then numeric version (1.1 before 1.14), then id.
bool version_order(const EntryView* a, const EntryView* b) {
  if (a->entry->framework != b->entry->framework) {
    return a->entry->framework < b->entry->framework;
  }
  const auto& va = a->entry->version;
  const auto& vb = b->entry->version;
  if (va && vb && *va != *vb) {
    return *va < *vb;
  }
  if (va.has_value() != vb.has_value()) {
    return va.has_value();
  }
  return a->entry->id < b->entry->id;
}

// Rows grouped by catalog (in the order given, then the catalogs shown with no entry), each
// group in version order, twins collapsed.
std::vector<Row> rows_of(const std::vector<EntryView>& entries, const std::vector<const catalog::Catalog*>& catalogs,
                         long chart_start, long chart_end) {
  std::vector<const catalog::Catalog*> order;
  std::map<const catalog::Catalog*, std::vector<const EntryView*>> by;
  for (const auto& e : entries) {
    if (!by.count(e.catalog)) {
      order.push_back(e.catalog);
    }
    by[e.catalog].push_back(&e);
  }
  for (const auto* c : catalogs) {
    if (!by.count(c)) {
      order.push_back(c);
      by[c];
    }
  }
  std::vector<Row> rows;
  for (const auto* c : order) {
    auto& list = by[c];
    std::stable_sort(list.begin(), list.end(), version_order);
    rows.push_back(Row{c, nullptr, c->title.empty() ? c->name : c->title, {}});
    if (list.empty()) {
      rows.push_back(Row{c, nullptr, "", {}, true}); // room for its shutdown line
    }
    std::vector<const EntryView*> kept;
    for (const auto* e : list) {
      auto twin = std::find_if(kept.begin(), kept.end(), [&](const EntryView* k) { return twins(*k, *e); });
      if (twin != kept.end()) {
        for (auto& r : rows) {
          if (r.view == *twin) {
            r.label += " +" + e->entry->accelerator;
          }
        }
        continue;
      }
      kept.push_back(e);
      rows.push_back(Row{c, e, e->entry->id, segments(*e, chart_start, chart_end)});
    }
  }
  return rows;
}

// The days the chart spans (cropped to the range) and where a day falls on it.
// The label column is k_label_w wide, or wider when an entry's label needs it.
struct Scale {
  long lo = 0;
  long hi = 0;
  int label_w = k_label_w;
  double x(long d) const {
    d = std::clamp(d, lo, hi);
    return label_w + static_cast<double>(d - lo) * (k_width - label_w - k_right) / static_cast<double>(hi - lo);
  }
};

Scale scale_of(const std::vector<EntryView>& entries, const std::vector<const catalog::Catalog*>& catalogs, Date on,
               const ChartRange& range) {
  Scale s{day(on), day(on)};
  for (const auto* c : catalogs) {
    if (c->policy.sunset) {
      s.hi = std::max(s.hi, day(*c->policy.sunset));
    }
  }
  for (const auto& e : entries) {
    const lib::ReleaseWindow& w = e.lifecycle.release;
    if (auto first = w.earliest() ? w.earliest() : w.latest()) {
      s.lo = std::min(s.lo, day(*first));
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
  if (range.since) {
    s.lo = day(*range.since);
  }
  if (range.until) {
    s.hi = day(*range.until);
  }
  if (s.hi <= s.lo) {
    s.hi = s.lo + 1;
  }
  return s;
}

std::string defs() {
  std::string s = std::string("<defs><linearGradient id=\"fade\"><stop offset=\"0\" stop-color=\"") + colour(Fill::supported) +
                  "\" stop-opacity=\"0\"/><stop offset=\"1\" stop-color=\"" + colour(Fill::supported) +
                  "\" stop-opacity=\"0.8\"/></linearGradient>";
  for (Fill f : {Fill::supported, Fill::warning, Fill::closed}) {
    s += format("<pattern id=\"hatch-%s\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
                "patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#fff\"/>"
                "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"%s\" stroke-width=\"3\"/></pattern>",
                fill_name(f), colour(f));
  }
  return s + "</defs>\n";
}

// The legend: one entry for every colour, pattern and line the chart uses, wrapped to the width.
// Returns the y below it.
int legend(std::string& s, const std::set<std::pair<Fill, bool>>& used, bool open, bool shutdown) {
  std::vector<std::pair<std::string, std::string>> items; // swatch markup at (0,0), text
  if (open) {
    Seg probe{0, 0, Fill::supported, false, true};
    items.push_back({"<rect x=\"0\" y=\"0\" width=\"14\" height=\"10\" stroke=\"#999\" stroke-width=\"0.5\" fill=\"" +
                         paint_of(probe) + "\"/>",
                     "release date unknown: it existed by the day the fade ends"});
  }
  const char* words[3][2] = {{"supported", "supported from a release window (date only bounded)"},
                             {"after a warning milestone", "a warning milestone's window"},
                             {"closed: after an error milestone", "an error milestone's window (date only bounded)"}};
  for (Fill f : {Fill::supported, Fill::warning, Fill::closed}) {
    for (bool window : {false, true}) {
      if (used.count({f, window})) {
        Seg probe{0, 0, f, window};
        items.push_back({"<rect x=\"0\" y=\"0\" width=\"14\" height=\"10\" stroke=\"#999\" stroke-width=\"0.5\" fill=\"" +
                             paint_of(probe) + "\"/>",
                         words[static_cast<int>(f)][window ? 1 : 0]});
      }
    }
  }
  items.push_back(
      {"<line x1=\"7\" y1=\"-2\" x2=\"7\" y2=\"12\" stroke=\"#1565c0\" stroke-width=\"2\"/>", "the date of the chart"});
  if (shutdown) {
    items.push_back({"<line x1=\"7\" y1=\"-2\" x2=\"7\" y2=\"12\" stroke=\"#000\" stroke-width=\"2\" stroke-dasharray=\"3,2\"/>",
                     "platform shutdown"});
  }
  int x = 10;
  int y = 32;
  for (const auto& [swatch, text] : items) {
    int w = 20 + text_w(text) + 14;
    if (x + w > k_width - 10) {
      x = 10;
      y += 16;
    }
    s += format("<g transform=\"translate(%d,%d)\">", x, y) + swatch +
         format("<text x=\"20\" y=\"9\">%s</text></g>\n", util::xml_escape(text).c_str());
    x += w;
  }
  return y + 16;
}

// A vertical line at each new year the chart spans, and a label below the rows at every year, or
// every second, fifth... when a year is too narrow for its label.
std::string year_grid(const Scale& sc, int top, int axis_y) {
  std::string s;
  int y0 = catalog::year_of(catalog::date_of_day(sc.lo));
  int y1 = catalog::year_of(catalog::date_of_day(sc.hi));
  const double year_w = sc.x(day(catalog::first_of_year(y0 + 1))) - sc.x(day(catalog::first_of_year(y0)));
  int stride = 1;
  for (int step : {1, 2, 5, 10, 20, 50}) {
    stride = step;
    if (year_w * step >= 36) {
      break;
    }
  }
  for (int y = y0 + 1; y <= y1; ++y) {
    long d = day(catalog::first_of_year(y));
    double x = sc.x(d);
    s += format("<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#e0e0e0\"/>", x, top, x, axis_y);
    if (y % stride == 0 && x - 16 >= sc.label_w && x + 16 <= k_width - 2) {
      s += format("<text x=\"%.1f\" y=\"%d\" fill=\"#555\" text-anchor=\"middle\">%d</text>", x, axis_y + 13, y);
    }
    s += "\n";
  }
  return s;
}

// A label beside a vertical line at x: right of it when it fits, else left of it.
std::string line_label(double x, int y, const std::string& text, const char* colour, int min_x) {
  bool right = x + 4 + text_w(text) <= k_width - 4 || x - 4 - text_w(text) < min_x;
  return format("<text x=\"%.1f\" y=\"%d\" fill=\"%s\" text-anchor=\"%s\">", right ? x + 4 : x - 4, y, colour,
                right ? "start" : "end") +
         util::xml_escape(text) + "</text>\n";
}

std::string entry_row(const Row& r, int y, const Scale& sc) {
  const EntryView& e = *r.view;
  std::string released = lib::describe_release(e.lifecycle.release);
  if (!e.lifecycle.release.released && !e.lifecycle.release.by) {
    if (auto existed = lib::exists_from(*e.catalog, *e.entry, e.lifecycle)) {
      released +=
          (released.empty() ? "" : ", ") + std::string("released by ") + catalog::format_date(*existed) + " at the latest";
    }
  }
  if (released.empty()) {
    released = "release date unknown";
  }
  std::string s = "<g><title>" +
                  util::xml_escape(e.catalog->name + " " + r.label + ": " + e.lifecycle.status.name + "; " + released) +
                  "</title>";
  s += format("<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", sc.label_w - 6, y + 11) + util::xml_escape(r.label) + "</text>";
  for (const auto& g : r.segs) {
    if (g.to <= sc.lo || g.from >= sc.hi) {
      continue;
    }
    s += format("<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>", sc.x(g.from), y + 3,
                sc.x(g.to) - sc.x(g.from), k_bar_h, paint_of(g).c_str());
  }
  return s + "</g>\n";
}

// A catalog's heading row, and its shutdown line over its rows, labelled in the heading.
std::string heading_row(const Row& r, int y, int rows_below, const Scale& sc) {
  std::string s = format("<text x=\"10\" y=\"%d\" font-weight=\"bold\">", y + 12) + util::xml_escape(r.label) + "</text>\n";
  const auto& sunset = r.catalog->policy.sunset;
  if (sunset && day(*sunset) > sc.lo && day(*sunset) < sc.hi) {
    double x = sc.x(day(*sunset));
    s += format("<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#000\" stroke-width=\"2\" "
                "stroke-dasharray=\"3,2\"/>\n",
                x, y + 14, x, y + (rows_below + 1) * k_row_h);
    s += line_label(x, y + 12, "shutdown " + catalog::format_date(*sunset), "#000", 10 + text_w(r.label) + 8);
  }
  return s;
}

} // namespace

std::string timeline_svg(const std::vector<EntryView>& entries, Date on, const std::string& title, const ChartRange& range,
                         const std::vector<const catalog::Catalog*>& catalogs) {
  Scale sc = scale_of(entries, catalogs, on, range);
  std::vector<Row> rows = rows_of(entries, catalogs, sc.lo, sc.hi);
  for (const auto& r : rows) {
    if (r.view) {
      sc.label_w = std::max(sc.label_w, 10 + text_w(r.label) + 6); // the left margin, the label, its gap
    }
  }
  std::set<std::pair<Fill, bool>> used;
  bool open = false;
  bool shutdown = false;
  for (const auto& r : rows) {
    for (const auto& g : r.segs) {
      if (g.to > sc.lo && g.from < sc.hi) {
        if (g.open) {
          open = true;
        } else {
          used.insert({g.fill, g.window});
        }
      }
    }
    shutdown = shutdown || (!r.view && r.catalog->policy.sunset && day(*r.catalog->policy.sunset) > sc.lo &&
                            day(*r.catalog->policy.sunset) < sc.hi);
  }
  std::string body;
  const int top = legend(body, used, open, shutdown) + 18; // a line for the date's label
  const int axis_y = top + static_cast<int>(rows.size()) * k_row_h + 2;
  const int height = axis_y + 20;
  std::string s = format("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                         "font-family=\"sans-serif\" font-size=\"11\" role=\"img\">\n",
                         k_width, height, k_width, height);
  s += "<title>" + util::xml_escape(title) + "</title>\n" + defs();
  s += "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n";
  s += "<text x=\"10\" y=\"18\" font-size=\"14\" font-weight=\"bold\">" + util::xml_escape(title) + "</text>\n" + body;
  s += year_grid(sc, top, axis_y);
  for (size_t i = 0; i < rows.size(); ++i) {
    int y = top + static_cast<int>(i) * k_row_h;
    if (rows[i].view) {
      s += entry_row(rows[i], y, sc);
    } else if (!rows[i].spacer) {
      size_t below = 0;
      while (i + below + 1 < rows.size() && (rows[i + below + 1].view || rows[i + below + 1].spacer)) {
        ++below;
      }
      s += heading_row(rows[i], y, static_cast<int>(below), sc);
    }
  }
  if (day(on) >= sc.lo && day(on) <= sc.hi) {
    const double today = sc.x(day(on));
    s += format("<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#1565c0\" stroke-width=\"2\"/>\n", today, top - 14,
                today, axis_y);
    s += line_label(today, top - 4, catalog::format_date(on), "#1565c0", sc.label_w);
  }
  return s + "</svg>\n";
}

} // namespace render
