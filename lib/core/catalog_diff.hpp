#pragma once

#include "catalog/catalog_set.hpp"

#include <optional>
#include <string>
#include <vector>

namespace lib {

// One catalog as `rtcat catalogs` lists it.
struct CatalogFacts {
  std::string name;
  std::string title;
  std::optional<catalog::Date> as_of;
  std::optional<long> age_days; // from as_of to the date evaluated
  size_t entries = 0;
  std::string source; // "embedded", or the file or store it was read from
};

// What changed for one catalog or entry between two sets of catalogs.
struct CatalogChange {
  std::string catalog;
  std::string id;                   // the entry; "" for the catalog itself
  std::string change;               // "added", "removed" or "changed"
  std::vector<std::string> details; // "as_of 2026-08-21 -> 2026-11-02", "support_end null -> 2027-01-14"
};

// Compares two sets of catalogs by name, then entry by id: the catalogs of `after` that
// `before` lacks (added), and for those in both the entries added or removed and the as_of
// date, release dates and milestone dates that changed. Catalogs only in `before` are left out:
// importing `after` would not remove them. In name, then id, order.
std::vector<CatalogChange> diff_catalogs(const catalog::CatalogSet& before, const catalog::CatalogSet& after);

} // namespace lib
