#pragma once

// A left-to-right reading of Python-like text that knows string literals ('...' and "...", with
// backslash escapes) and bracket depth: the one loop under argument splitting, bracket matching,
// comment stripping and the end of an expression (lib/scan/vars.cpp, lib/scan/python_vars.cpp,
// lib/scan/extract.cpp).

#include <cstddef>
#include <string_view>

namespace lib::scan {

inline bool is_open_bracket(char c) {
  return c == '(' || c == '[' || c == '{';
}
inline bool is_close_bracket(char c) {
  return c == ')' || c == ']' || c == '}';
}

struct Brackets {
  int depth = 0;
  char quote = 0;                // the quote of the string being read; 0 outside strings
  bool line_ends_string = false; // an unclosed string ends with its line

  // Reads s[i]. True when s[i] is code outside any string (a bracket there has already changed
  // depth); false inside a string, where a backslash moves i onto the character it escapes (a
  // backslash that ends the text escapes nothing: i never passes the last character).
  bool code(std::string_view s, size_t& i) {
    char c = s[i];
    if (quote) {
      if (c == '\\' && i + 1 < s.size()) {
        ++i;
      } else if (c == quote || (line_ends_string && c == '\n')) {
        quote = 0;
      }
      return false;
    }
    if (c == '"' || c == '\'') {
      quote = c;
      return false;
    }
    if (is_open_bracket(c)) {
      ++depth;
    } else if (is_close_bracket(c)) {
      --depth;
    }
    return true;
  }
};

} // namespace lib::scan
