#pragma once

#include "lib/scan/scan.hpp"

#include <string>
#include <vector>

namespace render {

// A baseline file (lib/scan/baseline reads it): {"format": "rtcat-baseline/1", "findings":
// [{"fingerprint", "rule", "path", "line", "message"}]}, pretty-printed. Only the fingerprint
// is matched; the rest is for the people who review the file.
std::string baseline_file(const std::vector<lib::Finding>& findings, const std::vector<lib::scan::Region>& regions);

} // namespace render
