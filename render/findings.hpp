#pragma once

#include "lib/core/finding.hpp"

#include <string>
#include <vector>

namespace render {

// A finding's message, with "(use X)" when it has a suggestion and is not a note.
std::string message_with_suggestion(const lib::Finding& f);

// Compiler-style lines: "path:line:col: error: message [rule] (use X)", the severity in its
// colour when color is set; a finding without a path starts at its severity. With width > 0, a
// line wider than that wraps its message into continuation lines indented under the message
// (4 spaces when "path:line:col: severity: " leaves less than k_min_message_width); the
// location, the severity, the rule id and the suggested id stay whole.
std::string findings_text(const std::vector<lib::Finding>& findings, bool color, size_t width = 0);

// The narrowest a finding's message becomes beside its location before it goes below it.
inline constexpr size_t k_min_message_width = 24;

// How many findings of each severity: "1 error, 2 warnings"; "ok" when there is none.
std::string counts_text(const std::vector<lib::Finding>& findings);

// One compiler-style line without colour or newline, for a report's list.
std::string finding_line(const lib::Finding& f);

} // namespace render
