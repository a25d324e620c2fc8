#pragma once

#include "lib/core/check.hpp"

#include <optional>
#include <string>
#include <vector>

namespace lib {

struct UpgradeRequest {
  Request base; // runtime, python, frameworks, requires_, service, on, platform
  Strategy strategy = Strategy::newest;
  int min_days = 0; // a candidate must stay usable for new work until on + min_days
  size_t max = 5;   // at most this many candidates (and closest images)
};

// A candidate is a target of the runtime (see find_targets).
using Candidate = Target;

struct UpgradePlan {
  std::optional<EntryRef> current; // unset when the runtime is not in any catalog
  std::optional<Lifecycle> current_lifecycle;
  std::vector<Finding> verdict;        // check's findings on the current entry for the request (judge)
  std::vector<std::string> frameworks; // the frameworks the plan is about
  bool handoff = false;                // candidates come from the successor catalog
  std::string handoff_reason;          // why: the platform's sunset, or nothing in it fits
  std::vector<Candidate> candidates;   // ranked, best first
  std::vector<Candidate> closest;      // when nothing is available: the last known images (not offered)
  std::vector<Finding> findings;       // unknown-runtime, no-candidate, custom-container-route, stale-data
};

// Plans an upgrade off the request's runtime on the request date: the targets find_targets
// gives (hand-off included), in its order. With none, the images available last are named in
// `closest` (the last known, not a recommendation), and a finding says why: no-candidate with the
// custom-container route when the job cannot stay (check's verdict on the current entry has an
// error: its lifecycle, or its Python or frameworks do not fit), else a note that nothing
// outlasts it yet. It never says to keep what check rejects. Throws InvalidInput only for malformed input (see find_entry).
UpgradePlan plan_upgrade(const catalog::CatalogSet& set, const UpgradeRequest& req);

} // namespace lib
