#pragma once

// Inside lib/fleet: the keys of an inventory record that the record handler reads
// (lib/fleet/inventory_records.cpp), each told apart once per key event.

#include <cstddef>
#include <string>
#include <string_view>

namespace lib::inventory_keys {

// The keys the handler reads, told apart once per key event (by length, then bytes), so that
// each value costs integer comparisons rather than string ones.
enum class Key : unsigned char {
  other,
  // the top level: the Resource's fields
  job_id,
  name,
  state,
  create_time,
  runtime_version,
  python_version,
  framework,
  deployment_uri,
  display_name,
  training_job_name, // SageMaker
  training_job_status,
  model_name,
  creation_time,
  start_time, // the top level: the times that show the record alive after its creation
  end_time,
  update_time,
  last_use_time,
  last_modified_time, // SageMaker
  training_start_time,
  training_end_time,
  // the top level: containers that tell the kind of record
  training_input,
  prediction_input,
  job_spec, // the first of the Vertex AI keys (note_vertex_key), in this order
  trial_job_spec,
  training_task_definition,
  training_task_inputs,
  container_spec,
  deployed_models,         // the last of them
  algorithm_specification, // SageMaker's containers of images
  primary_container,
  containers,
  // nested
  container,
  image,
  master_config,
  image_uri,
  executor_image_uri,
  endpoint,
  model,
  id,
  training_image, // SageMaker: AlgorithmSpecification.TrainingImage, PrimaryContainer.Image, Containers[].Image
  image_aws,
  // the top level of a REST list response: the collections read, each an array of records
  // ({"models": [...], "nextPageToken": "..."})
  models, // the first of them (is_collection)
  endpoints,
  custom_jobs,
  hyperparameter_tuning_jobs,
  training_pipelines,
  jobs,
  training_job_summaries, // SageMaker's list-training-jobs
  versions,               // the last of them
};

constexpr bool is_collection(Key k) {
  return k >= Key::models && k <= Key::versions;
}

// The names above, by length and first byte: a key is compared with one name at most.
// Each name is compared only with keys of its own length, so the comparison has a constant size
// the compiler turns into a few loads (no memcmp call: a key is classified for every member of
// every record).
template <size_t N> constexpr Key same(std::string_view key, const char (&name)[N], Key k) {
  return key.size() == N - 1 && std::char_traits<char>::compare(key.data(), name, N - 1) == 0 ? k : Key::other;
}

constexpr Key classify(std::string_view key) {
  auto is = [&](const auto& name, Key k) { return same(key, name, k); };
  if (key.empty()) {
    return Key::other;
  }
  const char first = key[0];
  switch (key.size()) {
  case 2:
    return is("id", Key::id);
  case 4:
    return first == 'n' ? is("name", Key::name) : is("jobs", Key::jobs);
  case 5:
    return first == 'j'   ? is("jobId", Key::job_id)
           : first == 's' ? is("state", Key::state)
           : first == 'i' ? is("image", Key::image)
           : first == 'I' ? is("Image", Key::image_aws)
                          : is("model", Key::model);
  case 6:
    return is("models", Key::models);
  case 7:
    return first == 'j' ? is("jobSpec", Key::job_spec) : is("endTime", Key::end_time);
  case 8:
    return first == 'i'   ? is("imageUri", Key::image_uri)
           : first == 'e' ? is("endpoint", Key::endpoint)
                          : is("versions", Key::versions);
  case 9:
    return first == 'f'   ? is("framework", Key::framework)
           : first == 'M' ? is("ModelName", Key::model_name)
           : first == 's' ? is("startTime", Key::start_time)
           : first == 'e' ? is("endpoints", Key::endpoints)
                          : is("container", Key::container);
  case 10:
    return first == 'u'    ? is("updateTime", Key::update_time)
           : first == 'C'  ? is("Containers", Key::containers)
           : key[1] == 'r' ? is("createTime", Key::create_time)
                           : is("customJobs", Key::custom_jobs);
  case 11:
    return first == 'd' ? is("displayName", Key::display_name) : is("lastUseTime", Key::last_use_time);
  case 12:
    return first == 't'   ? is("trialJobSpec", Key::trial_job_spec)
           : first == 'C' ? is("CreationTime", Key::creation_time)
                          : is("masterConfig", Key::master_config);
  case 13:
    return first == 'p'   ? is("pythonVersion", Key::python_version)
           : first == 'd' ? is("deploymentUri", Key::deployment_uri)
           : first == 't' ? is("trainingInput", Key::training_input)
           : first == 'T' ? is("TrainingImage", Key::training_image)
                          : is("containerSpec", Key::container_spec);
  case 14:
    return first == 'r' ? is("runtimeVersion", Key::runtime_version) : is("deployedModels", Key::deployed_models);
  case 15:
    return first == 'p'    ? is("predictionInput", Key::prediction_input)
           : key[8] == 'J' ? is("TrainingJobName", Key::training_job_name)
                           : is("TrainingEndTime", Key::training_end_time);
  case 16:
    return first == 'e'   ? is("executorImageUri", Key::executor_image_uri)
           : first == 'L' ? is("LastModifiedTime", Key::last_modified_time)
                          : is("PrimaryContainer", Key::primary_container);
  case 17:
    return first == 't'    ? is("trainingPipelines", Key::training_pipelines)
           : key[8] == 'J' ? is("TrainingJobStatus", Key::training_job_status)
                           : is("TrainingStartTime", Key::training_start_time);
  case 18:
    return is("trainingTaskInputs", Key::training_task_inputs);
  case 20:
    return is("TrainingJobSummaries", Key::training_job_summaries);
  case 22:
    return first == 't' ? is("trainingTaskDefinition", Key::training_task_definition)
                        : is("AlgorithmSpecification", Key::algorithm_specification);
  case 24:
    return is("hyperparameterTuningJobs", Key::hyperparameter_tuning_jobs);
  default:
    return Key::other;
  }
}

// The keys the handler reads, each name above once: json_fast::walk leaves out the members that
// have none of them (the handler's results depend on nothing else, see RecordHandler).
constexpr std::string_view k_keys_read[] = {"jobId",
                                            "name",
                                            "state",
                                            "createTime",
                                            "runtimeVersion",
                                            "pythonVersion",
                                            "framework",
                                            "deploymentUri",
                                            "displayName",
                                            "TrainingJobName",
                                            "TrainingJobStatus",
                                            "ModelName",
                                            "CreationTime",
                                            "startTime",
                                            "endTime",
                                            "updateTime",
                                            "lastUseTime",
                                            "LastModifiedTime",
                                            "TrainingStartTime",
                                            "TrainingEndTime",
                                            "trainingInput",
                                            "predictionInput",
                                            "jobSpec",
                                            "trialJobSpec",
                                            "trainingTaskDefinition",
                                            "trainingTaskInputs",
                                            "containerSpec",
                                            "deployedModels",
                                            "AlgorithmSpecification",
                                            "PrimaryContainer",
                                            "Containers",
                                            "container",
                                            "image",
                                            "masterConfig",
                                            "imageUri",
                                            "executorImageUri",
                                            "endpoint",
                                            "model",
                                            "id",
                                            "TrainingImage",
                                            "Image",
                                            "models",
                                            "endpoints",
                                            "customJobs",
                                            "hyperparameterTuningJobs",
                                            "trainingPipelines",
                                            "jobs",
                                            "TrainingJobSummaries",
                                            "versions"};

// k_keys_read names every key classify() tells apart, in the enum's order.
constexpr bool keys_read_complete() {
  size_t i = 0;
  for (std::string_view name : k_keys_read) {
    if (classify(name) != static_cast<Key>(++i)) {
      return false;
    }
  }
  return i == static_cast<size_t>(Key::versions);
}
static_assert(keys_read_complete(), "k_keys_read: one name per Key, in order");

} // namespace lib::inventory_keys
