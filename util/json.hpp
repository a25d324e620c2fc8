#pragma once

// JSON in and out, the one place that turns nlohmann/json's exceptions into rtcat's errors and
// that decides how text that is not UTF-8 is written.

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <string_view>

namespace util::json {

// Parses a JSON document. `origin` names the input in messages. Throws InvalidInput
// "origin:LINE:COL: invalid JSON: reason" for a syntax error (the position is where the
// offending token starts; see util/position.hpp for columns) and "origin: invalid JSON: reason"
// for an error without a place, such as a number too large to represent.
nlohmann::json parse(std::string_view text, const std::string& origin);
// The same, keeping the keys of objects in the order they are written.
nlohmann::ordered_json parse_ordered(std::string_view text, const std::string& origin);

// Compact JSON text (no spaces, no newline). Bytes in strings that are not UTF-8 are written as
// U+FFFD instead of failing, so that output never breaks on odd input.
std::string dump(const nlohmann::json& value);
std::string dump(const nlohmann::ordered_json& value);

// Appends a string as a JSON string value, exactly as dump() writes it; most text (printable
// ASCII with no quote or backslash) is copied without going through the library.
void append_string(std::string& out, std::string_view text);

// Pretty JSON text: two-space indent and a final newline; bytes that are not UTF-8 as in dump().
std::string dump_pretty(const nlohmann::json& value);
std::string dump_pretty(const nlohmann::ordered_json& value);

// A pretty JSON object written member by member, for a document too large to hold: each call
// returns the next piece of text, and the pieces together read exactly as dump_pretty of the
// object built whole. An array member may be written item by item (open_array, item...,
// close_array), so that a list of any length passes through a constant amount of memory.
class PrettyObjectWriter {
public:
  std::string open() const;
  std::string member(const std::string& key, const nlohmann::ordered_json& value);
  std::string open_array(const std::string& key);
  std::string item(const nlohmann::ordered_json& value);
  // The separator before the next item, for one the caller writes itself nested 4 spaces in.
  std::string_view item_prefix();
  std::string close_array() const;
  std::string close() const;

private:
  std::string key_prefix(const std::string& key);
  size_t m_members = 0;
  size_t m_items = 0;
};

} // namespace util::json
