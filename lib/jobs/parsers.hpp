#pragma once

#include "lib/jobs/job_spec.hpp"

#include <map>
#include <optional>
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

// One YAML document as JSON text, with where each key starts (1-based, within the text) by
// field path ("trainingInput.runtimeVersion").
struct YamlJson {
  std::string json;
  std::map<std::string, Pos> positions;
};

// Why yaml_document_json() could not read a document: the message and where (1-based line and
// column within the text; 0 when unknown).
struct YamlError {
  std::string message;
  int line = 0;
  int column = 0;
};

// The first YAML document of text as compact JSON: loaded within the limits of lib/input_limits
// (aliases, depth, size), plain scalars typed as a YAML 1.1 reader such as gcloud's types them,
// as parse_config_yaml reads a job. A document that is not a mapping, malformed YAML, a limit,
// invalid UTF-8: nullopt, with `error` set. `origin` names the text in limit messages.
std::optional<YamlJson> yaml_document_json(std::string_view text, const std::string& origin, YamlError& error);

// A `gcloud [beta] ai-platform|ml-engine jobs submit training JOB [flags] [-- args]` command
// line (backslash continuations, quotes, --flag=value). `path` names the input in messages
// ("--gcloud" or a file); `base_dir` is where a relative --config file is looked up.
// Throws catalog::InvalidInput "path:line:col: ..." for an unterminated quote, a missing flag
// value, a bad number or when no such command is found.
JobSpec parse_gcloud(std::string_view text, const std::string& path, const std::string& base_dir);

} // namespace lib::jobs
