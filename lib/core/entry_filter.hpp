#pragma once

#include "catalog/model.hpp"
#include "lib/core/lifecycle.hpp"
#include "lib/core/timeline.hpp"

#include <optional>
#include <string>
#include <vector>

namespace lib {

// Which entries `list` keeps. An empty field keeps every entry.
struct EntryFilter {
  std::vector<std::string> statuses;      // the status on the date is one of these ("expiring": or the entry is expiring)
  std::optional<catalog::Version> python; // the entry accepts this Python version
  std::string framework;                  // the entry carries this framework (a framework_key)

  bool matches(const catalog::RuntimeEntry& r, const Lifecycle& lc) const;
};

// The statuses an entry of `catalogs` can have: the fixed ones (k_status_names), then every
// milestone of their policies, once each, in order.
std::vector<std::string> status_names(const std::vector<const catalog::Catalog*>& catalogs);

// --status values, each a status or a comma-separated list of them, as one list. Throws
// InvalidInput naming an unknown status and the valid ones.
std::vector<std::string> parse_statuses(const std::vector<std::string>& values,
                                        const std::vector<const catalog::Catalog*>& catalogs);

// The entries of `catalogs` that pass `filter`, evaluated on `on`, in catalog order.
std::vector<EntryView> filter_entries(const std::vector<const catalog::Catalog*>& catalogs, Date on, int warn_days,
                                      const EntryFilter& filter);

} // namespace lib
