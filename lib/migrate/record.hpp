#pragma once

// One legacy AI Platform record of an inventory (a training or batch prediction job as `jobs
// list --format json` prints it, or a model version as `versions list` does), rewritten for
// Vertex AI by what its kind calls for: a CustomJob or HyperparameterTuningJob, a
// BatchPredictionJob, or a model upload and deployment.

#include "lib/migrate/migrate.hpp"
#include "lib/migrate/prediction.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lib::migrate {

struct MigratedRecord {
  std::optional<VertexJob> training;        // a training job
  std::optional<BatchPrediction> batch;     // a batch prediction job
  std::vector<ModelDeployment> deployments; // a model version (one)
  // Every finding of the migration, in order.
  std::vector<Finding> findings() const;
};

// Migrates one record (its JSON text; `where` names it in findings and errors). Throws
// catalog::InvalidInput when the record cannot be migrated (as migrate_job and the prediction
// readers do).
MigratedRecord migrate_record(const catalog::CatalogSet& set, std::string_view json, const std::string& where,
                              const Options& opt);

} // namespace lib::migrate
