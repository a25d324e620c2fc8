#pragma once

#include "lib/scan/scan.hpp"

#include <string>

namespace render {

// The scan as JSON: {"date", "files", "skipped": {...}, "suppressed", "summary": {error,
// warning, note}, "findings": [finding...], "references": [...]} with the finding fields every
// command shares (rule, severity, message, path, line, column, catalog, runtime, python,
// suggestion). A whole document with a trailing newline.
std::string json_scan(const lib::scan::ScanResult& result, catalog::Date on);

// GitHub Actions workflow commands, one per finding:
// "::error file=PATH,line=L,col=C,endColumn=E,title=rtcat RULE::message (use X)"
// (warning and notice for the other levels), with the command escapes GitHub expects.
std::string github_annotations(const lib::scan::ScanResult& result);

// "12 files scanned, 3 references: 2 errors, 1 warning, 0 notes (1 suppressed)".
std::string summary_line(const lib::scan::ScanResult& result);

} // namespace render
