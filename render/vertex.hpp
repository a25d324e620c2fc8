#pragma once

// A migrated job as Vertex AI takes it: REST JSON (a CustomJob or HyperparameterTuningJob), the
// YAML `gcloud ai custom-jobs create --config` / `gcloud ai hp-tuning-jobs create --config` read,
// or a ready shell snippet that writes that YAML and runs the gcloud command.

#include "lib/migrate/record.hpp"

#include <string>
#include <utility>
#include <vector>

namespace render {

// The REST body, pretty-printed: a CustomJob, or a HyperparameterTuningJob when the job tunes.
std::string vertex_json(const lib::migrate::VertexJob& job);

// The CustomJobSpec each replica's CustomJob was created with (a tuning job: its trialJobSpec), as
// compact JSON: what Vertex AI's CLUSTER_SPEC and TF_CONFIG carry as `job`.
std::string vertex_job_spec_json(const lib::migrate::VertexJob& job);

// The --config file for gcloud: the CustomJobSpec, or the tuning job's studySpec, trialJobSpec and
// trial counts.
std::string vertex_yaml(const lib::migrate::VertexJob& job);

// `cat > NAME-vertex.yaml <<'EOF' ... EOF` and the `gcloud ai custom-jobs|hp-tuning-jobs create` line.
std::string vertex_gcloud(const lib::migrate::VertexJob& job);

// A batch prediction job: the BatchPredictionJob REST body, the same as YAML, or a snippet that
// writes the body and POSTs it (gcloud has no command that creates one).
std::string batch_prediction_json(const lib::migrate::BatchPrediction& b);
std::string batch_prediction_yaml(const lib::migrate::BatchPrediction& b);
std::string batch_prediction_gcloud(const lib::migrate::BatchPrediction& b);

// A model version: the models.upload body and the endpoint's deployedModel as JSON (yaml: the same),
// or the `gcloud ai models upload`, `endpoints create` and `endpoints deploy-model` lines
// (ENDPOINT_ID and MODEL_ID are what the first two print).
std::string model_deployment_json(const lib::migrate::ModelDeployment& d);
std::string model_deployment_gcloud(const lib::migrate::ModelDeployment& d);

// A migrated inventory record as migrate writes it in a format (json, yaml or gcloud): each
// result's name and text (a model version has no YAML form: json for yaml).
std::vector<std::pair<std::string, std::string>> migrated_record_texts(const lib::migrate::MigratedRecord& m,
                                                                       const std::string& format);

} // namespace render
