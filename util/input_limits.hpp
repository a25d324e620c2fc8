#pragma once

// The fixed limits on what a job, CLUSTER_SPEC or scan-config document may make rtcat build,
// and the checks that enforce them before anything walks the document. Real files are a
// few KB and a few hundred values; the limits are far above that and far below what would
// hang rtcat or exhaust its memory or stack. docs/robustness.md ("Limits") lists them.
//
// Every failure is a util::InvalidInput of one line naming the document (and, where there
// is one, the line and column) and the limit: "job.yaml:7:9: more than 100000 nodes once
// aliases are expanded; refusing".

#include <cstddef>
#include <string>
#include <string_view>

namespace util::limits {

// Bytes in one document (the text as read).
inline constexpr size_t k_max_document_bytes = size_t{1} << 20; // 1 MiB
// Lists and mappings nested in one another (in YAML, aliases included).
inline constexpr size_t k_max_depth = 64;
// Values in one document: scalars, lists and mappings (in YAML, once aliases are expanded).
inline constexpr size_t k_max_nodes = 100'000;
// Keys in one object or mapping (building an ordered object is quadratic in its keys).
inline constexpr size_t k_max_keys = 1'000;
// YAML: alias uses once aliases are expanded (an alias inside an aliased node counts each time).
inline constexpr size_t k_max_aliases = 10'000;
// YAML: bytes of scalar text (keys and values) once aliases are expanded.
inline constexpr size_t k_max_expanded_bytes = size_t{8} << 20; // 8 MiB

// Checks JSON text against the size, depth, value and key limits without parsing it (so that
// neither the parser nor anything after it sees an oversized document). Text that is not JSON
// is left for the parser to report. Throws util::InvalidInput.
void check_json(std::string_view text, const std::string& origin);

// Throws util::InvalidInput "origin:line:column: what", or "origin: what" when line is 0: a limit
// refused at a place of a document.
[[noreturn]] void refuse(const std::string& origin, size_t line, size_t column, const std::string& what);

// Throws util::InvalidInput "origin: more than ... bytes; refusing" when a document of `bytes`
// bytes is over k_max_document_bytes.
void check_document_size(size_t bytes, const std::string& origin);

// YAML documents are loaded within these limits by util::yaml::load (util/yaml.hpp).

} // namespace util::limits
