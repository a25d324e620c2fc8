// Shell words, as the code has them at a byte (lib/scan/vars.hpp): $NAME, ${NAME},
// ${NAME:-default}, a Makefile's $(NAME), and IPython's {expr} in "!" lines.

#include "lib/scan/vars.hpp"
#include "lib/scan/vars_eval.hpp"
#include "util/text.hpp"

#include <algorithm>

namespace lib::scan {

namespace {

using util::is_ident;
using util::is_ident_start;

// A shell parameter in braces: ${NAME}, ${NAME:-default}, ${NAME-default}; inner is what stands
// between the braces.
Alts parameter(const Vars& vars, std::string_view inner, size_t at, bool lenient) {
  size_t name_end = 0;
  while (name_end < inner.size() && is_ident(inner[name_end])) {
    ++name_end;
  }
  std::string_view name = inner.substr(0, name_end);
  std::string_view rest = inner.substr(name_end);
  Alts v = vars.lookup(name, at);
  bool unset = v.empty() || (v.size() == 1 && !v[0].known && v[0].text == "None");
  if (rest.substr(0, 2) == ":-" || rest.substr(0, 1) == "-") {
    std::string_view def = rest.substr(rest[0] == ':' ? 2 : 1);
    bool empty = !unset && v.size() == 1 && v[0].known && v[0].text.empty() && rest[0] == ':';
    if (unset || empty) {
      v = vars.shell(def, at, lenient);
    }
  } else if (!rest.empty()) {
    v = lenient ? literal(std::string(k_unknown_part)) : unknown();
  }
  return v;
}

} // namespace

Alts Vars::shell(std::string_view word, size_t at, bool lenient) const {
  Alts acc = literal("");
  std::string lit;
  auto flush = [&] {
    if (!lit.empty()) {
      acc = cross(acc, literal(lit), [](const std::string& a, const std::string& b) { return a + b; });
      lit.clear();
    }
  };
  for (size_t i = 0; i < word.size(); ++i) {
    char c = word[i];
    bool make = c == '$' && i + 2 < word.size() && word[i + 1] == '(' && is_ident_start(word[i + 2]);
    if (make) {
      // A Makefile's $(NAME) (a command with arguments, $(date +%s), is not a variable)
      size_t close = word.find(')', i);
      std::string_view name = close == std::string_view::npos ? std::string_view() : word.substr(i + 2, close - i - 2);
      if (name.empty() || !std::all_of(name.begin(), name.end(), is_ident)) {
        return lenient ? literal(std::string(k_unknown_part)) : unknown();
      }
      flush();
      Alts v = lookup(name, at);
      if (v.empty()) {
        v = lenient ? literal(std::string(k_unknown_part)) : unknown();
      }
      acc = cross(acc, v, [](const std::string& a, const std::string& b) { return a + b; });
      i = close;
      continue;
    }
    bool dollar = c == '$' && i + 1 < word.size() && (word[i + 1] == '{' || is_ident_start(word[i + 1]));
    bool ipython = c == '{' && i + 1 < word.size() && is_ident_start(word[i + 1]);
    if (!dollar && !ipython) {
      lit += c;
      continue;
    }
    flush();
    Alts v;
    if (ipython || word[i + 1] == '{') {
      size_t open = ipython ? i : i + 1;
      size_t close = word.find('}', open);
      if (close == std::string_view::npos) {
        return unknown();
      }
      std::string_view inner = word.substr(open + 1, close - open - 1);
      if (ipython) {
        v = python(inner, at, lenient); // IPython evaluates {expr} in "!" lines
      } else {
        v = parameter(*this, inner, at, lenient);
      }
      i = close;
    } else {
      size_t e = i + 1;
      while (e < word.size() && is_ident(word[e])) {
        ++e;
      }
      v = lookup(word.substr(i + 1, e - i - 1), at);
      i = e - 1;
    }
    if (v.empty()) {
      if (!lenient) {
        return unknown(); // set in the environment, not in the file
      }
      v = literal(std::string(k_unknown_part));
    }
    acc = cross(acc, v, [](const std::string& a, const std::string& b) { return a + b; });
  }
  flush();
  return acc;
}

} // namespace lib::scan
