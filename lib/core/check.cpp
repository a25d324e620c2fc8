#include "lib/core/check.hpp"

#include "lib/core/python_line.hpp"
#include "util/names.hpp"
#include "util/text.hpp"

#include <algorithm>

namespace lib {

using catalog::format_date;

bool CheckResult::ok() const {
  return std::none_of(findings.begin(), findings.end(), [](const Finding& f) { return f.severity == Severity::error; });
}

CheckVerdict CheckResult::verdict() const {
  auto any = [&](auto pred) { return std::any_of(findings.begin(), findings.end(), pred); };
  if (!ok()) {
    return CheckVerdict::invalid;
  }
  if (any([](const Finding& f) { return f.rule == rule_id(RuleId::require_unverified); })) {
    return CheckVerdict::unconfirmed;
  }
  return any([](const Finding& f) { return f.severity == Severity::warning; }) ? CheckVerdict::warnings : CheckVerdict::valid;
}

const char* verdict_name(CheckVerdict v) {
  using enum CheckVerdict;
  static constexpr util::Names<CheckVerdict, 4> k_names{
      {{{valid, "valid"}, {warnings, "warnings"}, {unconfirmed, "unconfirmed"}, {invalid, "invalid"}}}};
  return k_names.name(v).data();
}

namespace {

// The lifecycle finding of an entry on the date, if any.
std::optional<Finding> lifecycle_finding(const Catalog& c, const RuntimeEntry& r, const Lifecycle& lc, const Request& req) {
  auto sev = lc.severity(req.deployed);
  if (!sev) {
    return std::nullopt;
  }
  const std::string who = c.entry_noun + " " + r.id;
  if (lc.status.is(Standing::unreleased)) {
    const ReleaseWindow& w = lc.release;
    if (w.released) {
      return entry_finding(RuleId::unreleased, *sev, who + " is not released until " + format_date(*r.released), c, r);
    }
    std::string msg = who + " is not released before " + format_date(*w.earliest());
    if (w.by) {
      msg += " (" + describe_release(w) + ")";
    }
    if (w.framework) {
      msg += ": it ships " + (r.framework.empty() ? w.framework->framework : r.framework) + " " + w.framework->version.str() +
             ", " +
             (w.framework->released ? "released on " + format_date(*w.framework->released)
                                    : "released after " + format_date(*w.framework->released_after));
    }
    if (w.python) {
      msg += ": it runs Python " + w.python->id + ", " +
             (w.python->released ? "first released on " + format_date(*w.python->released)
                                 : "not released before " + format_date(*w.earliest()));
    }
    return entry_finding(RuleId::unreleased, *sev, msg, c, r);
  }
  if (lc.status.is(Standing::expiring)) {
    const MilestoneDate& n = *lc.due();
    return entry_finding(RuleId::expiring, *sev, who + " " + describe_upcoming(n) + " (" + in_days(n, req.on) + ")", c, r);
  }
  if (lc.status.is(Standing::unknown)) {
    auto by = existed_by(c, r);
    std::string why;
    if (by && req.on < *by) {
      const ReleaseWindow& w = lc.release;
      why = !w.after ? "its release date is not in the sources (it existed by " + format_date(*by) + ")"
            : w.by   ? "it was " + describe_release(w)
                     : "it was released between " + format_date(*w.earliest()) + " and " + format_date(*by) +
                         " (the catalog's as_of date)";
    } else if (const MilestoneDate* n = lc.next(); n && n->maybe_reached_by(req.on) && n->windowed) {
      why = "it " + describe_upcoming(*n);
    } else {
      why = "the sources do not give all of its dates";
    }
    return entry_finding(RuleId::lifecycle_unknown, *sev,
                         "the status of " + who + " on " + format_date(req.on) + " is unknown: " + why, c, r);
  }
  const MilestoneDate& m = *lc.reached();
  std::string msg = who + " " + describe_reached(m);
  for (size_t i = 0; i < *lc.status.reached; ++i) {
    const MilestoneDate& earlier = lc.milestones[i];
    if (earlier.date && earlier.date != m.date) {
      msg += "; it " + describe_reached(earlier);
    }
  }
  if (lc.status.sunset_passed && !c.policy.sunset_meaning.empty()) {
    msg += m.capped ? " (" + c.policy.sunset_meaning + ")" : "; " + c.policy.sunset_meaning;
  }
  if (lc.status.later_possible) {
    const MilestoneDate& later = lc.milestones[*lc.status.reached + 1];
    msg += "; it may also have " + later.policy->reached + " (" + describe_upcoming(later) + ")";
  } else if (const MilestoneDate* due = lc.due()) {
    msg += "; it " + describe_upcoming(*due) + " (" + in_days(*due, req.on) + ")";
  }
  return entry_finding(milestone_rule(m.name()), *sev, msg, c, r);
}

bool has_unknown_or_future(const std::vector<MilestoneDate>& ms, Date as_of) {
  return std::any_of(ms.begin(), ms.end(), [&](const MilestoneDate& m) { return !m.date || m.at_latest || *m.date > as_of; });
}

} // namespace

std::optional<Finding> missing_field(const catalog::RequiredFields& policy, const std::string& field, Date on) {
  std::string fallback;
  for (const auto& [name, v] : policy.defaults) {
    fallback = name == field ? v : fallback;
  }
  const bool runtime = field == "runtimeVersion";
  const std::string from = format_date(policy.from);
  if (on >= policy.from) {
    return finding_of(runtime ? RuleId::runtime_version_required : RuleId::python_version_required,
                      field + " is required from " + from +
                          (fallback.empty() ? "" : " (before, it defaulted to " + fallback + ")"));
  }
  if (fallback.empty()) {
    return std::nullopt;
  }
  return finding_of(runtime ? RuleId::runtime_version_defaulted : RuleId::python_version_defaulted,
                    field + " is not set: on " + format_date(on) + " it defaults to " + fallback + " (required from " + from +
                        ")");
}

std::vector<std::string> frameworks_of(const RuntimeEntry* current, const Request& req) {
  if (!req.frameworks.empty() || !current) {
    return req.frameworks;
  }
  return frameworks_carried(*current);
}

TargetQuery target_query(const Request& req, size_t max) {
  TargetQuery q;
  static_cast<JobNeeds&>(q) = req;
  q.max = max;
  return q;
}

std::vector<Finding> judge(const Catalog& c, const RuntimeEntry& r, const Lifecycle& lc, const Request& req) {
  std::vector<Finding> out;
  auto life = lifecycle_finding(c, r, lc, req);
  if (life) {
    out.push_back(*life);
  }
  auto compat = compatibility(c, r, req);
  out.insert(out.end(), compat.begin(), compat.end());
  // The Python underneath: the job's own, else the entry's. Not where the entry itself cannot be
  // used (unreleased, closed, withdrawn): the job must move whatever its Python.
  if (!life || life->severity != Severity::error) {
    if (auto f = python_end_of_life(c, r, req.python, req.on)) {
      out.push_back(*f);
    }
  }
  return out;
}

CheckResult check(const catalog::CatalogSet& set, const Request& req) {
  CheckResult res;
  Scope scope{req.platform, req.service};
  res.target = find_entry(set, req.runtime, scope);
  if (!res.target) {
    Finding f = finding_of(RuleId::unknown_runtime, "");
    f.runtime = req.runtime;
    auto near = near_matches(set, req.runtime, scope, req.on, req.warn_days);
    f.message = "runtime " + req.runtime + " is not in the catalog";
    if (!near.empty()) {
      f.message += " (did you mean " + describe_near(near) + "?)";
      f.suggestion = usable_near(near);
    }
    res.findings.push_back(f);
    return res;
  }
  const Catalog& c = *res.target->catalog;
  const RuntimeEntry& r = *res.target->entry;
  res.lifecycle = evaluate(c, r, req.on, req.warn_days);
  res.findings = judge(c, r, *res.lifecycle, req);
  if (c.as_of && req.on > *c.as_of && has_unknown_or_future(res.lifecycle->milestones, *c.as_of)) {
    res.findings.push_back(entry_finding(RuleId::stale_data,
                                         "this answer rests on the " + c.name + " catalog as of " + format_date(*c.as_of) +
                                             "; dates after that may have changed",
                                         c, r));
  }
  bool needs_alternative =
      std::any_of(res.findings.begin(), res.findings.end(), [](const Finding& f) { return f.severity >= Severity::warning; });
  if (needs_alternative) {
    TargetQuery q = target_query(req, 3);
    q.current_fails = !res.ok();
    TargetSearch search = find_targets(set, c, &r, q);
    res.suggestions = std::move(search.targets);
    if (res.suggestions.empty() && !res.ok()) {
      // Nothing usable, and the entry itself is not: say so, and what does fit.
      const Catalog* succ = search.successor;
      std::string where = succ ? c.name + " or " + succ->name : c.name;
      std::string with = search.frameworks.empty() ? "" : " with " + util::join(search.frameworks);
      std::string msg =
          "nothing in " + where + " is usable for " + service_name(req.service) + with + " on " + format_date(req.on);
      if (search.frameworks.empty() && succ) {
        msg += " that matches: no framework is recorded for " + c.entry_noun + " " + r.id + ", pass --framework to find " +
               succ->name + " images";
      }
      res.findings.push_back(entry_finding(RuleId::no_alternative, msg, c, r));
      if (!search.frameworks.empty()) {
        res.findings.push_back(custom_container_route(search, c, &r, q));
      }
    }
  }
  for (auto& f : res.findings) {
    f.python = req.python ? req.python->str() : "";
    if (!res.suggestions.empty() && f.suggestion.empty() && f.severity >= Severity::warning) {
      f.suggestion = res.suggestions.front().entry->id;
    }
  }
  return res;
}

} // namespace lib
