#include "lib/finding.hpp"

namespace lib {

Finding finding_of(RuleId id, std::string message) {
  Finding f;
  f.rule = rule_id(id);
  f.severity = rule(id).severity;
  f.message = std::move(message);
  return f;
}

std::optional<catalog::Severity> worst(const std::vector<Finding>& findings) {
  std::optional<catalog::Severity> out;
  for (const auto& f : findings) {
    if (!out || f.severity > *out) {
      out = f.severity;
    }
  }
  return out;
}

bool fails(const std::vector<Finding>& findings, std::optional<catalog::Severity> threshold) {
  auto w = worst(findings);
  return threshold && w && *w >= *threshold;
}

} // namespace lib
