#include "lib/cluster/platform_job.hpp"

#include "util/json.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <iterator>
#include <string_view>

namespace lib::cluster {

namespace {

using Tree = nlohmann::ordered_json;

// TrainingInput's int64 fields, and its nested messages' (AcceleratorConfig.count).
constexpr std::string_view k_int64[] = {"worker_count", "parameter_server_count", "evaluator_count", "count"};
// int32 fields (HyperparameterSpec).
constexpr std::string_view k_int32[] = {"max_trials", "max_parallel_trials", "max_failed_trials"};
// double fields (ParameterSpec); a YAML reader keeps 0.1 as written, the platform as a number.
constexpr std::string_view k_double[] = {"min_value", "max_value", "discrete_values"};
constexpr std::string_view k_bool[] = {"use_chief_in_tf_config", "enable_web_access", "enable_trial_early_stopping"};
// String fields a YAML file may hold as a number (runtimeVersion: 2).
constexpr std::string_view k_string[] = {"runtime_version",       "python_version", "region",      "job_dir",
                                         "python_module",         "scale_tier",     "master_type", "worker_type",
                                         "parameter_server_type", "evaluator_type", "network",     "service_account"};

template <size_t N> bool one_of(const std::string_view (&names)[N], const std::string& key) {
  return std::find(std::begin(names), std::end(names), key) != std::end(names);
}

std::string snake_case(const std::string& key) {
  std::string out;
  for (char c : key) {
    if (std::isupper(static_cast<unsigned char>(c))) {
      out += '_';
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else {
      out += c;
    }
  }
  return out;
}

bool whole_number(const std::string& s) {
  size_t start = !s.empty() && s[0] == '-' ? 1 : 0;
  return s.size() > start && s.size() < 19 && std::all_of(s.begin() + static_cast<long>(start), s.end(), [](char c) {
           return std::isdigit(static_cast<unsigned char>(c));
         });
}

// "0.1" -> 0.1; anything else as it is.
Tree number(const Tree& v) {
  if (!v.is_string()) {
    return v;
  }
  const std::string& s = v.get_ref<const std::string&>();
  char* end = nullptr;
  double d = std::strtod(s.c_str(), &end);
  bool whole = !s.empty() && end == s.c_str() + s.size() && std::isfinite(d) &&
               s.find_first_not_of("0123456789+-.eE") == std::string::npos;
  return whole ? Tree(d) : v;
}

Tree value(const std::string& key, const Tree& v) {
  if (one_of(k_double, key)) {
    if (!v.is_array()) {
      return number(v);
    }
    Tree out = Tree::array();
    for (const auto& item : v) {
      out.push_back(number(item));
    }
    return out;
  }
  if (one_of(k_int64, key) && v.is_number_integer()) {
    return util::json::dump(v);
  }
  if (one_of(k_int32, key) && v.is_string() && whole_number(v.get<std::string>())) {
    return std::stol(v.get<std::string>());
  }
  if (one_of(k_bool, key) && v.is_string() && (v == "true" || v == "false")) {
    return v == "true";
  }
  if (one_of(k_string, key) && v.is_number()) {
    return util::json::dump(v);
  }
  return v;
}

Tree convert(const Tree& v) {
  if (v.is_object()) {
    Tree out = Tree::object();
    for (const auto& [key, child] : v.items()) {
      std::string name = snake_case(key);
      out[name] = value(name, convert(child));
    }
    return out;
  }
  if (v.is_array()) {
    Tree out = Tree::array();
    for (const auto& child : v) {
      out.push_back(convert(child));
    }
    return out;
  }
  return v;
}

} // namespace

std::string platform_job_json(const std::string& training_input_json) {
  if (training_input_json.empty()) {
    return "{}";
  }
  return util::json::dump(convert(Tree::parse(training_input_json)));
}

} // namespace lib::cluster
