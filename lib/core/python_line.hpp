#pragma once

#include "lib/core/finding.hpp"
#include "lib/core/lifecycle.hpp"

#include <optional>
#include <vector>

namespace lib {

// The CPython line an entry runs, as its catalog set's python catalog (Catalog::python) gives it.
struct PythonLine {
  catalog::Version version;
  const RuntimeEntry* line = nullptr; // the python catalog's entry; nullptr: it does not list it
  std::optional<MilestoneDate> end_of_life;
};

// The line of Python `v` (its major.minor) for entries of catalog c; line stays nullptr when c has
// no python catalog or that catalog does not list v.
PythonLine python_line(const Catalog& c, const catalog::Version& v);

// The first release of the newest Python line the entry pins, as the last day the entry certainly
// did not exist (the day before that release, or the line's own released_after): an entry cannot
// run a Python before it came out. nullopt when no pinned line is listed with a lower bound.
struct PythonFloor {
  Date after;
  const RuntimeEntry* line = nullptr;
};
std::optional<PythonFloor> python_floor(const Catalog& c, const RuntimeEntry& r);

// Whether Python line `p` has reached its end of life on `on`: certainly, or possibly (the day is
// inside its end-of-life window).
enum class PythonEnd { no, possibly, reached };
PythonEnd python_end(const PythonLine& p, Date on);
// "none", "possible" or "reached".
const char* python_end_name(PythonEnd e);

// Entry r of catalog c judged by its Python on `on`. With `asked`, the job's own Python is judged;
// otherwise the entry's: it is on an end-of-life Python when every line it offers has reached (or
// may have reached) its end of life, and the finding (python-end-of-life) names the newest.
struct PythonVerdict {
  PythonEnd end = PythonEnd::no;
  std::optional<Finding> finding; // set exactly when end is not PythonEnd::no
};
PythonVerdict judge_python(const Catalog& c, const RuntimeEntry& r, const std::optional<catalog::Version>& asked, Date on);
inline std::optional<Finding> python_end_of_life(const Catalog& c, const RuntimeEntry& r,
                                                 const std::optional<catalog::Version>& asked, Date on) {
  return judge_python(c, r, asked, on).finding;
}

// The Pythons c's entries pin that its python catalog does not list (each once, in order), when
// it has a python catalog; empty otherwise.
std::vector<catalog::Version> unlisted_pythons(const Catalog& c);

} // namespace lib
