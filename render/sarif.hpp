#pragma once

#include "lib/scan/scan.hpp"

#include <string>

namespace render {

// A SARIF 2.1.0 log of a scan: one run whose tool.driver.rules is the rule registry (each
// rule's description, help, default level and former ids as deprecatedIds) plus any id only
// a user catalog defines that a finding carries; each result has its
// ruleId and ruleIndex, level, message, a region (1-based lines, columns in Unicode code
// points) in an artifactLocation relative to %SRCROOT% (absolute paths become file:// URIs),
// and partialFingerprints. Returns the whole document with a trailing newline.
std::string sarif_log(const lib::scan::ScanResult& result, const std::string& tool_version);

// Percent-encodes a relative path for a URI reference (keeps unreserved characters and '/').
std::string uri_path(const std::string& path);

} // namespace render
