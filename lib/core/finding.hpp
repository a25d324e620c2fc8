#pragma once

#include "catalog/model.hpp"
#include "lib/core/rules.hpp"

#include <set>
#include <string>
#include <vector>

namespace lib {

// One problem found in an input, with the rule that found it. The same shape serves check,
// validate, scan and audit; fields that do not apply stay empty (0 for line and column).
struct Finding {
  std::string rule;
  catalog::Severity severity = catalog::Severity::error;
  std::string message;
  std::string path;
  int line = 0;
  int column = 0;
  std::string catalog;
  std::string runtime;
  std::string python;
  std::string suggestion;
};

// A finding of a registered rule, at the rule's default severity.
Finding finding_of(RuleId rule, std::string message);

// The most severe finding's severity; nullopt when there is none.
std::optional<catalog::Severity> worst(const std::vector<Finding>& findings);

// Whether any finding is at or above the threshold (nullopt threshold: never).
bool fails(const std::vector<Finding>& findings, std::optional<catalog::Severity> threshold);
// The same rule for a worst severity already known (an audit's, a report's): every command's
// exit code follows it.
bool fails(std::optional<catalog::Severity> worst, std::optional<catalog::Severity> threshold);

// Whether the finding is a note that follows from another finding (what to use instead, that
// nothing fits, how old the data is): it goes with that finding when it is suppressed.
bool follows_a_finding(const Finding& f);

// The notes said once in a run over many inputs: "nothing is usable" once, and each distinct
// custom-container route once. Every other finding is always kept.
class SaidOnce {
public:
  // True when the finding repeats a note this run already said (and should be dropped).
  bool repeated(const Finding& f);

private:
  std::set<std::string> m_said;
};

} // namespace lib
