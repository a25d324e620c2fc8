#pragma once

#include "lib/audit.hpp"
#include "lib/upgrade.hpp"

#include <string>
#include <vector>

namespace lib {

// Machine output of upgrade, audit and report (README "JSON output"). Field names follow the
// shared contract: entries have catalog, id, status, next_milestone; findings rule, severity,
// message, path, line, column, runtime, python, suggestion.

// The whole upgrade answer: date, runtime, catalog, status, strategy, min_days, handoff,
// handoff_reason, frameworks, candidates (catalog, id, version, python, status, next_milestone,
// usable_until, days_usable, uris, changes), closest, findings. Ends with a newline.
std::string json_upgrade(const UpgradeRequest& req, const UpgradePlan& plan);

// One audited resource on one line (no newline): kind, name, state, created, path, line,
// runtime, python, framework, image_uri, service, catalog, status, deadline, deadline_milestone,
// days, action, target, findings.
std::string json_resource(const Resource& r, const Verdict& v);

// The audit summary on one line: resources, malformed, by_status, worst.
std::string json_summary(const AuditSummary& s);

} // namespace lib
