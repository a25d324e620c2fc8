#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lib {

// A container image a Vertex AI or SageMaker record names, and where in the record.
struct ImageUse {
  std::string uri;
  std::string where; // "containerSpec", "workerPoolSpecs[1]", "modelToUpload", "AlgorithmSpecification", "Containers[0]"
};

// A model an endpoint serves (Endpoint.deployedModels[]).
struct DeployedModel {
  std::string id;    // the deployed model's id on the endpoint
  std::string model; // the Model's resource name
};

// What a resource is: a training or batch prediction job or a model version (AI Platform); a
// model, custom job, hyperparameter tuning job, training pipeline or endpoint (Vertex AI); a
// training job or a model (SageMaker).
enum class ResourceKind : unsigned char {
  job,
  model_version,
  model,
  custom_job,
  hyperparameter_tuning_job,
  training_pipeline,
  endpoint,
  training_job,
};

// The kind's one name, as audit prints it: "job", "model_version", "model", "custom_job",
// "hyperparameter_tuning_job", "training_pipeline", "endpoint" or "training_job".
std::string_view kind_name(ResourceKind k);

// The kind of that name (kind_name's inverse); nullopt for a name no kind has.
std::optional<ResourceKind> parse_kind(std::string_view name);

// One resource of an inventory export: a training or batch prediction job
// (`gcloud ai-platform jobs list --format=json`) or a model version (`versions list`) of AI
// Platform, or a Vertex AI model, custom job, hyperparameter tuning job, training pipeline or
// endpoint (`gcloud ai models|custom-jobs|hp-tuning-jobs|endpoints list`, and the REST API), or
// a SageMaker training job or model (`aws sagemaker describe-training-job`, `describe-model`,
// and the summaries of `list-training-jobs`). Fields the record does not carry stay empty.
struct Resource {
  ResourceKind kind = ResourceKind::job;
  std::string name;    // jobId, or the resource name
  std::string state;   // SUCCEEDED, RUNNING, READY, ...
  std::string created; // createTime as written
  // The latest of the times that show the record alive after its creation (startTime, endTime,
  // updateTime, lastUseTime), as written, and its key; empty when the record has none.
  std::string seen;
  std::string_view seen_field;
  std::string runtime;                 // runtimeVersion (trainingInput / predictionInput for jobs)
  std::string python;                  // pythonVersion
  std::string framework;               // model versions: TENSORFLOW, SCIKIT_LEARN, XGBOOST
  std::string image_uri;               // custom container: masterConfig.imageUri or container.image
  std::string service;                 // "training" or "prediction"
  std::string display_name;            // Vertex AI: displayName
  std::vector<ImageUse> images;        // Vertex AI, SageMaker: every image the record names, in record order
  std::vector<std::string> endpoints;  // Vertex AI model: deployedModels[].endpoint
  std::vector<DeployedModel> deployed; // Vertex AI endpoint: deployedModels[]
  // Set by the audit for one image of a Vertex AI resource (lib/audit): what part of the
  // resource uses it ("workerPoolSpecs[0]", "deployed model 42"), and the catalog of the
  // prebuilt image it names ("vertex-training"; runtime is then the image id).
  std::string part;
  std::string catalog;
  bool model_missing = false; // an endpoint's deployed model whose model record the run lacks
  bool sagemaker = false;     // a SageMaker record (TrainingJobName, ModelName, ...)
  // A SageMaker listing's summary (list-training-jobs' TrainingJobSummaries[]): it names no image,
  // which only describe-training-job gives.
  bool summary = false;
  std::string_view record; // the record as JSON text: valid only while on_resource runs
  std::string path;        // where the record starts
  int line = 0;
  int column = 0;
};

// A record that could not be read. The rest of the input is still read.
struct Malformed {
  std::string path;
  int line = 0;
  int column = 0;
  std::string message;
};

// How an inventory file is laid out, told apart by its first line that is not blank: a JSON
// array ([), JSON Lines ({ and more on that line), a single pretty-printed JSON object ({ alone
// on its line: `describe --format=json`), or YAML documents (gcloud's default output of
// describe and list: `---`, `key:` or a # comment). A JSON object (pretty or one a line) may
// also be a REST list response, a page of records: see ListPage.
enum class InventoryShape { json_array, jsonl, json_object, yaml, empty };

// A REST list response, as `GET .../v1/projects/P/locations/L/models` (or the legacy
// `.../v1/projects/P/jobs`) prints it: an object whose member named after the collection is an
// array of records, with a nextPageToken when more pages follow:
// {"models": [...], "nextPageToken": "..."}. The collections read: models, endpoints,
// customJobs, hyperparameterTuningJobs, trainingPipelines (Vertex AI), jobs, versions (AI
// Platform); and SageMaker's `aws sagemaker list-training-jobs` output,
// {"TrainingJobSummaries": [...], "NextToken": "..."}. Its records are read one by one, as the elements of an array are; `{}` (a
// list of nothing) is a page without records.
struct ListPage {
  std::string collection; // "models", "customJobs", "jobs", ...
  std::string path;       // where the page starts
  int line = 0;
  int column = 0;
  bool more = false; // a nextPageToken that is not empty: the listing goes on in another page
};

struct InventoryCounts {
  InventoryShape shape = InventoryShape::empty;
  size_t records = 0;   // resources handed to on_resource
  size_t malformed = 0; // records handed to on_malformed
  size_t pages = 0;     // REST list responses read
  // Per collection, the last page of it read: whether the file ends the listing.
  std::map<std::string, ListPage> last_pages;
};

// The pages of the inputs of one run, in the order read: a listing is incomplete when the last
// page of its collection says more follow (its nextPageToken): the pages after it were not
// passed. (Pages carry no link to the request before them, so two listings of one collection,
// two projects say, count as one.)
class Listings {
public:
  void add(const InventoryCounts& counts);
  // The last page of each collection whose listing is incomplete, by collection name.
  std::vector<ListPage> incomplete() const;

private:
  std::map<std::string, ListPage> m_last;
};

// Reads one inventory file record by record, in constant memory whatever its size: a JSON
// array (gcloud --format=json), JSON Lines (one object per line, blank lines skipped), JSON
// objects one after another (`describe --format=json`), or YAML documents separated by `---`
// (each converted to JSON within lib/input_limits and read by parse_record like any record).
// Calls on_resource for each job or model version and on_malformed for each record that is not
// JSON, not an object, has a field of the wrong type, or is neither a job nor a model version
// (its position is where the problem is). Throws InvalidInput "path: ..." when the file cannot
// be read or is none of these shapes.
InventoryCounts read_inventory(const std::string& path, const std::function<void(const Resource&)>& on_resource,
                               const std::function<void(const Malformed&)>& on_malformed);

// Whether the resource is judged by the images it names: a Vertex AI or SageMaker one.
bool is_vertex(const Resource& r);

// Reads one record's JSON text into a resource. On failure returns nullopt and sets `error`
// to the message and `offset` to the byte offset of the problem within text.
std::optional<Resource> parse_record(std::string_view text, std::string& error, size_t& offset);

} // namespace lib
