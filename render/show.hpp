#pragma once

#include "lib/core/timeline.hpp"

#include <string>

namespace render {

// One entry in full for a terminal: its fields, its status on `on` (with why, when the dates
// leave it open), its timeline, notes and sources. With width > 0 the notes wrap to fit it
// (the sources, URLs to copy, stay whole).
std::string show_text(const lib::EntryView& v, catalog::Date on, bool color, size_t width = 0);

} // namespace render
