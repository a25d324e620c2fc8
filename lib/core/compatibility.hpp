#pragma once

#include "catalog/pep440.hpp"
#include "lib/core/finding.hpp"
#include "lib/core/lifecycle.hpp"
#include "lib/core/service.hpp"

#include <optional>
#include <string>
#include <vector>

namespace lib {

// What a job needs of any runtime it runs on, on a date: the part of a request that a search for
// targets (TargetQuery) asks in the same words.
struct JobNeeds {
  std::optional<catalog::Version> python;
  std::vector<std::string> frameworks; // framework keys (see framework_key)
  std::vector<catalog::pep440::Requirement> requires_;
  Service service = Service::training;
  Date on;
  int warn_days = 90;
};

// What a job or model version asks of a runtime.
struct Request : JobNeeds {
  std::string runtime;
  bool deployed = false; // an existing resource, not new work
  std::string platform;
};

// A request from what a user wrote: the runtime id, the Python version ("" for none), framework
// names (any spelling framework_key accepts) and PEP 508 requirement lines. The service, date
// and warning window keep their defaults. Throws InvalidInput for a malformed Python version or
// requirement.
Request request_from_text(std::string runtime, const std::string& python, const std::vector<std::string>& frameworks,
                          const std::vector<std::string>& requirements);

// A finding of `rule` at `severity` about entry r of catalog c: it names the catalog and the runtime.
Finding entry_finding(std::string rule, Severity severity, std::string message, const Catalog& c, const RuntimeEntry& r);

// The same for a registered rule, at its default severity.
Finding entry_finding(RuleId id, std::string message, const Catalog& c, const RuntimeEntry& r);

// The same for a registered rule at another severity (the catalog's, or one that depends on the
// service).
Finding entry_finding(RuleId id, Severity severity, std::string message, const Catalog& c, const RuntimeEntry& r);

// The Pythons an entry has, as "3.7, 3.8"; "" when the sources do not say.
std::string python_list(const RuntimeEntry& r);

// Findings for the request's Python, frameworks and requirements on one entry.
std::vector<Finding> compatibility(const Catalog& c, const RuntimeEntry& r, const Request& req);

} // namespace lib
