#pragma once

#include "lib/core/upgrade.hpp"

#include <string>

namespace render {

// "newest" or "nearest".
std::string strategy_name(lib::Strategy strategy);

// The marker every output puts after a breaking change: " (breaking)".
std::string breaking_mark(const lib::Change& c);

// One change for a terminal: "tensorflow 1.15 -> 2.1 (breaking): note".
std::string change_text(const lib::Change& c);

// The upgrade answer for a terminal: the findings, then (unless quiet) the current entry's
// status, the candidates with what changes, and the closest ones no longer available.
// `width`: the findings fit it as findings_text says, the rest as fit_lines does (0: no limit).
std::string upgrade_text(const lib::UpgradeRequest& req, const lib::UpgradePlan& plan, bool quiet, bool color, size_t width = 0);

} // namespace render
