#include "lib/report.hpp"

#include "lib/frameworks.hpp"
#include "lib/lookup.hpp"
#include "util/text.hpp"

#include <algorithm>

namespace lib {

using catalog::format_date;

namespace {

const size_t k_max_findings = 1000;

// Most urgent first: past deadlines (longest overdue first), then the nearest ahead, then none;
// errors before warnings; then by name.
bool more_urgent(const ReportRow& a, const ReportRow& b) {
  const auto& va = a.verdict;
  const auto& vb = b.verdict;
  if (va.days.has_value() != vb.days.has_value()) {
    return va.days.has_value();
  }
  if (va.days && *va.days != *vb.days) {
    return *va.days < *vb.days;
  }
  if (va.severity != vb.severity) {
    return va.severity > vb.severity;
  }
  return a.resource.name < b.resource.name;
}

} // namespace

std::string Report::headline() const {
  std::string s = std::to_string(affected) + " of " + std::to_string(resources) + " resource" + (resources == 1 ? "" : "s") +
                  (affected == 1 ? " needs" : " need") + " action on " + format_date(on) + ": " + std::to_string(broken) +
                  " broken or blocked, " + std::to_string(affected - broken) + " at risk";
  if (next_deadline) {
    s += "; next deadline " + format_date(*next_deadline) + " (" + std::to_string(*next_days) + " days): " + next_deadline_what;
  } else if (affected > 0) {
    s += "; no deadline ahead: every deadline has passed";
  }
  return s + ".";
}

Report build_report(const catalog::CatalogSet& set, const std::vector<std::string>& inventories, Date on, int warn_days,
                    const std::string& platform) {
  Report rep;
  rep.on = on;
  rep.warn_days = warn_days;
  rep.inputs = inventories;
  Auditor auditor(set, on, warn_days, platform);
  auto section_for = [&](const Resource& res, const Verdict& v) -> RuntimeSection* {
    if (v.catalog.empty()) {
      return nullptr;
    }
    auto ref = find_entry(set, res.runtime, Scope{v.catalog, res.service});
    if (!ref) {
      return nullptr;
    }
    for (auto& s : rep.runtimes) {
      if (s.entry == ref->entry && s.service == res.service) {
        return &s;
      }
    }
    RuntimeSection s;
    s.catalog = ref->catalog;
    s.entry = ref->entry;
    s.service = res.service;
    s.lifecycle = evaluate(*s.catalog, *s.entry, on, warn_days);
    rep.runtimes.push_back(std::move(s));
    return &rep.runtimes.back();
  };
  auto on_resource = [&](const Resource& res) {
    const Verdict& v = auditor.judge(res);
    ++rep.resources;
    ++rep.by_status[v.status];
    bool affected = v.severity && *v.severity >= Severity::warning;
    if (RuntimeSection* s = section_for(res, v)) {
      ++s->resources;
      s->affected += affected ? 1 : 0;
      if (!res.framework.empty()) {
        std::string fw = framework_key(res.framework);
        if (std::find(s->frameworks.begin(), s->frameworks.end(), fw) == s->frameworks.end()) {
          s->frameworks.push_back(fw);
        }
      }
    }
    if (!affected) {
      return;
    }
    ++rep.affected;
    rep.broken += *v.severity == Severity::error ? 1 : 0;
    rep.rows.push_back(ReportRow{res, v});
  };
  auto on_malformed = [&](const Malformed& m) {
    ++rep.malformed;
    if (rep.findings.size() < k_max_findings) {
      rep.findings.push_back(malformed_finding(m));
    }
  };
  Units units(on_resource);
  for (const auto& path : inventories) {
    read_inventory(
        path, [&](const Resource& r) { units.add(r); }, on_malformed);
  }
  units.finish();
  std::stable_sort(rep.rows.begin(), rep.rows.end(), more_urgent);
  // The next deadline ahead (a milestone is in effect on its own date), and what it hits.
  for (const auto& row : rep.rows) {
    const Verdict& v = row.verdict;
    if (v.days && *v.days > 0 && (!rep.next_deadline || *v.deadline < *rep.next_deadline)) {
      rep.next_deadline = v.deadline;
      rep.next_days = v.days;
    }
  }
  if (rep.next_deadline) {
    std::map<std::string, size_t> hits;
    for (const auto& row : rep.rows) {
      if (row.verdict.deadline == rep.next_deadline) {
        ++hits[row.resource.runtime + " " + row.verdict.deadline_milestone];
      }
    }
    rep.next_deadline_what = util::join(hits, ", ", [](const auto& hit) {
      const auto& [what, n] = hit;
      return "runtime " + what + " (" + std::to_string(n) + " resource" + (n == 1 ? "" : "s") + ")";
    });
  }
  for (auto& s : rep.runtimes) {
    UpgradeRequest up;
    up.base.runtime = s.catalog->name + ":" + s.entry->id;
    up.base.frameworks = s.frameworks;
    up.base.service = s.service;
    up.base.on = on;
    up.base.warn_days = warn_days;
    up.max = 3;
    s.plan = plan_upgrade(set, up);
  }
  auto days_of = [](const RuntimeSection& s) -> long {
    for (const auto& m : s.lifecycle.milestones) {
      if (m.policy->severity == Severity::error && m.date) {
        return m.date->time_since_epoch().count();
      }
    }
    return 1L << 30;
  };
  std::stable_sort(rep.runtimes.begin(), rep.runtimes.end(), [&](const RuntimeSection& a, const RuntimeSection& b) {
    if (days_of(a) != days_of(b)) {
      return days_of(a) < days_of(b);
    }
    return a.entry->id < b.entry->id;
  });
  return rep;
}

void add_scan_findings(Report& report, const std::vector<Finding>& findings) {
  report.scanned = true;
  for (const auto& f : findings) {
    if (report.findings.size() >= k_max_findings) {
      break;
    }
    report.findings.push_back(f);
  }
}

} // namespace lib
