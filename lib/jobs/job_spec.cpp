#include "lib/jobs/job_spec.hpp"

#include "catalog/catalog_set.hpp"
#include "catalog/error.hpp"
#include "lib/jobs/job_tree.hpp"
#include "lib/jobs/parsers.hpp"
#include "util/file.hpp"
#include "util/json.hpp"
#include "util/position.hpp"
#include "util/utf8.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace lib::jobs {

namespace {

const char* const k_role_names[][2] = {
    {"master", "master"}, {"worker", "worker"}, {"ps", "parameterServer"}, {"evaluator", "evaluator"}};

std::string type_name(const Tree& v) {
  switch (v.type()) {
  case Tree::value_t::string:
    return "the string " + util::json::dump(v);
  case Tree::value_t::object:
    return "an object";
  case Tree::value_t::array:
    return "a list";
  case Tree::value_t::null:
    return "null";
  default:
    return util::json::dump(v);
  }
}

struct Builder {
  const Tree& input;
  const Positions& positions;
  std::string prefix; // "trainingInput." or ""
  JobSpec spec;

  Pos at(const std::string& field) const { return spec.pos(field); }

  [[noreturn]] void bad(const std::string& field, const std::string& expected, const Tree& v) const {
    throw catalog::InvalidInput(where(spec.path, at(field)) + prefix + field + " must be " + expected + ", not " + type_name(v));
  }

  std::optional<std::string> str(const Tree& obj, const std::string& key, const std::string& field) const {
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) {
      return std::nullopt;
    }
    if (it->is_string()) {
      return it->get<std::string>();
    }
    if (it->is_number()) { // YAML and careless JSON: runtimeVersion: 1.15
      return util::json::dump(*it);
    }
    bad(field, "a string", *it);
  }

  std::optional<long> count(const Tree& obj, const std::string& key, const std::string& field) const {
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) {
      return std::nullopt;
    }
    if (it->is_number_integer()) {
      return it->get<long>();
    }
    if (it->is_string()) {
      const std::string s = it->get<std::string>();
      bool digits = !s.empty() && s.size() < 10 && std::all_of(s.begin() + (s[0] == '-' ? 1 : 0), s.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c));
      }) && s != "-";
      if (digits) {
        return std::stol(s);
      }
    }
    bad(field, "a whole number", *it);
  }

  bool flag(const Tree& obj, const std::string& key, const std::string& field) const {
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) {
      return false;
    }
    if (it->is_boolean()) {
      return it->get<bool>();
    }
    if (it->is_string() && (*it == "true" || *it == "false")) {
      return *it == "true";
    }
    bad(field, "true or false", *it);
  }

  // The job's labels: an object of strings (numbers, as YAML types `version: 2`, as their text).
  void labels() {
    auto it = input.find("labels");
    if (it == input.end() || it->is_null()) {
      return;
    }
    auto at_key = [&](const std::string& key) {
      auto p = positions.find(key);
      return p == positions.end() ? Pos{} : p->second;
    };
    if (!it->is_object()) {
      throw catalog::InvalidInput(where(spec.path, at_key("labels")) + "labels must be an object of KEY: VALUE strings, not " +
                                  type_name(*it));
    }
    for (const auto& [key, value] : it->items()) {
      if (!value.is_string() && !value.is_number()) {
        throw catalog::InvalidInput(where(spec.path, at_key("labels." + key)) + "labels." + key + " must be a string, not " +
                                    type_name(value));
      }
      spec.labels.emplace_back(key, value.is_string() ? value.get<std::string>() : util::json::dump(value));
    }
  }

  void build() {
    const Tree* ti = &input;
    if (!input.is_object()) {
      throw catalog::InvalidInput(where(spec.path, Pos{"", 1, 1}) + "expected a job (an object with trainingInput), not " +
                                  type_name(input));
    }
    spec.fragment = !input.contains("jobId");
    if (auto it = input.find("trainingInput"); it != input.end()) {
      prefix = "trainingInput.";
      if (!it->is_object()) {
        auto p = positions.find("trainingInput");
        throw catalog::InvalidInput(where(spec.path, p == positions.end() ? Pos{} : p->second) +
                                    "trainingInput must be an object, not " + type_name(*it));
      }
      ti = &*it;
      if (auto id = input.find("jobId"); id != input.end() && id->is_string()) {
        spec.job_id = id->get<std::string>();
      }
      labels();
    } else if (input.contains("predictionInput")) {
      throw catalog::InvalidInput(where(spec.path, Pos{"", 1, 1}) +
                                  "this is a prediction job (predictionInput); validate reads training jobs (trainingInput)");
    }
    // Positions relative to trainingInput.
    for (const auto& [key, p] : positions) {
      if (prefix.empty()) {
        spec.positions[key] = p;
      } else if (key.starts_with(prefix)) {
        spec.positions[key.substr(prefix.size())] = p;
      } else if (key == "trainingInput") {
        spec.positions[""] = p;
      }
    }
    const Tree& t = *ti;
    spec.runtime_version = str(t, "runtimeVersion", "runtimeVersion");
    spec.python_version = str(t, "pythonVersion", "pythonVersion");
    spec.scale_tier = str(t, "scaleTier", "scaleTier");
    spec.python_module = str(t, "pythonModule", "pythonModule");
    spec.use_chief_in_tf_config = flag(t, "useChiefInTfConfig", "useChiefInTfConfig");
    if (auto it = t.find("hyperparameters"); it != t.end() && !it->is_null()) {
      if (!it->is_object()) {
        bad("hyperparameters", "an object", *it);
      }
      spec.hyperparameters = true;
    }
    if (auto it = t.find("packageUris"); it != t.end() && !it->is_null()) {
      if (!it->is_array()) {
        bad("packageUris", "a list of gs:// URIs", *it);
      }
      for (size_t i = 0; i < it->size(); ++i) {
        const auto& u = (*it)[i];
        if (!u.is_string()) {
          bad("packageUris[" + std::to_string(i) + "]", "a string", u);
        }
        spec.package_uris.push_back(u.get<std::string>());
      }
    }
    for (const auto& names : k_role_names) {
      Role r;
      r.name = names[0];
      r.field = names[1];
      r.machine_type = str(t, r.field + "Type", r.field + "Type");
      if (r.name == "master") {
        r.count = 1;
      } else if (auto c = count(t, r.field + "Count", r.field + "Count")) {
        r.count = *c;
        r.count_set = true;
      }
      const std::string config = r.field + "Config";
      if (auto it = t.find(config); it != t.end() && !it->is_null()) {
        if (!it->is_object()) {
          bad(config, "an object", *it);
        }
        r.image_uri = str(*it, "imageUri", config + ".imageUri");
      }
      spec.roles.push_back(r);
    }
    const auto& known = known_training_input_fields();
    for (const auto& [key, value] : t.items()) {
      if (std::find(known.begin(), known.end(), key) != known.end()) {
        continue;
      }
      std::string camel;
      bool up = false;
      for (char c : key) {
        if (c == '_') {
          up = true;
        } else {
          camel += up ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
          up = false;
        }
      }
      std::string hint = std::find(known.begin(), known.end(), camel) != known.end() && camel != key
                             ? "; did you mean " + camel + "? (config files use camelCase)"
                             : "; it is ignored";
      spec.notes.push_back(
          job_finding(spec, key, finding_of(RuleId::unknown_field, prefix + key + " is not a trainingInput field" + hint)));
    }
    spec.training_input_json = util::json::dump(t);
  }
};

} // namespace

std::string where(const std::string& path, const Pos& pos) {
  std::string file = pos.file.empty() ? path : pos.file;
  if (pos.line <= 0) {
    return file + ": ";
  }
  return file + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.column) + ": ";
}

JobSpec job_from_tree(const Tree& doc, const Positions& positions, const std::string& path, const std::string& form) {
  Builder b{doc, positions, "", {}};
  b.spec.path = path;
  b.spec.form = form;
  b.build();
  return std::move(b.spec);
}

Pos pos_at(std::string_view text, size_t offset) {
  util::Position p = util::position_at(text, offset);
  return Pos{"", p.line, p.column};
}

void check_utf8(std::string_view text, const std::string& origin) {
  if (size_t bad = util::utf8::first_invalid(text); bad != std::string_view::npos) {
    throw catalog::InvalidInput(where(origin, pos_at(text, bad)) + "invalid UTF-8 (save the file as UTF-8)");
  }
}

Pos JobSpec::pos(const std::string& field) const {
  std::string f = field;
  while (true) {
    if (auto it = positions.find(f); it != positions.end()) {
      return it->second;
    }
    if (f.empty()) {
      return {};
    }
    size_t cut = f.find_last_of(".[");
    f = cut == std::string::npos ? "" : f.substr(0, cut);
  }
}

const Role& JobSpec::role(const std::string& name) const {
  for (const auto& r : roles) {
    if (r.name == name) {
      return r;
    }
  }
  throw std::logic_error("no role " + name);
}

bool JobSpec::custom_container() const {
  return role("master").image_uri.has_value();
}

std::optional<std::string> JobSpec::image_for(const std::string& name) const {
  const Role& r = role(name);
  if (r.image_uri) {
    return r.image_uri;
  }
  return role("master").image_uri;
}

Finding job_finding(const JobSpec& spec, const std::string& field, Finding f) {
  Pos p = spec.pos(field);
  f.path = p.file.empty() ? spec.path : p.file;
  f.line = p.line;
  f.column = p.column;
  return f;
}

const std::vector<std::string>& known_training_input_fields() {
  static const std::vector<std::string> k{"scaleTier",
                                          "masterType",
                                          "masterConfig",
                                          "workerType",
                                          "workerConfig",
                                          "parameterServerType",
                                          "parameterServerConfig",
                                          "evaluatorType",
                                          "evaluatorConfig",
                                          "workerCount",
                                          "parameterServerCount",
                                          "evaluatorCount",
                                          "packageUris",
                                          "pythonModule",
                                          "args",
                                          "hyperparameters",
                                          "region",
                                          "jobDir",
                                          "runtimeVersion",
                                          "pythonVersion",
                                          "encryptionConfig",
                                          "scheduling",
                                          "network",
                                          "serviceAccount",
                                          "useChiefInTfConfig",
                                          "enableWebAccess"};
  return k;
}

const std::vector<std::string>& scale_tiers() {
  static const std::vector<std::string> k{"BASIC", "STANDARD_1", "PREMIUM_1", "BASIC_GPU", "BASIC_TPU", "CUSTOM"};
  return k;
}

JobSpec read_job_file(const std::string& path) {
  std::string text = util::read_file(path);
  const std::string name = util::input_name(path); // "<stdin>" for "-": its form is told by its content
  const std::string dir = path == util::k_stdin ? "" : std::filesystem::path(path).parent_path().string();
  std::string ext = path == util::k_stdin ? "" : std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (ext == ".sh" || ext == ".cmd" || ext == ".txt") {
    return parse_gcloud(text, name, dir);
  }
  if (ext == ".json") {
    return parse_rest_json(text, name);
  }
  if (ext != ".yaml" && ext != ".yml") {
    auto first = text.find_first_not_of(" \t\r\n");
    if (first != std::string::npos && text[first] == '{') {
      return parse_rest_json(text, name);
    }
    if (text.find("gcloud") != std::string::npos && text.find("submit") != std::string::npos &&
        text.find("trainingInput") == std::string::npos) {
      return parse_gcloud(text, name, dir);
    }
  }
  return parse_config_yaml(text, name);
}

} // namespace lib::jobs
