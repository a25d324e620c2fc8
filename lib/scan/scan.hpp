#pragma once

#include "catalog/catalog_set.hpp"
#include "lib/core/finding.hpp"
#include "lib/scan/extract.hpp"
#include "lib/scan/markdown.hpp"
#include "util/walker.hpp"

#include <string>
#include <vector>

namespace lib::scan {

struct ScanOptions {
  util::WalkOptions walk;
  std::vector<std::string> ignore_rules; // rule ids dropped everywhere (config "ignore", --ignore)
  MarkdownRules markdown;                // what else marks a fenced block as example output (config)
  catalog::Date on;
  int warn_days = 90;
};

// A runtime reference found, with its standing on the date (for reports).
struct FoundReference {
  std::string path;
  int line = 0;
  int column = 0;
  Form form = Form::key;
  Service service = Service::training;
  std::string catalog; // the catalog it was found in; "" when unknown
  std::string runtime;
  std::string python;
  std::string status;       // lifecycle status on the date, or "unknown-runtime"
  int cell = -1;            // the 0-based notebook cell; -1 outside notebooks
  std::string variable{};   // the value came through this variable ("" when written in place)
  int set_line = 0;         // the line where the value was set (0 when written in place)
  bool conditional = false; // the value of one branch of a condition rtcat cannot decide
};

// Where a finding sits beyond its line and column.
struct Region {
  int end_column = 0;      // one past the last character of the value
  std::string fingerprint; // stable across moves of the line (rule, path, line text)
  int cell = -1;           // the 0-based notebook cell; -1 outside notebooks
};

struct ScanResult {
  std::vector<Finding> findings; // file order, then position
  std::vector<Region> regions;   // one per finding
  std::vector<FoundReference> references;
  size_t files = 0; // text files read
  size_t binary = 0;
  size_t too_large = 0;
  size_t ignored = 0; // by .gitignore or --exclude
  size_t symlinks = 0;
  size_t unreadable = 0;
  size_t suppressed = 0;    // findings dropped by "rtcat: ignore[RULE]" or ignored rules
  size_t baselined = 0;     // findings dropped because the baseline has them (baseline.hpp)
  size_t baseline_gone = 0; // baseline entries no finding matched
};

// Walks the paths, extracts every runtime reference (extract.hpp) on all cores, and judges each
// with lib::check() on the date (plus runtime-version-required and python-version-required,
// or their -defaulted notes before 2020-01-13, for whole jobs). A finding of rule R is dropped
// when R (or a former id of R) is in ignore_rules, or when "rtcat: ignore[R]" (or a former id,
// or "ignore[*]") is on its line or the line above. Throws InvalidInput for a path that does not exist.
ScanResult scan(const catalog::CatalogSet& set, const ScanOptions& options);

} // namespace lib::scan
