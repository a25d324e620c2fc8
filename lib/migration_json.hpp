#pragma once

#include "lib/upgrade.hpp"

#include <string>
#include <vector>

namespace lib {

// Machine output of upgrade (README "JSON output"). Field names follow the
// shared contract: entries have catalog, id, status, next_milestone; findings rule, severity,
// message, path, line, column, runtime, python, suggestion.

// The whole upgrade answer: date, runtime, catalog, status, strategy, min_days, handoff,
// handoff_reason, frameworks, candidates (catalog, id, version, python, status, next_milestone,
// usable_until, days_usable, uris, changes), closest, findings. Ends with a newline.
std::string json_upgrade(const UpgradeRequest& req, const UpgradePlan& plan);

} // namespace lib
