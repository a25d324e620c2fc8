#pragma once

#include "catalog/catalog_set.hpp"
#include "lib/core/finding.hpp"
#include "lib/jobs/job_spec.hpp"
#include "lib/jobs/requirements.hpp"

#include <string>
#include <vector>

namespace lib::jobs {

struct RuleOptions {
  catalog::Date on;
  int warn_days = 90;
  std::string platform = "ai-platform";         // the catalog the job's runtimeVersion is looked up in
  std::vector<LocatedRequirement> requirements; // what the job installs (--requirements)
  std::vector<std::string> frameworks;          // framework keys the job trains with (--framework)
  // false: a runtimeVersion the job gives is judged elsewhere (scan judges each runtime it finds,
  // through variables too, with lib::check), so neither it nor the Python version is judged here
  // (nor read: either may be an expression); a defaulted runtime still is.
  bool judge_given_runtime = true;
};

// Every finding for one job, sorted by position: the parser's notes, the catalog's lifecycle,
// Python, framework and requirement rules (through lib::check and lib::compatibility), the
// required fields of the catalog policy, scale tier and replica rules, packages and images.
// Rule ids are listed in docs/readme-jobs.md. Throws catalog::InvalidInput
// "path:line:col: ..." for a malformed runtimeVersion or pythonVersion.
std::vector<Finding> validate_job(const catalog::CatalogSet& set, const JobSpec& spec, const RuleOptions& options);

} // namespace lib::jobs
