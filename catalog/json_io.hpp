#pragma once

#include "catalog/model.hpp"

#include <string>
#include <string_view>

namespace catalog {

// The catalog file format "rtcat-catalog/1" (docs/reference/catalog-format.md, data/catalog.schema.json).
inline constexpr std::string_view k_catalog_format = "rtcat-catalog/1";

// Parses and validates a catalog document. `origin` names the input in messages.
// Throws InvalidInput: "origin:LINE:COL: ..." for JSON syntax, "origin: /json/pointer: ..." for
// content (unknown keys, wrong types, bad dates or versions, duplicate ids).
Catalog parse_catalog(std::string_view text, const std::string& origin);

// Canonical JSON of a catalog: fixed key order, two-space indent, trailing newline.
// parse_catalog(write_catalog(c)) == c, and writing twice gives the same bytes.
std::string write_catalog(const Catalog& c);

// The same document split for the store: everything but the runtimes, and one runtime.
std::string write_catalog_header(const Catalog& c);
Catalog parse_catalog_header(std::string_view text, const std::string& origin);
std::string write_runtime(const RuntimeEntry& r);
RuntimeEntry parse_runtime(std::string_view text, const Catalog& owner, const std::string& origin);

} // namespace catalog
