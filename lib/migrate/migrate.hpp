#pragma once

// A legacy AI Platform training job, rewritten as its Vertex AI equivalent: a CustomJob, or a
// HyperparameterTuningJob when the job tunes hyperparameters. What has no equivalent, or was
// guessed, is a finding placed at the legacy field.

#include "catalog/catalog_set.hpp"
#include "lib/core/finding.hpp"
#include "lib/jobs/job_spec.hpp"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lib::migrate {

// What a migrated spec holds where the user must fill something in before submitting it; a
// migrate-placeholder finding says what. Upper-case letters keep them from being taken for a
// real image reference or bucket.
inline constexpr std::string_view k_image_placeholder = "REGION-docker.pkg.dev/PROJECT/REPOSITORY/TRAINER:TAG";
inline constexpr std::string_view k_server_placeholder = "REGION-docker.pkg.dev/PROJECT/REPOSITORY/SERVER:TAG";
inline constexpr std::string_view k_package_placeholder = "gs://BUCKET/PATH/PACKAGE.tar.gz";
inline constexpr std::string_view k_machine_placeholder = "MACHINE_TYPE";

struct MachineSpec {
  std::string machine_type;     // always set for a used pool (a documented type, --machine-type or rtcat's choice)
  std::string accelerator_type; // "" for none
  long accelerator_count = 0;
};

// One entry of workerPoolSpecs. An unused pool before a used one stays as an empty entry.
struct WorkerPool {
  bool used = false;
  MachineSpec machine;
  long replica_count = 0;
  std::string executor_image_uri;   // pythonPackageSpec, when set
  std::string container_image_uri;  // containerSpec, when set
  std::vector<std::string> command; // containerSpec.command
  std::vector<std::string> package_uris;
  std::string python_module;
  std::vector<std::string> args;
  std::string boot_disk_type; // diskSpec ("" and 0: not set)
  long boot_disk_size_gb = 0;
};

// An image the job's container must be built as, when no prebuilt image of its framework is
// open on the date: the Dockerfile's lines, from the last known prebuilt image.
struct ImageToBuild {
  std::string from;                      // the prebuilt image it starts from
  std::vector<std::string> package_uris; // to copy next to the Dockerfile before the build
  std::vector<std::string> dockerfile;
};

struct ParameterSpec {
  std::string id;
  std::string type; // DOUBLE, INTEGER, CATEGORICAL, DISCRETE
  std::optional<double> min_value;
  std::optional<double> max_value;
  std::vector<std::string> categories;
  std::vector<double> discrete_values;
  std::string scale_type; // "" when not set
};

struct StudySpec {
  std::string metric_id;
  std::string goal; // MAXIMIZE or MINIMIZE
  std::vector<ParameterSpec> parameters;
  std::string algorithm; // "" when not set
  long max_trial_count = 1;
  long parallel_trial_count = 1;
  std::optional<long> max_failed_trial_count;
};

struct VertexJob {
  std::string display_name;
  std::string region; // "" when the job names none
  std::string service_account;
  std::string network;
  std::string output_uri_prefix; // baseOutputDirectory
  std::string timeout;           // scheduling.timeout ("7200s")
  bool enable_web_access = false;
  std::vector<std::pair<std::string, std::string>> labels; // the legacy job's, as written
  std::string kms_key_name;      // encryptionConfig.kmsKeyName -> encryptionSpec.kmsKeyName ("" for none)
  std::vector<WorkerPool> pools; // Vertex AI's fixed order: primary, workers, parameter servers, evaluators
  std::optional<StudySpec> study;
  std::optional<ImageToBuild> build; // set when the pools' imageUri is k_image_placeholder
  std::vector<Finding> findings;
};

struct Options {
  catalog::Date on;
  std::optional<std::string> image;     // --image: the executor image for a Python package job
  std::optional<std::string> framework; // --framework: overrides the runtime's
  // --machine-type [POOL=]TYPE: the machine type of one pool (workerpool0..3, or its legacy
  // name: master, worker, parameterServer or ps, evaluator), of every pool when POOL is "".
  std::vector<std::pair<std::string, std::string>> machine_types;
};

// The pool names --machine-type takes, in Vertex AI's pool order (each with its legacy names).
const std::vector<std::vector<std::string>>& pool_names();

// Rewrites the job. Throws catalog::InvalidInput "path: ..." when the job's training code or
// framework cannot be told (no package and no container; no framework known and no --image).
VertexJob migrate_job(const catalog::CatalogSet& set, const jobs::JobSpec& job, const Options& opt);

// The legacy hyperparameters object (as JSON text) as a Vertex AI study; findings for fields
// without an equivalent are appended to `findings`.
StudySpec study_of(const jobs::JobSpec& job, std::string_view hyperparameters_json, std::vector<Finding>& findings);

// The executor image for a Python package job on the date (findings say which and why).
struct ExecutorImage {
  std::string uri;
  bool open = true; // false: no prebuilt image of the framework is open on the date; uri is the last known one
};
ExecutorImage executor_image(const catalog::CatalogSet& set, const jobs::JobSpec& job, const Options& opt,
                             const std::string& accelerator, const std::string& region, std::vector<Finding>& findings);

// Trainer code under `dir` (its .py files) that reads CLUSTER_SPEC task types by their AI Platform
// names (master, worker, ps, evaluator), which Vertex AI calls workerpool0..3: one finding per use,
// at its file:line:col. Throws catalog::InvalidInput when `dir` does not exist.
std::vector<Finding> legacy_cluster_names(const std::string& dir);

} // namespace lib::migrate
