#pragma once

#include "lib/core/check.hpp"
#include "lib/core/rules.hpp"
#include "lib/core/timeline.hpp"
#include "lib/core/upgrade.hpp"
#include "lib/fleet/audit.hpp"

#include <nlohmann/json_fwd.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace render {

// Machine output (docs/reference/json.md). Field names are a contract shared by every command:
// an entry has catalog, id, version, released, python, packages, status, milestones,
// next_milestone; a finding has rule, severity, message and, where they apply, path, line,
// column, runtime, python, suggestion. Each document function returns a whole document with a
// newline; each value function returns a value to put in a document, which is dumped once.

// --- Values ---
// A date field: "YYYY-MM-DD", or null when the date is unknown.
nlohmann::ordered_json date_or_null(const std::optional<catalog::Date>& d);
// A text field: the text, or null when it is empty.
nlohmann::ordered_json text_or_null(const std::string& s);
nlohmann::ordered_json finding_json(const lib::Finding& finding);
nlohmann::ordered_json findings_json(const std::vector<lib::Finding>& findings);
// The next milestone {name, date, days, at_latest} (with its window {earliest, latest} when
// `window` is set); null when none is left or the entry is unreleased.
nlohmann::ordered_json next_milestone_json(const lib::Lifecycle& lc, bool window);
// Whether the Python underneath is past its end of life: null, or {status, message}.
nlohmann::ordered_json python_end_json(const lib::PythonVerdict& v);
// Upgrade candidates: catalog, id, version, python, status, next_milestone, usable_until,
// days_usable, uris, changes.
nlohmann::ordered_json candidates_json(const std::vector<lib::Candidate>& candidates);
// A count per status, in the map's order.
nlohmann::ordered_json by_status_json(const std::map<std::string, size_t>& by_status);
// The former ids of a rule, as an array.
nlohmann::ordered_json former_ids_json(const lib::RuleInfo& rule);
// Sets j[key] to the text unless it is empty (optional fields are left out, not null).
void set_unless_empty(nlohmann::ordered_json& j, const char* key, const std::string& value);

// --- Documents ---
std::string json_entries(const std::vector<lib::EntryView>& entries);
std::string json_entry_full(const lib::EntryView& entry);
std::string json_check(const lib::Request& req, const lib::CheckResult& result);
std::string json_findings(const std::vector<lib::Finding>& findings);
std::string json_events(const std::vector<lib::Event>& events);
std::string json_combos(const std::vector<lib::Combo>& combos);
// The rule registry: [{id, severity, description, help, aliases}] in registry order.
std::string json_rules();
// One finding as compact JSON on one line (no newline), the fields of json_findings.
std::string json_finding(const lib::Finding& finding);

// The whole upgrade answer: date, runtime, catalog, status, strategy, min_days, handoff,
// handoff_reason, frameworks, candidates (catalog, id, version, python, status, next_milestone,
// usable_until, days_usable, uris, changes), closest, findings. Ends with a newline.
std::string json_upgrade(const lib::UpgradeRequest& req, const lib::UpgradePlan& plan);

// One audited resource on one line (no newline): kind, name, state, created, path, line,
// runtime, python, framework, image_uri, service, catalog, status, deadline, deadline_milestone,
// days, action, target, findings.
std::string json_resource(const lib::Resource& r, const lib::Verdict& v);
// The same, appended to out. `depth` < 0: compact, as util::json::dump writes the object; else
// pretty, as util::json::PrettyObjectWriter writes it nested `depth` spaces in (an item of a
// pretty document's top-level array: 4).
void append_resource_json(std::string& out, const lib::Resource& r, const lib::Verdict& v, int depth = -1);
// What a writer of many records writes once per verdict (prepare_verdict_json), at the depth of
// its records: the members the verdict decides (catalog, status, deadline, deadline_earliest,
// deadline_milestone, days, action, target, each after its separator), and of each of its
// findings the text before the message's (rule, severity, the key) and after the record's place
// (catalog, runtime, Python, suggestion). A finding worded for the record, or text that needs
// escaping, has no parts (head empty): it is written whole for each record.
struct VerdictJson {
  struct FindingParts {
    std::string head, message, tail; // message: ": " and the finding's message, closing quote included
  };
  int depth = -1;
  std::string members;
  std::vector<FindingParts> findings;
  std::string runtime, python; // the record's, in the tails where the finding has none of its own
};
void prepare_verdict_json(VerdictJson& out, const lib::Resource& r, const lib::Verdict& v, int depth = -1);
void append_resource_json(std::string& out, const lib::Resource& r, const lib::Verdict& v, const VerdictJson& verdict);

// Incomplete listings: [{collection, path, line, column}], the last page read of each.
nlohmann::ordered_json incomplete_listings_json(const std::vector<lib::ListPage>& pages);

// The audit summary on one line: resources, malformed, by_status, worst, incomplete_listings.
std::string json_summary(const lib::AuditSummary& s);

} // namespace render
