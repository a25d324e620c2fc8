#include "render/report.hpp"

#include "lib/core/frameworks.hpp"
#include "util/escape.hpp"
#include "util/json.hpp"
#include "util/text.hpp"

#include <nlohmann/json.hpp>

#include "render/audit.hpp"
#include "render/findings.hpp"
#include "render/json.hpp"
#include "render/report_parts.hpp"
#include "render/svg.hpp"
#include "render/table.hpp"
#include "render/upgrade.hpp"

namespace render {

using catalog::Date;
using catalog::format_date;
using lib::Candidate;
using lib::EntryView;
using lib::TargetSet;

namespace {

// The mark of a target whose availability is not confirmed on the date, explained once.
const char* const k_unconfirmed_mark = "\u2020";

// The report as a few kinds of blocks that Markdown and HTML each render their own way.
struct Block {
  enum Kind { headline, h2, h3, para, table, meta } kind = para;
  std::string text;
  Table rows;
  std::vector<size_t> ids;         // columns holding identifiers or paths (may break at / . - _ :)
  bool good = false;               // a headline with nothing to do
  std::vector<size_t> nowrap = {}; // short columns that read badly broken ("3.7 → 3.10")
};

} // namespace

std::string group_title(const ReportGroup& g) {
  std::string who =
      g.entry ? g.catalog->name + " " + g.catalog->entry_noun + " " + g.entry->id : lib::status_words(nullptr, g.status);
  return who + " (" + lib::service_name(g.service) + ")";
}

namespace {

// "3 of 4 resources affected: 2 closed to new jobs, 1 deadline soon".
std::string group_summary(const ReportGroup& g) {
  std::string s = std::to_string(g.affected) + " of " + util::plural(g.resources, "resource") + " affected";
  const auto& words = g.affected_by_words;
  if (words.size() == 1) {
    return s + ": " + words.begin()->first;
  }
  return s + ": " + util::join(words, ", ", [](const auto& kv) { return std::to_string(kv.second) + " " + kv.first; });
}

} // namespace

std::string kind_words(const lib::Resource& r) {
  if (r.kind == lib::ResourceKind::job) {
    return r.service == "prediction" ? "batch prediction job" : "training job";
  }
  return lib::kind_label(r);
}

namespace {

Table urgent_table(const ReportGroup& g, Date on) {
  Table t;
  t.headers = {"Resource", "Kind", "Python", "Where it stands", "Action"};
  for (const auto& row : g.urgent) {
    const auto& v = row.verdict;
    Tone tone = v.severity == catalog::Severity::error ? Tone::bad : Tone::warn;
    t.rows.push_back({{row.resource.name.empty() ? "(unnamed)" : row.resource.name},
                      {kind_words(row.resource)},
                      {row.resource.python.empty() ? std::string(k_unknown) : row.resource.python},
                      {lib::standing_words(g, v, on), tone},
                      {v.action}});
  }
  return t;
}

// "tensorflow 2.11", "TensorFlow 2.13" (an image), for the frameworks of interest.
std::string framework_of(const Candidate& c, const std::vector<std::string>& frameworks) {
  if (!c.entry->framework.empty()) {
    return c.entry->framework + " " + c.entry->framework_version;
  }
  std::vector<std::string> parts;
  for (const auto& fw : frameworks) {
    auto pv = lib::package_version(*c.entry, fw);
    parts.push_back(pv ? fw + " " + pv->version + (pv->line ? ".x" : "") : fw);
  }
  return parts.empty() ? std::string(k_unknown) : util::join(parts);
}

std::string python_move(const std::string& job, const Candidate& c) {
  if (c.python.empty()) {
    return job.empty() ? std::string(k_unknown) : job + " \u2192 " + std::string(k_unknown);
  }
  if (job.empty()) {
    return c.python;
  }
  return c.python_changes ? job + " \u2192 " + c.python : c.python + " (same)";
}

std::string usable_until(const Candidate& c) {
  const lib::MilestoneDate* m = lib::first_error_milestone(c.lifecycle);
  if (!m || !m->date) {
    return "no end announced";
  }
  if (m->is_window()) {
    return "between " + format_date(*m->earliest) + " and " + format_date(*m->date);
  }
  return (m->at_latest ? "no later than " : "") + format_date(*m->date);
}

std::string changes_of(const Candidate& c) {
  std::string out;
  for (const auto& ch : c.changes) {
    if (ch.kind == "python" || ch.kind == "platform") {
      continue; // the Python column and the section's hand-off line say these
    }
    std::string one = ch.kind == "platform" ? "platform \u2192 " + ch.to
                                            : ch.name + " " + (ch.from.empty() ? std::string(k_unknown) : ch.from) + " \u2192 " +
                                                  (ch.to.empty() ? std::string(k_unknown) : ch.to);
    out += (out.empty() ? "" : "; ") + one + breaking_mark(ch);
  }
  return out.empty() ? std::string(k_unknown) : out;
}

Table targets_table(const TargetSet& t, bool& unconfirmed) {
  Table out;
  out.headers = {"Target", "Framework", "Python", "Usable for new work until", "Other changes"};
  const auto& list = t.plan.candidates.empty() ? t.plan.closest : t.plan.candidates;
  for (const auto& c : list) {
    unconfirmed = unconfirmed || c.unconfirmed;
    std::string id = (c.handoff ? c.catalog->name + ":" : std::string()) + c.entry->id;
    out.rows.push_back({{id + (c.unconfirmed ? std::string(" ") + k_unconfirmed_mark : "")},
                        {framework_of(c, t.frameworks)},
                        {python_move(t.python, c)},
                        {usable_until(c)},
                        {changes_of(c)}});
  }
  return out;
}

// "TensorFlow, scikit-learn or XGBoost work on Python 3.7 (2 resources; no framework recorded:
// those of the runtime)".
std::string target_set_intro(const TargetSet& t, const ReportGroup& g, Date on) {
  std::string fws = t.frameworks.empty() ? "work" : util::join(t.frameworks) + " work";
  std::string s =
      util::plural(t.resources, "resource") + " with " + fws + " on Python " + (t.python.empty() ? "(not recorded)" : t.python);
  if (t.frameworks_assumed && !t.frameworks.empty()) {
    s += " (no framework recorded: the frameworks of " + g.entry->id + ")";
  }
  if (t.plan.candidates.empty()) {
    return s + ": no target is available on " + format_date(on) + (t.plan.closest.empty() ? "." : "; the last known:");
  }
  return s + (t.plan.handoff ? ": migrate to one of these " + t.plan.candidates.front().catalog->name + " images:"
                             : ": upgrade to one of:");
}

std::vector<Block> summary_blocks(const Report& r) {
  std::vector<Block> out;
  std::string s;
  if (!r.needs_action()) {
    s = "Nothing needs action on " + format_date(r.on) + ": " + util::plural(r.resources, "resource") +
        " checked, none on a runtime that is closed, deleted or closing within " + std::to_string(r.warn_days) + " days" +
        (r.scanned ? "; the scan found nothing at warning or above." : ".");
  } else if (r.affected == 0) {
    s = util::plural(r.resources, "resource") + " checked, none affected.";
  } else {
    s = std::to_string(r.affected) + " of " + util::plural(r.resources, "resource") +
        " need action: " + std::to_string(r.broken) + " already broken or blocked";
    if (r.next_deadline) {
      s += std::string("; the next deadline ") + (r.next_deadline_earliest ? "falls " : "is ") + r.next_deadline_when() + ": " +
           r.next_deadline_what;
    } else {
      s += "; every deadline has passed";
    }
    s += ".";
    for (const auto& end : r.ended()) {
      s += " " + end + ".";
    }
    s += " Where to move each group is listed below.";
  }
  if (r.scan_errors + r.scan_warnings > 0) {
    std::vector<std::string> counts;
    if (r.scan_errors) {
      counts.push_back(util::plural(r.scan_errors, "error"));
    }
    if (r.scan_warnings) {
      counts.push_back(util::plural(r.scan_warnings, "warning"));
    }
    s = (r.resources ? s + " " : std::string()) + "The source scan found " + util::join(counts, " and ") +
        ", listed under Input problems and scan findings.";
  }
  out.push_back(Block{Block::headline, s, {}, {}, !r.needs_action()});
  Table t;
  t.headers = {"Status on " + format_date(r.on), "Resources"};
  for (const auto& [words, n] : r.by_words) {
    bool bad = r.words_broken.count(words) && r.words_broken.at(words);
    bool warn = r.words_affected.count(words) && r.words_affected.at(words);
    t.rows.push_back({{words, bad ? Tone::bad : warn ? Tone::warn : Tone::plain}, {std::to_string(n)}});
  }
  std::string next = "none ahead";
  if (r.next_deadline) {
    next = (r.next_deadline_earliest ? format_date(*r.next_deadline_earliest) + ".." : "") + format_date(*r.next_deadline) +
           " (" + lib::in_days(r.next_deadline_earliest ? r.next_deadline_earliest : r.next_deadline, *r.next_deadline, r.on) +
           ")";
  }
  t.rows.push_back({{"next deadline"}, {next}});
  out.push_back(Block{Block::table, "", t, {}, false});
  return out;
}

std::vector<Block> group_blocks(const Report& r) {
  std::vector<Block> out{Block{Block::h2, "Affected resources by runtime, most urgent first", {}, {}, false}};
  std::vector<std::string> fine;
  for (const auto& g : r.groups) {
    if (g.affected == 0) {
      fine.push_back(group_title(g) + ": " + util::plural(g.resources, "resource"));
      continue;
    }
    out.push_back(Block{Block::h3, group_title(g), {}, {}, false});
    // The Python underneath, as lib judged it for the group's entry.
    out.push_back(Block{
        Block::para, group_summary(g) + "." + (g.python.finding ? " " + g.python.finding->message + "." : ""), {}, {}, false});
    out.push_back(Block{Block::table, "", urgent_table(g, r.on), {0}, false, {1, 2}});
    if (g.affected > g.urgent.size()) {
      out.push_back(
          Block{Block::meta,
                "and " + std::to_string(g.affected - g.urgent.size()) + " more; the CSV and JSON formats list every resource.",
                {},
                {},
                false});
    }
  }
  if (r.affected == 0) {
    out.push_back(Block{Block::para, "None.", {}, {}, false});
  }
  if (!fine.empty()) {
    out.push_back(Block{Block::para, "Not affected: " + util::join(fine, "; ") + ".", {}, {}, false});
  }
  return out;
}

std::vector<Block> target_blocks(const Report& r) {
  std::vector<Block> out{Block{Block::h2, "Where to move", {}, {}, false}};
  bool unconfirmed = false;
  size_t shown = 0;
  std::vector<std::string> reasons; // why a hand-off, said once each
  for (const auto& g : r.groups) {
    for (const auto& t : g.targets) {
      if (g.affected && t.plan.handoff && !t.plan.candidates.empty() &&
          std::find(reasons.begin(), reasons.end(), t.plan.handoff_reason) == reasons.end()) {
        reasons.push_back(t.plan.handoff_reason);
      }
    }
  }
  for (const auto& why : reasons) {
    out.push_back(Block{Block::para, "Migrate to another platform: " + why + ".", {}, {}, false});
  }
  for (const auto& g : r.groups) {
    if (!g.entry || g.affected == 0 || g.targets.empty()) {
      continue;
    }
    ++shown;
    out.push_back(Block{Block::h3, group_title(g), {}, {}, false});
    for (const auto& t : g.targets) {
      out.push_back(Block{Block::para, target_set_intro(t, g, r.on), {}, {}, false});
      if (!t.plan.candidates.empty() || !t.plan.closest.empty()) {
        out.push_back(Block{Block::table, "", targets_table(t, unconfirmed), {0}, false, {1, 2, 3}});
      }
    }
    if (g.other_targets) {
      out.push_back(Block{Block::meta,
                          util::plural(g.other_targets, "more resource") +
                              " with other frameworks or Pythons: rtcat upgrade shows their targets.",
                          {},
                          {},
                          false});
    }
  }
  if (shown == 0) {
    out.push_back(Block{Block::para, "Nothing to move.", {}, {}, false});
  }
  if (unconfirmed) {
    out.push_back(Block{Block::meta,
                        std::string(k_unconfirmed_mark) + " availability unconfirmed on " + format_date(r.on) +
                            ": the sources bound its release by a window that holds this date.",
                        {},
                        {},
                        false});
  }
  return out;
}

std::vector<Block> findings_blocks(const Report& r) {
  std::vector<Block> out;
  if (r.findings.empty()) {
    return out;
  }
  out.push_back(Block{Block::h2, "Input problems and scan findings", {}, {}, false});
  Table t;
  t.headers = {"Finding"};
  for (const auto& f : r.findings) {
    t.rows.push_back({{finding_line(f), severity_tone(f.severity, Tone::plain)}});
  }
  out.push_back(Block{Block::table, "", t, {0}, false});
  return out;
}

std::string inputs_line(const Report& r) {
  std::string in = util::join(r.inputs);
  return "Date " + format_date(r.on) + ". Inputs: " + (in.empty() ? "none" : in) + ". " + util::plural(r.resources, "resource") +
         (r.malformed ? ", " + std::to_string(r.malformed) + " malformed records skipped" : std::string()) + "." +
         incomplete_listings_text(r.incomplete);
}

} // namespace

std::string breakable(const std::string& text) {
  std::string out;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if ((c == '/' || c == '.' || c == '-' || c == '_' || c == ':') && i + 1 < text.size()) {
      out += util::xml_escape(text.substr(start, i + 1 - start)) + "<wbr>";
      start = i + 1;
    }
  }
  return out + util::xml_escape(text.substr(start));
}

namespace {

std::string html_table(const Block& b) {
  std::string s = b.rows.headers.size() > 2 ? "<table class=\"cards\">\n<thead><tr>" : "<table>\n<thead><tr>";
  for (const auto& h : b.rows.headers) {
    s += "<th scope=\"col\">" + util::xml_escape(h) + "</th>";
  }
  s += "</tr></thead>\n<tbody>\n";
  for (const auto& row : b.rows.rows) {
    s += "<tr>";
    for (size_t i = 0; i < row.size(); ++i) {
      const auto& c = row[i];
      bool id = std::find(b.ids.begin(), b.ids.end(), i) != b.ids.end();
      bool nowrap = std::find(b.nowrap.begin(), b.nowrap.end(), i) != b.nowrap.end();
      const char* cls = c.tone == Tone::bad    ? " class=\"bad\""
                        : c.tone == Tone::warn ? " class=\"warn\""
                        : id                   ? " class=\"id\""
                        : nowrap               ? " class=\"nowrap\""
                                               : "";
      std::string label = i < b.rows.headers.size() ? b.rows.headers[i] : "";
      s += std::string("<td") + cls + " data-label=\"" + util::xml_escape(label) + "\">" +
           (id ? breakable(c.text) : util::xml_escape(c.text)) + "</td>";
    }
    s += "</tr>\n";
  }
  return s + "</tbody>\n</table>\n";
}

std::string html_block(const Block& b) {
  switch (b.kind) {
  case Block::headline:
    return std::string("<p class=\"headline") + (b.good ? " ok" : "") + "\">" + util::xml_escape(b.text) + "</p>\n";
  case Block::h2:
    return "<h2>" + util::xml_escape(b.text) + "</h2>\n";
  case Block::h3:
    return "<h3>" + breakable(b.text) + "</h3>\n";
  case Block::table:
    return html_table(b);
  case Block::meta:
    return "<p class=\"meta\">" + util::xml_escape(b.text) + "</p>\n";
  case Block::para:
    break;
  }
  return "<p>" + util::xml_escape(b.text) + "</p>\n";
}

std::string markdown_block(const Block& b) {
  switch (b.kind) {
  case Block::headline:
    return "**" + util::markdown_text(b.text) + "**\n\n";
  case Block::h2:
    return "## " + util::markdown_text(b.text) + "\n\n";
  case Block::h3:
    return "### " + util::markdown_text(b.text) + "\n\n";
  case Block::table:
    return table(b.rows, TableFormat::markdown, false) + "\n";
  case Block::meta:
    return "_" + util::markdown_text(b.text) + "_\n\n";
  case Block::para:
    break;
  }
  return util::markdown_text(b.text) + "\n\n";
}

std::vector<EntryView> chart_entries(const Report& r) {
  std::vector<EntryView> out;
  auto add = [&](const catalog::Catalog* c, const catalog::RuntimeEntry* e, const lib::Lifecycle& lc) {
    for (const auto& v : out) {
      if (v.entry == e) {
        return;
      }
    }
    out.push_back(EntryView{c, e, lc, {}});
  };
  for (const auto& g : r.groups) {
    if (g.entry && g.lifecycle) {
      add(g.catalog, g.entry, *g.lifecycle);
    }
  }
  for (const auto& g : r.groups) {
    for (const auto& t : g.targets) {
      if (!t.plan.candidates.empty()) {
        const auto& c = t.plan.candidates.front();
        add(c.catalog, c.entry, c.lifecycle);
      }
    }
  }
  return out;
}

const char* const k_css = R"(*{box-sizing:border-box}
body{font-family:system-ui,sans-serif;margin:0 auto;padding:1.5em;color:#222;max-width:1100px;line-height:1.4}
h1{font-size:1.6em;margin:.2em 0}h2{font-size:1.25em;margin-top:1.6em;border-bottom:1px solid #ddd}h3{font-size:1.05em;margin:1.2em 0 .3em}
.headline{background:#fff3e0;border-left:6px solid #e65100;padding:.8em 1em;font-size:1.1em}
.ok{background:#e8f5e9;border-left-color:#2e7d32}
table{border-collapse:collapse;margin:.4em 0 .8em;font-size:.9em;max-width:100%}
th,td{border:1px solid #ccc;padding:.25em .5em;text-align:left;vertical-align:top}th{white-space:nowrap}
td{overflow-wrap:break-word}td.id{overflow-wrap:anywhere;min-width:16em}.nowrap{white-space:nowrap}
th{background:#f5f5f5}td.bad{color:#b71c1c;font-weight:bold}td.warn{color:#8d6e00;font-weight:bold}
p,h3,li{overflow-wrap:break-word}
.meta{color:#555;font-size:.85em}svg{max-width:100%;height:auto;display:block}
details{border:1px solid #ddd;margin:.5em 0;padding:.3em .6em}summary{cursor:pointer;overflow-wrap:break-word}
pre{background:#f5f5f5;padding:.5em;overflow:auto;max-width:100%;font-size:.85em;line-height:1.3}
.findings{padding-left:1.2em;font-size:.9em}.sev-error{color:#b71c1c;font-weight:bold}.sev-warning{color:#8d6e00;font-weight:bold}
@media (max-width:640px){body{padding:.8em}h1{font-size:1.35em}.cards,.cards thead,.cards tbody,.cards tr,.cards td{display:block;width:100%}
.cards thead{display:none}.cards tr{border:1px solid #ccc;margin-bottom:.6em}.cards td{border:0;border-top:1px solid #eee}.cards td.id{min-width:0}
.cards td::before{content:attr(data-label);display:block;font-size:.8em;color:#555;font-weight:normal}}
@media print{body{max-width:none;padding:0;font-size:10pt}h2,h3{break-after:avoid}tr,svg{break-inside:avoid}
.headline{border:1px solid #999;background:none}pre{white-space:pre-wrap;overflow-wrap:anywhere}})";

std::vector<Block> all_blocks(const Report& r) {
  std::vector<Block> out = summary_blocks(r);
  auto add = [&](std::vector<Block> more) { out.insert(out.end(), more.begin(), more.end()); };
  add(group_blocks(r));
  add(target_blocks(r));
  return out;
}

} // namespace

std::string report_markdown(const Report& r) {
  std::string s = "# Migration report " + format_date(r.on) + "\n\n";
  for (const auto& b : all_blocks(r)) {
    s += markdown_block(b);
  }
  s += migrated_markdown(r);
  for (const auto& b : findings_blocks(r)) {
    s += markdown_block(b);
  }
  return s + "_" + util::markdown_text(inputs_line(r)) + "_\n";
}

std::string report_html(const Report& r) {
  std::string s =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  s += "<title>Migration report " + format_date(r.on) + "</title>\n<style>\n" + std::string(k_css) +
       "\n</style>\n</head>\n<body>\n";
  s += "<h1>Migration report <span class=\"nowrap\">" + format_date(r.on) + "</span></h1>\n";
  for (const auto& b : all_blocks(r)) {
    s += html_block(b);
  }
  s += migrated_html(r);
  s += "<h2 id=\"timeline\">Lifecycle timeline</h2>\n";
  auto entries = chart_entries(r);
  s += entries.empty() ? std::string("<p>No catalog runtime is in use.</p>\n")
                       : timeline_svg(entries, r.on, "Runtimes in use and their first targets");
  for (const auto& b : findings_blocks(r)) {
    s += html_block(b);
  }
  s += "<p class=\"meta\">" + util::xml_escape(inputs_line(r)) +
       " Generated by rtcat. Dates are UTC calendar days; a milestone date is the first day it is in effect.</p>\n";
  return s + "</body>\n</html>\n";
}

namespace {

ordered target_set_json(const TargetSet& t) {
  ordered j;
  j["frameworks"] = t.frameworks;
  j["frameworks_assumed"] = t.frameworks_assumed;
  j["python"] = t.python.empty() ? ordered(nullptr) : ordered(t.python);
  j["resources"] = t.resources;
  j["handoff"] = t.plan.handoff;
  j["targets"] = candidates_json(t.plan.candidates);
  j["closest"] = candidates_json(t.plan.closest);
  return j;
}

ordered group_json(const ReportGroup& g) {
  ordered j;
  j["catalog"] = g.catalog ? ordered(g.catalog->name) : ordered(nullptr);
  j["runtime"] = g.entry ? ordered(g.entry->id) : ordered(nullptr);
  j["service"] = lib::service_name(g.service);
  j["status"] = g.lifecycle ? g.lifecycle->status.name : std::string(lib::status_name(g.status));
  j["resources"] = g.resources;
  j["affected"] = g.affected;
  j["broken"] = g.broken;
  j["by_status"] = by_status_json(g.by_status);
  j["next_milestone"] = g.lifecycle ? next_milestone_json(*g.lifecycle, false) : ordered(nullptr);
  j["next_deadline"] = date_or_null(g.next_deadline);
  j["next_deadline_earliest"] = date_or_null(g.next_deadline_earliest);
  j["python_end_of_life"] = python_end_json(g.python);
  ordered urgent = ordered::array();
  for (const auto& row : g.urgent) {
    urgent.push_back(row.resource.name);
  }
  j["most_urgent"] = urgent;
  ordered sets = ordered::array();
  for (const auto& t : g.targets) {
    sets.push_back(target_set_json(t));
  }
  j["target_sets"] = sets;
  j["handoff"] = !g.targets.empty() && g.targets.front().plan.handoff;
  j["targets"] = g.targets.empty() ? ordered::array() : candidates_json(g.targets.front().plan.candidates);
  return j;
}

} // namespace

std::string ReportListWriter::begin(Date on, const std::vector<std::string>& inputs) {
  if (m_format == ReportListFormat::csv) {
    return csv_line({{"RESOURCE"},
                     {"KIND"},
                     {"RUNTIME"},
                     {"PYTHON"},
                     {"STATUS"},
                     {"DEADLINE"},
                     {"DEADLINE_MILESTONE"},
                     {"DEADLINE_EARLIEST"},
                     {"DAYS"},
                     {"ACTION"},
                     {"SOURCE"}});
  }
  if (m_format == ReportListFormat::jsonl) {
    m_on = on; // the last line says it
    m_inputs = inputs;
    return "";
  }
  // One statement per piece: the writer counts members, and the operands of + are unsequenced.
  std::string out = m_json.open();
  out += m_json.member("date", format_date(on));
  out += m_json.member("inputs", inputs);
  out += m_json.open_array("resources");
  return out;
}

void ReportListWriter::append_row(std::string& out, const lib::Resource& res, const lib::Verdict& v) {
  if (m_format != ReportListFormat::csv) {
    // json: nested in the pretty document's array; jsonl: compact, a line each.
    const int depth = m_format == ReportListFormat::json ? 4 : -1;
    const VerdictJson& verdict =
        m_verdicts.get(v, [&res, depth](VerdictJson& j, const lib::Verdict& of) { prepare_verdict_json(j, res, of, depth); });
    if (depth >= 0) {
      out += m_json.item_prefix();
    }
    append_resource_json(out, res, v, verdict);
    if (depth < 0) {
      out += '\n';
    }
    return;
  }
  // An unknown value is the empty cell.
  std::string deadline = v.deadline ? format_date(*v.deadline) : "";
  std::string earliest = v.deadline_earliest ? format_date(*v.deadline_earliest) : "";
  std::string days = v.days ? std::to_string(*v.days) : "";
  out += csv_line({res.name, lib::kind_label(res), res.runtime, res.python, lib::status_name(v.status), deadline,
                   v.deadline ? v.deadline_milestone : "", earliest, days, v.action, res.path + ":" + std::to_string(res.line)});
}

std::string ReportListWriter::end(const Report& r) {
  if (m_format == ReportListFormat::csv) {
    return "";
  }
  ordered sum;
  sum["resources"] = r.resources;
  sum["affected"] = r.affected;
  sum["broken"] = r.broken;
  sum["malformed"] = r.malformed;
  sum["incomplete_listings"] = incomplete_listings_json(r.incomplete);
  sum["by_status"] = by_status_json(r.by_status);
  sum["next_deadline"] = r.next_deadline ? ordered{{"date", format_date(*r.next_deadline)},
                                                   {"date_earliest", date_or_null(r.next_deadline_earliest)},
                                                   {"days", *r.next_days},
                                                   {"what", r.next_deadline_what}}
                                         : ordered(nullptr);
  ordered sunsets = ordered::array();
  for (const auto& e : r.ends) {
    sunsets.push_back(
        {{"catalog", e.catalog->name}, {"date", format_date(e.sunset)}, {"passed", e.passed}, {"resources", e.resources}});
  }
  sum["sunsets"] = sunsets;
  ordered groups = ordered::array();
  for (const auto& g : r.groups) {
    groups.push_back(group_json(g));
  }
  if (m_format == ReportListFormat::jsonl) {
    ordered rest{{"date", format_date(m_on)},
                 {"inputs", m_inputs},
                 {"headline", r.headline()},
                 {"summary", sum},
                 {"runtimes", groups},
                 {"migrated", migrated_json(r)},
                 {"findings", findings_json(r.findings)}};
    return util::json::dump(rest) + "\n";
  }
  std::string out = m_json.close_array();
  out += m_json.member("headline", r.headline());
  out += m_json.member("summary", sum);
  out += m_json.member("runtimes", groups);
  out += m_json.member("migrated", migrated_json(r));
  out += m_json.member("findings", findings_json(r.findings));
  return out + m_json.close();
}

} // namespace render
