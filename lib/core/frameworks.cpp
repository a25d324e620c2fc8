#include "lib/core/frameworks.hpp"

#include "catalog/error.hpp"
#include "catalog/pep440.hpp"
#include "util/bytes.hpp"
#include "util/fixed_text.hpp"
#include "util/text.hpp"

#include <algorithm>
#include <array>
#include <string_view>
#include <utility>

namespace lib {

namespace {

std::string compute_key(std::string_view name) {
  std::string n = catalog::pep440::normalize_name(name);
  size_t paren = n.find('(');
  if (paren != std::string::npos) {
    n = catalog::pep440::normalize_name(n.substr(0, paren));
  }
  // Other names packages and records give the key frameworks.
  struct Alias {
    util::FixedText<16> name;
    util::FixedText<16> key;
  };
  static constexpr Alias k_aliases[] = {
      {"sklearn", "scikit-learn"},      {"scikit", "scikit-learn"}, {"pytorch", "torch"},
      {"pytorch-xla", "torch"},         {"tf", "tensorflow"},       {"tensorflow-gpu", "tensorflow"},
      {"tensorflow-cpu", "tensorflow"}, {"xgb", "xgboost"}};
  for (const auto& alias : k_aliases) {
    if (alias.name == n) {
      return std::string(alias.key.view());
    }
  }
  return n;
}

} // namespace

std::string framework_key(std::string_view name) {
  // The upgrade planner asks for the keys of a catalog's entries over and over, entry after
  // entry, and a catalog names a handful of frameworks: the last few names and their keys are
  // kept, per thread (by content: nothing depends on where a name is stored).
  struct Known {
    std::string name, key;
  };
  thread_local std::array<Known, 4> known;
  thread_local size_t next = 0;
  for (const Known& k : known) {
    if (!k.key.empty() && util::same_text(k.name, name)) {
      return k.key;
    }
  }
  std::string key = compute_key(name);
  known[next] = Known{std::string(name), key};
  next = (next + 1) % known.size();
  return key;
}

bool is_key_framework(std::string_view package) {
  return package == "tensorflow" || package == "scikit-learn" || package == "xgboost" || package == "torch";
}

std::string known_framework(std::string_view name, const std::vector<const catalog::Catalog*>& catalogs) {
  std::string key = framework_key(name);
  // The names users know them by (pytorch rather than its package name, torch).
  std::vector<std::string> names = {"tensorflow", "scikit-learn", "xgboost", "pytorch"};
  bool known = is_key_framework(key);
  for (const auto* c : catalogs) {
    for (const auto& r : c->runtimes) {
      if (r.framework.empty()) {
        continue;
      }
      // "TensorFlow (optimized runtime)" is named as TensorFlow.
      std::string own(util::trim(framework_key(r.framework)));
      known = known || own == key;
      if (!is_key_framework(own) && std::find(names.begin(), names.end(), own) == names.end()) {
        names.push_back(own);
      }
    }
  }
  if (!known) {
    throw catalog::InvalidInput("--framework: unknown framework '" + std::string(name) + "' " + util::choices(name, names));
  }
  return key;
}

std::optional<std::string> entry_framework(const catalog::RuntimeEntry& r) {
  if (r.framework.empty()) {
    return std::nullopt;
  }
  return framework_key(r.framework);
}

std::optional<PackageVersion> package_version(const catalog::RuntimeEntry& r, const std::string& package) {
  for (const auto& p : r.packages) {
    if (p.name == package) {
      return PackageVersion{p.version, false};
    }
  }
  for (const auto& p : r.package_lines) {
    if (p.name == package) {
      return PackageVersion{p.version, true};
    }
  }
  if (entry_framework(r) == package && !r.framework_version.empty()) {
    return PackageVersion{r.framework_version, true};
  }
  return std::nullopt;
}

std::string unrecorded_framework_advice(const std::string& framework, Service service) {
  if (service == Service::prediction) {
    return "a model version cannot install it; check which " + framework + " the runtime serves before deploying";
  }
  return "install it with your job's packages";
}

} // namespace lib
