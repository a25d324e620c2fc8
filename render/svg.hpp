#pragma once

#include "lib/timeline.hpp"

#include <string>
#include <vector>

namespace render {

// A self-contained SVG lifecycle chart: one row per entry, a bar from release through each
// milestone (green while supported, amber after a warning milestone, red after an error one,
// hatched where a date is only a bound or unknown), and a line at the query date. Every text
// is escaped.
std::string timeline_svg(const std::vector<lib::EntryView>& entries, catalog::Date on, const std::string& title);

} // namespace render
