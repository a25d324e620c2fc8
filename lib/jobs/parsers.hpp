#pragma once

#include "lib/jobs/job_spec.hpp"

#include <string>
#include <string_view>

namespace lib::jobs {

// A REST job ({"jobId": ..., "trainingInput": {...}}) or a bare trainingInput, as JSON.
// Throws catalog::InvalidInput "path:line:col: invalid JSON: ..." for malformed JSON and
// "path:line:col: ..." for a field of the wrong type.
JobSpec parse_rest_json(std::string_view text, const std::string& path);

// A gcloud config.yaml (trainingInput: with camelCase keys), or a bare trainingInput.
// Throws catalog::InvalidInput "path:line:col: invalid YAML: ..." for malformed YAML.
JobSpec parse_config_yaml(std::string_view text, const std::string& path);

// A `gcloud [beta] ai-platform|ml-engine jobs submit training JOB [flags] [-- args]` command
// line (backslash continuations, quotes, --flag=value). `path` names the input in messages
// ("--gcloud" or a file); `base_dir` is where a relative --config file is looked up.
// Throws catalog::InvalidInput "path:line:col: ..." for an unterminated quote, a missing flag
// value, a bad number or when no such command is found.
JobSpec parse_gcloud(std::string_view text, const std::string& path, const std::string& base_dir);

} // namespace lib::jobs
