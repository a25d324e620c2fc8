#pragma once

#include "catalog/model.hpp"
#include "lib/rules.hpp"

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

} // namespace lib
