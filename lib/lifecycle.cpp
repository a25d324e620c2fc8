#include "lib/lifecycle.hpp"

#include <algorithm>

namespace lib {

std::vector<MilestoneDate> resolve_milestones(const Catalog& c, const RuntimeEntry& r) {
  std::vector<MilestoneDate> out;
  for (const auto& policy : c.policy.milestones) {
    MilestoneDate m;
    m.policy = &policy;
    auto stated = std::find_if(r.milestones.begin(), r.milestones.end(), [&](const auto& e) { return e.first == policy.name; });
    if (stated != r.milestones.end()) {
      m.stated = true;
      m.date = stated->second;
    } else if (policy.after_months) {
      auto derive = [&](Date anchor) {
        Date d = catalog::add_months(anchor, *policy.after_months);
        return policy.not_before ? std::max(d, *policy.not_before) : d;
      };
      if (r.released) {
        m.date = derive(*r.released);
      } else if (r.released_by) {
        m.date = derive(*r.released_by);
        m.at_latest = true;
        m.earliest = policy.not_before;
      } else {
        m.earliest = policy.not_before;
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
    }
    out.push_back(m);
  }
  return out;
}

std::optional<Date> existed_by(const Catalog& c, const RuntimeEntry& r) {
  if (r.released) {
    return r.released;
  }
  return r.released_by ? r.released_by : c.as_of;
}

Lifecycle evaluate(const Catalog& c, const RuntimeEntry& r, Date on, int warn_days) {
  Lifecycle lc;
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
    st.later_possible = st.later_possible || lc.milestones[i].maybe_reached_by(on);
  }
  if (from < lc.milestones.size()) {
    st.next = from;
    if (const auto& d = lc.milestones[from].date) {
      st.days_left = catalog::days_between(on, *d);
    }
  }
  if (r.released && on < *r.released) {
    st.name = "unreleased";
    st.reached.reset();
    st.later_possible = false;
  } else if (st.reached) {
    st.name = lc.milestones[*st.reached].name();
  } else if (st.later_possible || (!r.released && existed_by(c, r) && on < *existed_by(c, r))) {
    st.name = "unknown";
  } else if (st.days_left && *st.days_left <= warn_days) {
    st.name = "expiring";
  } else {
    st.name = "supported";
  }
  return lc;
}

std::optional<Severity> Lifecycle::severity(bool deployed) const {
  const std::string& s = status.name;
  if (s == "supported") {
    return std::nullopt;
  }
  if (s == "unreleased") {
    return Severity::error;
  }
  if (s == "expiring" || s == "unknown") {
    return Severity::warning;
  }
  const auto& policy = *milestones[*status.reached].policy;
  return deployed && policy.deployed_severity ? *policy.deployed_severity : policy.severity;
}

bool Lifecycle::usable() const {
  if (status.name == "unreleased" || status.name == "unknown") {
    return false;
  }
  auto sev = severity(false);
  return !sev || *sev != Severity::error;
}

std::string describe_reached(const MilestoneDate& m) {
  std::string d = catalog::format_date(*m.date);
  return m.at_latest ? m.policy->reached + " by " + d + " at the latest" : m.policy->reached + " on " + d;
}

std::string describe_upcoming(const MilestoneDate& m) {
  if (!m.date) {
    return m.policy->upcoming + " on a date the sources do not give";
  }
  std::string d = catalog::format_date(*m.date);
  return m.at_latest ? m.policy->upcoming + " no later than " + d : m.policy->upcoming + " on " + d;
}

std::string short_date(const MilestoneDate& m) {
  if (!m.date) {
    return "unknown";
  }
  return (m.at_latest ? "<= " : "") + catalog::format_date(*m.date);
}

std::string milestone_rule(const std::string& milestone) {
  std::string out = milestone;
  std::replace(out.begin(), out.end(), '_', '-');
  return out;
}

} // namespace lib
