#pragma once

// Internal to lib/jobs: the document tree every job parser produces, and the one function that
// turns it into a JobSpec (so that field rules and type errors are the same in every form).

#include "lib/jobs/job_spec.hpp"

#include <nlohmann/json.hpp>

#include <map>
#include <string>

namespace lib::jobs {

using Tree = nlohmann::ordered_json;
// Field path from the document root ("trainingInput.packageUris[1]") -> where its key or
// element starts.
using Positions = std::map<std::string, Pos>;

// Builds a spec from a Job document ({"jobId", "trainingInput"}) or a bare trainingInput.
// Counts may be numbers or numeric strings (proto3 JSON writes int64 as strings); booleans may
// be true/false or "true"/"false". Throws catalog::InvalidInput "path:line:col: field must be
// ..." for a field of the wrong type.
JobSpec job_from_tree(const Tree& doc, const Positions& positions, const std::string& path, const std::string& form);

} // namespace lib::jobs
