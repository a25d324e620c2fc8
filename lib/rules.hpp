#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace lib {

// A rule id that findings carry, with its usual severity and what it means (SARIF
// tool.driver.rules, `rtcat scan --list-rules`, the README).
struct RuleInfo {
  std::string id;
  std::string severity; // "error", "warning" or "note": the usual level
  std::string description;
};

// Every rule id rtcat's checks emit, in a stable order.
const std::vector<RuleInfo>& rule_infos();

// The rule of that id; for an id only a user catalog defines (its compatibility rules), a
// generic description at error level.
RuleInfo rule_info(std::string_view id);

} // namespace lib
