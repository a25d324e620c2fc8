#pragma once

#include "lib/core/endoflife.hpp"

#include <string>

namespace render {

// The product as endoflife.date's API v1 writes it (GET /api/v1/products/NAME): the envelope
// {schema_version, generated_at (the date evaluated), last_modified (the catalog's as_of), result}
// around a ProductDetails (docs/reference/commands.md, list --format endoflife). A date that is
// the last day a milestone or release can be, not its known day, has its first day (or null) in
// the release's custom fields as <field>_earliest. Ends with a newline.
std::string endoflife_json(const lib::EolProduct& product, catalog::Date on);

} // namespace render
