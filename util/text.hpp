#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace util {

// The parts with `separator` between them: join({"a", "b"}) == "a, b"; "" for no parts.
std::string join(const std::vector<std::string>& parts, std::string_view separator = ", ");

// The same over any range, each element turned into text by `to_text` first.
template <class Range, class ToText> std::string join(const Range& range, std::string_view separator, ToText to_text) {
  std::string out;
  bool first = true;
  for (const auto& element : range) {
    if (!first) {
      out += separator;
    }
    out += to_text(element);
    first = false;
  }
  return out;
}

// The pieces between each `separator` (empty pieces included): split("a,,b", ',') == {"a", "", "b"};
// split("", ',') == {""}.
// "1 file", "2 files": a count and a noun that takes an -s in the plural.
std::string plural(size_t n, std::string_view noun);

std::vector<std::string_view> split(std::string_view text, char separator);

// ASCII case mapping, never the locale's: lower("TPU_V2") == "tpu_v2", upper("basic") == "BASIC".
std::string lower(std::string_view text);
std::string upper(std::string_view text);

// A character that may start an identifier (an ASCII letter or '_'), and one that may continue
// it (also a digit): the identifiers of Python, shell and C alike.
bool is_ident_start(char c);
bool is_ident(char c);

// Text without leading and trailing spaces and tabs (and CR and LF).
std::string_view trim(std::string_view text);

// The Levenshtein distance: how many one-character insertions, deletions and substitutions turn
// `a` into `b`. edit_distance("chek", "check") == 1.
size_t edit_distance(std::string_view a, std::string_view b);

// The candidate closest to `word` by edit_distance, when it is near enough to be a typo of it:
// at most 2 edits, or a third of the word's length when that is more. The first of equally
// close candidates wins; "" when none is near. closest("chek", {"list", "check"}) == "check".
std::string closest(std::string_view word, const std::vector<std::string_view>& candidates);

// What follows a value that is not one of `valid`, for one line of error: the closest valid
// value when one is near, then the valid values. choices("supportd", {"supported", "expiring"})
// == "(did you mean 'supported'? valid: supported, expiring)"; "(valid: ...)" when none is near.
std::string choices(std::string_view word, const std::vector<std::string>& valid);

} // namespace util
