#include "render/report.hpp"

#include "util/escape.hpp"
#include "util/json.hpp"
#include "util/text.hpp"

#include <nlohmann/json.hpp>

#include "render/findings.hpp"
#include "render/json.hpp"
#include "render/svg.hpp"
#include "render/table.hpp"
#include "render/upgrade.hpp"

namespace render {

using catalog::Date;
using catalog::format_date;
using lib::Candidate;
using lib::EntryView;
using lib::Lifecycle;
using lib::Report;
using lib::RuntimeSection;
using ordered = nlohmann::ordered_json;

namespace {

std::string opt_date(const std::optional<Date>& d) {
  return d ? format_date(*d) : "-";
}
std::string opt_days(const std::optional<long>& d) {
  return d ? std::to_string(*d) : "-";
}

std::string python_of(const catalog::RuntimeEntry& e) {
  std::string out = util::join(e.python.value_or(std::vector<catalog::Version>{}), ", ", [](const auto& p) { return p.str(); });
  return out.empty() ? "unknown" : out;
}

std::string next_of(const Lifecycle& lc) {
  const lib::MilestoneDate* n = lc.next();
  if (!n || lc.status.is(lib::Standing::unreleased)) {
    return "-";
  }
  return n->name() + " " + lib::short_date(*n) +
         (lc.status.days_left ? " (" + std::to_string(*lc.status.days_left) + " days)" : "");
}

std::string changes_of(const Candidate& c) {
  std::string out;
  for (const auto& ch : c.changes) {
    std::string one = ch.kind == "platform"
                          ? "platform -> " + ch.to
                          : ch.name + " " + (ch.from.empty() ? "-" : ch.from) + " -> " + (ch.to.empty() ? "?" : ch.to);
    out += (out.empty() ? "" : "; ") + one + breaking_mark(ch);
  }
  return out.empty() ? "-" : out;
}

// The targets of a section as a table.
Table targets_table(const RuntimeSection& s) {
  Table t;
  t.headers = {"TARGET", "PYTHON", "USABLE UNTIL", "NEXT MILESTONE", "CHANGES"};
  const auto& list = s.plan.candidates.empty() ? s.plan.closest : s.plan.candidates;
  for (const auto& c : list) {
    t.rows.push_back({{c.catalog->name + ":" + c.entry->id + (c.unconfirmed ? " (availability unconfirmed)" : "")},
                      {c.python.empty() ? "unknown" : c.python},
                      {opt_date(c.usable_until)},
                      {next_of(c.lifecycle)},
                      {changes_of(c)}});
  }
  return t;
}

Table resources_table(const Report& r) {
  Table t;
  t.headers = {"RESOURCE", "KIND", "RUNTIME", "PYTHON", "STATUS", "DEADLINE", "DAYS", "ACTION", "SOURCE"};
  for (const auto& row : r.rows) {
    const auto& res = row.resource;
    const auto& v = row.verdict;
    Tone tone = v.severity == catalog::Severity::error ? Tone::bad : Tone::warn;
    t.rows.push_back({{res.name},
                      {lib::kind_label(res)},
                      {res.runtime.empty() ? "-" : res.runtime},
                      {res.python.empty() ? "-" : res.python},
                      {v.status, tone},
                      {v.deadline ? format_date(*v.deadline) + " " + v.deadline_milestone : "-"},
                      {opt_days(v.days)},
                      {v.action},
                      {res.path + ":" + std::to_string(res.line)}});
  }
  return t;
}

std::string section_title(const RuntimeSection& s) {
  return s.catalog->entry_noun + " " + s.entry->id + " (" + s.catalog->name + ", " + s.service + ")";
}

std::string section_summary(const RuntimeSection& s) {
  return util::plural(s.resources, "resource") + ", " + std::to_string(s.affected) + " affected; status " +
         s.lifecycle.status.name + ", next " + next_of(s.lifecycle) + "; Python " + python_of(*s.entry);
}

std::string html_table(const Table& t) {
  std::string s = "<table>\n<thead><tr>";
  for (const auto& h : t.headers) {
    s += "<th>" + util::xml_escape(h) + "</th>";
  }
  s += "</tr></thead>\n<tbody>\n";
  for (const auto& row : t.rows) {
    s += "<tr>";
    for (const auto& c : row) {
      const char* cls = c.tone == Tone::bad ? " class=\"bad\"" : c.tone == Tone::warn ? " class=\"warn\"" : "";
      s += std::string("<td") + cls + ">" + util::xml_escape(c.text) + "</td>";
    }
    s += "</tr>\n";
  }
  return s + "</tbody>\n</table>\n";
}

std::vector<EntryView> chart_entries(const Report& r) {
  std::vector<EntryView> out;
  auto add = [&](const catalog::Catalog* c, const catalog::RuntimeEntry* e, const Lifecycle& lc) {
    for (const auto& v : out) {
      if (v.entry == e) {
        return;
      }
    }
    out.push_back(EntryView{c, e, lc});
  };
  for (const auto& s : r.runtimes) {
    add(s.catalog, s.entry, s.lifecycle);
  }
  for (const auto& s : r.runtimes) {
    if (!s.plan.candidates.empty()) {
      add(s.plan.candidates.front().catalog, s.plan.candidates.front().entry, s.plan.candidates.front().lifecycle);
    }
  }
  return out;
}

const char* const k_css = R"(body{font-family:system-ui,sans-serif;margin:2em;color:#222;max-width:1100px}
h1{font-size:1.6em}h2{font-size:1.25em;margin-top:1.6em;border-bottom:1px solid #ddd}
.headline{background:#fff3e0;border-left:6px solid #e65100;padding:.8em 1em;font-size:1.1em}
.ok{background:#e8f5e9;border-left-color:#2e7d32}
table{border-collapse:collapse;margin:.6em 0;font-size:.9em}th,td{border:1px solid #ccc;padding:.25em .5em;text-align:left;vertical-align:top}
td:first-child,td:last-child{overflow-wrap:anywhere}th{white-space:nowrap}
th{background:#f5f5f5}td.bad{color:#b71c1c;font-weight:bold}td.warn{color:#8d6e00;font-weight:bold}
.meta{color:#666;font-size:.85em}svg{max-width:100%;height:auto})";

} // namespace

std::string report_markdown(const Report& r) {
  std::string s = "# Migration report\n\n";
  s += "**" + util::markdown_text(r.headline()) + "**\n\n";
  std::string inputs = util::join(r.inputs);
  s += "Date: " + format_date(r.on) + ". Inputs: " + util::markdown_text(inputs.empty() ? "none" : inputs) + ".";
  if (r.malformed) {
    s += " " + std::to_string(r.malformed) + " malformed records skipped.";
  }
  s += "\n\n## Runtimes in use\n";
  for (const auto& sec : r.runtimes) {
    s += "\n### " + section_title(sec) + "\n\n" + section_summary(sec) + ".\n\n";
    if (sec.plan.candidates.empty()) {
      s += "No target is available on " + format_date(r.on) + (sec.plan.closest.empty() ? "." : "; closest:") + "\n\n";
    } else {
      s += sec.plan.handoff ? "Migrate to (" + util::markdown_text(sec.plan.handoff_reason) + "):\n\n" : "Upgrade to:\n\n";
    }
    if (!sec.plan.candidates.empty() || !sec.plan.closest.empty()) {
      s += table(targets_table(sec), TableFormat::markdown, false) + "\n";
    }
  }
  if (r.runtimes.empty()) {
    s += "\nNo catalog runtime is in use.\n";
  }
  s += "\n## Affected resources, most urgent first\n\n";
  s += r.rows.empty() ? std::string("None.\n") : table(resources_table(r), TableFormat::markdown, false);
  if (!r.findings.empty()) {
    s += "\n## Input problems and scan findings\n\n";
    for (const auto& f : r.findings) {
      s += "- " + util::markdown_text(finding_line(f)) + "\n";
    }
  }
  return s;
}

std::string report_html(const Report& r) {
  std::string s =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  s += "<title>Migration report " + format_date(r.on) + "</title>\n<style>\n" + std::string(k_css) +
       "\n</style>\n</head>\n<body>\n";
  s += "<h1>Migration report</h1>\n";
  s += std::string("<p class=\"headline") + (r.affected ? "" : " ok") + "\">" + util::xml_escape(r.headline()) + "</p>\n";
  std::string in = util::join(r.inputs);
  s += "<p class=\"meta\">Date " + format_date(r.on) + ". Inputs: " + util::xml_escape(in.empty() ? "none" : in) + ". " +
       std::to_string(r.resources) + " resources" +
       (r.malformed ? ", " + std::to_string(r.malformed) + " malformed records skipped" : std::string()) + ".</p>\n";
  s += "<h2 id=\"timeline\">Lifecycle timeline</h2>\n";
  auto entries = chart_entries(r);
  s += entries.empty() ? std::string("<p>No catalog runtime is in use.</p>\n")
                       : timeline_svg(entries, r.on, "Runtimes in use and their first targets");
  s += "<h2 id=\"runtimes\">Runtimes in use</h2>\n";
  for (const auto& sec : r.runtimes) {
    s += "<h3>" + util::xml_escape(section_title(sec)) + "</h3>\n<p>" + util::xml_escape(section_summary(sec)) + ".</p>\n";
    if (sec.plan.candidates.empty()) {
      s += "<p>No target is available on " + format_date(r.on) + (sec.plan.closest.empty() ? "." : "; closest:") + "</p>\n";
    } else {
      s += "<p>" +
           util::xml_escape(sec.plan.handoff ? "Migrate to (" + sec.plan.handoff_reason + "):" : std::string("Upgrade to:")) +
           "</p>\n";
    }
    if (!sec.plan.candidates.empty() || !sec.plan.closest.empty()) {
      s += html_table(targets_table(sec));
    }
  }
  s += "<h2 id=\"affected\">Affected resources, most urgent first</h2>\n";
  s += r.rows.empty() ? std::string("<p>None.</p>\n") : html_table(resources_table(r));
  if (!r.findings.empty()) {
    s += "<h2 id=\"findings\">Input problems and scan findings</h2>\n<ul>\n";
    for (const auto& f : r.findings) {
      s += "<li>" + util::xml_escape(finding_line(f)) + "</li>\n";
    }
    s += "</ul>\n";
  }
  s += "<p class=\"meta\">Generated by rtcat. Dates are UTC calendar days; a milestone date is the first day it is in "
       "effect.</p>\n";
  return s + "</body>\n</html>\n";
}

std::string report_csv(const Report& r) {
  return table(resources_table(r), TableFormat::csv, false);
}

std::string report_json(const Report& r) {
  ordered j;
  j["date"] = format_date(r.on);
  j["headline"] = r.headline();
  j["inputs"] = r.inputs;
  ordered sum;
  sum["resources"] = r.resources;
  sum["affected"] = r.affected;
  sum["broken"] = r.broken;
  sum["malformed"] = r.malformed;
  sum["by_status"] = by_status_json(r.by_status);
  sum["next_deadline"] =
      r.next_deadline ? ordered{{"date", format_date(*r.next_deadline)}, {"days", *r.next_days}, {"what", r.next_deadline_what}}
                      : ordered(nullptr);
  j["summary"] = sum;
  ordered runtimes = ordered::array();
  for (const auto& s : r.runtimes) {
    ordered sj;
    sj["catalog"] = s.catalog->name;
    sj["runtime"] = s.entry->id;
    sj["service"] = s.service;
    sj["status"] = s.lifecycle.status.name;
    sj["resources"] = s.resources;
    sj["affected"] = s.affected;
    sj["next_milestone"] = next_milestone_json(s.lifecycle, false);
    sj["handoff"] = s.plan.handoff;
    sj["targets"] = candidates_json(s.plan.candidates);
    sj["closest"] = candidates_json(s.plan.closest);
    runtimes.push_back(sj);
  }
  j["runtimes"] = runtimes;
  ordered rows = ordered::array();
  for (const auto& row : r.rows) {
    rows.push_back(resource_json(row.resource, row.verdict));
  }
  j["resources"] = rows;
  j["findings"] = findings_json(r.findings);
  return util::json::dump_pretty(j);
}

} // namespace render
