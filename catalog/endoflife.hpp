#pragma once

// endoflife.date's API v1 product (GET /api/v1/products/NAME) read as a catalog: the envelope
// {schema_version, generated_at, last_modified, result: ProductDetails}, or a bare ProductDetails.

#include "catalog/model.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace catalog {

// The milestones an endoflife.date product's phases become, in policy order: end of active
// support (isEoas/eoasFrom), end of life (isEol/eolFrom), end of extended support (isEoes/eoesFrom).
inline constexpr std::string_view k_eol_support_end = "support_end";
inline constexpr std::string_view k_eol_end_of_life = "end_of_life";
inline constexpr std::string_view k_eol_extended_support_end = "extended_support_end";

// The UTC date of an RFC 3339 date-time ("2025-06-03T14:05:52+01:00", "...Z", fractions allowed),
// or of a bare date; nullopt for any other text.
std::optional<Date> parse_date_time_utc(std::string_view text);

// The catalog of an endoflife.date product, named after it. `origin` names the input in
// messages and in the catalog's sources.
// - releaseDate -> released; eoasFrom -> support_end; eolFrom -> end_of_life; eoesFrom ->
//   extended_support_end. A phase field absent from every release: the policy has no such
//   milestone.
// - is...: true with a null date: reached on a day not known, the window [release, as_of].
//   is...: false (or absent) with a null date: stated unknown (null). isEoes: null (not eligible
//   for extended support): the entry states nothing, and its notes say so.
// - as_of: the UTC date of last_modified, else generated_at (null for a bare ProductDetails).
// - id = release name; version = the name when it is dotted numeric; latest and codename in notes.
// Throws InvalidInput "origin:LINE:COL: ..." for JSON syntax and "origin: /json/pointer: ..." for
// content: a release name with ':' or spaces, a duplicate one, a date that is not YYYY-MM-DD, a
// field of the wrong type, a phase reached on an unknown day with no release date or no file
// date to bound it.
Catalog parse_endoflife(std::string_view text, const std::string& origin);

} // namespace catalog
