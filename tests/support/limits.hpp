#pragma once

#include "catalog/error.hpp"

#include <string>

namespace fixtures {

// s, n times over.
inline std::string repeat(const std::string& s, size_t n) {
  std::string out;
  for (size_t i = 0; i < n; ++i) {
    out += s;
  }
  return out;
}

// The message with which `check` (a reader or a check of util/input_limits.hpp) refuses `text`
// named `name` as an InvalidInput, or "(accepted)".
template <class Check> std::string refusal(Check check, const std::string& text, const char* name) {
  try {
    check(text, name);
  } catch (const catalog::InvalidInput& e) {
    return e.what();
  }
  return "(accepted)";
}

} // namespace fixtures
