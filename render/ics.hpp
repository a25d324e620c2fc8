#pragma once

#include "lib/core/timeline.hpp"

#include <optional>
#include <string>
#include <vector>

namespace render {

struct IcsOptions {
  catalog::Date on;          // the date of the query: what is "future"
  bool include_past = false; // also milestones before `on`
  std::optional<int> alarm;  // a reminder this many days before each event (VALARM)
};

// An iCalendar (RFC 5545) file with one all-day event per distinct dated milestone, so that
// deadlines can be subscribed to: by default only those still ahead on the date (a window that
// ends on or after it counts); CPU/GPU twins with the same dates are one event that lists them in
// its DESCRIPTION. UIDs are stable (catalog, entry, milestone: never time or order), DTSTAMP is
// the catalog's as_of date, lines end in CRLF and are folded at 75 octets, text is escaped.
std::string timeline_ics(const std::vector<lib::Event>& events, const IcsOptions& o);

} // namespace render
