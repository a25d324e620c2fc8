#pragma once

// What the sweeps over time share: the embedded catalogs, built once, and every month from
// 2018-01 to 2026-12.

#include "catalog/calendar.hpp"
#include "catalog/catalog_set.hpp"

#include <vector>

namespace sweep {

inline const catalog::CatalogSet& embedded() {
  static const catalog::CatalogSet set = catalog::CatalogSet::embedded();
  return set;
}

inline std::vector<catalog::Date> months() {
  std::vector<catalog::Date> out;
  for (catalog::Date d = catalog::parse_date("2018-01-01"); d <= catalog::parse_date("2026-12-01");
       d = catalog::add_months(d, 1)) {
    out.push_back(d);
  }
  return out;
}

} // namespace sweep
