#include "lib/rules.hpp"

namespace lib {

const std::vector<RuleInfo>& rule_infos() {
  static const std::vector<RuleInfo> rules = {
      {"submission-end", "error",
       "The AI Platform runtime no longer accepts new training jobs, batch predictions or model versions (12 months after "
       "release; the whole platform was shut down after 2025-01-31). Deployed model versions get a warning."},
      {"deletion", "error", "Model versions on the AI Platform runtime have been deleted (24 months after release)."},
      {"support-end", "warning", "The Vertex AI prebuilt image is past its end of patches and support."},
      {"availability-end", "error", "The Vertex AI prebuilt image can no longer be used or downloaded."},
      {"expiring", "warning", "The next milestone of the runtime or image is within --warn-days days (default 90)."},
      {"unreleased", "error", "The runtime or image is not released yet on the date."},
      {"lifecycle-unknown", "warning", "The sources give no dates for the runtime, so its status on the date is unknown."},
      {"unknown-runtime", "error", "The runtime version or image is not in any catalog (the message lists the nearest ids)."},
      {"python-unsupported", "error", "The runtime or image does not offer the Python version."},
      {"python-unknown", "note", "The sources do not say which Python versions the runtime has."},
      {"required-field", "error",
       "From 2020-01-13 a job or model version must give runtimeVersion and pythonVersion (before, they defaulted to 1.0 "
       "and 2.7); a note before that date."},
      {"framework-mismatch", "error", "The image is built for another framework than the one the job names."},
      {"framework-not-included", "note", "The runtime records no version of the framework; the job installs it."},
      {"sklearn-training", "error", "Training with scikit-learn needs AI Platform runtime 1.13 or later."},
      {"xgboost-training", "error", "Training with XGBoost needs AI Platform runtime 1.13 or later."},
      {"sklearn-prediction", "error", "Serving scikit-learn model versions needs AI Platform runtime 1.4 or later."},
      {"xgboost-prediction", "error", "Serving XGBoost model versions needs AI Platform runtime 1.4 or later."},
      {"require-over-pin", "note",
       "A requirement the runtime's pin does not satisfy is installed over it: allowed for training (note), not "
       "supported for prediction (error)."},
      {"require-unpinned", "note", "The runtime records no version of the required package."},
      {"require-unverified", "note", "Only the package's major.minor line is known, so the requirement cannot be checked."},
      {"inventory-disagrees", "warning",
       "An inventory record contradicts the catalog: a model version READY, or a resource created, after the date on "
       "which the catalog says the runtime's milestone took effect. Neither is taken as fact."},
      {"stale-data", "note", "The answer rests on catalog data older than the date; later changes may be missing."},
      {"no-alternative", "note", "Nothing in the catalog or its successor is usable instead on the date."},
  };
  return rules;
}

RuleInfo rule_info(std::string_view id) {
  for (const auto& r : rule_infos()) {
    if (r.id == id) {
      return r;
    }
  }
  return RuleInfo{std::string(id), "error", "A compatibility rule of a user catalog (see the catalog's rules)."};
}

} // namespace lib
