#pragma once

#include "catalog/catalog_set.hpp"
#include "lib/core/finding.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace lib {

// A data age limit as written: "90d" (days), "12w" (weeks) or a bare number of days. `what`
// names where it was written ("max-data-age"; "" for no prefix). Throws InvalidInput for anything else.
int parse_data_age(std::string_view text, const std::string& what);

// The freshness gate: a data-too-old error for each catalog whose as_of date is more than
// max_days before `on` (or that has no as_of date, whose age is then unknown). `limit` is the
// limit as the user wrote it, for the message.
std::vector<Finding> data_age_findings(const std::vector<const catalog::Catalog*>& catalogs, catalog::Date on, int max_days,
                                       const std::string& limit);

} // namespace lib
