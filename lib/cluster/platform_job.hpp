#pragma once

#include <string>

namespace lib::cluster {

// The `job` a replica reads in CLUSTER_SPEC and TF_CONFIG, in the one form the platform writes
// it, whatever form the job was submitted in (REST JSON, a gcloud --config YAML file, gcloud
// flags): the platform writes `job` from the TrainingInput it stored, not from the request.
//
// That form, from what trainers on AI Platform Training printed or parsed (README, "What a
// trainer reading `job` receives"):
//   - field names are the proto names, snake_case, at every level: scale_tier, master_type,
//     master_config.image_uri, package_uris, python_module, job_dir, runtime_version;
//     observed in the job JSON the platform handed to custom containers and trainers
//     (github.com/poxstone/blender-boycup, entrypoint.sh and README.md: CLOUD_ML_JOB with
//     "scale_tier", "master_config": {"image_uri": ...}); sure.
//   - int64 fields (worker_count, parameter_server_count, evaluator_count,
//     accelerator_config.count) are JSON strings ("2"), as protobuf's JSON printer writes
//     int64; inferred, not observed: the same dumps escape '=' as \u003d, the mark of
//     protobuf-java's JsonFormat, whose printer quotes int64. int32 fields (max_trials, ...)
//     are numbers, double fields (min_value, max_value, discrete_values) numbers, booleans
//     true/false, enums their names, lists stay lists.
//   - string fields written as numbers (runtimeVersion: 2 in YAML) are strings.
// `training_input_json` is the spec's trainingInput as JSON (camelCase as submitted, or already
// snake_case); the result is compact JSON. Values that cannot be converted stay as written.
std::string platform_job_json(const std::string& training_input_json);

} // namespace lib::cluster
