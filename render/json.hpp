#pragma once

#include "lib/check.hpp"
#include "lib/timeline.hpp"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <vector>

namespace lib {

// An entry with its lifecycle on the date of the query.
struct EntryView {
  const Catalog* catalog = nullptr;
  const RuntimeEntry* entry = nullptr;
  Lifecycle lifecycle;
};

// A date field: "YYYY-MM-DD", or null when the date is unknown.
nlohmann::ordered_json date_or_null(const std::optional<Date>& d);

// Machine output (README "JSON output"). Field names are a contract shared by every command:
// an entry has catalog, id, version, released, python, packages, status, milestones,
// next_milestone; a finding has rule, severity, message and, where they apply, path, line,
// column, runtime, python, suggestion. Each function returns a whole document with a newline.
std::string json_entries(const std::vector<EntryView>& entries);
std::string json_entry_full(const EntryView& entry);
std::string json_check(const Request& req, const CheckResult& result);
std::string json_findings(const std::vector<Finding>& findings);
std::string json_events(const std::vector<Event>& events);
std::string json_combos(const std::vector<Combo>& combos);
// The rule registry: [{id, severity, description, help, aliases}] in registry order.
std::string json_rules();
// One finding as compact JSON on one line (no newline), the fields of json_findings.
std::string json_finding(const Finding& finding);

} // namespace lib
