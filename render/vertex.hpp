#pragma once

// A migrated job as Vertex AI takes it: REST JSON (a CustomJob or HyperparameterTuningJob), the
// YAML `gcloud ai custom-jobs create --config` / `gcloud ai hp-tuning-jobs create --config` read,
// or a ready shell snippet that writes that YAML and runs the gcloud command.

#include "lib/migrate/migrate.hpp"

#include <string>

namespace render {

// The REST body, pretty-printed: a CustomJob, or a HyperparameterTuningJob when the job tunes.
std::string vertex_json(const lib::migrate::VertexJob& job);

// The --config file for gcloud: the CustomJobSpec, or the tuning job's studySpec, trialJobSpec and
// trial counts.
std::string vertex_yaml(const lib::migrate::VertexJob& job);

// `cat > NAME-vertex.yaml <<'EOF' ... EOF` and the `gcloud ai custom-jobs|hp-tuning-jobs create` line.
std::string vertex_gcloud(const lib::migrate::VertexJob& job);

} // namespace render
