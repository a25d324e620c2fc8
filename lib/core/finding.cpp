#include "lib/core/finding.hpp"

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
  return fails(worst(findings), threshold);
}

bool fails(std::optional<catalog::Severity> worst, std::optional<catalog::Severity> threshold) {
  return threshold && worst && *worst >= *threshold;
}

bool follows_a_finding(const Finding& f) {
  return f.rule == rule_id(RuleId::no_alternative) || f.rule == rule_id(RuleId::custom_container_route) ||
         f.rule == rule_id(RuleId::stale_data);
}

bool SaidOnce::repeated(const Finding& f) {
  if (f.rule == rule_id(RuleId::no_alternative)) {
    return !m_said.insert(f.rule).second;
  }
  if (f.rule == rule_id(RuleId::custom_container_route)) {
    return !m_said.insert(f.rule + "\n" + f.message).second;
  }
  return false;
}

} // namespace lib
