#include "lib/json_out.hpp"

#include "lib/rules.hpp"
#include "util/json.hpp"

#include <nlohmann/json.hpp>

namespace lib {

using ordered = nlohmann::ordered_json;
using catalog::format_date;

ordered date_or_null(const std::optional<Date>& d) {
  return d ? ordered(format_date(*d)) : ordered(nullptr);
}

namespace {

ordered python_json(const RuntimeEntry& r) {
  if (!r.python) {
    return nullptr;
  }
  ordered a = ordered::array();
  for (const auto& p : *r.python) {
    a.push_back(p.str());
  }
  return a;
}

// A milestone's window: earliest and latest day it can take effect (equal when certain; null
// where the sources give no bound).
ordered window_json(const MilestoneDate& m) {
  ordered j;
  j["earliest"] = m.at_latest ? date_or_null(m.earliest) : date_or_null(m.date);
  j["latest"] = date_or_null(m.date);
  return j;
}

ordered next_json(const Lifecycle& lc) {
  const MilestoneDate* n = lc.next();
  if (!n || lc.status.name == "unreleased") {
    return nullptr;
  }
  ordered j;
  j["name"] = n->name();
  j["date"] = date_or_null(n->date);
  j["days"] = lc.status.days_left ? ordered(*lc.status.days_left) : ordered(nullptr);
  j["at_latest"] = n->at_latest;
  ordered w = window_json(*n);
  j["earliest"] = w["earliest"];
  j["latest"] = w["latest"];
  return j;
}

ordered entry_json(const EntryView& v) {
  const RuntimeEntry& r = *v.entry;
  ordered j;
  j["catalog"] = v.catalog->name;
  j["id"] = r.id;
  j["version"] = r.version ? ordered(r.version->str()) : ordered(nullptr);
  j["released"] = date_or_null(r.released);
  j["released_after"] = date_or_null(v.lifecycle.release.after);
  j["released_by"] = date_or_null(r.released_by);
  j["python"] = python_json(r);
  ordered pk = ordered::object();
  for (const auto& p : r.packages) {
    pk[p.name] = p.version;
  }
  j["packages"] = pk;
  if (!r.package_lines.empty()) {
    ordered pl = ordered::object();
    for (const auto& p : r.package_lines) {
      pl[p.name] = p.version;
    }
    j["package_lines"] = pl;
  }
  if (!r.framework.empty()) {
    j["framework"] = r.framework;
    j["framework_version"] = r.framework_version;
    j["accelerator"] = r.accelerator;
  }
  j["status"] = v.lifecycle.status.name;
  ordered ms = ordered::object();
  ordered bounds = ordered::object();
  ordered windows = ordered::object();
  for (const auto& m : v.lifecycle.milestones) {
    ms[m.name()] = m.at_latest ? ordered(nullptr) : date_or_null(m.date);
    if (m.at_latest) {
      bounds[m.name()] = format_date(*m.date);
    }
    windows[m.name()] = window_json(m);
  }
  j["milestones"] = ms;
  j["milestones_no_later_than"] = bounds;
  j["milestone_windows"] = windows;
  j["next_milestone"] = next_json(v.lifecycle);
  return j;
}

ordered finding_json(const Finding& f) {
  ordered j;
  j["rule"] = f.rule;
  j["severity"] = catalog::to_string(f.severity);
  j["message"] = f.message;
  if (!f.path.empty()) {
    j["path"] = f.path;
  }
  if (f.line > 0) {
    j["line"] = f.line;
  }
  if (f.column > 0) {
    j["column"] = f.column;
  }
  if (!f.catalog.empty()) {
    j["catalog"] = f.catalog;
  }
  if (!f.runtime.empty()) {
    j["runtime"] = f.runtime;
  }
  if (!f.python.empty()) {
    j["python"] = f.python;
  }
  if (!f.suggestion.empty()) {
    j["suggestion"] = f.suggestion;
  }
  return j;
}

} // namespace

std::string json_entries(const std::vector<EntryView>& entries) {
  ordered a = ordered::array();
  for (const auto& e : entries) {
    a.push_back(entry_json(e));
  }
  return util::json::dump_pretty(a);
}

std::string json_entry_full(const EntryView& v) {
  ordered j = entry_json(v);
  const RuntimeEntry& r = *v.entry;
  if (r.cuda) {
    j["cuda"] = *r.cuda;
  }
  if (!r.uris.empty()) {
    j["uris"] = r.uris;
  }
  ordered tl = ordered::array();
  if (r.released || r.released_by) {
    tl.push_back({{"event", "released"},
                  {"date", format_date(r.released ? *r.released : *r.released_by)},
                  {"at_latest", !r.released},
                  {"earliest", date_or_null(v.lifecycle.release.earliest())}});
  }
  for (const auto& m : v.lifecycle.milestones) {
    ordered e;
    e["event"] = m.name();
    e["date"] = date_or_null(m.date);
    e["at_latest"] = m.at_latest;
    e["stated"] = m.stated;
    e["capped_by_sunset"] = m.capped;
    e["severity"] = catalog::to_string(m.policy->severity);
    e["meaning"] = m.policy->meaning;
    tl.push_back(e);
  }
  j["timeline"] = tl;
  j["notes"] = r.notes;
  j["sources"] = r.sources;
  j["confidence"] = r.confidence;
  return util::json::dump_pretty(j);
}

std::string json_check(const Request& req, const CheckResult& res) {
  ordered j;
  j["ok"] = res.ok();
  j["status"] = res.lifecycle ? ordered(res.lifecycle->status.name) : ordered(nullptr);
  j["date"] = format_date(req.on);
  j["catalog"] = res.target ? ordered(res.target->catalog->name) : ordered(nullptr);
  j["runtime"] = req.runtime;
  j["python"] = req.python ? ordered(req.python->str()) : ordered(nullptr);
  j["service"] = req.service;
  j["next_milestone"] = res.lifecycle ? next_json(*res.lifecycle) : ordered(nullptr);
  ordered fs = ordered::array();
  for (const auto& f : res.findings) {
    fs.push_back(finding_json(f));
  }
  j["findings"] = fs;
  ordered ids = ordered::array();
  ordered details = ordered::array();
  for (const auto& s : res.suggestions) {
    ids.push_back(s.entry->id);
    details.push_back(entry_json(EntryView{s.catalog, s.entry, s.lifecycle}));
  }
  j["suggestions"] = ids;
  j["suggestion_details"] = details;
  return util::json::dump_pretty(j);
}

std::string json_findings(const std::vector<Finding>& findings) {
  ordered a = ordered::array();
  for (const auto& f : findings) {
    a.push_back(finding_json(f));
  }
  return util::json::dump_pretty(a);
}

std::string json_finding(const Finding& finding) {
  return util::json::dump(finding_json(finding));
}

std::string json_events(const std::vector<Event>& events) {
  ordered a = ordered::array();
  for (const auto& e : events) {
    ordered j;
    j["catalog"] = e.catalog->name;
    j["id"] = e.entry->id;
    j["event"] = e.kind;
    j["date"] = date_or_null(e.date);
    j["at_latest"] = e.at_latest;
    j["severity"] = catalog::to_string(e.severity);
    j["meaning"] = e.meaning;
    a.push_back(j);
  }
  return util::json::dump_pretty(a);
}

std::string json_combos(const std::vector<Combo>& combos) {
  ordered a = ordered::array();
  for (const auto& c : combos) {
    ordered j;
    j["catalog"] = c.catalog->name;
    j["runtime"] = c.entry->id;
    j["python"] = c.python.str();
    j["status"] = c.lifecycle.status.name;
    j["next_milestone"] = next_json(c.lifecycle);
    a.push_back(j);
  }
  return util::json::dump_pretty(a);
}

std::string json_rules() {
  ordered a = ordered::array();
  for (const auto& r : rule_infos()) {
    ordered aliases = ordered::array();
    for (auto alias : r.aliases) {
      if (!alias.empty()) {
        aliases.push_back(alias);
      }
    }
    a.push_back({{"id", r.id},
                 {"severity", catalog::to_string(r.severity)},
                 {"description", r.description},
                 {"help", r.help},
                 {"aliases", aliases}});
  }
  return util::json::dump_pretty(a);
}

} // namespace lib
