#pragma once

#include "lib/core/lifecycle.hpp"
#include "lib/core/python_line.hpp"

#include <optional>
#include <string>
#include <vector>

namespace lib {

// An entry with its lifecycle on the date of the query, and the Python it runs judged then.
struct EntryView {
  const Catalog* catalog = nullptr;
  const RuntimeEntry* entry = nullptr;
  Lifecycle lifecycle;
  PythonVerdict python;
};

// The view of entry r of catalog c on `on`.
EntryView view_of(const Catalog& c, const RuntimeEntry& r, Date on, int warn_days);

// One dated event in an entry's life (its release or one of its milestones), or in its catalog's:
// the sunset, when the whole platform stops (entry nullptr).
struct Event {
  const Catalog* catalog = nullptr;
  const RuntimeEntry* entry = nullptr; // nullptr: the catalog's own event (kind "sunset")
  std::string kind;                    // "released", a milestone name, or "sunset"
  std::optional<Date> date;            // unset: unknown
  bool at_latest = false;              // the date is a "no later than" bound
  Severity severity = Severity::note;
  std::string meaning;
  // With at_latest, the first day it can happen, when the sources bound it from below too: the
  // event falls in the window [earliest, date].
  std::optional<Date> earliest;
};

// Every event of the entries, and each catalog's sunset (after the catalog's entries' events of
// the same day), in date order (unknown dates last; ties in catalog order).
std::vector<Event> timeline(const std::vector<const Catalog*>& catalogs);

// Only the events that can fall from `from` to `to`, both included: a window that overlaps them.
std::vector<Event> within(const std::vector<Event>& events, Date from, Date to);

// The date a span of time after `from`. A span is a count with a unit: days (90d, or a bare
// 90), weeks (12w), calendar months (6m: add_months, as milestone policies count them) or
// calendar years (1y = 12 months). Throws InvalidInput "--within: invalid span ..." otherwise.
Date span_end(Date from, std::string_view span);

// One valid runtime x Python pair on a date.
struct Combo {
  const Catalog* catalog = nullptr;
  const RuntimeEntry* entry = nullptr;
  catalog::Version python;
  Lifecycle lifecycle;
  PythonVerdict python_end; // whether that Python is past its end of life on the date
};

// The runtime x Python pairs valid for new training work on the date (those check finds no
// error for: an entry of unknown status is listed, with that status), newest runtime first.
// Ray cluster images are not training images and are not listed.
std::vector<Combo> combos(const std::vector<const Catalog*>& catalogs, Date on, int warn_days);

} // namespace lib
