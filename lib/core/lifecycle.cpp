#include "lib/core/lifecycle.hpp"

#include "catalog/pep440.hpp"
#include "lib/core/frameworks.hpp"
#include "lib/core/python_line.hpp"
#include "util/names.hpp"

#include <algorithm>

namespace lib {

using catalog::format_date;

std::optional<Date> ReleaseWindow::earliest() const {
  if (released) {
    return released;
  }
  return after ? std::optional<Date>(catalog::add_days(*after, 1)) : std::nullopt;
}

const catalog::FrameworkRelease* framework_release_of(const Catalog& c, const RuntimeEntry& r) {
  if (c.framework_releases.empty()) {
    return nullptr;
  }
  auto own = entry_framework(r);
  std::string text = r.framework_version;
  if (!own) {
    return nullptr;
  }
  if (auto pin = package_version(r, *own); pin && !pin->line) {
    // The pin names the exact version: look up that release, then its major.minor line.
    if (auto v = catalog::pep440::Version::try_parse(pin->version)) {
      text.clear();
      for (long part : v->release()) {
        text += (text.empty() ? "" : ".") + std::to_string(part);
      }
    }
  }
  auto v = catalog::Version::try_parse(text);
  if (!v) {
    return nullptr; // "nightly", or no version
  }
  if (const auto* f = c.framework_release(*own, *v)) {
    return f;
  }
  if (v->parts().size() > 2) {
    return c.framework_release(*own, catalog::Version::parse(std::to_string(v->major()) + "." + std::to_string(v->minor())));
  }
  return nullptr;
}

ReleaseWindow release_window(const Catalog& c, const RuntimeEntry& r) {
  ReleaseWindow w;
  w.released = r.released;
  if (r.released) {
    return w;
  }
  w.after = r.released_after;
  w.by = r.released_by;
  if (const auto* f = framework_release_of(c, r)) {
    // An entry can ship a framework on the day it came out, not before.
    std::optional<Date> floor = f->released ? std::optional<Date>(catalog::add_days(*f->released, -1)) : f->released_after;
    if (floor && (!w.after || *floor > *w.after)) {
      w.after = floor;
      w.framework = f;
    }
  }
  if (auto py = python_floor(c, r); py && (!w.after || py->after > *w.after)) {
    w.after = py->after;
    w.framework = nullptr;
    w.python = py->line;
  }
  return w;
}

std::string describe_release(const ReleaseWindow& w) {
  if (w.released) {
    return "released on " + format_date(*w.released);
  }
  auto lo = w.earliest();
  if (lo && w.by) {
    return *lo == *w.by ? "released on " + format_date(*w.by)
                        : "released between " + format_date(*lo) + " and " + format_date(*w.by);
  }
  if (lo) {
    return "not released before " + format_date(*lo);
  }
  if (w.by) {
    return "released by " + format_date(*w.by) + " at the latest";
  }
  return "";
}

std::vector<MilestoneDate> resolve_milestones(const Catalog& c, const RuntimeEntry& r) {
  const ReleaseWindow w = release_window(c, r);
  std::vector<MilestoneDate> out;
  for (const auto& policy : c.policy.milestones) {
    MilestoneDate m;
    m.policy = &policy;
    if (const auto* stated = r.stated(policy.name)) {
      m.stated = true;
      m.statement = stated;
      m.date = stated->date;
      if (stated->is_window()) {
        // A window its sources give: certain from neither end, bounded by both.
        m.earliest = stated->from;
        m.at_latest = true;
        m.windowed = true;
      }
    } else if (policy.after_months) {
      auto derive = [&](Date anchor) {
        Date d = catalog::add_months(anchor, *policy.after_months);
        return policy.not_before ? std::max(d, *policy.not_before) : d;
      };
      if (w.released) {
        m.date = derive(*w.released);
      } else {
        // The window's ends, each moved by the same months (clamped at month end, floored).
        m.earliest = w.earliest() ? std::optional<Date>(derive(*w.earliest())) : policy.not_before;
        m.windowed = w.earliest().has_value();
        if (w.by) {
          m.date = derive(*w.by);
          m.at_latest = true;
        }
      }
    }
    if (c.policy.sunset) {
      if (!m.date) {
        m.date = c.policy.sunset;
        m.at_latest = true;
        m.capped = true;
      } else if (*m.date > *c.policy.sunset) {
        m.date = c.policy.sunset;
        m.capped = true;
      }
      if (m.earliest && *m.earliest > *c.policy.sunset) {
        m.earliest = c.policy.sunset;
      }
    }
    if (m.at_latest && m.date && m.earliest && *m.earliest >= *m.date) {
      // The window has closed up: the date is certain.
      m.at_latest = false;
    }
    if (!m.at_latest && m.date) {
      m.earliest.reset();
      m.windowed = false;
    }
    out.push_back(m);
  }
  return out;
}

std::optional<Date> existed_by(const Catalog& c, const RuntimeEntry& r) {
  if (r.released) {
    return r.released;
  }
  if (r.released_by) {
    return r.released_by;
  }
  // An entry its sources list as not out yet on their date (expected) did not exist then.
  if (c.as_of && r.released_after && *r.released_after >= *c.as_of) {
    return std::nullopt;
  }
  return c.as_of;
}

std::optional<Date> exists_from(const Catalog& c, const RuntimeEntry& r, const Lifecycle& lc) {
  std::optional<Date> by = existed_by(c, r);
  if (r.released) {
    return by;
  }
  for (const auto& m : lc.milestones) {
    // A milestone's date, stated or certain: it was there to reach it.
    if (m.date && (m.stated || !m.at_latest) && (!by || *m.date < *by)) {
      by = m.date;
    }
  }
  return by;
}

bool exists_on(const Catalog& c, const RuntimeEntry& r, const Lifecycle& lc, Date on) {
  auto from = exists_from(c, r, lc);
  return from && *from <= on;
}

Lifecycle evaluate(const Catalog& c, const RuntimeEntry& r, Date on, int warn_days) {
  Lifecycle lc;
  lc.release = release_window(c, r);
  lc.milestones = resolve_milestones(c, r);
  Status& st = lc.status;
  st.sunset_passed = c.policy.sunset && *c.policy.sunset <= on;
  for (size_t i = 0; i < lc.milestones.size(); ++i) {
    if (lc.milestones[i].reached_by(on)) {
      st.reached = i;
    }
  }
  size_t from = st.reached ? *st.reached + 1 : 0;
  for (size_t i = from; i < lc.milestones.size(); ++i) {
    const MilestoneDate& m = lc.milestones[i];
    st.later_possible = st.later_possible || m.maybe_reached_by(on);
    if (auto first = m.first_day(); !st.due && first && catalog::days_between(on, *first) <= warn_days) {
      st.due = i;
    }
  }
  if (from < lc.milestones.size()) {
    st.next = from;
    const MilestoneDate& n = lc.milestones[from];
    if (auto first = n.first_day()) {
      st.days_left = catalog::days_between(on, *first);
    }
    if (n.is_window()) {
      st.days_latest = catalog::days_between(on, *n.date);
    }
  }
  if (lc.release.unreleased_on(on)) {
    st.kind = Standing::unreleased;
    st.reached.reset();
    st.later_possible = false;
    st.due.reset();
  } else if (st.reached) {
    st.kind = Standing::milestone;
  } else if (auto by = existed_by(c, r); st.later_possible || (!r.released && (by ? on < *by : lc.release.after.has_value()))) {
    // Inside the release window: past its lower bound, before the day it certainly existed (or
    // with no such day at all).
    st.kind = Standing::unknown;
  } else if (st.due) {
    st.kind = Standing::expiring;
  } else {
    st.kind = Standing::supported;
  }
  st.name = st.kind == Standing::milestone ? lc.milestones[*st.reached].name() : standing_name(st.kind);
  return lc;
}

// A milestone is named by its own name (evaluate), so it is not in the table.
const char* standing_name(Standing s) {
  using enum Standing;
  static constexpr util::Names<Standing, 4> k_names{
      {{{unreleased, "unreleased"}, {supported, "supported"}, {expiring, "expiring"}, {unknown, "unknown"}}}};
  return k_names.name(s).data();
}

std::optional<Severity> Lifecycle::severity(bool deployed) const {
  switch (status.kind) {
  case Standing::supported:
    return std::nullopt;
  case Standing::unreleased:
    return Severity::error;
  case Standing::expiring:
  case Standing::unknown:
    return Severity::warning;
  case Standing::milestone:
    break;
  }
  const auto& policy = *milestones[*status.reached].policy;
  return deployed && policy.deployed_severity ? *policy.deployed_severity : policy.severity;
}

bool Lifecycle::usable() const {
  if (status.is(Standing::unreleased) || status.is(Standing::unknown)) {
    return false;
  }
  auto sev = severity(false);
  return !sev || *sev != Severity::error;
}

std::string describe_reached(const MilestoneDate& m) {
  std::string d = catalog::format_date(*m.date);
  if (m.stated && m.is_window()) {
    return m.policy->reached + " between " + catalog::format_date(*m.earliest) + " and " + d;
  }
  return m.at_latest ? m.policy->reached + " by " + d + " at the latest" : m.policy->reached + " on " + d;
}

std::string describe_upcoming(const MilestoneDate& m) {
  if (!m.date) {
    return m.policy->upcoming + " on a date the sources do not give";
  }
  std::string d = catalog::format_date(*m.date);
  if (m.is_window()) {
    return m.policy->upcoming + " between " + catalog::format_date(*m.earliest) + " and " + d;
  }
  return m.at_latest ? m.policy->upcoming + " no later than " + d : m.policy->upcoming + " on " + d;
}

std::string short_date(const MilestoneDate& m) {
  if (!m.date) {
    return "unknown";
  }
  if (m.is_window()) {
    return catalog::format_date(*m.earliest) + ".." + catalog::format_date(*m.date);
  }
  return (m.at_latest ? "<= " : "") + catalog::format_date(*m.date);
}

std::string in_days(std::optional<Date> first, Date last, Date on) {
  long hi = catalog::days_between(on, last);
  auto days = [](long n) { return n == 1 ? std::string("1 day") : std::to_string(n) + " days"; };
  if (!first || *first >= last) {
    if (first && hi <= 0) {
      return hi == 0 ? "today" : days(-hi) + " ago";
    }
    return first ? "in " + days(hi) : "within " + days(hi);
  }
  long lo = catalog::days_between(on, *first);
  return lo > 0 ? "in " + std::to_string(lo) + " to " + days(hi) : "within " + days(hi);
}

std::string in_days(const MilestoneDate& m, Date on) {
  if (!m.date) {
    return "";
  }
  return in_days(m.is_window() ? m.earliest : m.at_latest ? std::nullopt : m.date, *m.date, on);
}

std::string when_text(std::optional<Date> first, Date last, bool at_latest) {
  if (first && *first < last) {
    return "between " + catalog::format_date(*first) + " and " + catalog::format_date(last);
  }
  return at_latest ? "by " + catalog::format_date(last) + " at the latest" : "on " + catalog::format_date(last);
}

std::string milestone_rule(const std::string& milestone) {
  std::string out = milestone;
  std::replace(out.begin(), out.end(), '_', '-');
  return out;
}

} // namespace lib
