#include "lib/migrate/record.hpp"

#include "lib/jobs/parsers.hpp"

namespace lib::migrate {

std::vector<Finding> MigratedRecord::findings() const {
  std::vector<Finding> out;
  if (training) {
    out = training->findings;
  }
  if (batch) {
    out.insert(out.end(), batch->findings.begin(), batch->findings.end());
  }
  for (const auto& d : deployments) {
    out.insert(out.end(), d.findings.begin(), d.findings.end());
  }
  return out;
}

MigratedRecord migrate_record(const catalog::CatalogSet& set, std::string_view json, const std::string& where,
                              const Options& opt) {
  MigratedRecord out;
  std::string kind = prediction_kind(json);
  if (kind == "version") {
    out.deployments = migrate_versions(set, json, where, opt.on, opt.image);
  } else if (kind == "prediction") {
    out.batch = migrate_prediction(json, where);
  } else {
    out.training = migrate_job(set, jobs::parse_rest_json(json, where), opt);
  }
  return out;
}

} // namespace lib::migrate
