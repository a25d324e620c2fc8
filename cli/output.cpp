#include "cli/output.hpp"

#include "util/text.hpp"

namespace cli {

using catalog::format_date;

lib::Tone status_tone(const lib::Lifecycle& lc) {
  auto sev = lc.severity();
  if (!sev) {
    return lib::Tone::good;
  }
  if (lc.status.name == "unreleased") {
    return lib::Tone::dim;
  }
  return *sev == catalog::Severity::error ? lib::Tone::bad : lib::Tone::warn;
}

std::string frameworks_text(const catalog::RuntimeEntry& r) {
  if (!r.framework.empty()) {
    return r.framework + " " + r.framework_version;
  }
  std::vector<std::string> out;
  for (const auto& p : r.packages) {
    if (p.name == "tensorflow" || p.name == "scikit-learn" || p.name == "xgboost" || p.name == "torch") {
      out.push_back(p.name + " " + p.version);
    }
  }
  for (const auto& p : r.package_lines) {
    out.push_back(p.name + " " + p.version + ".x");
  }
  return out.empty() ? "-" : util::join(out);
}

std::string python_text(const catalog::RuntimeEntry& r) {
  if (!r.python) {
    return "unknown";
  }
  return util::join(*r.python, ", ", [](const auto& p) { return p.str(); });
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
    return "-";
  }
  return n->name() + " " + lib::short_date(*n);
}

std::string days_text(const lib::Lifecycle& lc) {
  if (!lc.next() || !lc.status.days_left) {
    return "-";
  }
  return std::to_string(*lc.status.days_left);
}

std::string findings_text(const std::vector<lib::Finding>& findings, bool color) {
  std::string out;
  for (const auto& f : findings) {
    std::string line;
    if (!f.path.empty()) {
      line += f.path;
      if (f.line > 0) {
        line += ":" + std::to_string(f.line);
        if (f.column > 0) {
          line += ":" + std::to_string(f.column);
        }
      }
      line += ": ";
    }
    lib::Tone tone = f.severity == catalog::Severity::error     ? lib::Tone::bad
                     : f.severity == catalog::Severity::warning ? lib::Tone::warn
                                                                : lib::Tone::dim;
    line += lib::paint(std::string(catalog::to_string(f.severity)), tone, color) + ": " + f.message + " [" + f.rule + "]";
    if (!f.suggestion.empty() && f.severity != catalog::Severity::note) {
      line += " (use " + f.suggestion + ")";
    }
    out += line + "\n";
  }
  return out;
}

lib::Table entries_table(const std::vector<lib::EntryView>& entries, bool with_catalog) {
  lib::Table t;
  if (with_catalog) {
    t.headers.push_back("CATALOG");
  }
  for (const char* h : {"ID", "RELEASED", "PYTHON", "FRAMEWORKS", "STATUS", "NEXT MILESTONE", "DAYS"}) {
    t.headers.push_back(h);
  }
  for (const auto& e : entries) {
    std::vector<lib::Cell> row;
    if (with_catalog) {
      row.push_back({e.catalog->name});
    }
    row.push_back({e.entry->id});
    row.push_back({released_text(e.lifecycle.release)});
    row.push_back({python_text(*e.entry)});
    row.push_back({frameworks_text(*e.entry)});
    row.push_back({e.lifecycle.status.name, status_tone(e.lifecycle)});
    row.push_back({next_text(e.lifecycle)});
    row.push_back({days_text(e.lifecycle)});
    t.rows.push_back(std::move(row));
  }
  return t;
}

lib::TableFormat table_format(const std::string& format) {
  if (format == "csv") {
    return lib::TableFormat::csv;
  }
  if (format == "markdown") {
    return lib::TableFormat::markdown;
  }
  return lib::TableFormat::text;
}

} // namespace cli
