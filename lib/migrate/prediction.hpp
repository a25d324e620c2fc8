#pragma once

// Legacy AI Platform prediction, rewritten for Vertex AI: a batch prediction job (`jobs submit
// prediction`, or a REST job with predictionInput) becomes a BatchPredictionJob; a model version
// (`versions create`, or a version record as `versions list|describe --format json` prints it)
// becomes a model upload on a prebuilt prediction image (or on its own custom container) plus its
// deployment to an endpoint.

#include "catalog/catalog_set.hpp"
#include "lib/core/finding.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lib::migrate {

struct BatchPrediction {
  std::string path; // the input, as findings name it
  std::string display_name;
  std::string region;
  std::string model; // the Vertex AI model's resource name (a placeholder names the legacy model)
  std::string instances_format;
  std::vector<std::string> input_uris;
  std::string predictions_format;
  std::string output_uri_prefix;
  std::string machine_type;
  std::string accelerator_type; // predictionInput.accelerator ("" for none)
  long accelerator_count = 0;
  long starting_replica_count = 1;
  long max_replica_count = 1;
  std::optional<long> batch_size; // predictionInput.batchSize (--batch-size): manualBatchTuningParameters.batchSize
  std::vector<std::pair<std::string, std::string>> labels; // the legacy job's (--labels)
  std::vector<Finding> findings;
};

struct ModelDeployment {
  std::string path;
  std::string display_name; // MODEL-VERSION
  std::string description;  // the version's (--description): the model's
  std::string region;
  std::string artifact_uri;        // the version's deploymentUri (--origin); "" for a custom container without one
  std::string container_image_uri; // "" for a custom prediction routine (it needs its own container)
  // A custom container (the version's container and routes): the model's containerSpec.
  std::vector<std::string> command;
  std::vector<std::string> args;
  std::vector<std::pair<std::string, std::string>> env; // name, value
  std::vector<long> ports;
  std::string predict_route; // "" for Vertex AI's default
  std::string health_route;
  std::string service_account; // the version's serviceAccount: the deployed model's
  std::string machine_type;
  std::string accelerator_type; // Vertex AI AcceleratorType name ("" for none)
  long accelerator_count = 0;
  long min_replica_count = 1;
  long max_replica_count = 1;
  std::vector<std::pair<std::string, std::string>> labels; // the version's (--labels): the model's and the endpoint's
  std::vector<Finding> findings;
};

// What an input holds: "training", "prediction" (a batch prediction job) or "version".
std::string prediction_kind(std::string_view text);

// Reads a batch prediction job (REST JSON or gcloud command line) and rewrites it.
// Throws catalog::InvalidInput "path: ..." for input it cannot read.
BatchPrediction migrate_prediction(std::string_view text, const std::string& path);

// Reads a model version (gcloud `versions create` or a version record as JSON) and rewrites it,
// picking the prebuilt prediction image for its framework and Python on `on`.
// A JSON array (`versions list --format json`) gives one deployment per version.
std::vector<ModelDeployment> migrate_versions(const catalog::CatalogSet& set, std::string_view text, const std::string& path,
                                              const catalog::Date& on, const std::optional<std::string>& image);

// A machine type that serves predictions, with its size.
struct PredictionMachine {
  std::string name;
  long vcpus = 0;
  double memory_gb = 0;
};

// data/vertex-prediction-machines.json: the types AI Platform Prediction offered and the N1 types
// Vertex AI offers for prediction, each list with its source.
struct PredictionMachineData {
  std::vector<PredictionMachine> offered; // Vertex AI
  std::string offered_source;             // URL
  std::vector<PredictionMachine> legacy;  // AI Platform Prediction
  std::string legacy_source;
  std::string legacy_default; // a version without machineType on the global endpoint

  const PredictionMachine* offered_type(std::string_view name) const;
  const PredictionMachine* legacy_type(std::string_view name) const;
  // The offered type with the fewest vCPUs, then the least memory, that holds `m` (at least its
  // vCPUs and memory); nullptr when none does.
  const PredictionMachine* nearest(const PredictionMachine& m) const;
};

// Parses the data file's JSON; `origin` names it in messages. Throws InvalidInput when malformed.
PredictionMachineData parse_prediction_machine_data(std::string_view json, const std::string& origin);

// The embedded data/vertex-prediction-machines.json, parsed once.
const PredictionMachineData& prediction_machine_data();

// What a model version needs of a prebuilt prediction image.
struct PredictionImageQuery {
  std::string framework;             // "tensorflow", "scikit-learn", "xgboost"
  std::optional<std::string> python; // the version's pythonVersion (unset: unknown)
  bool gpu = false;                  // the version has accelerators: the GPU image, where there is one
  std::string region;                // picks the registry (us, europe, asia)
  catalog::Date on;
  std::optional<std::string> runtime; // the version's runtimeVersion (unset: not stated)
};

// The prebuilt prediction image for the query on its date. Findings (at `path`) say which and why,
// that it runs another Python than the version asked, or that no GPU image exists (the CPU one is
// written). "" when the data knows none.
std::string prediction_image(const catalog::CatalogSet& set, const PredictionImageQuery& q, const std::string& path,
                             std::vector<Finding>& findings);

} // namespace lib::migrate
