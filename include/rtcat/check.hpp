#pragma once

// Is a runtime / Python / framework combination valid on a date? (`rtcat check`)

#include <string>
#include <vector>

#include "rtcat/catalogs.hpp"
#include "rtcat/types.hpp"

namespace rtcat {

struct CheckRequest {
  std::string runtime;                   // "2.1", "vertex-prediction:sklearn-cpu.1-6"
  std::string python;                    // "3.7"; "" when not given
  std::vector<std::string> frameworks;   // "tensorflow", "scikit-learn", ...
  std::vector<std::string> requirements; // PEP 508 lines: "tensorflow>=2.3"
  std::string service = "training";      // or "prediction"
  Date on;
  int warn_days = 90;
};

struct CheckResult {
  bool ok = false; // no error finding
  std::vector<Finding> findings;
  std::vector<std::string> suggestions; // "catalog:id" of runtimes to use instead, best first
};

// Throws rtcat::Error for a malformed Python version or requirement.
CheckResult check(const Catalogs& catalogs, const CheckRequest& request);

} // namespace rtcat
