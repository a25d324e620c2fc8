#include "lib/migration_json.hpp"

#include "lib/json_out.hpp"
#include "lib/report.hpp"
#include "util/json.hpp"

#include <nlohmann/json.hpp>

namespace lib {

using ordered = nlohmann::ordered_json;
using catalog::format_date;

namespace {

// A finding, with the fields json_out gives every command.
ordered finding_json(const Finding& f) {
  return ordered::parse(json_finding(f));
}

ordered next_json(const Lifecycle& lc) {
  const MilestoneDate* n = lc.next();
  if (!n || lc.status.name == "unreleased") {
    return nullptr;
  }
  return ordered{{"name", n->name()},
                 {"date", date_or_null(n->date)},
                 {"days", lc.status.days_left ? ordered(*lc.status.days_left) : ordered(nullptr)},
                 {"at_latest", n->at_latest}};
}

ordered candidate_json(const Candidate& c) {
  ordered j;
  j["catalog"] = c.catalog->name;
  j["id"] = c.entry->id;
  j["version"] = c.entry->version ? ordered(c.entry->version->str()) : ordered(nullptr);
  j["python"] = c.python.empty() ? ordered(nullptr) : ordered(c.python);
  if (!c.entry->framework.empty()) {
    j["framework"] = c.entry->framework;
    j["framework_version"] = c.entry->framework_version;
    j["accelerator"] = c.entry->accelerator;
  }
  j["status"] = c.lifecycle.status.name;
  j["unconfirmed"] = c.unconfirmed;
  j["next_milestone"] = next_json(c.lifecycle);
  j["usable_until"] = date_or_null(c.usable_until);
  j["days_usable"] = c.days_usable ? ordered(*c.days_usable) : ordered(nullptr);
  j["uris"] = c.uris();
  if (!c.twins.empty()) {
    ordered twins = ordered::array();
    for (const auto* t : c.twins) {
      twins.push_back(ordered{{"id", t->id}, {"accelerator", t->accelerator}});
    }
    j["twins"] = twins;
  }
  j["python_changes"] = c.python_changes;
  ordered changes = ordered::array();
  for (const auto& ch : c.changes) {
    ordered cj{{"kind", ch.kind},
               {"name", ch.name},
               {"from", ch.from.empty() ? ordered(nullptr) : ordered(ch.from)},
               {"to", ch.to.empty() ? ordered(nullptr) : ordered(ch.to)},
               {"breaking", ch.breaking}};
    if (!ch.note.empty()) {
      cj["note"] = ch.note;
    }
    changes.push_back(cj);
  }
  j["changes"] = changes;
  return j;
}

ordered candidates_json(const std::vector<Candidate>& cs) {
  ordered a = ordered::array();
  for (const auto& c : cs) {
    a.push_back(candidate_json(c));
  }
  return a;
}

} // namespace

std::string json_upgrade(const UpgradeRequest& req, const UpgradePlan& plan) {
  ordered j;
  j["date"] = format_date(req.base.on);
  j["runtime"] = req.base.runtime;
  j["catalog"] = plan.current ? ordered(plan.current->catalog->name) : ordered(nullptr);
  j["status"] = plan.current_lifecycle ? ordered(plan.current_lifecycle->status.name) : ordered(nullptr);
  j["service"] = req.base.service;
  j["strategy"] = req.strategy == Strategy::newest ? "newest" : "nearest";
  j["min_days"] = req.min_days;
  j["frameworks"] = plan.frameworks;
  j["handoff"] = plan.handoff;
  j["handoff_reason"] = plan.handoff_reason.empty() ? ordered(nullptr) : ordered(plan.handoff_reason);
  j["candidates"] = candidates_json(plan.candidates);
  j["closest"] = candidates_json(plan.closest);
  ordered fs = ordered::array();
  for (const auto& f : plan.findings) {
    fs.push_back(finding_json(f));
  }
  j["findings"] = fs;
  return util::json::dump_pretty(j);
}

std::string json_resource(const Resource& r, const Verdict& v) {
  ordered j;
  j["kind"] = r.kind;
  j["name"] = r.name;
  j["state"] = r.state;
  j["created"] = r.created;
  j["path"] = r.path;
  j["line"] = r.line;
  auto or_null = [](const std::string& s) { return s.empty() ? ordered(nullptr) : ordered(s); };
  j["runtime"] = or_null(r.runtime);
  j["python"] = or_null(r.python);
  j["framework"] = or_null(r.framework);
  j["image_uri"] = or_null(r.image_uri);
  j["service"] = r.service;
  j["catalog"] = or_null(v.catalog);
  j["status"] = v.status;
  j["deadline"] = date_or_null(v.deadline);
  j["deadline_milestone"] = or_null(v.deadline_milestone);
  j["days"] = v.days ? ordered(*v.days) : ordered(nullptr);
  j["action"] = v.action;
  j["target"] = or_null(v.target);
  std::string out = util::json::dump(j);
  out.pop_back(); // the closing brace: the findings follow
  out += ",\"findings\":[";
  bool first = true;
  for (const auto& f : Auditor::findings_for(r, v)) {
    out += (first ? "" : ",") + json_finding(f);
    first = false;
  }
  return out + "]}";
}

std::string json_summary(const AuditSummary& s) {
  ordered j;
  j["resources"] = s.resources;
  j["malformed"] = s.malformed;
  ordered by = ordered::object();
  for (const auto& [status, n] : s.by_status) {
    by[status] = n;
  }
  j["by_status"] = by;
  j["worst"] = s.worst ? ordered(std::string(catalog::to_string(*s.worst))) : ordered(nullptr);
  return util::json::dump(j);
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
  ordered by = ordered::object();
  for (const auto& [status, n] : r.by_status) {
    by[status] = n;
  }
  sum["by_status"] = by;
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
    sj["next_milestone"] = next_json(s.lifecycle);
    sj["handoff"] = s.plan.handoff;
    sj["targets"] = candidates_json(s.plan.candidates);
    sj["closest"] = candidates_json(s.plan.closest);
    runtimes.push_back(sj);
  }
  j["runtimes"] = runtimes;
  ordered rows = ordered::array();
  for (const auto& row : r.rows) {
    rows.push_back(ordered::parse(json_resource(row.resource, row.verdict)));
  }
  j["resources"] = rows;
  ordered fs = ordered::array();
  for (const auto& f : r.findings) {
    fs.push_back(finding_json(f));
  }
  j["findings"] = fs;
  return util::json::dump_pretty(j);
}

} // namespace lib
