#pragma once

// Values that reach a reference through variables, within one file or one notebook (its cells in
// order): shell assignments (NAME=value, export NAME=value, %env), Python ones (constants,
// f-strings, "...".format(...), % formatting, concatenation, .replace, .split(s)[i], a or b,
// tuple assignment, if/elif/else chains) and R's NAME <- value, evaluated as the code would run
// with no environment variables set but those the code sets itself: os.getenv("X", "d") is "d"
// and os.getenv("X") is None, unless an earlier export X=..., %env X=... or
// os.environ["X"] = ... gave X a value. Where a condition cannot be decided (a function's
// result, user input), every branch's value is kept, marked conditional.

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace lib::scan {

// One value an expression can have.
struct Alt {
  std::string text;
  bool known = true;        // false: None, or nothing rtcat can evaluate
  bool conditional = false; // only on some branches of an undecided condition
  bool via = false;         // it came through a variable
  std::string variable;     // the (last) variable it came through
  size_t set_offset = 0;    // where that variable was set
};
using Alts = std::vector<Alt>;

// What a lenient evaluation puts for a part it cannot know (see Vars::python): a valid host name
// part, so that a URI around it still reads, and never part of a real image name.
inline constexpr std::string_view k_unknown_part = "unknown-0";

class Vars {
public:
  // Reads every assignment of the code, in order.
  explicit Vars(std::string_view code);

  // The values of a Python expression, as the code has them at byte `at`.
  // lenient: a name that is unset or unknown reads as k_unknown_part (for the parts of an image
  // URI that do not name the image, such as the region).
  Alts python(std::string_view expr, size_t at, bool lenient = false) const;
  // The values of a shell word (quotes removed) at `at`: $NAME, ${NAME}, ${NAME:-default}, and
  // IPython's {NAME} in "!" lines.
  Alts shell(std::string_view word, size_t at, bool lenient = false) const;
  // The values of a variable at `at`; empty when it is never set before.
  Alts lookup(std::string_view name, size_t at) const;
  // The values of an environment variable the code sets (export NAME=..., a notebook's %env,
  // os.environ["NAME"] = ...) at `at`; empty when it sets none before.
  Alts env(std::string_view name, size_t at) const;

  struct Binding {
    size_t offset; // where the assignment ends: uses after it see it
    Alts values;
  };

private:
  std::map<std::string, std::vector<Binding>, std::less<>> m_vars;
  friend class VarsBuilder;
};

} // namespace lib::scan
