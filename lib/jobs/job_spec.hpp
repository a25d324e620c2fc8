#pragma once

#include "lib/core/finding.hpp"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lib::jobs {

// Where something was written: a file (empty: the spec's own path), a 1-based line and column
// (0 when unknown).
struct Pos {
  std::string file;
  int line = 0;
  int column = 0;
};

// One replica role of a training cluster, in the order the service lists them.
struct Role {
  std::string name;  // CLUSTER_SPEC name: master, worker, ps, evaluator
  std::string field; // trainingInput prefix: master, worker, parameterServer, evaluator
  std::optional<std::string> machine_type;
  long count = 0;                       // replicas of this role (master: 1)
  bool count_set = false;               // the count was written in the input
  std::optional<std::string> image_uri; // as written (not defaulted)
};

// A training job, whatever form it came in (REST JSON, gcloud config.yaml, gcloud command
// line). Every field keeps where it was written so that findings can point at it.
struct JobSpec {
  std::string path; // the input, as findings name it
  std::string form; // "rest-json", "config-yaml" or "gcloud"
  std::string job_id;
  // The job's labels (beside trainingInput; gcloud --labels), in the order written.
  std::vector<std::pair<std::string, std::string>> labels;
  // A gcloud --config fragment: a document without a top-level jobId (only trainingInput, or a
  // bare trainingInput). gcloud merges it with the command's flags, which win, so what the
  // command line usually supplies (runtimeVersion, pythonVersion, the package and module, the
  // image) is judged as a flag still to give, not as missing. A REST job body (with jobId) and
  // a gcloud command line are complete jobs.
  bool fragment = false;
  std::optional<std::string> runtime_version;
  std::optional<std::string> python_version;
  std::optional<std::string> scale_tier;
  std::vector<Role> roles; // master, worker, ps, evaluator (always all four)
  std::vector<std::string> package_uris;
  bool local_packages = false; // gcloud --package-path / local --packages: uploaded by gcloud
  std::optional<std::string> python_module;
  bool use_chief_in_tf_config = false;
  bool hyperparameters = false;         // the job is a hyperparameter tuning job
  std::string training_input_json;      // the trainingInput as compact JSON (the `job` of CLUSTER_SPEC)
  std::map<std::string, Pos> positions; // field path in trainingInput ("masterConfig.imageUri", "packageUris[1]")
  std::vector<Finding> notes;           // what the parser noticed (unknown fields or flags, YAML pitfalls)

  // Where a field was written; falls back to the nearest enclosing field, then to the
  // trainingInput itself (or line 0 when nothing is known).
  Pos pos(const std::string& field) const;
  const Role& role(const std::string& name) const;
  // masterConfig.imageUri is set: a custom-container job.
  bool custom_container() const;
  // The image a role's replicas run: its own, else the master's (nullopt without a custom container).
  std::optional<std::string> image_for(const std::string& role) const;
};

// "path:line:col: " (or "path: " when the position is unknown; pos.file wins over path), the
// prefix of every InvalidInput message about a job.
std::string where(const std::string& path, const Pos& pos);

// The 1-based line and column (in characters, not UTF-8 bytes) of a byte offset in text.
Pos pos_at(std::string_view text, size_t offset);

// Throws catalog::InvalidInput "origin:line:col: invalid UTF-8" at the first byte sequence
// that is not UTF-8 (JSON output and messages must be valid text).
void check_utf8(std::string_view text, const std::string& origin);

// The finding, placed at a field of the spec.
Finding job_finding(const JobSpec& spec, const std::string& field, Finding f);

// The trainingInput fields the platform knows (camelCase), for "unknown field" notes. migrate
// carries every one of them over to Vertex AI or says why it cannot.
const std::vector<std::string>& known_training_input_fields();

// The scale tiers the platform offers.
const std::vector<std::string>& scale_tiers();

// Reads a job from a file: JSON (.json, or content starting with '{'), YAML (.yaml, .yml, or
// anything else that is not a command line), or a gcloud command line (.sh, .cmd, .txt).
// Throws catalog::InvalidInput "path:line:col: what is wrong" for unreadable or malformed input.
JobSpec read_job_file(const std::string& path);

} // namespace lib::jobs
