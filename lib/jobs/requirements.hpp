#pragma once

#include "catalog/pep440.hpp"
#include "lib/jobs/job_spec.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace lib::jobs {

// A requirement with where it was written.
struct LocatedRequirement {
  catalog::pep440::Requirement requirement;
  std::string text; // as written
  Pos pos;          // file set
};

// The requirements a job installs, from a requirements.txt (comments, blank lines and pip
// options such as -r, -e, --index-url and URLs are skipped) or, for a file named setup.py,
// from its literal `REQUIRED_PACKAGES = [...]` or `install_requires=[...]` list.
// Throws catalog::InvalidInput "path:line:col: ..." for a requirement that is not PEP 508,
// or a setup.py without such a literal list of strings.
std::vector<LocatedRequirement> read_requirements(std::string_view text, const std::string& path);

} // namespace lib::jobs
