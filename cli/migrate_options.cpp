#include "cli/migrate_options.hpp"

#include "catalog/error.hpp"
#include "lib/core/frameworks.hpp"
#include "lib/core/lookup.hpp"
#include "util/text.hpp"

#include <algorithm>
#include <string_view>

namespace cli {

namespace {

// --machine-type values as (pool, type); pool "" for every pool.
std::vector<std::pair<std::string, std::string>> machine_types(const std::vector<std::string>& values) {
  std::vector<std::string> known;
  for (const auto& names : lib::migrate::pool_names()) {
    known.insert(known.end(), names.begin(), names.end());
  }
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& v : values) {
    auto eq = v.find('=');
    std::string pool = eq == std::string::npos ? "" : v.substr(0, eq);
    std::string type = eq == std::string::npos ? v : v.substr(eq + 1);
    if (!pool.empty() && std::find(known.begin(), known.end(), pool) == known.end()) {
      std::string near = util::closest(pool, std::vector<std::string_view>(known.begin(), known.end()));
      throw catalog::InvalidInput("--machine-type " + v + ": no pool '" + pool + "'" +
                                  (near.empty() ? "" : " (did you mean " + near + "?)") + "; pools: " + util::join(known));
    }
    if (type.empty()) {
      throw catalog::InvalidInput("--machine-type " + v + ": no machine type after the pool (like " +
                                  (pool.empty() ? "workerpool0" : pool) + "=n1-standard-8)");
    }
    out.emplace_back(pool, type);
  }
  return out;
}

} // namespace

void add_migrate_choices(Options& sub, MigrateChoices& a) {
  sub.add_option("--image", a.image,
                 "The prebuilt (or own) image a Python package job or a model version runs on, instead of the one picked")
      ->type_name("URI");
  sub.add_option("--framework", a.framework,
                 "The framework the job trains with (tensorflow, scikit-learn, xgboost, pytorch), instead of its runtime's")
      ->type_name("NAME");
  sub.add_option("--machine-type", a.machine_types,
                 "The machine type of a worker pool, as POOL=TYPE (POOL: workerpool0..3, or master, worker, ps, "
                 "evaluator), or TYPE for every pool; instead of the job's, or of rtcat's choice for a legacy machine "
                 "name or scale tier; repeatable")
      ->type_name("[POOL=]TYPE");
}

lib::migrate::Options migrate_options(const MigrateChoices& a, catalog::Date on, const catalog::CatalogSet& set) {
  lib::migrate::Options opt;
  opt.on = on;
  if (!a.image.empty()) {
    opt.image = a.image;
  }
  if (!a.framework.empty()) {
    opt.framework = lib::known_framework(a.framework, lib::catalogs_in_scope(set, {}));
  }
  opt.machine_types = machine_types(a.machine_types);
  return opt;
}

} // namespace cli
