#include "lib/core/upgrade.hpp"

#include "util/text.hpp"

#include <algorithm>

namespace lib {

using catalog::format_date;

namespace {

Finding finding(RuleId rule, std::string message, const Catalog& c, const RuntimeEntry& r) {
  Finding f = finding_of(rule, std::move(message));
  f.catalog = c.name;
  f.runtime = r.id;
  return f;
}

// What the plan says when it has no candidate: that nothing is available, when the current
// entry cannot be used either (with the custom-container route); else that nothing outlasts it.
void nothing_found(UpgradePlan& plan, const TargetSearch& s, const TargetQuery& q, const UpgradeRequest& req) {
  const Catalog& c = *plan.current->catalog;
  const RuntimeEntry& r = *plan.current->entry;
  const Catalog* succ = s.successor;
  std::string where = succ ? c.name + " or " + succ->name : c.name;
  std::string with = plan.frameworks.empty() ? "" : " with " + util::join(plan.frameworks);
  std::string when =
      " on " + format_date(q.on) + (req.min_days > 0 ? " for at least " + std::to_string(req.min_days) + " more days" : "");
  const bool fails =
      std::any_of(plan.verdict.begin(), plan.verdict.end(), [](const Finding& f) { return f.severity == Severity::error; });
  if (!fails && (plan.current_lifecycle->usable() || plan.current_lifecycle->status.is(Standing::unknown))) {
    plan.findings.push_back(finding(RuleId::no_alternative,
                                    "nothing in " + where + " available for " + service_name(q.service) + with + when +
                                        " outlasts " + c.entry_noun + " " + r.id + "; keep it until a newer one appears",
                                    c, r));
    return;
  }
  std::string msg = "nothing in " + where + " is available for " + service_name(q.service) + with + when;
  if (succ && succ->as_of) {
    msg += "; " + succ->name + " data as of " + format_date(*succ->as_of) + ", check the vendor's current list";
  }
  plan.findings.push_back(finding(RuleId::no_candidate, msg, c, r));
  if (!plan.frameworks.empty()) {
    plan.findings.push_back(custom_container_route(s, c, &r, q));
  }
}

} // namespace

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
  plan.verdict = judge(c, r, *plan.current_lifecycle, base);

  TargetQuery q = target_query(base, req.max);
  q.current_fails =
      std::any_of(plan.verdict.begin(), plan.verdict.end(), [](const Finding& f) { return f.severity == Severity::error; });
  q.strategy = req.strategy;
  q.min_days = req.min_days;
  q.any_framework = true;
  TargetSearch s = find_targets(set, c, &r, q);
  plan.frameworks = s.frameworks;
  plan.handoff = s.handoff;
  plan.handoff_reason = s.handoff_reason;
  plan.candidates = std::move(s.targets);
  plan.closest = s.last_known;

  if (s.frameworks_guessed) {
    plan.findings.push_back(finding(RuleId::framework_unknown,
                                    "no framework is recorded for " + c.entry_noun + " " + r.id + "; showing " +
                                        s.successor->name + " images of every framework (pass --framework to choose)",
                                    c, r));
  }
  if (plan.candidates.empty()) {
    nothing_found(plan, s, q, req);
  } else if (plan.handoff && s.successor->as_of && base.on > *s.successor->as_of) {
    plan.findings.push_back(finding(RuleId::stale_data,
                                    "these candidates rest on the " + s.successor->name + " catalog as of " +
                                        format_date(*s.successor->as_of) + "; dates after that may have changed",
                                    *s.successor, *plan.candidates.front().entry));
  }
  return plan;
}

} // namespace lib
