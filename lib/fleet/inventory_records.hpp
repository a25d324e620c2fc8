#pragma once

// Inside lib/fleet: how one record's JSON text becomes a Resource (lib/fleet/inventory_records.cpp),
// for the inventory reader (lib/fleet/inventory.cpp), which cuts files into records.

#include "lib/fleet/inventory.hpp"

#include <cstddef>
#include <string>
#include <string_view>

namespace lib {

// What read_record() found.
enum class Read { record, malformed, page };

// parse_record() into a resource the caller reuses record after record (no allocation once
// its strings have grown): Read::malformed, with the error and its offset, when the record is
// malformed. With `page`, a REST list response is no record but Read::page, with *page the key
// of its collection ("" for `{}`); its records are then read by the caller (read_page).
// `readable`: how many bytes from text.data() may be read (json_fast::walk's padding), 0 for
// the text's own.
Read read_record(std::string_view text, Resource& r, std::string& error, size_t& offset, size_t readable = 0,
                 std::string* page = nullptr);

// Whether text stops being JSON: then true, with the parser's message and the byte offset of
// the problem.
bool json_syntax_error(std::string_view text, std::string& error, size_t& offset);

} // namespace lib
