#include "lib/migrate/migrate.hpp"
#include "util/json.hpp"

#include <nlohmann/json.hpp>

namespace lib::migrate {

namespace {

using nlohmann::ordered_json;

std::optional<double> number_at(const ordered_json& obj, const char* key) {
  auto it = obj.find(key);
  if (it == obj.end()) {
    return std::nullopt;
  }
  if (it->is_number()) {
    return it->get<double>();
  }
  if (it->is_string()) {
    try {
      return std::stod(it->get<std::string>());
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }
  return std::nullopt;
}

std::string text_at(const ordered_json& obj, const char* key, std::string fallback = "") {
  auto it = obj.find(key);
  return it != obj.end() && it->is_string() ? it->get<std::string>() : fallback;
}

ParameterSpec parameter_of(const ordered_json& p) {
  ParameterSpec out;
  out.id = text_at(p, "parameterName");
  out.type = text_at(p, "type");
  out.min_value = number_at(p, "minValue");
  out.max_value = number_at(p, "maxValue");
  if (auto it = p.find("categoricalValues"); it != p.end() && it->is_array()) {
    for (const auto& v : *it) {
      out.categories.push_back(v.is_string() ? v.get<std::string>() : util::json::dump(v));
    }
  }
  if (auto it = p.find("discreteValues"); it != p.end() && it->is_array()) {
    for (const auto& v : *it) {
      if (v.is_number()) {
        out.discrete_values.push_back(v.get<double>());
      }
    }
  }
  std::string scale = text_at(p, "scaleType");
  out.scale_type = scale == "NONE" ? "" : scale;
  return out;
}

} // namespace

StudySpec study_of(const jobs::JobSpec& job, std::string_view hyperparameters_json, std::vector<Finding>& findings) {
  ordered_json hp = util::json::parse_ordered(hyperparameters_json, job.path);
  StudySpec s;
  if (!hp.is_object()) {
    return s;
  }
  // AI Platform's defaults: the summary tag training/hptuning/metric, goal MAXIMIZE, one trial.
  s.metric_id = text_at(hp, "hyperparameterMetricTag", "training/hptuning/metric");
  s.goal = text_at(hp, "goal", "MAXIMIZE");
  std::string algorithm = text_at(hp, "algorithm");
  s.algorithm = algorithm == "ALGORITHM_UNSPECIFIED" ? "" : algorithm;
  s.max_trial_count = static_cast<long>(number_at(hp, "maxTrials").value_or(1));
  s.parallel_trial_count = static_cast<long>(number_at(hp, "maxParallelTrials").value_or(1));
  if (auto f = number_at(hp, "maxFailedTrials")) {
    s.max_failed_trial_count = static_cast<long>(*f);
  }
  if (auto it = hp.find("params"); it != hp.end() && it->is_array()) {
    for (const auto& p : *it) {
      s.parameters.push_back(parameter_of(p));
    }
  }
  auto note = [&](const std::string& field, std::string message) {
    findings.push_back(
        jobs::job_finding(job, "hyperparameters." + field, finding_of(RuleId::migrate_no_equivalent, std::move(message))));
  };
  note("hyperparameterMetricTag",
       "Vertex AI reads the metric " + s.metric_id +
           " from what the trainer reports with the cloudml-hypertune package, not from TensorFlow summaries: report it "
           "with hypertune.HyperTune().report_hyperparameter_tuning_metric(hyperparameter_metric_tag='" +
           s.metric_id + "', ...)");
  if (hp.contains("enableTrialEarlyStopping")) {
    note("enableTrialEarlyStopping", "enableTrialEarlyStopping has no direct equivalent: Vertex AI stops trials early "
                                     "with studySpec.decayCurveStoppingSpec or medianAutomatedStoppingSpec; add one");
  }
  if (hp.contains("resumePreviousJobId")) {
    note("resumePreviousJobId", "resumePreviousJobId has no equivalent: a Vertex AI study cannot resume an AI Platform "
                                "job's trials; the tuning starts afresh");
  }
  return s;
}

} // namespace lib::migrate
