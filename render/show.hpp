#pragma once

#include "lib/core/timeline.hpp"

#include <string>

namespace render {

// One entry in full for a terminal: its fields, its status on `on` (with why, when the dates
// leave it open), its timeline, notes and sources; lines wider than `width` wrap as fit_lines
// says (0: no limit).
std::string show_text(const lib::EntryView& v, catalog::Date on, bool color, size_t width = 0);

} // namespace render
