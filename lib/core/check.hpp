#pragma once

#include "catalog/catalog_set.hpp"
#include "lib/core/compatibility.hpp"
#include "lib/core/finding.hpp"
#include "lib/core/lifecycle.hpp"
#include "lib/core/lookup.hpp"
#include "lib/core/targets.hpp"

#include <optional>
#include <string>
#include <vector>

namespace lib {

// A runtime or image to use instead (see find_targets).
using Suggestion = Target;

// What check concludes of a request: valid; valid with warnings; unconfirmed (nothing is wrong
// that the data shows, but a requirement only possibly holds on the release line the runtime is
// known by); not valid (an error).
enum class CheckVerdict { valid, warnings, unconfirmed, invalid };

// "valid", "warnings", "unconfirmed", "invalid".
const char* verdict_name(CheckVerdict v);

struct CheckResult {
  std::optional<EntryRef> target; // unset when the runtime is not in any catalog
  std::optional<Lifecycle> lifecycle;
  std::vector<Finding> findings;
  std::vector<Suggestion> suggestions;
  bool ok() const; // no error finding
  CheckVerdict verdict() const;
};

// Checks a request against the catalogs: lifecycle on the date, Python, framework rules,
// requirements against pins, data staleness; suggests what to use instead when it fails (the
// targets find_targets gives; when there is none and the entry cannot be used, a no-alternative
// note and the custom-container route).
CheckResult check(const catalog::CatalogSet& set, const Request& req);

// The findings of the request on one entry, without suggestions: its lifecycle on the date and
// its compatibility. `check` and `combos` judge with it, so that they always agree.
std::vector<Finding> judge(const Catalog& c, const RuntimeEntry& r, const Lifecycle& lc, const Request& req);

// The target query of a request (its Python, frameworks, requirements, service and date).
TargetQuery target_query(const Request& req, size_t max);

// The frameworks a request is about: those it names, else those the entry carries.
std::vector<std::string> frameworks_of(const RuntimeEntry* current, const Request& req);

// The finding for a job or model version that leaves `field` (runtimeVersion or pythonVersion)
// out, on the date: from the policy's date on, runtime-version-required or
// python-version-required (errors); before it, runtime-version-defaulted or
// python-version-defaulted (notes) naming the default the field then took; nullopt before it
// when the policy gives no default. The message names the field, the date and the default;
// callers add where to set it.
std::optional<Finding> missing_field(const catalog::RequiredFields& policy, const std::string& field, Date on);

} // namespace lib
