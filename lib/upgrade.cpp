#include "lib/upgrade.hpp"

#include "catalog/error.hpp"
#include "lib/frameworks.hpp"
#include "util/text.hpp"

#include <algorithm>
#include <functional>
#include <map>

namespace lib {

using catalog::format_date;

Strategy parse_strategy(std::string_view text) {
  if (text == "newest") {
    return Strategy::newest;
  }
  if (text == "nearest") {
    return Strategy::nearest;
  }
  throw catalog::InvalidInput("invalid strategy '" + std::string(text) + "' (valid: newest, nearest)");
}

namespace {

std::optional<long> major_of(const std::string& version) {
  auto v = catalog::pep440::Version::try_parse(version);
  if (!v || v->release().empty()) {
    return std::nullopt;
  }
  return v->release().front();
}

bool major_jump(const std::string& from, const std::string& to) {
  auto a = major_of(from);
  auto b = major_of(to);
  return a && b && *a != *b;
}

// The first day new work can no longer use the entry: its first error milestone.
std::optional<Date> usable_until(const Lifecycle& lc) {
  for (const auto& m : lc.milestones) {
    if (m.policy->severity == Severity::error) {
      return m.date;
    }
  }
  return std::nullopt;
}

long day_number(const std::optional<Date>& d) {
  return d ? d->time_since_epoch().count() : 1L << 30;
}

std::string newest_python(const RuntimeEntry& e) {
  if (!e.python || e.python->empty()) {
    return "";
  }
  return std::max_element(e.python->begin(), e.python->end())->str();
}

// The Python a candidate runs: the requested one when it has it, else its newest.
std::string python_on(const RuntimeEntry& e, const Request& req) {
  if (req.python && e.python && std::find(e.python->begin(), e.python->end(), *req.python) != e.python->end()) {
    return req.python->str();
  }
  return newest_python(e);
}

std::string python_list(const RuntimeEntry& e) {
  return util::join(e.python.value_or(std::vector<catalog::Version>{}), ", ", [](const auto& p) { return p.str(); });
}

// Whether new work can use the entry on a day. An entry whose status is "unknown" only because
// the sources do not say when it appeared (no milestone reached or possibly reached) counts,
// as unconfirmed, when `allow_unconfirmed`.
bool open_on(const Lifecycle& lc, bool allow_unconfirmed, bool& unconfirmed) {
  if (lc.usable()) {
    return true;
  }
  if (allow_unconfirmed && lc.status.name == "unknown" && !lc.status.reached && !lc.status.later_possible) {
    unconfirmed = true;
    return true;
  }
  return false;
}

// Whether the entry is usable for new work on the date and still min_days later, and has no
// error-level incompatibility with the request (Python is a change, not a filter).
std::optional<Candidate> qualify(const Catalog& c, const RuntimeEntry& e, const UpgradeRequest& req, Request probe,
                                 bool allow_unconfirmed) {
  Lifecycle lc = evaluate(c, e, req.base.on, req.base.warn_days);
  bool unconfirmed = false;
  if (!open_on(lc, allow_unconfirmed, unconfirmed)) {
    return std::nullopt;
  }
  if (req.min_days > 0 &&
      !open_on(evaluate(c, e, req.base.on + date::days{req.min_days}, req.base.warn_days), allow_unconfirmed, unconfirmed)) {
    return std::nullopt;
  }
  probe.python.reset();
  auto problems = compatibility(c, e, probe);
  if (std::any_of(problems.begin(), problems.end(), [](const Finding& f) { return f.severity == Severity::error; })) {
    return std::nullopt;
  }
  Candidate cand;
  cand.catalog = &c;
  cand.entry = &e;
  cand.unconfirmed = unconfirmed;
  cand.usable_until = usable_until(lc);
  if (cand.usable_until) {
    cand.days_usable = catalog::days_between(req.base.on, *cand.usable_until);
  }
  cand.lifecycle = std::move(lc);
  cand.python = python_on(e, req.base);
  return cand;
}

std::optional<catalog::Version> framework_version_of(const RuntimeEntry& e, const std::string& fw) {
  auto pv = package_version(e, fw);
  if (!pv) {
    return std::nullopt;
  }
  auto v = catalog::Version::try_parse(pv->version);
  if (!v) {
    // A PEP 440 pin such as 1.15.0rc1: rank by its release numbers.
    if (auto p = catalog::pep440::Version::try_parse(pv->version)) {
      std::string rel;
      for (long n : p->release()) {
        rel += (rel.empty() ? "" : ".") + std::to_string(n);
      }
      v = catalog::Version::try_parse(rel);
    }
  }
  return v;
}

// Orders candidates of one catalog by the strategy. `anchor` is the current version.
void rank(std::vector<Candidate>& v, Strategy s, const std::optional<catalog::Version>& anchor,
          const std::function<std::optional<catalog::Version>(const Candidate&)>& version_of, const Request& req) {
  auto key_python = [&](const Candidate& c) {
    bool same = req.python && c.python == req.python->str();
    return std::make_pair(same ? 1 : 0, catalog::Version::try_parse(c.python).value_or(catalog::Version{}));
  };
  std::stable_sort(v.begin(), v.end(), [&](const Candidate& a, const Candidate& b) {
    auto va = version_of(a);
    auto vb = version_of(b);
    if (va && vb && *va != *vb) {
      if (s == Strategy::newest || !anchor) {
        return *va > *vb;
      }
      bool a_up = *va >= *anchor;
      bool b_up = *vb >= *anchor;
      if (a_up != b_up) {
        return a_up; // upgrades before downgrades
      }
      return a_up ? *va < *vb : *va > *vb;
    }
    if (va.has_value() != vb.has_value()) {
      return va.has_value();
    }
    auto pa = key_python(a);
    auto pb = key_python(b);
    if (pa != pb) {
      return pa > pb;
    }
    if (day_number(a.usable_until) != day_number(b.usable_until)) {
      return day_number(a.usable_until) > day_number(b.usable_until);
    }
    return a.entry->accelerator < b.entry->accelerator; // cpu before gpu
  });
}

Finding finding(RuleId rule, std::string message, const Catalog& c, const RuntimeEntry& r) {
  Finding f = finding_of(rule, std::move(message));
  f.catalog = c.name;
  f.runtime = r.id;
  return f;
}

} // namespace

std::vector<Change> changes_between(const RuntimeEntry& current, const RuntimeEntry& target, const std::string& python_from,
                                    const std::string& python_to, const std::vector<std::string>& frameworks) {
  std::vector<Change> out;
  if (!python_to.empty() && python_from != python_to) {
    Change c{"python", "python", python_from, python_to, false, ""};
    if (major_jump(python_from, python_to)) {
      c.breaking = true;
      c.note = "Python 2 code must be ported to Python 3";
    }
    out.push_back(c);
  }
  for (const auto& fw : frameworks) {
    auto from = package_version(current, fw);
    auto to = package_version(target, fw);
    if (!from && !to) {
      continue;
    }
    std::string f = from ? from->version + (from->line ? ".x" : "") : "";
    std::string t = to ? to->version + (to->line ? ".x" : "") : "";
    if (f == t) {
      continue;
    }
    Change c{"framework", fw, f, t, false, ""};
    if (from && to && major_jump(from->version, to->version)) {
      c.breaking = true;
      c.note = fw == "tensorflow" && major_of(from->version) == 1
                   ? "TensorFlow 2 drops the 1.x graph and session APIs: port with tf_upgrade_v2 or run under tf.compat.v1"
                   : "major version change: check " + fw + "'s migration notes";
    } else if (!to) {
      c.note = "no " + fw + " version is recorded on " + target.id + ": install it with your job's packages";
    }
    out.push_back(c);
  }
  std::map<std::string, std::pair<std::string, std::string>> pins;
  for (const auto& p : current.packages) {
    pins[p.name].first = p.version;
  }
  for (const auto& p : target.packages) {
    pins[p.name].second = p.version;
  }
  for (const auto& [name, ft] : pins) {
    if (ft.first == ft.second || std::find(frameworks.begin(), frameworks.end(), name) != frameworks.end()) {
      continue;
    }
    Change c{"package", name, ft.first, ft.second, false, ""};
    if (major_jump(ft.first, ft.second)) {
      c.breaking = true;
      c.note = "major version change";
    }
    out.push_back(c);
  }
  return out;
}

UpgradePlan plan_upgrade(const catalog::CatalogSet& set, const UpgradeRequest& req) {
  UpgradePlan plan;
  const Request& base = req.base;
  plan.current = find_entry(set, base.runtime, Scope{base.platform, base.service});
  if (!plan.current) {
    plan.findings = check(set, base).findings; // unknown-runtime, with "did you mean"
    return plan;
  }
  const Catalog& c = *plan.current->catalog;
  const RuntimeEntry& r = *plan.current->entry;
  plan.current_lifecycle = evaluate(c, r, base.on, base.warn_days);
  plan.frameworks = frameworks_of(&r, base);
  const std::string python_from = base.python ? base.python->str() : "";

  auto finish = [&](Candidate& cand, bool moved) {
    std::string from = python_from;
    if (from.empty()) {
      auto cp = catalog::Version::try_parse(cand.python);
      bool kept = cp && r.python && std::find(r.python->begin(), r.python->end(), *cp) != r.python->end();
      from = kept || !r.python ? cand.python : python_list(r);
    }
    cand.changes = changes_between(r, *cand.entry, from, cand.python, plan.frameworks);
    if (moved) {
      cand.changes.insert(cand.changes.begin(),
                          Change{"platform", cand.catalog->name, c.name, cand.catalog->name, true,
                                 "a new platform: jobs and model versions are recreated there (" + cand.catalog->title + ")"});
    }
  };

  bool sunset = c.policy.sunset && *c.policy.sunset <= base.on;
  if (!sunset) {
    for (const auto& e : c.runtimes) {
      if (&e == &r || (r.version && (!e.version || *e.version < *r.version))) {
        continue;
      }
      if (auto cand = qualify(c, e, req, base, false)) {
        plan.candidates.push_back(std::move(*cand));
      }
    }
    rank(
        plan.candidates, req.strategy, r.version, [](const Candidate& x) { return x.entry->version; }, base);
  }

  const std::string next = c.successor_for(base.service);
  const Catalog* succ = next.empty() ? nullptr : set.get(next);
  if (plan.candidates.empty() && succ) {
    plan.handoff = true;
    plan.handoff_reason =
        sunset ? c.title + " is past its sunset (" + format_date(*c.policy.sunset) + "): " + c.policy.sunset_meaning
               : "no newer " + c.entry_noun + " in " + c.name + " fits the request on " + format_date(base.on);
    // When the user has to move (the platform is gone, or the runtime is closed and nothing on
    // it fits), images whose availability on the date is unknown are offered too, unconfirmed.
    const bool must_move = sunset || !plan.current_lifecycle->usable();
    // Per framework, ranked; then interleaved so that each framework's best comes first.
    std::vector<std::string> fws = plan.frameworks;
    if (fws.empty()) {
      for (const auto& e : succ->runtimes) {
        auto own = entry_framework(e);
        // Ray images run Ray clusters, not a framework's custom training jobs.
        if (own && *own != "ray" && std::find(fws.begin(), fws.end(), *own) == fws.end()) {
          fws.push_back(*own);
        }
      }
      plan.findings.push_back(finding(RuleId::framework_unknown,
                                      "no framework is recorded for " + c.entry_noun + " " + r.id + "; showing " + succ->name +
                                          " images of every framework (pass --framework to choose)",
                                      c, r));
    }
    std::vector<std::vector<Candidate>> groups;
    for (const auto& fw : fws) {
      std::vector<Candidate> group;
      for (const auto& e : succ->runtimes) {
        if (entry_framework(e) != fw) {
          continue;
        }
        Request probe = base;
        probe.frameworks = {fw};
        if (auto cand = qualify(*succ, e, req, probe, must_move)) {
          group.push_back(std::move(*cand));
        }
      }
      auto anchor = framework_version_of(r, fw);
      rank(
          group, req.strategy, anchor, [](const Candidate& x) { return catalog::Version::try_parse(x.entry->framework_version); },
          base);
      groups.push_back(std::move(group));
    }
    for (size_t i = 0;; ++i) {
      bool any = false;
      for (auto& g : groups) {
        if (i < g.size()) {
          plan.candidates.push_back(std::move(g[i]));
          any = true;
        }
      }
      if (!any) {
        break;
      }
    }
    if (plan.candidates.empty()) {
      // Name what came closest: the matching images that were available last.
      for (const auto& e : succ->runtimes) {
        auto own = entry_framework(e);
        if (!own || std::find(fws.begin(), fws.end(), *own) == fws.end()) {
          continue;
        }
        Candidate cand;
        cand.catalog = succ;
        cand.entry = &e;
        cand.lifecycle = evaluate(*succ, e, base.on, base.warn_days);
        cand.usable_until = usable_until(cand.lifecycle);
        cand.python = python_on(e, base);
        plan.closest.push_back(std::move(cand));
      }
      std::stable_sort(plan.closest.begin(), plan.closest.end(), [](const Candidate& a, const Candidate& b) {
        return day_number(a.usable_until) > day_number(b.usable_until);
      });
      if (plan.closest.size() > req.max) {
        plan.closest.resize(req.max);
      }
    }
  }
  if (plan.candidates.size() > req.max) {
    plan.candidates.resize(req.max);
  }
  for (auto& cand : plan.candidates) {
    finish(cand, cand.catalog != &c);
  }
  for (auto& cand : plan.closest) {
    finish(cand, true);
  }

  if (plan.candidates.empty()) {
    std::string where = succ ? c.name + " or " + succ->name : c.name;
    std::string msg = "nothing in " + where + " is available for " + base.service +
                      (plan.frameworks.empty() ? "" : " with " + util::join(plan.frameworks)) + " on " + format_date(base.on);
    if (req.min_days > 0) {
      msg += " for at least " + std::to_string(req.min_days) + " more days";
    }
    if (!plan.closest.empty()) {
      std::vector<std::string> names;
      for (const auto& cand : plan.closest) {
        names.push_back(cand.entry->id + " (usable until " + (cand.usable_until ? format_date(*cand.usable_until) : "unknown") +
                        ")");
      }
      msg += "; closest: " + util::join(names);
    }
    if (succ && succ->as_of) {
      msg += "; " + succ->name + " data as of " + format_date(*succ->as_of) + ", check the vendor's current list";
    }
    Finding f = finding(RuleId::no_candidate, msg, c, r);
    if (!plan.closest.empty()) {
      f.suggestion = plan.closest.front().entry->id;
    }
    plan.findings.push_back(f);
  } else if (plan.handoff && succ->as_of && base.on > *succ->as_of) {
    plan.findings.push_back(finding(RuleId::stale_data,
                                    "these candidates rest on the " + succ->name + " catalog as of " + format_date(*succ->as_of) +
                                        "; dates after that may have changed",
                                    *succ, *plan.candidates.front().entry));
  }
  return plan;
}

} // namespace lib
