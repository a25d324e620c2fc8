#pragma once

#include "lib/audit.hpp"
#include "lib/upgrade.hpp"

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

// One runtime in use, with what to move to.
struct RuntimeSection {
  const Catalog* catalog = nullptr;
  const RuntimeEntry* entry = nullptr;
  std::string service; // "training" or "prediction"
  Lifecycle lifecycle;
  size_t resources = 0;
  size_t affected = 0;
  std::vector<std::string> frameworks; // seen on its resources
  UpgradePlan plan;                    // the recommended targets (lib::plan_upgrade)
};

struct Report {
  Date on;
  int warn_days = 90;
  std::vector<std::string> inputs;
  size_t resources = 0;
  size_t affected = 0; // at least a warning
  size_t broken = 0;   // an error: already broken, or cannot be re-created
  size_t malformed = 0;
  std::map<std::string, size_t> by_status;
  std::optional<Date> next_deadline; // the nearest deadline still ahead
  std::string next_deadline_what;    // "runtime 2.1 deletion (3 resources)"
  std::optional<long> next_days;
  std::vector<RuntimeSection> runtimes; // in use, most urgent first
  std::vector<ReportRow> rows;          // affected resources, most urgent first
  std::vector<Finding> findings;        // malformed records (capped) and scan findings
  bool scanned = false;
  // "12 of 40 resources break: ..." (one sentence).
  std::string headline() const;
};

// Builds the migration report over inventory files (read as audit reads them, one record at a
// time; only affected resources are kept). Throws InvalidInput for an unreadable file or one
// that is not an inventory.
Report build_report(const catalog::CatalogSet& set, const std::vector<std::string>& inventories, Date on, int warn_days,
                    const std::string& platform);

// The hook for `scan`: joins source-tree findings into the report.
void add_scan_findings(Report& report, const std::vector<Finding>& findings);

} // namespace lib
