#pragma once

// Runtime references in a source tree, judged on a date (`rtcat scan`).

#include <cstddef>
#include <string>
#include <vector>

#include "rtcat/catalogs.hpp"
#include "rtcat/types.hpp"

namespace rtcat {

struct ScanRequest {
  std::vector<std::string> paths;    // files or folders; "." when empty
  std::vector<std::string> excludes; // gitignore-style globs
  std::vector<std::string> ignore_rules;
  Date on;
  int warn_days = 90;
};

struct ScanResult {
  std::vector<Finding> findings; // file order, then position
  std::size_t files = 0;         // text files read
};

// Throws rtcat::Error for a path that does not exist.
ScanResult scan(const Catalogs& catalogs, const ScanRequest& request);

} // namespace rtcat
