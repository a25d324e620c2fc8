#include "lib/migrate/prediction.hpp"

#include "catalog/error.hpp"
#include "lib/migrate/machines.hpp"
#include "lib/migrate/migrate.hpp"
#include "util/json.hpp"
#include "util/shell_words.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <sstream>

namespace lib::migrate {

extern const std::string_view k_prediction_machine_data_json;

namespace {

using nlohmann::ordered_json;

std::string upper(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return c == '-' ? '_' : static_cast<char>(std::toupper(c)); });
  return s;
}

std::vector<std::string> split_commas(const std::string& s) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= s.size()) {
    size_t end = s.find(',', start);
    end = end == std::string::npos ? s.size() : end;
    if (end > start) {
      out.push_back(s.substr(start, end - start));
    }
    start = end + 1;
  }
  return out;
}

// A gcloud list flag's value: split at commas, or at D when it starts with ^D^ (gcloud's way of
// writing items that hold commas, `gcloud topic escaping`).
std::vector<std::string> list_items(const std::string& s) {
  if (s.size() >= 3 && s[0] == '^') {
    size_t close = s.find('^', 1);
    if (close != std::string::npos && close > 1) {
      std::string delim = s.substr(1, close - 1);
      std::vector<std::string> out;
      size_t start = close + 1;
      while (start <= s.size()) {
        size_t end = s.find(delim, start);
        end = end == std::string::npos ? s.size() : end;
        if (end > start) {
          out.push_back(s.substr(start, end - start));
        }
        start = end + delim.size();
      }
      return out;
    }
  }
  return split_commas(s);
}

// The words of the first gcloud command of text, after `verb noun` (e.g. "submit" "prediction").
std::vector<std::string> gcloud_words(std::string_view text, const char* verb, const char* noun) {
  for (const auto& c : util::shell_commands(text)) {
    for (size_t i = 0; i + 1 < c.words.size(); ++i) {
      if (c.words[i].text == verb && c.words[i + 1].text == noun) {
        std::vector<std::string> out;
        for (size_t k = i + 2; k < c.words.size(); ++k) {
          out.push_back(c.words[k].text);
        }
        return out;
      }
    }
  }
  return {};
}

// Flags (--name=value or --name value) by name, and the first positional word under "".
std::map<std::string, std::string> flags_of(const std::vector<std::string>& words, const std::string& path) {
  std::map<std::string, std::string> flags;
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (!w.starts_with("--")) {
      flags.emplace("", w);
      continue;
    }
    auto eq = w.find('=');
    if (eq != std::string::npos) {
      flags[w.substr(2, eq - 2)] = w.substr(eq + 1);
    } else if (i + 1 < words.size()) {
      flags[w.substr(2)] = words[++i];
    } else {
      throw catalog::InvalidInput(path + ": " + w + " needs a value");
    }
  }
  return flags;
}

long number_of(const std::string& text, const std::string& path, const std::string& field) {
  try {
    size_t used = 0;
    long v = std::stol(text, &used);
    if (used == text.size() && v >= 0) {
      return v;
    }
  } catch (const std::exception&) {
  }
  throw catalog::InvalidInput(path + ": " + field + " must be a whole number, not '" + text + "'");
}

std::string text_at(const ordered_json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : "";
}

long count_at(const ordered_json& j, const char* key, long fallback, const std::string& path) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) {
    return fallback;
  }
  if (it->is_number_integer()) {
    return it->get<long>();
  }
  return number_of(it->is_string() ? it->get<std::string>() : it->dump(), path, key);
}

// A KEY=VALUE,... flag (--labels, --accelerator, --env-vars) as an object.
ordered_json key_values(const std::string& value, const std::string& flag, const std::string& path) {
  ordered_json labels = ordered_json::object();
  for (const auto& item : list_items(value)) {
    auto eq = item.find('=');
    if (eq == std::string::npos || eq == 0) {
      throw catalog::InvalidInput(path + ": " + flag + " takes KEY=VALUE pairs separated by commas, not '" + item + "'");
    }
    labels[item.substr(0, eq)] = item.substr(eq + 1);
  }
  return labels;
}

// The labels of a record (an object of strings), in the order written.
std::vector<std::pair<std::string, std::string>> labels_of(const ordered_json& j, const std::string& path) {
  std::vector<std::pair<std::string, std::string>> out;
  auto it = j.find("labels");
  if (it == j.end() || it->is_null()) {
    return out;
  }
  if (!it->is_object()) {
    throw catalog::InvalidInput(path + ": labels must be an object of KEY: VALUE strings, not " + it->dump());
  }
  for (const auto& [key, value] : it->items()) {
    if (!value.is_string()) {
      throw catalog::InvalidInput(path + ": labels." + key + " must be a string, not " + value.dump());
    }
    out.emplace_back(key, value.get<std::string>());
  }
  return out;
}

Finding at(const std::string& path, RuleId rule, std::string message) {
  Finding f = finding_of(rule, std::move(message));
  f.path = path;
  return f;
}

using Flags = std::map<std::string, std::string>;
using FieldNames = std::map<std::string, std::string>;

// The field names of gcloud flags: each of `same` under its own name in camelCase (runtime-version
// as runtimeVersion), each of `renamed` under the field it names.
FieldNames field_names(std::initializer_list<std::string_view> same, FieldNames renamed) {
  for (std::string_view flag : same) {
    std::string field;
    for (size_t i = 0; i < flag.size(); ++i) {
      if (flag[i] == '-' && i + 1 < flag.size()) {
        field += static_cast<char>(std::toupper(static_cast<unsigned char>(flag[++i])));
      } else {
        field += flag[i];
      }
    }
    renamed.emplace(std::string(flag), std::move(field));
  }
  return renamed;
}

// The gcloud flags `names` maps, into `out` under their field names (`capitals`' value in
// capitals, as the API spells enums), and then the comma list `list_flag` (into `list_field`)
// and --labels.
void copy_flags(const Flags& flags, const FieldNames& names, std::string_view capitals, std::string_view list_flag,
                const std::string& list_field, const std::string& path, ordered_json& out) {
  for (const auto& [flag, value] : flags) {
    if (auto n = names.find(flag); n != names.end()) {
      out[n->second] = flag == capitals ? upper(value) : value;
    }
  }
  if (auto it = flags.find(std::string(list_flag)); it != flags.end()) {
    out[list_field] = split_commas(it->second);
  }
  if (auto it = flags.find("labels"); it != flags.end()) {
    out["labels"] = key_values(it->second, "--labels", path);
  }
}

// A `jobs submit prediction` command line as the predictionInput it sends (jobId under "jobId").
ordered_json prediction_from_gcloud(std::string_view text, const std::string& path) {
  auto flags = flags_of(gcloud_words(text, "submit", "prediction"), path);
  ordered_json in = ordered_json::object();
  static const FieldNames names = field_names({"data-format", "output-path", "region", "max-worker-count", "runtime-version"},
                                              {{"model", "modelName"}, {"version", "versionName"}, {"model-dir", "uri"}});
  copy_flags(flags, names, "data-format", "input-paths", "inputPaths", path, in);
  if (auto it = flags.find("batch-size"); it != flags.end()) {
    in["batchSize"] = number_of(it->second, path, "--batch-size");
  }
  if (auto it = flags.find("signature-name"); it != flags.end()) {
    in["signatureName"] = it->second;
  }
  // gcloud alpha: --accelerator-type and --accelerator-count (1 when not given), predictionInput.accelerator.
  if (auto it = flags.find("accelerator-type"); it != flags.end()) {
    in["accelerator"]["type"] = it->second;
    in["accelerator"]["count"] = 1;
  }
  if (auto it = flags.find("accelerator-count"); it != flags.end()) {
    if (!in.contains("accelerator")) {
      throw catalog::InvalidInput(path + ": --accelerator-count needs --accelerator-type (for example nvidia-tesla-t4)");
    }
    in["accelerator"]["count"] = number_of(it->second, path, "--accelerator-count");
  }
  in["jobId"] = flags.count("") ? flags.at("") : "";
  return in;
}

std::string instances_format(const std::string& legacy, BatchPrediction& b) {
  if (legacy == "TF_RECORD" || legacy == "TF_RECORD_GZIP") {
    return legacy == "TF_RECORD" ? "tf-record" : "tf-record-gzip";
  }
  if (legacy == "CSV") {
    return "csv";
  }
  if (legacy == "TEXT") {
    b.findings.push_back(at(b.path, RuleId::migrate_no_equivalent,
                            "dataFormat TEXT (one instance per line) is read as jsonl: each line must be a JSON "
                            "instance, or convert the files and change instancesFormat"));
  }
  return "jsonl";
}

// The model a batch job names, as the Vertex AI model it must first be uploaded as.
void model_of(const ordered_json& in, BatchPrediction& b) {
  std::string model = text_at(in, "modelName");
  std::string version = text_at(in, "versionName");
  std::string project = "PROJECT";
  if (model.starts_with("projects/")) {
    project = model.substr(9, model.find('/', 9) - 9);
    model = model.substr(model.rfind('/') + 1);
  }
  if (version.find('/') != std::string::npos) {
    version = version.substr(version.rfind('/') + 1);
  }
  std::string uri = text_at(in, "uri");
  std::string name = model.empty() ? "MODEL" : model + (version.empty() ? "" : "-" + version);
  b.model = "projects/" + project + "/locations/" + (b.region.empty() ? "REGION" : b.region) + "/models/" + name;
  std::string from = !uri.empty() ? "the SavedModel at " + uri + " (gcloud ai models upload --artifact-uri=" + uri + ")"
                                  : "legacy model " + (model.empty() ? "(none named)" : model) +
                                        (version.empty() ? " (its default version)" : " version " + version) +
                                        " (rtcat migrate its version)";
  b.findings.push_back(at(b.path, RuleId::migrate_no_equivalent,
                          "model " + b.model + " stands for the Vertex AI model uploaded from " + from +
                              ": replace it with the uploaded model's ID"));
}

// A `versions create` command line as the version record it creates.
ordered_json version_from_gcloud(std::string_view text, const std::string& path) {
  auto flags = flags_of(gcloud_words(text, "versions", "create"), path);
  ordered_json v = ordered_json::object();
  static const FieldNames names = field_names({"runtime-version", "framework", "python-version", "machine-type", "region",
                                               "prediction-class", "description", "service-account", "model"},
                                              {{"origin", "deploymentUri"}});
  copy_flags(flags, names, "framework", "package-uris", "packageUris", path, v);
  if (auto it = flags.find("accelerator"); it != flags.end()) { // count=1,type=nvidia-tesla-t4
    ordered_json acc = key_values(it->second, "--accelerator", path);
    if (!acc.contains("type")) {
      throw catalog::InvalidInput(path + ": --accelerator needs type=TYPE (for example type=nvidia-tesla-t4,count=1)");
    }
    v["acceleratorConfig"]["type"] = acc["type"];
    if (acc.contains("count")) {
      v["acceleratorConfig"]["count"] = number_of(acc["count"].get<std::string>(), path, "--accelerator count");
    }
  }
  for (const char* n : {"min-nodes", "max-nodes"}) {
    if (auto it = flags.find(n); it != flags.end()) {
      v["autoScaling"][n[1] == 'i' ? "minNodes" : "maxNodes"] = number_of(it->second, path, std::string("--") + n);
    }
  }
  // A custom container (gcloud beta): --image, --command, --args, --env-vars, --ports, and the routes.
  if (auto it = flags.find("image"); it != flags.end()) {
    v["container"]["image"] = it->second;
  }
  for (const char* n : {"command", "args"}) {
    if (auto it = flags.find(n); it != flags.end()) {
      v["container"][n] = list_items(it->second);
    }
  }
  if (auto it = flags.find("env-vars"); it != flags.end()) {
    ordered_json pairs = key_values(it->second, "--env-vars", path);
    ordered_json env = ordered_json::array();
    for (auto kv = pairs.begin(); kv != pairs.end(); ++kv) {
      env.push_back(ordered_json{{"name", kv.key()}, {"value", kv.value()}});
    }
    v["container"]["env"] = env;
  }
  if (auto it = flags.find("ports"); it != flags.end()) {
    ordered_json ports = ordered_json::array();
    for (const auto& p : list_items(it->second)) {
      ports.push_back({{"containerPort", number_of(p, path, "--ports")}});
    }
    v["container"]["ports"] = ports;
  }
  for (const char* n : {"predict-route", "health-route"}) {
    if (auto it = flags.find(n); it != flags.end()) {
      v["routes"][n[0] == 'p' ? "predict" : "health"] = it->second;
    }
  }
  v["name"] = flags.count("") ? flags.at("") : "";
  return v;
}

std::string size_text(const PredictionMachine& m) {
  std::ostringstream out;
  out << m.vcpus << (m.vcpus == 1 ? " vCPU, " : " vCPUs, ") << m.memory_gb << " GB";
  return out.str();
}

// The version's machineType (the legacy default when it has none) as a type Vertex AI offers for
// prediction: one it does not offer becomes the nearest that holds it, with a finding.
void machine_of(const ordered_json& v, ModelDeployment& d) {
  const PredictionMachineData& data = prediction_machine_data();
  std::string legacy = text_at(v, "machineType");
  bool by_default = legacy.empty();
  if (by_default) { // the global endpoint's default; regional endpoints (--region) defaulted to n1-standard-2
    legacy = d.region.empty() ? data.legacy_default : "n1-standard-2";
  }
  d.machine_type = legacy;
  const PredictionMachine* old = data.legacy_type(legacy);
  if (data.offered_type(legacy) != nullptr || old == nullptr) {
    return; // offered, or not a type the data knows: unchanged
  }
  std::string what = "machine type " + legacy + " (" + (by_default ? "the default; " : "") + size_text(*old) + "; " +
                     data.legacy_source + ")" +
                     (legacy.starts_with("mls1-") ? " is a legacy (MLS1) type that Vertex AI does not offer for prediction"
                                                  : " is not among the machine types Vertex AI offers for prediction") +
                     " (" + data.offered_source + ")";
  const PredictionMachine* to = data.nearest(*old);
  if (to == nullptr) {
    d.findings.push_back(at(d.path, RuleId::migrate_machine_unmapped,
                            what + ": none of its N1 types holds it: choose a Compute Engine type sized for the model"));
    return;
  }
  d.machine_type = to->name;
  d.findings.push_back(at(d.path, RuleId::migrate_machine_unmapped,
                          what + ": wrote " + to->name + " (" + size_text(*to) +
                              "), the smallest N1 type offered with at least its vCPUs and memory, which is rtcat's "
                              "choice, not a documented mapping: choose a Compute Engine type sized for the model"));
}

// Replica counts from autoScaling and manualScaling.
void scaling_of(const ordered_json& v, ModelDeployment& d) {
  if (auto m = v.find("manualScaling"); m != v.end() && m->is_object()) {
    d.min_replica_count = d.max_replica_count = count_at(*m, "nodes", 1, d.path);
  } else if (auto a = v.find("autoScaling"); a != v.end() && a->is_object()) {
    d.min_replica_count = std::max(1L, count_at(*a, "minNodes", 1, d.path));
    d.max_replica_count = std::max(d.min_replica_count, count_at(*a, "maxNodes", d.min_replica_count, d.path));
    if (count_at(*a, "minNodes", 1, d.path) == 0) {
      d.findings.push_back(at(d.path, RuleId::migrate_no_equivalent,
                              "autoScaling.minNodes 0 (scale to zero) has no Vertex AI equivalent: an endpoint keeps "
                              "at least one replica (--min-replica-count=1)"));
    }
  }
}

// An AcceleratorConfig ({"count", "type"}) as the accelerator type and count written; a K80, which
// Vertex AI no longer offers, becomes its replacement with a finding. False when `key` names none.
bool accelerator_at(const ordered_json& j, const char* key, const std::string& path, std::string& type, long& count,
                    std::vector<Finding>& findings) {
  auto acc = j.find(key);
  if (acc == j.end() || !acc->is_object() || text_at(*acc, "type").empty()) {
    return false;
  }
  type = upper(text_at(*acc, "type"));
  count = count_at(*acc, "count", 1, path);
  if (const RetiredAccelerator* r = machine_data().retired_accelerator(type)) {
    findings.push_back(at(path, RuleId::migrate_accelerator_retired,
                          r->name + " is no longer offered by Vertex AI (" + r->documented + "; " + r->source +
                              "): migrated to " + r->replacement + " (" + r->replacement_basis + ")"));
    type = r->replacement;
  }
  return true;
}

// acceleratorConfig (--accelerator): the deployment's GPU.
void accelerator_of(const ordered_json& v, ModelDeployment& d) {
  accelerator_at(v, "acceleratorConfig", d.path, d.accelerator_type, d.accelerator_count, d.findings);
}

// predictionInput.accelerator: the batch job's machines' GPU (on the n1-standard-2 written).
void batch_accelerator(const ordered_json& in, BatchPrediction& b) {
  accelerator_at(in, "accelerator", b.path, b.accelerator_type, b.accelerator_count, b.findings);
}

// What the custom container of a custom prediction routine must hold, from what Google documents
// for custom prediction containers.
std::string custom_routine(const ordered_json& v) {
  std::string packages;
  if (auto it = v.find("packageUris"); it != v.end() && it->is_array()) {
    for (const auto& p : *it) {
      packages += (packages.empty() ? "" : ", ") + (p.is_string() ? p.get<std::string>() : p.dump());
    }
  }
  std::string cls = text_at(v, "predictionClass");
  return "a custom prediction routine" + (cls.empty() ? std::string() : " (predictionClass " + cls + ")") +
         " needs a custom container on Vertex AI: its prebuilt prediction images load no predictor class. Build an "
         "image that holds " +
         (packages.empty() ? std::string("the routine's packages") : "the packages " + packages) + " and " +
         (cls.empty() ? std::string("the predictor class") : cls) +
         " with their dependencies, and runs an HTTP server listening on AIP_HTTP_PORT that answers health checks on "
         "AIP_HEALTH_ROUTE and prediction requests on AIP_PREDICT_ROUTE ({\"instances\": [...]} in, "
         "{\"predictions\": [...]} out), loading the model from AIP_STORAGE_URI; push it to Artifact Registry and "
         "pass it as --container-image-uri (rtcat migrate --image URI)";
}

// A list of strings at j[key] (container.command, container.args).
std::vector<std::string> strings_at(const ordered_json& j, const char* key, const std::string& path, const std::string& where) {
  std::vector<std::string> out;
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) {
    return out;
  }
  if (!it->is_array()) {
    throw catalog::InvalidInput(path + ": " + where + " must be a list of strings, not " + it->dump());
  }
  for (const auto& e : *it) {
    if (!e.is_string()) {
      throw catalog::InvalidInput(path + ": " + where + " must be a list of strings, not " + it->dump());
    }
    out.push_back(e.get<std::string>());
  }
  return out;
}

// The version's custom container (container, routes) as the model's containerSpec. The legacy
// default routes (/v1/models/MODEL/versions/VERSION[:predict]), which the container answered on,
// are written out: Vertex AI's own defaults are other paths.
void container_of(const ordered_json& c, const ordered_json& v, const std::string& model, const std::string& version,
                  ModelDeployment& d) {
  const std::string& path = d.path;
  d.container_image_uri = text_at(c, "image");
  d.command = strings_at(c, "command", path, "container.command");
  d.args = strings_at(c, "args", path, "container.args");
  if (auto env = c.find("env"); env != c.end() && !env->is_null()) {
    if (!env->is_array()) {
      throw catalog::InvalidInput(path + ": container.env must be a list of {name, value}, not " + env->dump());
    }
    for (const auto& e : *env) {
      if (!e.is_object() || text_at(e, "name").empty()) {
        throw catalog::InvalidInput(path + ": container.env must be a list of {name, value}, not " + e.dump());
      }
      d.env.emplace_back(text_at(e, "name"), text_at(e, "value"));
    }
  }
  if (auto ports = c.find("ports"); ports != c.end() && !ports->is_null()) {
    if (!ports->is_array()) {
      throw catalog::InvalidInput(path + ": container.ports must be a list of {containerPort}, not " + ports->dump());
    }
    for (const auto& p : *ports) {
      long port = p.is_object() ? count_at(p, "containerPort", 0, path) : 0;
      if (port < 1 || port > 65535) {
        throw catalog::InvalidInput(path + ": container.ports: a containerPort must be a port number (1 to 65535), not " +
                                    p.dump());
      }
      d.ports.push_back(port);
    }
  }
  ordered_json routes = v.contains("routes") && v["routes"].is_object() ? v["routes"] : ordered_json::object();
  d.predict_route = text_at(routes, "predict");
  d.health_route = text_at(routes, "health");
  std::string legacy = "/v1/models/" + model + "/versions/" + version;
  if (d.predict_route.empty() || d.health_route.empty()) {
    if (model.empty() || version.empty()) {
      d.findings.push_back(at(path, RuleId::migrate_no_equivalent,
                              "the container was served on AI Platform's default routes "
                              "(/v1/models/MODEL/versions/VERSION:predict, and the same without :predict for health "
                              "checks), which Vertex AI does not use: the model and version are not named, so set "
                              "routes.predict and routes.health, or make the container answer on AIP_PREDICT_ROUTE and "
                              "AIP_HEALTH_ROUTE"));
    } else {
      d.predict_route = d.predict_route.empty() ? legacy + ":predict" : d.predict_route;
      d.health_route = d.health_route.empty() ? legacy : d.health_route;
    }
  }
}

ModelDeployment version_of(const catalog::CatalogSet& set, const ordered_json& v, const std::string& path,
                           const catalog::Date& on, const std::optional<std::string>& image) {
  ModelDeployment d;
  d.path = path;
  std::string name = text_at(v, "name");
  std::string model = text_at(v, "model");
  if (name.find("/models/") != std::string::npos) { // projects/P/models/M/versions/V
    size_t m = name.find("/models/") + 8;
    model = name.substr(m, name.find('/', m) - m);
  }
  name = name.substr(name.rfind('/') + 1);
  d.display_name = (model.empty() ? "" : model + "-") + (name.empty() ? "version" : name);
  d.description = text_at(v, "description");
  d.region = text_at(v, "region");
  d.labels = labels_of(v, path);
  d.service_account = text_at(v, "serviceAccount");
  d.artifact_uri = text_at(v, "deploymentUri");
  auto spec = v.find("container");
  bool container = spec != v.end() && spec->is_object();
  if (container && text_at(*spec, "image").empty()) {
    throw catalog::InvalidInput(path + ": a custom container needs its image (container.image, --image)");
  }
  if (d.artifact_uri.empty() && !container) {
    throw catalog::InvalidInput(path + ": a model version needs its deploymentUri (--origin)");
  }
  machine_of(v, d);
  scaling_of(v, d);
  accelerator_of(v, d);
  if (container) {
    container_of(*spec, v, model, name, d);
    if (image) {
      d.container_image_uri = *image;
    }
    return d;
  }
  if (!text_at(v, "predictionClass").empty() || v.contains("packageUris")) {
    d.findings.push_back(at(path, RuleId::migrate_custom_prediction_routine, custom_routine(v)));
    d.container_image_uri = image.value_or(std::string(k_server_placeholder));
    if (!image) {
      d.findings.push_back(at(path, RuleId::migrate_placeholder,
                              "containerSpec.imageUri is a placeholder, " + std::string(k_server_placeholder) +
                                  ": build the custom container the migrate-custom-prediction-routine finding "
                                  "describes, push it to Artifact Registry and write its URI there (or pass --image URI)"));
    }
    return d;
  }
  if (image) {
    d.container_image_uri = *image;
    return d;
  }
  std::string framework = text_at(v, "framework");
  std::transform(framework.begin(), framework.end(), framework.begin(),
                 [](unsigned char c) { return c == '_' ? '-' : static_cast<char>(std::tolower(c)); });
  std::optional<std::string> python;
  if (!text_at(v, "pythonVersion").empty()) {
    python = text_at(v, "pythonVersion");
  }
  std::optional<std::string> runtime;
  if (!text_at(v, "runtimeVersion").empty()) {
    runtime = text_at(v, "runtimeVersion");
  }
  d.container_image_uri = prediction_image(set,
                                           PredictionImageQuery{framework.empty() ? "tensorflow" : framework, python,
                                                                !d.accelerator_type.empty(), d.region, on, runtime},
                                           path, d.findings);
  if (d.container_image_uri.empty()) {
    throw catalog::InvalidInput(path + ": the data knows no prediction image for framework '" + framework +
                                "': pass --image URI");
  }
  return d;
}

} // namespace

std::string prediction_kind(std::string_view text) {
  if (!gcloud_words(text, "submit", "prediction").empty() || text.find("\"predictionInput\"") != std::string_view::npos) {
    return "prediction";
  }
  if (!gcloud_words(text, "versions", "create").empty() || text.find("\"deploymentUri\"") != std::string_view::npos ||
      (text.find("\"container\"") != std::string_view::npos && text.find("\"trainingInput\"") == std::string_view::npos)) {
    return "version";
  }
  return "training";
}

BatchPrediction migrate_prediction(std::string_view text, const std::string& path) {
  BatchPrediction b;
  b.path = path;
  ordered_json in;
  auto first = text.find_first_not_of(" \t\r\n");
  if (first != std::string_view::npos && text[first] == '{') {
    ordered_json doc = util::json::parse_ordered(text, path);
    if (!doc.is_object() || !doc.contains("predictionInput") || !doc["predictionInput"].is_object()) {
      throw catalog::InvalidInput(path + ": expected a prediction job (an object with predictionInput)");
    }
    in = doc["predictionInput"];
    in["jobId"] = text_at(doc, "jobId");
    if (doc.contains("labels")) {
      in["labels"] = doc["labels"];
    }
  } else {
    in = prediction_from_gcloud(text, path);
  }
  b.display_name = text_at(in, "jobId").empty() ? "batch-prediction" : text_at(in, "jobId");
  b.region = text_at(in, "region");
  b.labels = labels_of(in, path);
  model_of(in, b);
  b.instances_format = instances_format(text_at(in, "dataFormat"), b);
  if (auto it = in.find("inputPaths"); it != in.end() && it->is_array()) {
    for (const auto& p : *it) {
      if (p.is_string()) {
        b.input_uris.push_back(p.get<std::string>());
      }
    }
  }
  if (b.input_uris.empty() || text_at(in, "outputPath").empty()) {
    throw catalog::InvalidInput(path + ": a prediction job needs its input paths and output path (--input-paths, --output-path)");
  }
  b.output_uri_prefix = text_at(in, "outputPath");
  std::string out_format = text_at(in, "outputDataFormat");
  b.predictions_format = out_format == "CSV" ? "csv" : "jsonl";
  if (out_format == "TF_RECORD") {
    b.findings.push_back(at(path, RuleId::migrate_no_equivalent,
                            "outputDataFormat TF_RECORD has no Vertex AI equivalent: predictions are written as jsonl"));
  }
  b.max_replica_count = count_at(in, "maxWorkerCount", 10, path);
  b.machine_type = "n1-standard-2";
  b.findings.push_back(at(path, RuleId::migrate_machine_unmapped,
                          "AI Platform chose batch prediction machines itself; Vertex AI needs one: wrote n1-standard-2 "
                          "with up to " +
                              std::to_string(b.max_replica_count) + " replicas (maxWorkerCount): size it for the model"));
  batch_accelerator(in, b);
  if (in.contains("batchSize") && !in["batchSize"].is_null()) {
    long n = count_at(in, "batchSize", 64, path);
    if (n < 1 || n > std::numeric_limits<int32_t>::max()) {
      throw catalog::InvalidInput(path + ": batchSize must be between 1 and 2147483647, not " + std::to_string(n));
    }
    b.batch_size = n;
  }
  for (const char* gone : {"signatureName", "runtimeVersion"}) {
    if (in.contains(gone)) {
      b.findings.push_back(at(path, RuleId::migrate_no_equivalent,
                              std::string(gone) + " has no BatchPredictionJob field: the model's serving container decides it"));
    }
  }
  return b;
}

std::vector<ModelDeployment> migrate_versions(const catalog::CatalogSet& set, std::string_view text, const std::string& path,
                                              const catalog::Date& on, const std::optional<std::string>& image) {
  auto first = text.find_first_not_of(" \t\r\n");
  std::vector<ModelDeployment> out;
  if (first != std::string_view::npos && (text[first] == '{' || text[first] == '[')) {
    ordered_json doc = util::json::parse_ordered(text, path);
    for (const auto& v : doc.is_array() ? doc : ordered_json::array({doc})) {
      if (!v.is_object()) {
        throw catalog::InvalidInput(path + ": expected a model version (an object with deploymentUri)");
      }
      out.push_back(version_of(set, v, path, on, image));
    }
    return out;
  }
  out.push_back(version_of(set, version_from_gcloud(text, path), path, on, image));
  return out;
}

namespace {

std::vector<PredictionMachine> machines_at(const ordered_json& doc, const char* key, std::string& source,
                                           const std::string& origin) {
  auto list = doc.find(key);
  if (list == doc.end() || !list->is_object() || !list->contains("types") || !(*list)["types"].is_array()) {
    throw catalog::InvalidInput(origin + ": " + key + " must be an object with a list of types");
  }
  std::string id = text_at(*list, "source");
  auto sources = doc.find("sources");
  if (sources == doc.end() || !sources->is_object() || text_at(*sources, id.c_str()).empty()) {
    throw catalog::InvalidInput(origin + ": " + key + " names no source in sources");
  }
  source = text_at(*sources, id.c_str());
  std::vector<PredictionMachine> out;
  for (const auto& t : (*list)["types"]) {
    if (!t.is_object() || text_at(t, "name").empty() || !t.contains("vcpus") || !t["vcpus"].is_number_integer() ||
        !t.contains("memory_gb") || !t["memory_gb"].is_number()) {
      throw catalog::InvalidInput(origin + ": " + key + ": each type needs name, vcpus and memory_gb, not " + t.dump());
    }
    out.push_back(PredictionMachine{text_at(t, "name"), t["vcpus"].get<long>(), t["memory_gb"].get<double>()});
  }
  return out;
}

const PredictionMachine* named(const std::vector<PredictionMachine>& list, std::string_view name) {
  auto it = std::find_if(list.begin(), list.end(), [&](const PredictionMachine& m) { return m.name == name; });
  return it == list.end() ? nullptr : &*it;
}

} // namespace

const PredictionMachine* PredictionMachineData::offered_type(std::string_view name) const {
  return named(offered, name);
}

const PredictionMachine* PredictionMachineData::legacy_type(std::string_view name) const {
  return named(legacy, name);
}

const PredictionMachine* PredictionMachineData::nearest(const PredictionMachine& m) const {
  const PredictionMachine* best = nullptr;
  for (const auto& o : offered) {
    if (o.vcpus < m.vcpus || o.memory_gb < m.memory_gb) {
      continue;
    }
    if (best == nullptr || o.vcpus < best->vcpus || (o.vcpus == best->vcpus && o.memory_gb < best->memory_gb)) {
      best = &o;
    }
  }
  return best;
}

PredictionMachineData parse_prediction_machine_data(std::string_view json, const std::string& origin) {
  ordered_json doc = util::json::parse_ordered(json, origin);
  if (!doc.is_object()) {
    throw catalog::InvalidInput(origin + ": expected an object");
  }
  PredictionMachineData data;
  data.offered = machines_at(doc, "vertex_prediction_types", data.offered_source, origin);
  data.legacy = machines_at(doc, "legacy_prediction_types", data.legacy_source, origin);
  data.legacy_default = text_at(doc["legacy_prediction_types"], "default");
  if (data.legacy_type(data.legacy_default) == nullptr) {
    throw catalog::InvalidInput(origin + ": legacy_prediction_types.default must name one of its types");
  }
  return data;
}

const PredictionMachineData& prediction_machine_data() {
  static const PredictionMachineData data =
      parse_prediction_machine_data(k_prediction_machine_data_json, "data/vertex-prediction-machines.json");
  return data;
}

} // namespace lib::migrate
