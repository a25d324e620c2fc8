#pragma once

#include "catalog/model.hpp"
#include "lib/core/service.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lib {

// The package name a framework is known by: "sklearn" and "scikit_learn" -> "scikit-learn",
// "pytorch" -> "torch", "tf" -> "tensorflow"; any other name is PEP 503-normalised.
std::string framework_key(std::string_view name);

// Whether a package is one of the frameworks entries are chosen by: tensorflow, scikit-learn,
// xgboost, torch (package names, as framework_key gives them).
bool is_key_framework(std::string_view package);

// The key of a framework a user names (--framework), when it is one rtcat knows: a key
// framework (by any name framework_key knows) or one an entry of `catalogs` is built for.
// Throws InvalidInput otherwise, naming the closest known one: "tensorflw" is refused, not
// searched for.
std::string known_framework(std::string_view name, const std::vector<const catalog::Catalog*>& catalogs);

// The framework an entry is built for (images: their framework; runtimes: nullopt).
std::optional<std::string> entry_framework(const catalog::RuntimeEntry& r);

// The version of a package on an entry: its pin, or else its major.minor line (line = true).
struct PackageVersion {
  std::string version;
  bool line = false;
};
std::optional<PackageVersion> package_version(const catalog::RuntimeEntry& r, const std::string& package);

// What to do when an entry records no version of a framework the work uses: a training job
// installs it with its packages; a model version cannot install packages over the runtime, so
// it depends on what the runtime serves, which the sources do not say.
std::string unrecorded_framework_advice(const std::string& framework, Service service);

} // namespace lib
