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

// When an entry was released: on a date, or within a window [after + 1 day, by].
struct ReleaseWindow {
  std::optional<Date> released; // exact
  // The last day it certainly did not exist yet: the later of the entry's own released_after and
  // the release of the framework it ships (an entry cannot predate its framework).
  std::optional<Date> after;
  std::optional<Date> by; // the first day a source shows it in use (released_by)
  // The framework release that gives `after`, when it is later than the entry's own bound.
  const catalog::FrameworkRelease* framework = nullptr;
  // The Python line (an entry of the python catalog) that gives `after`, when its first release
  // is later than the entry's own bound and its framework's.
  const RuntimeEntry* python = nullptr;

  // The first day it can have been released, and the last (nullopt: no bound).
  std::optional<Date> earliest() const;
  std::optional<Date> latest() const { return released ? released : by; }
  // Certainly not released yet on day d.
  bool unreleased_on(Date d) const { return released ? d < *released : after && d <= *after; }
};

// The entry's release window: its own dates, with the lower bound raised to its framework's
// release where the catalog lists that (the entry's framework and framework_version, or the
// major.minor of its pin of that framework), and to the first release of the newest Python it
// pins where the set has a python catalog.
ReleaseWindow release_window(const Catalog& c, const RuntimeEntry& r);

// The framework release listed for the entry, if any.
const catalog::FrameworkRelease* framework_release_of(const Catalog& c, const RuntimeEntry& r);

// "released on 2020-03-09", "released between 2021-02-26 and 2021-03-02", "not released before
// 2024-07-11", "released by 2020-08-28 at the latest", or "" when nothing is known.
std::string describe_release(const ReleaseWindow& w);

// One milestone of one entry, resolved from the entry's own date or the catalog policy.
// A derived milestone is a window [earliest, date] when the release is a window.
struct MilestoneDate {
  const catalog::MilestonePolicy* policy = nullptr;
  // The day it takes effect. With at_latest, the latest day it can be ("no later than").
  // Unset when unknown.
  std::optional<Date> date;
  bool at_latest = false;
  std::optional<Date> earliest; // when not certain: the first day it can take effect
  bool windowed = false;        // earliest comes from the release window, not only the policy floor
  bool capped = false;          // moved to the catalog's sunset
  bool stated = false;          // given by the entry, not derived
  // What the entry states, when it does: a window's sources are there.
  const catalog::StatedMilestone* statement = nullptr;

  const std::string& name() const { return policy->name; }
  // Certainly in effect on day d.
  bool reached_by(Date d) const { return date && *date <= d; }
  // Could be in effect on day d, without certainty.
  bool maybe_reached_by(Date d) const { return !reached_by(d) && (!date || at_latest) && (!earliest || *earliest <= d); }
  // A window: the release window bounds it from both sides (not only the policy floor), and its
  // first day (earliest) is before its last (date). Otherwise, with at_latest, it is a bound:
  // "by `date` at the latest".
  bool is_window() const { return at_latest && windowed && earliest && date && *earliest < *date; }
  // The first day it can take effect: a window's earliest, else its date (for a bound, the only
  // day known).
  std::optional<Date> first_day() const { return is_window() ? earliest : date; }
};

// Resolves every policy milestone of the entry, in policy order:
// a stated date or window wins; otherwise release + after_months (clamped at month end, never before
// not_before); with a release window, the window [after + 1 day + N months, by + N months]
// (either end may be open); otherwise unknown. Every date is capped at the sunset; an unknown
// one becomes "no later than the sunset". A window whose ends meet is a certain date.
std::vector<MilestoneDate> resolve_milestones(const Catalog& c, const RuntimeEntry& r);

// What an entry's standing on a date is, before any milestone's name.
enum class Standing {
  unreleased, // before its release window
  supported,  // released, no milestone reached, the next one not near
  expiring,   // the next milestone is at most warn_days away
  unknown,    // inside the release window, or a milestone's window holds the day
  milestone,  // a milestone is certainly in effect (its name is the status)
};

// "unreleased", "supported", "expiring" or "unknown" (k_status_names); "" for Standing::milestone.
const char* standing_name(Standing s);

// The standing of an entry on a date.
struct Status {
  Standing kind = Standing::supported;
  // What the user reads: standing_name(kind), or the name of the last milestone reached.
  std::string name;
  bool is(Standing s) const { return kind == s; }
  std::optional<size_t> reached; // index of the last milestone certainly reached
  std::optional<size_t> next;    // index of the next milestone not reached
  // Days until the first day the next milestone can take effect (its date, or the earliest day of
  // its window), when known; days_latest: until its last day, when it is a window.
  std::optional<long> days_left;
  std::optional<long> days_latest;
  // The first milestone not reached that can take effect within warn_days (its first day at
  // most warn_days away, or already possible), whatever was reached before it: the entry is
  // expiring. An entry past no milestone then has the status "expiring"; one past a milestone
  // keeps that milestone's name as its status.
  std::optional<size_t> due;
  bool expiring() const { return due.has_value(); }
  bool later_possible = false; // a later milestone may already be in effect (unknown dates)
  bool sunset_passed = false;
};

struct Lifecycle {
  ReleaseWindow release;
  std::vector<MilestoneDate> milestones;
  Status status;

  const MilestoneDate* reached() const { return status.reached ? &milestones[*status.reached] : nullptr; }
  const MilestoneDate* next() const { return status.next ? &milestones[*status.next] : nullptr; }
  // The milestone that makes the entry expiring (Status::due), if any.
  const MilestoneDate* due() const { return status.due ? &milestones[*status.due] : nullptr; }
  // The severity of the standing for new work (deployed: for resources that already exist).
  // nullopt when nothing is wrong.
  std::optional<Severity> severity(bool deployed = false) const;
  // Whether new work may use the entry: released and no error-level milestone reached.
  bool usable() const;
};

// Status names that are not milestones.
inline constexpr const char* k_status_names[] = {"unreleased", "supported", "expiring", "unknown"};

// The day by which the entry certainly existed: its release, else its released_by bound, else
// the catalog's as_of date (the sources list it, so it existed when they were read), unless its
// released_after bound reaches that date (the sources list it as expected, not out).
std::optional<Date> existed_by(const Catalog& c, const RuntimeEntry& r);

// The first day the entry certainly exists (lc: its lifecycle): existed_by, or, when its release
// date is not known, the first milestone date it states or that is certain, if earlier (an entry
// that reached a milestone exists: an image leaves support only once it was published).
std::optional<Date> exists_from(const Catalog& c, const RuntimeEntry& r, const Lifecycle& lc);
// Whether the entry certainly exists on day `on`: exists_from is at most `on`.
bool exists_on(const Catalog& c, const RuntimeEntry& r, const Lifecycle& lc, Date on);

// The entry's lifecycle on day `on`. Up to its release window it is "unreleased"; inside the
// window (before the day it certainly existed), or when a milestone's window holds the day,
// "unknown". An entry with a milestone not reached whose first day is at most warn_days away is
// expiring (Status::due): its status is "expiring" when it is past no milestone.
Lifecycle evaluate(const Catalog& c, const RuntimeEntry& r, Date on, int warn_days);

// "closed to new jobs on 2020-07-19", "closed to new jobs by 2022-08-18 at the latest".
std::string describe_reached(const MilestoneDate& m);
// "closes to new jobs on 2021-03-09", "closes to new jobs between 2022-02-26 and 2022-03-02",
// "closes to new jobs no later than 2025-02-01".
std::string describe_upcoming(const MilestoneDate& m);
// "2021-08-28", "2021-08-26..2021-08-28", "<= 2021-08-28" or "unknown".
std::string short_date(const MilestoneDate& m);
// How far ahead a day or a window is: "today", "in 1 day", "in 44 days", "in 8 to 62 days" (a
// window whose first day is ahead), "within 62 days" (a window that may have begun, or a bound
// with no lower end: `first` unset).
std::string in_days(std::optional<Date> first, Date last, Date on);
// The same for a milestone not reached on `on` ("" when its date is unknown).
std::string in_days(const MilestoneDate& m, Date on);
// "on 2027-01-14", "between 2024-12-09 and 2025-02-01", "by 2025-02-01 at the latest".
std::string when_text(std::optional<Date> first, Date last, bool at_latest);

// The rule id of a milestone: its name with '_' as '-' ("submission_end" -> "submission-end").
std::string milestone_rule(const std::string& milestone);

} // namespace lib
