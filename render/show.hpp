#pragma once

#include "lib/core/timeline.hpp"

#include <string>

namespace render {

// One entry in full for a terminal: its fields, its status on `on` (with why, when the dates
// leave it open), its timeline, notes and sources.
std::string show_text(const lib::EntryView& v, catalog::Date on, bool color);

} // namespace render
