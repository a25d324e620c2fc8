#pragma once

#include "lib/core/python_line.hpp"
#include "lib/core/upgrade.hpp"
#include "lib/fleet/audit.hpp"
#include "lib/migrate/record.hpp"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace lib {

// One resource the report lists: everything with a warning or an error.
struct ReportRow {
  Resource resource;
  Verdict verdict;
};

// What the resources of one group that share a framework and a Python move to.
struct TargetSet {
  std::vector<std::string> frameworks; // the job's own, else the frameworks its runtime carries
  bool frameworks_assumed = false;     // none recorded on the resources: the runtime's
  std::string python;                  // the resources' own Python ("" when they record none)
  size_t resources = 0;
  UpgradePlan plan; // the recommended targets (lib::plan_upgrade)
};

// The legacy AI Platform resource whose Vertex AI equivalent the report shows for a runtime: the
// most urgent affected training job, else model version, else batch prediction job (then the
// unaffected ones in the same order), migrated on the report's date. Of the few best kept while
// reading (ReportGroup::k_candidates), the first that migrates; when none does, the first.
struct Representative {
  ReportRow row; // row.resource.record is not kept: see record
  bool affected = false;
  std::string where;  // "path:line:col" of the record
  std::string record; // the record's JSON text (cleared once migrated)
  std::optional<migrate::MigratedRecord> migrated;
  std::string not_migrated; // why it could not be migrated ("" when it was)
  size_t passed_over = 0;   // better candidates that could not be migrated
};

// The resources on one runtime for one service (or, outside every catalog, of one status), as
// counts and the most urgent few: its size does not grow with the number of resources.
struct ReportGroup {
  const Catalog* catalog = nullptr;    // nullptr: the runtime is in no catalog
  const RuntimeEntry* entry = nullptr; // idem
  VerdictStatus status;                // outside every catalog: the verdicts' status
  Service service = Service::training;
  std::optional<Lifecycle> lifecycle; // of the entry on the date
  PythonVerdict python;               // the entry's Python on the date (python-end-of-life)
  size_t resources = 0;
  size_t affected = 0;
  size_t broken = 0;
  std::map<std::string, size_t> by_status;
  std::map<std::string, size_t> affected_by_words; // the affected ones' statuses, in words (status_words)
  std::optional<Date> next_deadline;               // the nearest deadline ahead of its affected resources (its last day)
  std::optional<Date> next_deadline_earliest;      // its first day, when it is a window
  std::vector<ReportRow> urgent;                   // its most urgent affected resources (at most k_urgent)
  std::vector<TargetSet> targets;                  // at most k_target_sets, by resources
  size_t other_targets = 0;                        // affected resources in no kept target set
  std::vector<Representative> candidates;          // while reading: the best few, best first
  std::optional<Representative> representative;    // runtimes in a catalog with a legacy resource

  static constexpr size_t k_urgent = 5;
  static constexpr size_t k_target_sets = 6;
  static constexpr size_t k_candidates = 3;
};

// How a verdict's status reads, one wording per status (the counts in words are the counts by
// status): "closed to new jobs", "model versions deleted" for a milestone (its policy's wording),
// else "supported", "deadline soon", "not released yet", "custom container", ...
std::string status_words(const Catalog* c, const VerdictStatus& status);

// The milestone of the group's lifecycle that a verdict's deadline is, if any.
const MilestoneDate* deadline_milestone(const ReportGroup& g, const Verdict& v);

// "3 years 9 months", "1 month", "12 days": the time from `from` to `to` (to >= from).
std::string elapsed(Date from, Date to);

// Where a resource stands, in words, with a bound kept as a bound: "closed to new jobs 3 years 9
// months ago (2021-03-09)", "had its model versions deleted by 2024-05-25 at the latest (6
// months ago)", "closes to new jobs in 62 days (2025-02-01)".
std::string standing_words(const ReportGroup& g, const Verdict& v, Date on);

struct ReportOptions {
  Date on;
  int warn_days = 90;
  std::string platform;
  bool migrate = true; // migrate the representatives (else the best candidate stands, not migrated)
  // Called with every affected resource (at least a warning) as it is read, in inventory order;
  // nothing of it is kept (CSV and JSON stream the full list through it). May throw: the
  // report stops there.
  std::function<void(const Resource&, const Verdict&)> on_row;
};

struct Report {
  Date on;
  int warn_days = 90;
  std::vector<std::string> inputs;
  size_t resources = 0;
  size_t affected = 0; // at least a warning
  size_t broken = 0;   // an error: already broken, or cannot be re-created
  size_t malformed = 0;
  // The listings whose last page read says more follow (Listings::incomplete).
  std::vector<ListPage> incomplete;
  std::map<std::string, size_t> by_status;    // the verdicts' statuses (JSON), as audit counts them
  std::map<std::string, size_t> by_words;     // the same, in words (text): status_words
  std::map<std::string, bool> words_broken;   // whether a status in words is an error
  std::map<std::string, bool> words_affected; // whether it is at least a warning
  // The nearest deadline still ahead (nearest by its first day): its last day, and its first day
  // when it is a window; next_days counts to its first day (negative: the window has begun). A
  // catalog's sunset ahead is a deadline too.
  std::optional<Date> next_deadline;
  std::optional<Date> next_deadline_earliest;
  std::string next_deadline_what; // "runtime 2.1 deletion (3 resources)", "ai-platform sunset (9 resources)"
  std::optional<long> next_days;
  // The catalogs with a sunset that the resources are on, with how many resources each.
  struct CatalogEnd {
    const Catalog* catalog = nullptr;
    Date sunset;
    size_t resources = 0;
    bool passed = false; // on or before the report's date: the platform is gone
  };
  std::vector<CatalogEnd> ends;
  std::vector<ReportGroup> groups; // most urgent first
  std::vector<Finding> findings;   // malformed records (capped) and scan findings
  // The worst severity of the resources' verdicts, malformed records (errors) and scan findings:
  // the exit code follows it (lib::fails), as audit's follows its verdicts'.
  std::optional<catalog::Severity> worst;
  bool scanned = false;
  size_t scan_errors = 0; // scan findings by severity
  size_t scan_warnings = 0;
  size_t scan_notes = 0;
  // Whether anything needs action: a resource with at least a warning, or a scan finding.
  bool needs_action() const { return affected > 0 || scan_errors + scan_warnings > 0; }
  // "12 of 40 resources break: ..." (one sentence; with a scan, what it found).
  std::string headline() const;
  // When the next deadline falls: "2025-02-01, in 62 days", "between 2024-12-09 and 2025-02-01, in
  // 8 to 62 days" ("" when there is none).
  std::string next_deadline_when() const;
  // For each catalog whose sunset has passed: "Google Cloud AI Platform Training and Prediction
  // (legacy) shut down on 2025-02-01; its 9 resources below no longer run".
  std::vector<std::string> ended() const;
};

// Builds the migration report over inventory files (read as audit reads them, one record at a
// time; memory holds the groups, not the resources: each affected one goes to o.on_row). Throws InvalidInput for
// an unreadable file or one that is not an inventory.
Report build_report(const catalog::CatalogSet& set, const std::vector<std::string>& inventories, const ReportOptions& o);
Report build_report(const catalog::CatalogSet& set, const std::vector<std::string>& inventories, Date on, int warn_days,
                    const std::string& platform);

// The hook for `scan`: joins source-tree findings into the report.
void add_scan_findings(Report& report, const std::vector<Finding>& findings);

// Keeps this legacy resource in g.candidates when it is among the k_candidates best (see
// Representative); Vertex AI resources and groups outside every catalog keep none.
void keep_representative(ReportGroup& g, const Resource& res, const Verdict& v);

} // namespace lib
