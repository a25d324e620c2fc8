#pragma once

// The embedded catalogs as the build writes them (catalog/embed_gen.cpp, into
// embedded_data.cpp): flat tables of numbers, with every text an offset into one string table
// and every list a range of rows of another table. Nothing in them is a pointer, so that the
// start-up relocates none of it and a run reads only the rows of the catalogs it builds;
// catalog/embedded.cpp builds a Catalog from them with one loop per kind of row, where code
// written out per entry ran tens of kilobytes of instructions once each.

#include "catalog/model.hpp"

#include <cstdint>
#include <span>
#include <string_view>

namespace catalog::tables {

// A date as days since 1970-01-01, or a number of months; k_none where the data has none.
constexpr int32_t k_none = INT32_MIN;

// A text: bytes [offset, offset + size) of the string table.
using Str = TextRef;

// Rows [first, first + count) of one table (the field's comment names which).
struct Range {
  uint32_t first = 0;
  uint32_t count = 0;
};

// A version's parts.
struct Ver {
  uint8_t size = 0;
  int parts[Version::k_max_parts] = {};
};

struct Pair {
  Str first;
  Str second;
};

struct PolicyMilestone {
  Str name;
  int32_t after_months = k_none;
  int32_t not_before = k_none;
  uint8_t severity = 0;           // a Severity
  int16_t deployed_severity = -1; // a Severity, or -1 for none
  Str meaning;
  Str reached;
  Str upcoming;
};

struct Rule {
  Str id;
  Str service;
  Str framework;
  Ver min_runtime;
  Str message;
  Str source;
};

struct Release {
  Str framework;
  Ver version;
  int32_t released = k_none;
  int32_t released_after = k_none;
  int32_t released_by = k_none;
  Str notes;
  Range sources; // strs
};

struct Stated {
  Str name;
  int32_t date = k_none;
  int32_t from = k_none;
  Range sources; // strs
};

struct Entry {
  Str id;
  bool has_version = false;
  Ver version;
  int32_t released = k_none;
  int32_t released_after = k_none;
  int32_t released_by = k_none;
  bool python_known = false;
  Range python;        // versions
  Range packages;      // pairs: name, version
  Range package_lines; // pairs: name, version
  Range milestones;    // stated
  Str framework;
  Str framework_version;
  Str accelerator;
  bool has_cuda = false;
  Str cuda;
  Str family;
  Str service;
  Range uris; // strs
  Str notes;
  Range sources; // strs
  Str confidence;
};

struct Catalog {
  Str name;
  Str title;
  Str entry_noun;
  int32_t as_of = k_none;
  Str as_of_note;
  Range milestones; // policy_milestones
  int32_t sunset = k_none;
  Str sunset_meaning;
  Range successor; // pairs: service, catalog
  bool has_required_fields = false;
  int32_t required_from = k_none;
  Range required_fields;   // strs
  Range required_defaults; // pairs: field, value
  Str required_source;
  Str service;
  Str uri_note;
  Range sources;  // strs
  Range rules;    // rules
  Range releases; // releases
  Range entries;  // entries
  Range ids;      // strs: the entries' ids, in order (the index, read without building entries)
};

// Every table, as embedded_data.cpp defines them.
struct Tables {
  std::string_view text;
  std::span<const Str> strs;
  std::span<const Pair> pairs;
  std::span<const Ver> versions;
  std::span<const PolicyMilestone> policy_milestones;
  std::span<const Rule> rules;
  std::span<const Release> releases;
  std::span<const Stated> stated;
  std::span<const Entry> entries;
  std::span<const Catalog> catalogs;
};

// Defined by the generated embedded_data.cpp.
const Tables& embedded();

} // namespace catalog::tables
