#include "lib/core/endoflife.hpp"

#include "catalog/endoflife.hpp"

namespace lib {

namespace {

EolPhase phase_of(const MilestoneDate& m, Date on) {
  EolPhase p;
  p.reached = m.reached_by(on);
  p.date = m.date;
  if (m.date && m.at_latest) {
    p.earliest = (m.earliest && *m.earliest < *m.date) ? m.earliest : std::nullopt;
  }
  return p;
}

std::optional<EolPhase> phase_in(const Lifecycle& lc, const catalog::MilestonePolicy* policy, Date on) {
  if (policy == nullptr) {
    return std::nullopt;
  }
  for (const auto& m : lc.milestones) {
    if (m.policy == policy || (m.policy && m.policy->name == policy->name)) {
      return phase_of(m, on);
    }
  }
  return EolPhase{};
}

} // namespace

EolPhases endoflife_phases(const Catalog& c) {
  EolPhases p;
  const auto& ms = c.policy.milestones;
  p.eol = c.milestone(catalog::k_eol_end_of_life);
  if (!p.eol) {
    for (const auto& m : ms) {
      if (m.severity == Severity::error) {
        p.eol = &m;
      }
    }
  }
  p.eoas = c.milestone(catalog::k_eol_support_end);
  if (!p.eoas && p.eol && !ms.empty() && &ms.front() != p.eol) {
    p.eoas = &ms.front();
  }
  p.eoes = c.milestone(catalog::k_eol_extended_support_end);
  return p;
}

EolProduct endoflife_product(const Catalog& c, const std::vector<EntryView>& rows, Date on) {
  EolProduct out;
  out.catalog = &c;
  out.phases = endoflife_phases(c);
  for (const auto& row : rows) {
    if (row.catalog != &c) {
      continue;
    }
    const RuntimeEntry& r = *row.entry;
    const Lifecycle& lc = row.lifecycle;
    auto existed = existed_by(c, r);
    if (!existed) {
      out.left_out.push_back(&r);
      continue;
    }
    EolRelease rel;
    rel.entry = &r;
    rel.release_date = *existed;
    if (!lc.release.released) {
      rel.release_earliest = lc.release.earliest();
    }
    rel.eoas = phase_in(lc, out.phases.eoas, on);
    rel.eol = phase_in(lc, out.phases.eol, on).value_or(EolPhase{});
    rel.eoes = phase_in(lc, out.phases.eoes, on);
    rel.maintained = !(rel.eoes ? rel.eoes->reached : rel.eol.reached);
    out.releases.push_back(rel);
  }
  return out;
}

} // namespace lib
