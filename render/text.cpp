#include "render/text.hpp"

#include "lib/core/frameworks.hpp"
#include "util/text.hpp"

#include <algorithm>

#include "render/findings.hpp"

namespace render {

using catalog::format_date;

Tone status_tone(const lib::Lifecycle& lc) {
  auto sev = lc.severity();
  if (!sev) {
    return Tone::good;
  }
  if (lc.status.is(lib::Standing::unreleased)) {
    return Tone::dim;
  }
  return *sev == catalog::Severity::error ? Tone::bad : Tone::warn;
}

std::string frameworks_text(const catalog::RuntimeEntry& r) {
  if (!r.framework.empty()) {
    return r.framework + " " + r.framework_version;
  }
  std::vector<std::string> out;
  for (const auto& p : r.packages) {
    if (lib::is_key_framework(p.name)) {
      out.push_back(p.name + " " + p.version);
    }
  }
  for (const auto& p : r.package_lines) {
    out.push_back(p.name + " " + p.version + ".x");
  }
  return out.empty() ? std::string(k_unknown) : util::join(out);
}

std::string python_text(const catalog::RuntimeEntry& r) {
  if (!r.python) {
    return "unknown";
  }
  return util::join(*r.python, ", ", [](const auto& p) { return p.str(); });
}

std::string with_python_end(std::string text, lib::PythonEnd end) {
  switch (end) {
  case lib::PythonEnd::reached:
    return text + " (end of life)";
  case lib::PythonEnd::possibly:
    return text + " (end of life?)";
  case lib::PythonEnd::no:
    break;
  }
  return text;
}

std::string released_text(const lib::ReleaseWindow& w) {
  if (w.released) {
    return format_date(*w.released);
  }
  auto lo = w.earliest();
  if (lo && w.by) {
    return *lo == *w.by ? format_date(*w.by) : format_date(*lo) + ".." + format_date(*w.by);
  }
  if (lo) {
    return ">= " + format_date(*lo);
  }
  if (w.by) {
    return "<= " + format_date(*w.by);
  }
  return "unknown";
}

std::string next_text(const lib::Lifecycle& lc) {
  const lib::MilestoneDate* n = lc.next();
  if (!n) {
    return std::string(k_unknown);
  }
  return n->name() + " " + lib::short_date(*n);
}

std::string days_text(const lib::Lifecycle& lc) {
  const lib::MilestoneDate* n = lc.next();
  if (!n || !lc.status.days_left) {
    return std::string(k_unknown);
  }
  const std::string left = std::to_string(*lc.status.days_left);
  if (lc.status.days_latest) {
    // A window: to its first day, then to its last ("8..62"); once it may have begun, at most.
    const std::string latest = std::to_string(*lc.status.days_latest);
    return *lc.status.days_left > 0 ? left + ".." + latest : "<= " + latest;
  }
  return (n->at_latest ? "<= " : "") + left;
}

std::string days_phrase(const lib::Lifecycle& lc) {
  std::string n = days_text(lc);
  return n + (n == "1" ? " day" : " days");
}

namespace {

// A day as a CSV cell: YYYY-MM-DD, or k_unknown.
std::string date(const std::optional<catalog::Date>& d) {
  return d ? format_date(*d) : std::string(k_unknown);
}

// The next milestone's cells: "deletion 2021-12-19" in one (text, Markdown), or its name, its
// day and a window's first day in three (CSV).
void add_next(std::vector<Cell>& row, const lib::Lifecycle& lc, TableFormat format) {
  if (format != TableFormat::csv) {
    row.push_back({next_text(lc)});
    return;
  }
  const lib::MilestoneDate* n = lc.next();
  row.push_back({n ? n->name() : std::string(k_unknown)});
  row.push_back({n ? date(n->date) : std::string(k_unknown)});
  row.push_back({n && n->is_window() ? date(n->earliest) : std::string(k_unknown)});
}

// The headers of the next milestone's cells in `format`.
void add_next_headers(std::vector<std::string>& headers, TableFormat format) {
  if (format == TableFormat::csv) {
    headers.insert(headers.end(), {"NEXT_MILESTONE", "NEXT_DATE", "NEXT_DATE_EARLIEST"});
  } else {
    headers.emplace_back("NEXT MILESTONE");
  }
}

} // namespace

Table entries_table(const std::vector<lib::EntryView>& entries, bool with_catalog, TableFormat format) {
  Table t;
  if (with_catalog) {
    t.headers.push_back("CATALOG");
  }
  const bool csv = format == TableFormat::csv;
  t.headers.insert(t.headers.end(), {"ID", "RELEASED"});
  if (csv) {
    t.headers.emplace_back("RELEASED_EARLIEST");
  }
  t.headers.insert(t.headers.end(), {"PYTHON", "FRAMEWORKS", "STATUS"});
  add_next_headers(t.headers, format);
  t.headers.emplace_back("DAYS");
  if (csv) {
    t.headers.emplace_back("PYTHON_END_OF_LIFE");
  }
  t.fits.assign(with_catalog ? 1 : 0, Fit::keep);
  t.fits.insert(t.fits.end(), {Fit::keep, Fit::keep, Fit::words, Fit::words, Fit::keep, Fit::words, Fit::keep});
  if (csv) {
    t.fits.push_back(Fit::keep);
  }
  for (const auto& e : entries) {
    std::vector<Cell> row;
    if (with_catalog) {
      row.push_back({e.catalog->name});
    }
    row.push_back({e.entry->id});
    if (csv) {
      // The day, else the last day it can have been; a window's first day apart.
      const lib::ReleaseWindow& w = e.lifecycle.release;
      row.push_back({date(w.released ? w.released : w.by)});
      row.push_back({w.released ? std::string(k_unknown) : date(w.earliest())});
    } else {
      row.push_back({released_text(e.lifecycle.release)});
    }
    row.push_back({csv ? python_text(*e.entry) : with_python_end(python_text(*e.entry), e.python.end)});
    row.push_back({frameworks_text(*e.entry)});
    row.push_back({e.lifecycle.status.name, status_tone(e.lifecycle)});
    add_next(row, e.lifecycle, format);
    row.push_back({days_text(e.lifecycle)});
    if (csv) {
      row.push_back({e.python.end == lib::PythonEnd::no ? std::string() : lib::python_end_name(e.python.end)});
    }
    t.rows.push_back(std::move(row));
  }
  return t;
}

Table combos_table(const std::vector<lib::Combo>& combos, TableFormat format) {
  Table t;
  t.headers = {"CATALOG", "RUNTIME", "PYTHON", "STATUS"};
  add_next_headers(t.headers, format);
  t.headers.emplace_back("DAYS");
  t.fits = {Fit::keep, Fit::keep, Fit::keep, Fit::keep, Fit::words, Fit::keep};
  const bool csv = format == TableFormat::csv;
  if (csv) {
    t.headers.emplace_back("PYTHON_END_OF_LIFE");
    t.fits.push_back(Fit::keep);
  }
  for (const auto& c : combos) {
    std::vector<Cell> row = {{c.catalog->name},
                             {c.entry->id},
                             {csv ? c.python.str() : with_python_end(c.python.str(), c.python_end.end)},
                             {c.lifecycle.status.name, status_tone(c.lifecycle)}};
    add_next(row, c.lifecycle, format);
    row.push_back({days_text(c.lifecycle)});
    if (csv) {
      row.push_back({c.python_end.end == lib::PythonEnd::no ? std::string() : lib::python_end_name(c.python_end.end)});
    }
    t.rows.push_back(std::move(row));
  }
  return t;
}

Table events_table(const std::vector<lib::Event>& events, catalog::Date on, TableFormat format) {
  Table t;
  const bool csv = format == TableFormat::csv;
  t.headers = {"DATE", "CATALOG", "ID", "EVENT", "SEVERITY", "MEANING"};
  t.fits = {Fit::keep, Fit::keep, Fit::keep, Fit::keep, Fit::keep, Fit::text};
  if (csv) {
    t.headers.insert(t.headers.begin() + 1, "DATE_EARLIEST");
  }
  for (const auto& e : events) {
    std::string d = !e.date      ? std::string(k_unknown)
                    : csv        ? format_date(*e.date)
                    : e.earliest ? format_date(*e.earliest) + ".." + format_date(*e.date)
                                 : (e.at_latest ? "<= " : "") + format_date(*e.date);
    bool ahead = !e.date || *e.date > on;
    Tone tone = e.kind == "released" || ahead ? Tone::plain : severity_tone(e.severity, Tone::warn);
    std::vector<Cell> row = {{d, e.date && *e.date > on ? Tone::plain : Tone::dim},
                             {e.catalog->name},
                             {e.entry ? e.entry->id : std::string(k_unknown)},
                             {e.kind, tone},
                             {e.kind == "released" ? std::string(k_unknown) : std::string(catalog::to_string(e.severity))},
                             {e.meaning}};
    if (csv) {
      row.insert(row.begin() + 1, Cell{e.earliest ? format_date(*e.earliest) : std::string(k_unknown)});
    }
    t.rows.push_back(std::move(row));
  }
  return t;
}

Table rules_table() {
  Table t;
  t.headers = {"RULE", "SEVERITY", "DESCRIPTION", "ALIASES"};
  for (const auto& r : lib::rule_infos()) {
    std::string aliases;
    for (auto alias : r.aliases) {
      if (!alias.empty()) {
        aliases += (aliases.empty() ? "" : ", ") + std::string(alias);
      }
    }
    t.rows.push_back({{std::string(r.id)},
                      {std::string(catalog::to_string(r.severity)), severity_tone(r.severity, Tone::plain)},
                      {std::string(r.description)},
                      {aliases.empty() ? std::string(k_unknown) : aliases, Tone::dim}});
  }
  t.fits = {Fit::keep, Fit::keep, Fit::text, Fit::words};
  return t;
}

namespace {

// "runtime 1.15 (ai-platform) with Python 3.7 is valid for training on 2020-01-01: supported;
// next: deletion 2021-05-01 (486 days)".
std::string verdict_text(const lib::Request& req, const lib::CheckResult& res, const std::string& python, bool color) {
  const auto& lc = *res.lifecycle;
  std::string who = res.target->catalog->entry_noun + " " + req.runtime + " (" + res.target->catalog->name + ")";
  const lib::CheckVerdict v = res.verdict();
  std::string verdict = v == lib::CheckVerdict::invalid       ? paint("not valid", Tone::bad, color)
                        : v == lib::CheckVerdict::unconfirmed ? paint("possibly valid (unconfirmed)", Tone::warn, color)
                        : v == lib::CheckVerdict::warnings    ? paint("valid, with warnings,", Tone::warn, color)
                                                              : paint("valid", Tone::good, color);
  std::string out = who + (python.empty() ? "" : " with Python " + python) + " is " + verdict + " for " +
                    lib::service_name(req.service) + " on " + format_date(req.on) + ": " + lc.status.name;
  if (const auto* n = lc.next(); n && !lc.status.is(lib::Standing::unreleased)) {
    out += "; next: " + n->name() + " " + lib::short_date(*n);
    if (lc.status.days_left) {
      out += " (" + days_phrase(lc) + ")";
    }
  }
  return out + "\n";
}

} // namespace

std::string check_text(const lib::Request& req, const lib::CheckResult& res, const std::string& python, bool quiet, bool color,
                       size_t width) {
  std::string out = findings_text(res.findings, color, width);
  if (quiet) {
    return out;
  }
  const size_t findings_end = out.size(); // what follows is prose, fitted line by line
  if (res.target) {
    out += verdict_text(req, res, python, color);
  }
  if (!res.suggestions.empty()) {
    out += "use instead:\n";
    for (const auto& s : res.suggestions) {
      std::string runs = s.python.empty() ? python_text(*s.entry) : s.python;
      if (s.python_changes) {
        runs += " (Python changes from " + python + (s.python_older ? ", to an older one" : "") + ")";
      }
      out += "  " + s.catalog->name + " " + s.entry->id + "  " + s.lifecycle.status.name + ", python " + runs + ", next " +
             next_text(s.lifecycle) + (s.unconfirmed ? ", unconfirmed: it may not exist yet on this date" : "") +
             (s.downgrade ? ", a downgrade" : "") + "\n";
    }
  }
  return out.substr(0, findings_end) + fit_lines(out.substr(findings_end), width, 4);
}

} // namespace render
