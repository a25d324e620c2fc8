#include "render/vertex.hpp"

#include "util/json.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>

namespace render {

namespace {

using lib::migrate::VertexJob;
using lib::migrate::WorkerPool;
using nlohmann::ordered_json;

using Labels = std::vector<std::pair<std::string, std::string>>;

// Labels as the REST map, in the order written.
ordered_json labels_json(const Labels& labels) {
  ordered_json j = ordered_json::object();
  for (const auto& kv : labels) {
    j[kv.first] = kv.second;
  }
  return j;
}

ordered_json machine_json(const lib::migrate::MachineSpec& m) {
  ordered_json j = ordered_json::object();
  if (!m.machine_type.empty()) {
    j["machineType"] = m.machine_type;
  }
  if (!m.accelerator_type.empty()) {
    j["acceleratorType"] = m.accelerator_type;
    j["acceleratorCount"] = m.accelerator_count;
  }
  return j;
}

ordered_json pool_json(const WorkerPool& p) {
  ordered_json j = ordered_json::object();
  if (!p.used) {
    return j;
  }
  j["machineSpec"] = machine_json(p.machine);
  j["replicaCount"] = p.replica_count;
  if (!p.boot_disk_type.empty()) {
    j["diskSpec"]["bootDiskType"] = p.boot_disk_type;
  }
  if (p.boot_disk_size_gb > 0) {
    j["diskSpec"]["bootDiskSizeGb"] = p.boot_disk_size_gb;
  }
  if (!p.container_image_uri.empty()) {
    j["containerSpec"]["imageUri"] = p.container_image_uri;
    if (!p.command.empty()) {
      j["containerSpec"]["command"] = p.command;
    }
    if (!p.args.empty()) {
      j["containerSpec"]["args"] = p.args;
    }
  } else if (!p.executor_image_uri.empty()) {
    auto& spec = j["pythonPackageSpec"];
    spec["executorImageUri"] = p.executor_image_uri;
    spec["packageUris"] = p.package_uris;
    spec["pythonModule"] = p.python_module;
    if (!p.args.empty()) {
      spec["args"] = p.args;
    }
  }
  return j;
}

ordered_json job_spec_json(const VertexJob& job) {
  ordered_json spec;
  spec["workerPoolSpecs"] = ordered_json::array();
  for (const auto& p : job.pools) {
    spec["workerPoolSpecs"].push_back(pool_json(p));
  }
  if (!job.service_account.empty()) {
    spec["serviceAccount"] = job.service_account;
  }
  if (!job.network.empty()) {
    spec["network"] = job.network;
  }
  if (!job.output_uri_prefix.empty()) {
    spec["baseOutputDirectory"]["outputUriPrefix"] = job.output_uri_prefix;
  }
  if (!job.timeout.empty()) {
    spec["scheduling"]["timeout"] = job.timeout;
  }
  if (job.enable_web_access) {
    spec["enableWebAccess"] = true;
  }
  return spec;
}

// A number as JSON: integral values without a fraction.
ordered_json number(double v) {
  if (std::floor(v) == v && std::fabs(v) < 1e15) {
    return static_cast<long long>(v);
  }
  return v;
}

ordered_json parameter_json(const lib::migrate::ParameterSpec& p) {
  ordered_json j;
  j["parameterId"] = p.id;
  if (p.type == "INTEGER" || p.type == "DOUBLE") {
    auto& range = j[p.type == "INTEGER" ? "integerValueSpec" : "doubleValueSpec"];
    range = ordered_json::object();
    if (p.min_value) {
      // int64 in proto3 JSON is a decimal string
      range["minValue"] = p.type == "INTEGER" ? ordered_json(std::to_string(std::llround(*p.min_value))) : number(*p.min_value);
    }
    if (p.max_value) {
      range["maxValue"] = p.type == "INTEGER" ? ordered_json(std::to_string(std::llround(*p.max_value))) : number(*p.max_value);
    }
  } else if (p.type == "CATEGORICAL") {
    j["categoricalValueSpec"]["values"] = p.categories;
  } else if (p.type == "DISCRETE") {
    j["discreteValueSpec"]["values"] = ordered_json::array();
    for (double v : p.discrete_values) {
      j["discreteValueSpec"]["values"].push_back(number(v));
    }
  }
  if (!p.scale_type.empty()) {
    j["scaleType"] = p.scale_type;
  }
  return j;
}

ordered_json study_json(const lib::migrate::StudySpec& s) {
  ordered_json j;
  j["metrics"] = ordered_json::array({{{"metricId", s.metric_id}, {"goal", s.goal}}});
  j["parameters"] = ordered_json::array();
  for (const auto& p : s.parameters) {
    j["parameters"].push_back(parameter_json(p));
  }
  if (!s.algorithm.empty()) {
    j["algorithm"] = s.algorithm;
  }
  return j;
}

// What the YAML --config holds (the body without displayName).
ordered_json config_json(const VertexJob& job) {
  if (!job.study) {
    return job_spec_json(job);
  }
  ordered_json j;
  j["studySpec"] = study_json(*job.study);
  j["maxTrialCount"] = job.study->max_trial_count;
  j["parallelTrialCount"] = job.study->parallel_trial_count;
  if (job.study->max_failed_trial_count) {
    j["maxFailedTrialCount"] = *job.study->max_failed_trial_count;
  }
  j["trialJobSpec"] = job_spec_json(job);
  return j;
}

std::string yaml_key(const std::string& key) {
  bool plain = !key.empty() && std::all_of(key.begin(), key.end(), [](unsigned char c) { return std::isalnum(c) || c == '_'; });
  return plain ? key : util::json::dump(ordered_json(key));
}

bool inline_value(const ordered_json& v) {
  return !v.is_structured() || v.empty();
}

void yaml_seq(const ordered_json& arr, size_t indent, std::string& out);
void yaml_map(const ordered_json& obj, size_t indent, bool continues, std::string& out);

// Writes a value after its "key:" or "-" (already written): inline on the same line, or
// nested two columns in; a mapping in a sequence starts on the dash's line.
void yaml_value(const ordered_json& value, size_t indent, bool in_seq, std::string& out) {
  if (inline_value(value)) {
    out += " " + util::json::dump(value) + "\n";
  } else if (value.is_object()) {
    out += in_seq ? " " : "\n";
    yaml_map(value, indent + 2, in_seq, out);
  } else {
    out += "\n";
    yaml_seq(value, indent + 2, out);
  }
}

// A mapping; when `continues` the first key goes on the current line (after "- ").
void yaml_map(const ordered_json& obj, size_t indent, bool continues, std::string& out) {
  bool first = true;
  for (const auto& [key, value] : obj.items()) {
    out += (first && continues ? "" : std::string(indent, ' ')) + yaml_key(key) + ":";
    first = false;
    yaml_value(value, indent, false, out);
  }
}

void yaml_seq(const ordered_json& arr, size_t indent, std::string& out) {
  for (const auto& item : arr) {
    out += std::string(indent, ' ') + "-";
    yaml_value(item, indent, true, out);
  }
}

// A word for the shell: as is when it is safe, else in single quotes.
std::string shell_word(const std::string& w) {
  bool safe = !w.empty() && std::all_of(w.begin(), w.end(), [](unsigned char c) {
    return std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '/' || c == ':' || c == '=' || c == '@';
  });
  if (safe) {
    return w;
  }
  std::string out = "'";
  for (char c : w) {
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  }
  return out + "'";
}

// " --labels=k=v,k2=v2" for gcloud, "" without labels.
std::string labels_flag(const Labels& labels) {
  if (labels.empty()) {
    return "";
  }
  std::string pairs;
  for (const auto& kv : labels) {
    pairs += (pairs.empty() ? "" : ",") + kv.first + "=" + kv.second;
  }
  return " --labels=" + shell_word(pairs);
}

} // namespace

std::string vertex_json(const VertexJob& job) {
  ordered_json j;
  j["displayName"] = job.display_name;
  if (job.study) {
    ordered_json config = config_json(job);
    for (const auto& [key, value] : config.items()) {
      j[key] = value;
    }
  } else {
    j["jobSpec"] = job_spec_json(job);
  }
  if (!job.labels.empty()) {
    j["labels"] = labels_json(job.labels);
  }
  if (!job.kms_key_name.empty()) {
    j["encryptionSpec"]["kmsKeyName"] = job.kms_key_name;
  }
  return util::json::dump_pretty(j);
}

std::string vertex_job_spec_json(const VertexJob& job) {
  return util::json::dump(job_spec_json(job));
}

std::string vertex_yaml(const VertexJob& job) {
  std::string out;
  yaml_map(config_json(job), 0, false, out);
  return out;
}

namespace {

// The steps that build the image a custom-container job needs (when no prebuilt image is open):
// fetch the packages, write the Dockerfile, build and push; the config names the image by its
// placeholder, which the user replaces.
std::string build_steps(const VertexJob& job) {
  const lib::migrate::ImageToBuild& b = *job.build;
  std::string dockerfile = job.display_name + ".Dockerfile";
  std::string image(lib::migrate::k_image_placeholder);
  std::string out = "# No prebuilt image runs this job on the date: build one from " + b.from +
                    ",\n# push it, and write its URI in place of " + image + " (in the config below too).\n";
  for (const auto& uri : b.package_uris) {
    out += "gsutil cp " + shell_word(uri) + " .\n";
  }
  out += "cat > " + shell_word(dockerfile) + " <<'EOF'\n";
  for (const auto& line : b.dockerfile) {
    out += line + "\n";
  }
  out += "EOF\n";
  out += "docker build -f " + shell_word(dockerfile) + " -t " + image + " . && docker push " + image + "\n";
  return out;
}

} // namespace

std::string vertex_gcloud(const VertexJob& job) {
  // Never the legacy config's own name (a job read from config.yaml is displayed as "config").
  std::string file = job.display_name + "-vertex.yaml";
  std::string out = job.build ? build_steps(job) : "";
  out += "cat > " + shell_word(file) + " <<'EOF'\n" + vertex_yaml(job) + "EOF\n";
  out += job.study ? "gcloud ai hp-tuning-jobs create" : "gcloud ai custom-jobs create";
  if (!job.region.empty()) {
    out += " --region=" + shell_word(job.region);
  }
  out += " --display-name=" + shell_word(job.display_name) + " --config=" + shell_word(file);
  if (job.study) {
    out += " --max-trial-count=" + std::to_string(job.study->max_trial_count) +
           " --parallel-trial-count=" + std::to_string(job.study->parallel_trial_count);
  }
  if (!job.kms_key_name.empty()) {
    out += " --kms-key=" + shell_word(job.kms_key_name);
  }
  return out + labels_flag(job.labels) + "\n";
}

} // namespace render

namespace render {

namespace {

ordered_json batch_json(const lib::migrate::BatchPrediction& b) {
  ordered_json j;
  j["displayName"] = b.display_name;
  j["model"] = b.model;
  j["inputConfig"]["instancesFormat"] = b.instances_format;
  j["inputConfig"]["gcsSource"]["uris"] = b.input_uris;
  j["outputConfig"]["predictionsFormat"] = b.predictions_format;
  j["outputConfig"]["gcsDestination"]["outputUriPrefix"] = b.output_uri_prefix;
  j["dedicatedResources"]["machineSpec"] =
      machine_json(lib::migrate::MachineSpec{b.machine_type, b.accelerator_type, b.accelerator_count});
  j["dedicatedResources"]["startingReplicaCount"] = b.starting_replica_count;
  j["dedicatedResources"]["maxReplicaCount"] = b.max_replica_count;
  if (b.batch_size) {
    j["manualBatchTuningParameters"]["batchSize"] = *b.batch_size;
  }
  if (!b.labels.empty()) {
    j["labels"] = labels_json(b.labels);
  }
  return j;
}

} // namespace

std::string batch_prediction_json(const lib::migrate::BatchPrediction& b) {
  return util::json::dump_pretty(batch_json(b));
}

std::string batch_prediction_yaml(const lib::migrate::BatchPrediction& b) {
  std::string out;
  yaml_map(batch_json(b), 0, false, out);
  return out;
}

std::string batch_prediction_gcloud(const lib::migrate::BatchPrediction& b) {
  std::string file = b.display_name + "-vertex.json";
  std::string region = b.region.empty() ? "REGION" : b.region;
  std::string project = b.model.substr(9, b.model.find('/', 9) - 9);
  return "cat > " + shell_word(file) + " <<'EOF'\n" + batch_prediction_json(b) + "EOF\n" +
         "curl -X POST -H \"Authorization: Bearer $(gcloud auth print-access-token)\" -H 'Content-Type: application/json' "
         "-d @" +
         shell_word(file) + " https://" + region + "-aiplatform.googleapis.com/v1/projects/" + project + "/locations/" + region +
         "/batchPredictionJobs\n";
}

} // namespace render

namespace render {

std::string model_deployment_json(const lib::migrate::ModelDeployment& d) {
  ordered_json j;
  j["model"]["displayName"] = d.display_name;
  if (!d.description.empty()) {
    j["model"]["description"] = d.description;
  }
  if (!d.artifact_uri.empty()) {
    j["model"]["artifactUri"] = d.artifact_uri;
  }
  auto& spec = j["model"]["containerSpec"];
  spec["imageUri"] = d.container_image_uri;
  if (!d.command.empty()) {
    spec["command"] = d.command;
  }
  if (!d.args.empty()) {
    spec["args"] = d.args;
  }
  if (!d.env.empty()) {
    spec["env"] = ordered_json::array();
    for (const auto& [name, value] : d.env) {
      spec["env"].push_back({{"name", name}, {"value", value}});
    }
  }
  if (!d.ports.empty()) {
    spec["ports"] = ordered_json::array();
    for (long p : d.ports) {
      spec["ports"].push_back({{"containerPort", p}});
    }
  }
  if (!d.predict_route.empty()) {
    spec["predictRoute"] = d.predict_route;
  }
  if (!d.health_route.empty()) {
    spec["healthRoute"] = d.health_route;
  }
  if (!d.labels.empty()) {
    j["model"]["labels"] = labels_json(d.labels);
  }
  j["deployedModel"]["displayName"] = d.display_name;
  j["deployedModel"]["dedicatedResources"]["machineSpec"] =
      machine_json(lib::migrate::MachineSpec{d.machine_type, d.accelerator_type, d.accelerator_count});
  j["deployedModel"]["dedicatedResources"]["minReplicaCount"] = d.min_replica_count;
  j["deployedModel"]["dedicatedResources"]["maxReplicaCount"] = d.max_replica_count;
  if (!d.service_account.empty()) {
    j["deployedModel"]["serviceAccount"] = d.service_account;
  }
  return util::json::dump_pretty(j);
}

namespace {

// " --accelerator=type=nvidia-tesla-t4,count=1" (gcloud's lower-case names), "" without one.
std::string accelerator_flag(const lib::migrate::ModelDeployment& d) {
  if (d.accelerator_type.empty()) {
    return "";
  }
  std::string type;
  for (char c : d.accelerator_type) {
    type += c == '_' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return " --accelerator=" + shell_word("type=" + type + ",count=" + std::to_string(d.accelerator_count));
}

// " --NAME=A,B" for a gcloud list flag, "" for an empty list. Items that hold a comma are joined
// with another delimiter, declared as ^D^ (`gcloud topic escaping`).
std::string list_flag(const std::string& name, const std::vector<std::string>& items) {
  if (items.empty()) {
    return "";
  }
  std::string delim = ",";
  for (const char* d : {",", "|", ";", "#", "~", "@", ":"}) {
    delim = d;
    if (std::none_of(items.begin(), items.end(), [&](const std::string& i) { return i.find(delim) != std::string::npos; })) {
      break;
    }
  }
  std::string joined = delim == "," ? "" : "^" + delim + "^";
  for (size_t i = 0; i < items.size(); ++i) {
    joined += (i ? delim : "") + items[i];
  }
  return " --" + name + "=" + shell_word(joined);
}

// The upload's flags for a custom container's command, args, environment, ports and routes.
std::string container_flags(const lib::migrate::ModelDeployment& d) {
  std::vector<std::string> env;
  for (const auto& [name, value] : d.env) {
    env.push_back(name + "=" + value);
  }
  std::vector<std::string> ports;
  for (long p : d.ports) {
    ports.push_back(std::to_string(p));
  }
  std::string out = list_flag("container-command", d.command) + list_flag("container-args", d.args) +
                    list_flag("container-env-vars", env) + list_flag("container-ports", ports);
  if (!d.predict_route.empty()) {
    out += " --container-predict-route=" + shell_word(d.predict_route);
  }
  if (!d.health_route.empty()) {
    out += " --container-health-route=" + shell_word(d.health_route);
  }
  return out;
}

} // namespace

std::string model_deployment_gcloud(const lib::migrate::ModelDeployment& d) {
  std::string region = " --region=" + shell_word(d.region.empty() ? "REGION" : d.region);
  return "gcloud ai models upload" + region + " --display-name=" + shell_word(d.display_name) +
         " --container-image-uri=" + shell_word(d.container_image_uri) + container_flags(d) +
         (d.artifact_uri.empty() ? "" : " --artifact-uri=" + shell_word(d.artifact_uri)) +
         (d.description.empty() ? "" : " --description=" + shell_word(d.description)) + labels_flag(d.labels) + "\n" +
         "gcloud ai endpoints create" + region + " --display-name=" + shell_word(d.display_name) + labels_flag(d.labels) + "\n" +
         "gcloud ai endpoints deploy-model ENDPOINT_ID" + region +
         " --model=MODEL_ID --display-name=" + shell_word(d.display_name) + " --machine-type=" + shell_word(d.machine_type) +
         accelerator_flag(d) + " --min-replica-count=" + std::to_string(d.min_replica_count) +
         " --max-replica-count=" + std::to_string(d.max_replica_count) +
         (d.service_account.empty() ? "" : " --service-account=" + shell_word(d.service_account)) + "\n";
}

} // namespace render

namespace render {

std::vector<std::pair<std::string, std::string>> migrated_record_texts(const lib::migrate::MigratedRecord& m,
                                                                       const std::string& format) {
  std::vector<std::pair<std::string, std::string>> out;
  if (m.training) {
    const auto& v = *m.training;
    out.emplace_back(v.display_name, format == "json" ? vertex_json(v) : format == "yaml" ? vertex_yaml(v) : vertex_gcloud(v));
  }
  if (m.batch) {
    const auto& b = *m.batch;
    out.emplace_back(b.display_name, format == "json"   ? batch_prediction_json(b)
                                     : format == "yaml" ? batch_prediction_yaml(b)
                                                        : batch_prediction_gcloud(b));
  }
  for (const auto& d : m.deployments) {
    out.emplace_back(d.display_name, format == "gcloud" ? model_deployment_gcloud(d) : model_deployment_json(d));
  }
  return out;
}

} // namespace render
