#pragma once

#include "lib/fleet/audit.hpp"
#include "util/bytes.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace render {

// Text a writer derives from a verdict alone (its CSV columns, its JSON members), written once per
// verdict: the records of an audit or a report share a few hundred verdicts, each at one address
// (lib::Auditor::judge). Kept by the verdict's address in a fixed table of slots (a verdict that
// lands in a taken slot takes it over: memory stays bounded), with the values it was written
// from: a verdict seen again at the same address with other values is written anew.
template <class Text> class VerdictCache {
public:
  // The text for v: write(text, v) fills it the first time (from a value-initialised Text).
  template <class Write> const Text& get(const lib::Verdict& v, Write&& write) {
    if (m_slots.empty()) {
      m_slots.resize(k_slots);
    }
    // The address's slot: its bits mixed by a multiplication, the top ones kept.
    static_assert((k_slots & (k_slots - 1)) == 0 && k_slots <= (1u << 16));
    const auto address = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(&v));
    Slot& s = m_slots[static_cast<size_t>((address * 0x9e3779b97f4a7c15u) >> 48) & (k_slots - 1)];
    if (!s.same(v)) {
      s = Slot{&v,        v.status,   v.deadline_milestone, v.action, v.target,
               v.catalog, v.deadline, v.deadline_earliest,  v.days,   Text{}};
      write(s.text, v);
    }
    return s.text;
  }

private:
  struct Slot {
    const lib::Verdict* verdict = nullptr;
    lib::VerdictStatus status;
    std::string milestone, action, target, catalog;
    std::optional<catalog::Date> deadline, deadline_earliest;
    std::optional<long> days;
    Text text;
    bool same(const lib::Verdict& v) const {
      return verdict == &v && status == v.status && util::same_text(milestone, v.deadline_milestone) &&
             util::same_text(catalog, v.catalog) && util::same_text(action, v.action) && util::same_text(target, v.target) &&
             deadline == v.deadline && deadline_earliest == v.deadline_earliest && days == v.days;
    }
  };
  static constexpr size_t k_slots = 2048;
  std::vector<Slot> m_slots; // k_slots, once a verdict is asked for
};

using VerdictTextCache = VerdictCache<std::string>;

} // namespace render
