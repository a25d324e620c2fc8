#pragma once

// Verdict statuses as the audit gives them, for tests that build verdicts by hand.

#include "lib/core/lifecycle.hpp"
#include "lib/fleet/audit.hpp"

#include <string>
#include <utility>

namespace test {

// The status of a verdict whose lifecycle status is `name`, of that standing.
inline lib::VerdictStatus lifecycle_status(lib::Standing standing, std::string name) {
  lib::Status lc;
  lc.kind = standing;
  lc.name = std::move(name);
  lib::VerdictStatus s;
  s.lifecycle = std::move(lc);
  return s;
}

// The status of a verdict with no lifecycle to follow, or beyond it: its audit state.
inline lib::VerdictStatus audit_status(lib::AuditState state) {
  lib::VerdictStatus s;
  s.state = state;
  return s;
}

} // namespace test
