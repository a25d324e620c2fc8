#pragma once

#include "lib/timeline.hpp"

#include <string>
#include <vector>

namespace render {

// An iCalendar (RFC 5545) file with one all-day event per dated milestone, so that deadlines
// can be subscribed to. UIDs are stable (catalog, id, milestone), DTSTAMP is the catalog's
// as_of date, lines end in CRLF and are folded at 75 octets, text is escaped.
std::string timeline_ics(const std::vector<lib::Event>& events);

} // namespace render
