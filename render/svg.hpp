#pragma once

#include "lib/core/timeline.hpp"

#include <optional>
#include <string>
#include <vector>

namespace render {

// What part of time a chart shows (unset: from the first date to the last).
struct ChartRange {
  std::optional<catalog::Date> since;
  std::optional<catalog::Date> until;
};

// A self-contained SVG lifecycle chart. Entries are grouped by catalog (a heading row each, in
// the order given) and, within one, in numeric version order (1.1 before 1.14); CPU and GPU
// twins with the same dates are one row. A row is a bar from the release through each milestone:
// green while supported, amber after a warning milestone, red after an error one, ending at the
// catalog's shutdown; a window (a release or milestone date the sources only bound: a release
// from its lower bound to the day the entry certainly existed) is drawn hatched in the colour it
// leads to, and a release the sources do not bound from below fades in up to that day (no start
// date is drawn that the data does not give). Lines mark the query date and each catalog's
// shutdown, each labelled; `catalogs` adds the heading and shutdown line of catalogs with no
// entry shown. The legend lists every colour, pattern and line used. Every label stays inside
// the canvas; every text is escaped.
std::string timeline_svg(const std::vector<lib::EntryView>& entries, catalog::Date on, const std::string& title,
                         const ChartRange& range = {}, const std::vector<const catalog::Catalog*>& catalogs = {});

} // namespace render
