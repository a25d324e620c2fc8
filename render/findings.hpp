#pragma once

#include "lib/core/finding.hpp"

#include <string>
#include <vector>

namespace render {

// A finding's message, with "(use X)" when it has a suggestion and is not a note.
std::string message_with_suggestion(const lib::Finding& f);

// Compiler-style lines: "path:line:col: error: message [rule] (use X)", the severity in its
// colour when color is set; a finding without a path starts at its severity.
std::string findings_text(const std::vector<lib::Finding>& findings, bool color);

// How many findings of each severity: "1 error, 2 warnings"; "ok" when there is none.
std::string counts_text(const std::vector<lib::Finding>& findings);

// One compiler-style line without colour or newline, for a report's list.
std::string finding_line(const lib::Finding& f);

} // namespace render
