#pragma once

#include "lib/scan/scan.hpp"

#include <string>

namespace fixtures {

// A finding of a scan at path:line:column, with the region it spans.
inline void add_finding(lib::scan::ScanResult& r, const std::string& rule, catalog::Severity severity, const std::string& message,
                        const std::string& path, int line, int column, const std::string& suggestion, lib::scan::Region region) {
  lib::Finding f;
  f.rule = rule;
  f.severity = severity;
  f.message = message;
  f.path = path;
  f.line = line;
  f.column = column;
  f.suggestion = suggestion;
  r.findings.push_back(f);
  r.regions.push_back(std::move(region));
}

} // namespace fixtures
