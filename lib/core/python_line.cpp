#include "lib/core/python_line.hpp"

#include "lib/core/compatibility.hpp"
#include "util/names.hpp"

#include <algorithm>

namespace lib {

namespace {

const char* const k_end_of_life = "end_of_life";

catalog::Version major_minor(const catalog::Version& v) {
  return catalog::Version::of({v.major(), v.minor()});
}

} // namespace

namespace {

// The python catalog's entry of line v, if any.
const RuntimeEntry* find_line(const Catalog& c, const catalog::Version& v) {
  if (!c.python) {
    return nullptr;
  }
  for (const auto& e : c.python->runtimes) {
    if (e.version && *e.version == v) {
      return &e;
    }
  }
  return nullptr;
}

} // namespace

PythonLine python_line(const Catalog& c, const catalog::Version& v) {
  PythonLine p;
  p.version = major_minor(v);
  p.line = find_line(c, p.version);
  if (p.line) {
    for (const auto& m : resolve_milestones(*c.python, *p.line)) {
      if (m.name() == k_end_of_life) {
        p.end_of_life = m;
      }
    }
  }
  return p;
}

std::optional<PythonFloor> python_floor(const Catalog& c, const RuntimeEntry& r) {
  if (!c.python || !r.python) {
    return std::nullopt;
  }
  std::optional<PythonFloor> out;
  for (const auto& v : *r.python) {
    const RuntimeEntry* line = find_line(c, major_minor(v));
    if (!line) {
      continue;
    }
    std::optional<Date> after =
        line->released ? std::optional<Date>(catalog::add_days(*line->released, -1)) : line->released_after;
    if (after && (!out || *after > out->after)) {
      out = PythonFloor{*after, line};
    }
  }
  return out;
}

PythonEnd python_end(const PythonLine& p, Date on) {
  if (!p.end_of_life) {
    return PythonEnd::no;
  }
  if (p.end_of_life->reached_by(on)) {
    return PythonEnd::reached;
  }
  return p.end_of_life->maybe_reached_by(on) && p.end_of_life->earliest ? PythonEnd::possibly : PythonEnd::no;
}

const char* python_end_name(PythonEnd e) {
  using enum PythonEnd;
  static constexpr util::Names<PythonEnd, 3> k_names{{{{no, "none"}, {possibly, "possible"}, {reached, "reached"}}}};
  return k_names.name(e).data();
}

PythonVerdict judge_python(const Catalog& c, const RuntimeEntry& r, const std::optional<catalog::Version>& asked, Date on) {
  if (!c.python) {
    return {};
  }
  std::vector<catalog::Version> offered;
  if (asked) {
    offered.push_back(*asked);
  } else if (r.python) {
    offered = *r.python;
  }
  std::optional<PythonLine> newest;
  PythonEnd end = PythonEnd::reached;
  for (const auto& v : offered) {
    PythonLine p = python_line(c, v);
    PythonEnd e = python_end(p, on);
    if (e == PythonEnd::no) {
      return {}; // a line without end of life on the date: the entry can run it
    }
    end = std::min(end, e);
    if (!newest || p.version > newest->version) {
      newest = p;
    }
  }
  if (!newest) {
    return {};
  }
  const MilestoneDate& m = *newest->end_of_life;
  const std::string when = when_text(m.is_window() ? m.earliest : std::nullopt, *m.date, m.at_latest && !m.is_window());
  std::string who = c.entry_noun + " " + r.id;
  std::string msg = end == PythonEnd::reached
                        ? "Python " + newest->version.str() + " reached its end of life " + when + ": no more security fixes"
                        : "Python " + newest->version.str() + " reaches its end of life " + when + ", so on " +
                              catalog::format_date(on) + " it may have none";
  msg += asked ? " (the job asks for it on " + who + ")" : "; " + who + " runs it";
  if (!asked && offered.size() > 1) {
    msg += ", the newest of its Pythons";
  }
  return {end, entry_finding(RuleId::python_end_of_life, msg, c, r)};
}

std::vector<catalog::Version> unlisted_pythons(const Catalog& c) {
  std::vector<catalog::Version> out;
  if (!c.python) {
    return out;
  }
  for (const auto& r : c.runtimes) {
    for (const auto& v : r.python.value_or(std::vector<catalog::Version>{})) {
      if (!find_line(c, major_minor(v)) && std::find(out.begin(), out.end(), major_minor(v)) == out.end()) {
        out.push_back(major_minor(v));
      }
    }
  }
  return out;
}

} // namespace lib
