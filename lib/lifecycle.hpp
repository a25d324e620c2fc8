#pragma once

#include "catalog/model.hpp"

#include <optional>
#include <string>
#include <vector>

namespace lib {

using catalog::Catalog;
using catalog::Date;
using catalog::RuntimeEntry;
using catalog::Severity;

// One milestone of one entry, resolved from the entry's own date or the catalog policy.
struct MilestoneDate {
  const catalog::MilestonePolicy* policy = nullptr;
  // The day it takes effect. With at_latest, the latest day it can be ("no later than").
  // Unset when unknown.
  std::optional<Date> date;
  bool at_latest = false;
  std::optional<Date> earliest; // the policy floor, when the date is derived
  bool capped = false;          // moved to the catalog's sunset
  bool stated = false;          // given by the entry, not derived

  const std::string& name() const { return policy->name; }
  // Certainly in effect on day d.
  bool reached_by(Date d) const { return date && *date <= d; }
  // Could be in effect on day d, without certainty.
  bool maybe_reached_by(Date d) const { return !reached_by(d) && (!date || at_latest) && (!earliest || *earliest <= d); }
};

// Resolves every policy milestone of the entry, in policy order:
// a stated date wins; otherwise release + after_months (clamped at month end, never before
// not_before); with only released_by, the same as a "no later than" bound; otherwise unknown.
// Every date is capped at the sunset; an unknown one becomes "no later than the sunset".
std::vector<MilestoneDate> resolve_milestones(const Catalog& c, const RuntimeEntry& r);

// The standing of an entry on a date.
struct Status {
  // "unreleased", "supported", "expiring", "unknown", or the name of the last milestone reached.
  std::string name;
  std::optional<size_t> reached; // index of the last milestone certainly reached
  std::optional<size_t> next;    // index of the next milestone not reached
  std::optional<long> days_left; // days until next, when its date is known
  bool later_possible = false;   // a later milestone may already be in effect (unknown dates)
  bool sunset_passed = false;
};

struct Lifecycle {
  std::vector<MilestoneDate> milestones;
  Status status;

  const MilestoneDate* reached() const { return status.reached ? &milestones[*status.reached] : nullptr; }
  const MilestoneDate* next() const { return status.next ? &milestones[*status.next] : nullptr; }
  // The severity of the standing for new work (deployed: for resources that already exist).
  // nullopt when nothing is wrong.
  std::optional<Severity> severity(bool deployed = false) const;
  // Whether new work may use the entry: released and no error-level milestone reached.
  bool usable() const;
};

// Status names that are not milestones.
inline constexpr const char* k_status_names[] = {"unreleased", "supported", "expiring", "unknown"};

// The day by which the entry certainly existed: its release, else its released_by bound, else
// the catalog's as_of date (the sources list it, so it existed when they were read).
std::optional<Date> existed_by(const Catalog& c, const RuntimeEntry& r);

// The entry's lifecycle on day `on`. Before the day it certainly existed, with no milestone
// reached, the status is "unknown". An entry whose next milestone is at most warn_days away
// is "expiring".
Lifecycle evaluate(const Catalog& c, const RuntimeEntry& r, Date on, int warn_days);

// "closed to new jobs on 2020-07-19", "closed to new jobs by 2022-08-18 at the latest".
std::string describe_reached(const MilestoneDate& m);
std::string describe_upcoming(const MilestoneDate& m);
// "2021-08-28", "<= 2021-08-28" or "unknown".
std::string short_date(const MilestoneDate& m);

// The rule id of a milestone: its name with '_' as '-' ("submission_end" -> "submission-end").
std::string milestone_rule(const std::string& milestone);

} // namespace lib
