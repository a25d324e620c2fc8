#pragma once

#include "lib/core/catalog_diff.hpp"

#include <string>
#include <vector>

namespace render {

// `rtcat catalogs`: NAME, AS OF, AGE, ENTRIES, SOURCE, TITLE as a table (text, csv, markdown) or
// JSON ([{name, title, as_of, age_days, entries, source}]); a text table fits `width` (0: no limit).
std::string catalogs_listing(const std::vector<lib::CatalogFacts>& rows, const std::string& format, bool color, size_t width = 0);

// `rtcat catalogs --diff`: one line per change ("changed vertex-training:tf-cpu.2-17.py310:
// support_end 2025-07-11 -> 2025-09-01"), "no changes" when there is none; or JSON
// ([{catalog, id, change, details}]).
std::string catalog_diff(const std::vector<lib::CatalogChange>& changes, const std::string& format);

} // namespace render
