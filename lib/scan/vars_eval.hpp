#pragma once

// Inside lib/scan: what the readers of variables share (lib/scan/vars.cpp reads the assignments,
// lib/scan/python_vars.cpp evaluates Python, lib/scan/shell_vars.cpp expands shell words): the
// bounds of an evaluation and the arithmetic of values (Alts, lib/scan/vars.hpp).

#include "lib/scan/vars.hpp"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace lib::scan {

// At most this many values per expression, this deep a nesting, this long a value.
constexpr size_t k_max_alts = 8;
constexpr int k_max_depth = 24;
constexpr size_t k_max_text = 4096;

// A value rtcat cannot know.
Alt unknown_alt();
// One value rtcat cannot know.
Alts unknown();
// One known value.
Alts literal(std::string s);
// Drops repeated values (same text, same knownness), keeping at most k_max_alts.
void dedupe(Alts& v);

// Every combination of a and b, through fn; unknown when either is.
template <class F> Alts cross(const Alts& a, const Alts& b, F fn) {
  Alts out;
  for (const auto& x : a) {
    for (const auto& y : b) {
      Alt r;
      r.known = x.known && y.known;
      if (r.known) {
        r.text = fn(x.text, y.text);
        if (r.text.size() > k_max_text) {
          r.known = false; // no runtime or image URI is this long: stop building it
          r.text.clear();
        }
      }
      r.conditional = x.conditional || y.conditional;
      const Alt& from = y.via ? y : x; // the later part names the value (the image after the region)
      r.via = x.via || y.via;
      r.variable = from.variable;
      r.set_offset = from.set_offset;
      out.push_back(std::move(r));
    }
  }
  dedupe(out);
  return out;
}

// Splits at depth-0 commas (outside brackets and strings).
std::vector<std::string_view> split_args(std::string_view s);

// The offset just past the bracket that closes the one at s[open].
size_t matching(std::string_view s, size_t open);

// Whether a condition holds: no, yes, or unknown (rtcat cannot decide it).
enum class Tri { no, yes, unknown };

// Truth of a condition at `at`: comparisons, not/and/or, names, os.getenv (None when unset).
Tri truth(const Vars& vars, std::string_view c, size_t at, int depth = 0);

} // namespace lib::scan
