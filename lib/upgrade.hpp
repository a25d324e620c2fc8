#pragma once

#include "lib/check.hpp"

#include <optional>
#include <string>
#include <vector>

namespace lib {

// How candidates are ranked: `newest` puts the most recent version first; `nearest` the
// smallest step up from the current one (for images: the framework version closest to the
// current one), so that the migration changes as little as possible.
enum class Strategy { newest, nearest };

// Parses "newest" or "nearest"; throws InvalidInput listing the valid values otherwise.
Strategy parse_strategy(std::string_view text);

struct UpgradeRequest {
  Request base; // runtime, python, frameworks, requires_, service, on, platform
  Strategy strategy = Strategy::newest;
  int min_days = 0; // a candidate must stay usable for new work until on + min_days
  size_t max = 5;   // at most this many candidates (and closest images)
};

// One thing that differs between the current runtime and a candidate.
struct Change {
  std::string kind;      // "python", "framework", "package", "platform"
  std::string name;      // "python", "tensorflow", "numpy", the catalog name
  std::string from;      // empty: not on the current runtime
  std::string to;        // empty: not on the candidate
  bool breaking = false; // a major version jump (TensorFlow 1 -> 2), a platform move
  std::string note;      // why it is breaking, when it is
};

struct Candidate {
  const Catalog* catalog = nullptr;
  const RuntimeEntry* entry = nullptr;
  Lifecycle lifecycle;              // on the request date
  std::string python;               // the Python the candidate would run ("" when unknown)
  bool unconfirmed = false;         // its status on the date is unknown: the sources do not say when
                                    // it appeared (only offered when the user has to move)
  std::optional<Date> usable_until; // first day of its first error milestone (unset: unknown)
  std::optional<long> days_usable;
  std::vector<Change> changes;
};

struct UpgradePlan {
  std::optional<EntryRef> current; // unset when the runtime is not in any catalog
  std::optional<Lifecycle> current_lifecycle;
  std::vector<std::string> frameworks; // the frameworks the plan is about
  bool handoff = false;                // candidates come from the successor catalog
  std::string handoff_reason;          // why: the platform's sunset, or nothing in it fits
  std::vector<Candidate> candidates;   // ranked, best first; never empty unless closest is not
  std::vector<Candidate> closest;      // when nothing is available: the images that ended last
  std::vector<Finding> findings;       // unknown-runtime, no-candidate, stale-data
};

// Plans an upgrade off the request's runtime on the request date. Candidates are entries of
// the runtime's own catalog that are newer (or the same version) than it, satisfy the
// request's Python, frameworks and requirements, and stay usable for min_days; when the
// platform is past its sunset or none fits, images of the successor catalog for the service
// matching the frameworks (by framework and version, then Python); when the user has to move
// (past the sunset, or the runtime is closed), images whose availability on the date is
// unknown are offered too, marked unconfirmed (ranked as the others: an image is "confirmed"
// once a milestone is reached, so preferring confirmed ones would favour images out of support). When even those have
// nothing, `closest` names the images that were available last, and a no-candidate finding
// says so with the date the successor's data is as of. Throws InvalidInput only for
// malformed input (see find_entry).
UpgradePlan plan_upgrade(const catalog::CatalogSet& set, const UpgradeRequest& req);

// What changes from `current` to `target` for the frameworks of interest: Python, framework
// versions (major jumps are breaking) and every pinned package, old -> new.
std::vector<Change> changes_between(const RuntimeEntry& current, const RuntimeEntry& target, const std::string& python_from,
                                    const std::string& python_to, const std::vector<std::string>& frameworks);

} // namespace lib
