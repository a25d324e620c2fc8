#pragma once

// A catalog seen as an endoflife.date product (API v1 ProductDetails): which milestone each of
// the site's phases shows, and where each release stands on a date. The renderer only writes it.

#include "catalog/model.hpp"
#include "lib/core/lifecycle.hpp"
#include "lib/core/timeline.hpp"

#include <optional>
#include <string>
#include <vector>

namespace lib {

// The milestones of a catalog's policy that endoflife.date's phases show (nullptr: none).
// - eoas (end of active support): support_end; without it, the policy's first milestone when it
//   comes before the eol one (python's bugfix_end, ai-platform's submission_end).
// - eol (end of life): end_of_life; without it, the policy's last error-severity milestone
//   (availability_end, deletion).
// - eoes (end of extended support): extended_support_end, else none.
struct EolPhases {
  const catalog::MilestonePolicy* eoas = nullptr;
  const catalog::MilestonePolicy* eol = nullptr;
  const catalog::MilestonePolicy* eoes = nullptr;
};
EolPhases endoflife_phases(const Catalog& c);

// One phase of one release on the date.
struct EolPhase {
  bool reached = false;     // certainly in effect on the date
  std::optional<Date> date; // the day it is certainly in effect (a window's last day); nullopt: unknown
  // Set when `date` is not the known day but the last it can be: the first day it can be (a
  // window), or nullopt inside (a bound: "no later than date").
  std::optional<std::optional<Date>> earliest;
};

struct EolRelease {
  const RuntimeEntry* entry = nullptr;
  // The release, or when it is not known, the day the entry certainly existed by.
  Date release_date;
  // Set when release_date is such a bound: the first day it can have been released (nullopt inside: none known).
  std::optional<std::optional<Date>> release_earliest;
  std::optional<EolPhase> eoas; // nullopt: the catalog has no such phase
  EolPhase eol;                 // always present (endoflife.date requires it): unknown when the catalog has none
  std::optional<EolPhase> eoes;
  bool maintained = true; // neither the last phase it has (eoes, else eol) is certainly reached
};

struct EolProduct {
  const Catalog* catalog = nullptr;
  EolPhases phases;
  std::vector<EolRelease> releases;
  // Entries with no release date at all, not even a bound (not released yet by the sources'
  // day): endoflife.date requires one, so they are not among the releases.
  std::vector<const RuntimeEntry*> left_out;
};

// The product of catalog `c` made of those of `rows` that are its entries (evaluated on `on` by
// filter_entries), in their order; `reached` is decided on `on`.
EolProduct endoflife_product(const Catalog& c, const std::vector<EntryView>& rows, Date on);

} // namespace lib
