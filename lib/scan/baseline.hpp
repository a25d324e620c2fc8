#pragma once

#include "lib/scan/scan.hpp"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace lib::scan {

// The findings a repository has accepted for now, by the fingerprint the SARIF output carries
// (rule, path and the line's text: moving a line keeps it, editing it does not). A fingerprint
// may stand for several findings (the same line text twice in a file).
struct Baseline {
  std::map<std::string, size_t> counts; // fingerprint -> how many findings
  size_t size() const;
};

// Reads a baseline file (render/baseline writes it). `origin` names it in messages. Throws
// InvalidInput "origin:LINE:COL: ..." for a file that is not one.
Baseline parse_baseline(std::string_view text, const std::string& origin);
Baseline read_baseline(const std::string& path);

// What applying a baseline did.
struct BaselineMatch {
  std::vector<Finding> findings; // the findings dropped because the baseline has them
  std::vector<Region> regions;   // theirs (a shrunk baseline is written from these)
  size_t gone = 0;               // baseline entries no finding matched any more: fixed, or their line edited
};

// Drops from `result` (findings and regions) each finding the baseline holds, in file order,
// at most as many per fingerprint as the baseline counts; counts them in result.baselined and
// the entries left over in result.baseline_gone.
BaselineMatch apply_baseline(ScanResult& result, const Baseline& baseline);

} // namespace lib::scan
