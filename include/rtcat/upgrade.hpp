#pragma once

// What to upgrade or migrate to from a runtime (`rtcat upgrade`).

#include <optional>
#include <string>
#include <vector>

#include "rtcat/catalogs.hpp"
#include "rtcat/check.hpp"
#include "rtcat/types.hpp"

namespace rtcat {

struct UpgradeCandidate {
  std::string catalog;
  std::string id;
  std::string python;               // the Python it would run ("" when unknown)
  bool handoff = false;             // from the successor catalog (after the platform's sunset)
  std::optional<Date> usable_until; // its first error milestone; unset when unknown
};

// Ranked, best first (newest first), at most `max`. Empty when nothing fits or the runtime is
// unknown. Throws rtcat::Error for malformed input.
std::vector<UpgradeCandidate> upgrade_candidates(const Catalogs& catalogs, const CheckRequest& from, std::size_t max = 5);

} // namespace rtcat
