#include "lib/fleet/report.hpp"

#include "catalog/error.hpp"
#include "lib/core/frameworks.hpp"
#include "lib/core/lookup.hpp"
#include "lib/core/targets.hpp"
#include "util/file.hpp"
#include "util/names.hpp"
#include "util/text.hpp"

#include <algorithm>
#include <optional>
#include <type_traits>
#include <unordered_map>

namespace lib {

using catalog::format_date;

namespace {

const size_t k_max_findings = 1000;

void add_unique(std::vector<std::string>& out, const std::string& s) {
  if (!s.empty() && std::find(out.begin(), out.end(), s) == out.end()) {
    out.push_back(s);
  }
}

// The frameworks a job with none recorded is taken to use: those its runtime carries; when the
// catalog records no packages for the runtime, those its catalog's runtimes of the same major
// version carry (a TensorFlow runtime is not offered PyTorch images).
std::vector<std::string> assumed_frameworks(const Catalog& c, const RuntimeEntry& r) {
  std::vector<std::string> out = frameworks_carried(r);
  if (!out.empty() || !r.version) {
    return out;
  }
  for (const auto& e : c.runtimes) {
    if (e.version && e.version->major() == r.version->major()) {
      for (const auto& fw : frameworks_carried(e)) {
        add_unique(out, fw);
      }
    }
  }
  return out;
}

// The first day a verdict's deadline can take effect.
Date first_day(const Verdict& v) {
  return v.deadline_earliest.value_or(*v.deadline);
}

// Whether a resource (its verdict and name) is more urgent than another: past deadlines (longest
// overdue first), then the nearest ahead, then none; errors before warnings; then by name.
bool verdict_more_urgent(const Verdict& va, const std::string& a_name, const Verdict& vb, const std::string& b_name) {
  if (va.days.has_value() != vb.days.has_value()) {
    return va.days.has_value();
  }
  if (va.days && *va.days != *vb.days) {
    return *va.days < *vb.days;
  }
  if (va.severity != vb.severity) {
    return va.severity > vb.severity;
  }
  return a_name < b_name;
}

} // namespace

// The milestone of the group's lifecycle a verdict's deadline is, if any.
const MilestoneDate* deadline_milestone(const ReportGroup& g, const Verdict& v) {
  if (!g.lifecycle || v.deadline_milestone.empty()) {
    return nullptr;
  }
  for (const auto& m : g.lifecycle->milestones) {
    if (m.name() == v.deadline_milestone) {
      return &m;
    }
  }
  return nullptr;
}

namespace {

// Keeps the k most urgent rows of a group, in order (a row is made only for one that is kept).
void keep_urgent(std::vector<ReportRow>& rows, const Resource& res, const Verdict& v, size_t k) {
  // After the rows at least as urgent (upper_bound's place).
  auto at = std::find_if(rows.begin(), rows.end(), [&](const ReportRow& kept) {
    return verdict_more_urgent(v, res.name, kept.verdict, kept.resource.name);
  });
  if (static_cast<size_t>(at - rows.begin()) >= k) {
    return;
  }
  rows.insert(at, ReportRow{res, v});
  if (rows.size() > k) {
    rows.pop_back();
  }
}

// Collects, per report, the groups and their counts as resources stream by.
class Builder {
public:
  Builder(const catalog::CatalogSet& set, const ReportOptions& o)
      : m_set(set), m_o(o), m_auditor(set, o.on, o.warn_days, o.platform) {}

  void add(const Resource& res) {
    // The record's verdict, as audit gives it. It depends on the resource's kind, service,
    // runtime, Python, framework and what the record shows beyond the catalog (and the
    // verdict's address stays the same for the same ones: Auditor::judge), and so does all
    // that the report counts about the resource but its name: found once per verdict.
    const Verdict& v = m_auditor.judge(res);
    auto [it, fresh] = m_shared.try_emplace(&v);
    Shared& sh = it->second;
    if (fresh) {
      share(sh, res, v);
    }
    ReportGroup& g = m_rep.groups[sh.group];
    ++m_rep.resources;
    if (v.severity && (!m_rep.worst || *v.severity > *m_rep.worst)) {
      m_rep.worst = v.severity;
    }
    ++*sh.by_status;
    ++*sh.by_words;
    *sh.words_broken = *sh.words_broken || sh.broken;
    *sh.words_affected = *sh.words_affected || sh.affected;
    ++g.resources;
    ++*sh.group_by_status;
    keep_representative(g, res, v);
    if (!sh.affected) {
      return;
    }
    ++m_rep.affected;
    ++g.affected;
    ++*sh.group_affected_by_words;
    m_rep.broken += sh.broken ? 1 : 0;
    g.broken += sh.broken ? 1 : 0;
    if (v.days && *v.days_latest() > 0 &&
        (!g.next_deadline || first_day(v) < g.next_deadline_earliest.value_or(*g.next_deadline))) {
      g.next_deadline = v.deadline;
      g.next_deadline_earliest = v.deadline_earliest;
    }
    keep_urgent(g.urgent, res, v, ReportGroup::k_urgent);
    count_target_set(g, sh);
    if (m_o.on_row) {
      m_o.on_row(res, v);
    }
  }

  Report& report() { return m_rep; }

private:
  // The index of the resource's group (made on first use).
  size_t group_for(const Resource& res, const Verdict& v) {
    std::optional<EntryRef> ref;
    if (!v.catalog.empty()) {
      ref = find_entry(m_set, res.runtime, Scope{v.catalog, parse_service(res.service)});
    }
    std::string key = ref ? ref->catalog->name + '\x1f' + ref->entry->id : '\x1e' + std::string(status_name(v.status));
    key += '\x1f' + res.service;
    auto [it, fresh] = m_index.try_emplace(key, m_rep.groups.size());
    if (fresh) {
      ReportGroup g;
      g.service = parse_service(res.service);
      g.status = v.status;
      if (ref) {
        g.catalog = ref->catalog;
        g.entry = ref->entry;
        g.lifecycle = evaluate(*g.catalog, *g.entry, m_o.on, m_o.warn_days);
        g.python = judge_python(*g.catalog, *g.entry, std::nullopt, m_o.on);
      }
      m_rep.groups.push_back(std::move(g));
    }
    return it->second;
  }

  // The target set an affected resource moves with (made on first use): nullopt when its group
  // has no catalog entry, Shared::k_no_set when the group keeps no more sets.
  std::optional<size_t> target_set_for(ReportGroup& g, const Resource& res) {
    if (!g.entry) {
      return std::nullopt;
    }
    std::vector<std::string> fws;
    if (!res.framework.empty()) {
      fws.push_back(framework_key(res.framework));
    }
    for (size_t i = 0; i < g.targets.size(); ++i) {
      const TargetSet& t = g.targets[i];
      if (t.python == res.python && (t.frameworks_assumed ? fws.empty() : t.frameworks == fws)) {
        return i;
      }
    }
    if (g.targets.size() >= ReportGroup::k_target_sets) {
      return Shared::k_no_set;
    }
    TargetSet t;
    t.frameworks_assumed = fws.empty();
    t.frameworks = fws.empty() ? assumed_frameworks(*g.catalog, *g.entry) : fws;
    t.python = res.python;
    g.targets.push_back(std::move(t));
    return g.targets.size() - 1;
  }

  // What the records of one verdict share: their group, and the counters they add to (map
  // values: their addresses hold as the maps grow, and as the groups' vector grows, since a
  // group moves without copying, see the static_assert below).
  struct Shared {
    size_t group = 0;
    bool affected = false;
    bool broken = false;
    size_t* by_status = nullptr;
    size_t* by_words = nullptr;
    bool* words_broken = nullptr;
    bool* words_affected = nullptr;
    size_t* group_by_status = nullptr;
    size_t* group_affected_by_words = nullptr;
    static constexpr size_t k_no_set = static_cast<size_t>(-1); // counted in other_targets
    std::optional<size_t> target_set;                           // once known: the index of its target set in the group
  };

  void share(Shared& sh, const Resource& res, const Verdict& v) {
    sh.affected = v.severity && *v.severity >= Severity::warning;
    sh.broken = sh.affected && *v.severity == Severity::error;
    sh.group = group_for(res, v);
    ReportGroup& g = m_rep.groups[sh.group];
    const std::string words = status_words(g.catalog, v.status);
    const std::string name(status_name(v.status));
    sh.by_status = &m_rep.by_status[name];
    sh.by_words = &m_rep.by_words[words];
    sh.words_broken = &m_rep.words_broken[words];
    sh.words_affected = &m_rep.words_affected[words];
    sh.group_by_status = &g.by_status[name];
    if (sh.affected) {
      sh.group_affected_by_words = &g.affected_by_words[words];
      sh.target_set = target_set_for(g, res);
    }
  }

  // Counts an affected resource in its target set (found when its verdict was first seen).
  void count_target_set(ReportGroup& g, const Shared& sh) {
    if (!sh.target_set) {
      return; // no catalog entry: no target set
    }
    if (*sh.target_set == Shared::k_no_set) {
      ++g.other_targets;
    } else {
      ++g.targets[*sh.target_set].resources;
    }
  }

  const catalog::CatalogSet& m_set;
  const ReportOptions& m_o;
  Auditor m_auditor;
  Report m_rep;
  std::map<std::string, size_t> m_index;
  std::unordered_map<const Verdict*, Shared> m_shared;
};
static_assert(std::is_nothrow_move_constructible_v<ReportGroup>, "a group's maps keep their nodes as the groups grow");

// The targets of every target set, planned once the groups are complete.
void plan_targets(const catalog::CatalogSet& set, ReportGroup& g, const ReportOptions& o) {
  std::stable_sort(g.targets.begin(), g.targets.end(),
                   [](const TargetSet& a, const TargetSet& b) { return a.resources > b.resources; });
  for (auto& t : g.targets) {
    UpgradeRequest up;
    up.base.runtime = g.catalog->name + ":" + g.entry->id;
    up.base.frameworks = t.frameworks;
    up.base.python = catalog::Version::try_parse(t.python);
    up.base.service = g.service;
    up.base.on = o.on;
    up.base.warn_days = o.warn_days;
    up.max = 3;
    t.plan = plan_upgrade(set, up);
  }
}

// How well a legacy resource stands for its runtime (lower is better): affected before not, then
// a training job, a model version, a batch prediction job.
int representative_rank(const Resource& r, bool affected) {
  int kind = r.kind == ResourceKind::model_version ? 1 : r.service == "prediction" ? 2 : 0;
  return (affected ? 0 : 3) + kind;
}

// Each runtime's representative: the first candidate that migrates on the report's date, else the
// first, with why it could not be migrated.
void migrate_representatives(const catalog::CatalogSet& set, Report& rep, const ReportOptions& o) {
  migrate::Options opt;
  opt.on = o.on;
  for (auto& g : rep.groups) {
    for (size_t i = 0; o.migrate && i < g.candidates.size(); ++i) {
      Representative& c = g.candidates[i];
      try {
        c.migrated = migrate::migrate_record(set, c.record, c.where, opt);
      } catch (const catalog::InvalidInput& e) {
        c.not_migrated = e.what();
      }
      std::string().swap(c.record);
      if (c.migrated) {
        c.passed_over = i;
        g.representative = std::move(c);
        break;
      }
    }
    if (!g.representative && !g.candidates.empty()) {
      g.representative = std::move(g.candidates.front());
    }
    std::vector<Representative>().swap(g.candidates);
  }
}

// The day that orders groups: their most urgent resource's deadline, else far away.
long urgency_of(const ReportGroup& g) {
  if (!g.urgent.empty() && g.urgent.front().verdict.days) {
    return *g.urgent.front().verdict.days;
  }
  return g.affected ? (1L << 29) : (1L << 30);
}

// The catalogs with a sunset that hold resources of the report.
void find_ends(Report& rep) {
  for (const auto& g : rep.groups) {
    if (!g.catalog || !g.catalog->policy.sunset) {
      continue;
    }
    auto it = std::find_if(rep.ends.begin(), rep.ends.end(), [&](const Report::CatalogEnd& e) { return e.catalog == g.catalog; });
    if (it == rep.ends.end()) {
      const Date sunset = *g.catalog->policy.sunset;
      it = rep.ends.insert(rep.ends.end(), Report::CatalogEnd{g.catalog, sunset, 0, sunset <= rep.on});
    }
    it->resources += g.resources;
  }
}

void find_next_deadline(Report& rep) {
  std::optional<Date> first; // of the nearest deadline
  for (const auto& g : rep.groups) {
    if (g.next_deadline) {
      Date d = g.next_deadline_earliest.value_or(*g.next_deadline);
      if (!first || d < *first || (d == *first && g.next_deadline < rep.next_deadline)) {
        first = d;
        rep.next_deadline = g.next_deadline;
        rep.next_deadline_earliest = g.next_deadline_earliest;
      }
    }
  }
  // A sunset ahead is the deadline of every resource on its catalog.
  std::vector<const Report::CatalogEnd*> sunsets;
  for (const auto& e : rep.ends) {
    if (!e.passed && (!first || e.sunset <= *first)) {
      if (!first || e.sunset < *first) {
        sunsets.clear();
        rep.next_deadline = e.sunset;
        rep.next_deadline_earliest.reset();
        first = e.sunset;
      }
      sunsets.push_back(&e);
    }
  }
  if (!rep.next_deadline) {
    return;
  }
  rep.next_days = catalog::days_between(rep.on, *first);
  std::map<std::string, size_t> hits;
  for (const auto& g : rep.groups) {
    for (const auto& row : g.urgent) {
      if (row.verdict.deadline == rep.next_deadline && row.verdict.deadline_earliest == rep.next_deadline_earliest) {
        ++hits["runtime " + row.resource.runtime + " " + row.verdict.deadline_milestone];
      }
    }
  }
  for (const auto* e : sunsets) {
    hits[e->catalog->name + " sunset"] += e->resources;
  }
  rep.next_deadline_what = util::join(hits, ", ", [](const auto& hit) {
    const auto& [what, n] = hit;
    return what + " (" + std::to_string(n) + " resource" + (n == 1 ? "" : "s") + ")";
  });
}

} // namespace

void keep_representative(ReportGroup& g, const Resource& res, const Verdict& v) {
  if (!g.entry || is_vertex(res) || (res.kind != ResourceKind::job && res.kind != ResourceKind::model_version)) {
    return;
  }
  bool affected = v.severity && *v.severity >= Severity::warning;
  int rank = representative_rank(res, affected);
  // Where it goes among the kept ones (after those at least as good), without copying it first.
  auto at = std::find_if(g.candidates.begin(), g.candidates.end(), [&](const Representative& k) {
    int kept = representative_rank(k.row.resource, k.affected);
    return rank != kept ? rank < kept : verdict_more_urgent(v, res.name, k.row.verdict, k.row.resource.name);
  });
  if (static_cast<size_t>(at - g.candidates.begin()) >= ReportGroup::k_candidates) {
    return;
  }
  Representative r;
  r.row = ReportRow{res, v};
  r.row.resource.record = {};
  r.affected = affected;
  r.record = std::string(res.record);
  r.where = res.path + ":" + std::to_string(res.line) + ":" + std::to_string(res.column);
  g.candidates.insert(at, std::move(r));
  if (g.candidates.size() > ReportGroup::k_candidates) {
    g.candidates.pop_back();
  }
}

namespace {

// The standings in words (a milestone's are its policy's).
constexpr util::Names<Standing, 4> k_standing_words{{{{Standing::supported, "supported"},
                                                      {Standing::expiring, "deadline soon"},
                                                      {Standing::unreleased, "not released yet"},
                                                      {Standing::unknown, "status uncertain"}}}};

} // namespace

std::string status_words(const Catalog* c, const VerdictStatus& status) {
  if (!status.is(AuditState::lifecycle)) {
    return std::string(audit_state_words(status.state));
  }
  if (!status.lifecycle) {
    return "";
  }
  const Status& lc = *status.lifecycle;
  if (!lc.is(Standing::milestone)) {
    return std::string(k_standing_words.name(lc.kind));
  }
  if (c) {
    for (const auto& m : c->policy.milestones) {
      if (m.name == lc.name && !m.reached.empty()) {
        // "had its model versions deleted" -> "model versions deleted"
        for (std::string_view lead : {"had its ", "has its "}) {
          if (m.reached.starts_with(lead)) {
            return m.reached.substr(lead.size());
          }
        }
        return m.reached;
      }
    }
  }
  std::string out = lc.name;
  std::replace(out.begin(), out.end(), '_', ' ');
  return out;
}

std::string elapsed(Date from, Date to) {
  int months = catalog::months_between(from, to);
  if (months <= 0) {
    return util::plural(static_cast<size_t>(catalog::days_between(from, to)), "day");
  }
  std::string out = months >= 12 ? util::plural(static_cast<size_t>(months / 12), "year") : "";
  if (months % 12) {
    out += (out.empty() ? "" : " ") + util::plural(static_cast<size_t>(months % 12), "month");
  }
  return out;
}

std::string standing_words(const ReportGroup& g, const Verdict& v, Date on) {
  const MilestoneDate* m = deadline_milestone(g, v);
  if (!m || !v.deadline || !v.days) {
    return status_words(g.catalog, v.status);
  }
  if (v.status.is(AuditState::inventory_disagrees)) {
    // The milestone is the catalog's word, not a fact against the record.
    Verdict catalog_says = v;
    catalog_says.status.state = AuditState::lifecycle;
    return "the inventory disagrees with the catalog, which says its " + (g.catalog ? g.catalog->entry_noun : "runtime") + " " +
           standing_words(g, catalog_says, on);
  }
  std::string d = format_date(*v.deadline);
  if (*v.days_latest() <= 0) {
    std::string ago = *v.days_latest() == 0 ? "today" : elapsed(*v.deadline, on) + " ago";
    return m->at_latest ? describe_reached(*m) + " (" + ago + ")" : m->policy->reached + " " + ago + " (" + d + ")";
  }
  // A window counts to its first day: "in 8 to 62 days", or "within 62 days" once it has begun.
  std::string in = in_days(*m, on);
  return m->at_latest ? describe_upcoming(*m) + " (" + in + ")" : m->policy->upcoming + " " + in + " (" + d + ")";
}

std::string Report::headline() const {
  std::string s = std::to_string(affected) + " of " + std::to_string(resources) + " resource" + (resources == 1 ? "" : "s") +
                  (affected == 1 ? " needs" : " need") + " action on " + format_date(on) + ": " + std::to_string(broken) +
                  " broken or blocked, " + std::to_string(affected - broken) + " at risk";
  if (next_deadline) {
    s += "; next deadline " + next_deadline_when() + ": " + next_deadline_what;
  } else if (affected > 0) {
    s += "; no deadline ahead: every deadline has passed";
  }
  for (const auto& end : ended()) {
    s += "; " + end;
  }
  if (scanned) {
    s += "; the scan found " + util::plural(scan_errors, "error") + ", " + util::plural(scan_warnings, "warning") + " and " +
         util::plural(scan_notes, "note");
  }
  return s + ".";
}

std::string Report::next_deadline_when() const {
  if (!next_deadline) {
    return "";
  }
  std::string when =
      next_deadline_earliest ? when_text(next_deadline_earliest, *next_deadline, true) : format_date(*next_deadline);
  return when + ", " + in_days(next_deadline_earliest ? next_deadline_earliest : next_deadline, *next_deadline, on);
}

std::vector<std::string> Report::ended() const {
  std::vector<std::string> out;
  for (const auto& e : ends) {
    if (e.passed) {
      const std::string& title = e.catalog->title.empty() ? e.catalog->name : e.catalog->title;
      out.push_back(title + " shut down on " + format_date(e.sunset) + "; its " + util::plural(e.resources, "resource") +
                    " below no longer " + (e.resources == 1 ? "runs" : "run"));
    }
  }
  return out;
}

Report build_report(const catalog::CatalogSet& set, const std::vector<std::string>& inventories, const ReportOptions& o) {
  Builder builder(set, o);
  Report& rep = builder.report();
  rep.on = o.on;
  rep.warn_days = o.warn_days;
  for (const auto& path : inventories) {
    rep.inputs.push_back(util::input_name(path));
  }
  auto on_malformed = [&](const Malformed& m) {
    ++rep.malformed;
    rep.worst = Severity::error;
    if (rep.findings.size() < k_max_findings) {
      rep.findings.push_back(malformed_finding(m));
    }
  };
  Units units([&](const Resource& r) { builder.add(r); }, &set);
  Listings listings;
  for (const auto& path : inventories) {
    listings.add(read_inventory(
        path, [&](const Resource& r) { units.add(r); }, on_malformed));
  }
  units.finish();
  rep.incomplete = listings.incomplete();
  find_ends(rep);
  find_next_deadline(rep);
  for (auto& g : rep.groups) {
    plan_targets(set, g, o);
  }
  migrate_representatives(set, rep, o);
  std::stable_sort(rep.groups.begin(), rep.groups.end(), [](const ReportGroup& a, const ReportGroup& b) {
    if (urgency_of(a) != urgency_of(b)) {
      return urgency_of(a) < urgency_of(b);
    }
    return a.broken > b.broken;
  });
  return std::move(rep);
}

Report build_report(const catalog::CatalogSet& set, const std::vector<std::string>& inventories, Date on, int warn_days,
                    const std::string& platform) {
  ReportOptions o;
  o.on = on;
  o.warn_days = warn_days;
  o.platform = platform;
  return build_report(set, inventories, o);
}

void add_scan_findings(Report& report, const std::vector<Finding>& findings) {
  report.scanned = true;
  for (const auto& f : findings) {
    ++(f.severity == Severity::error     ? report.scan_errors
       : f.severity == Severity::warning ? report.scan_warnings
                                         : report.scan_notes);
    if (!report.worst || f.severity > *report.worst) {
      report.worst = f.severity;
    }
    if (report.findings.size() < k_max_findings) {
      report.findings.push_back(f);
    }
  }
}

} // namespace lib
