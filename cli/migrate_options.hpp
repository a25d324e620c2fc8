#pragma once

// The choices a user makes about a migrated job (--image, --framework, --machine-type), taken the
// same way by every command that migrates one (migrate, cluster-spec --as vertex).

#include "catalog/catalog_set.hpp"
#include "catalog/model.hpp"
#include "cli/options.hpp"
#include "lib/migrate/migrate.hpp"

#include <string>
#include <vector>

namespace cli {

struct MigrateChoices {
  std::string image;
  std::string framework;
  std::vector<std::string> machine_types; // [POOL=]TYPE
};

void add_migrate_choices(Options& sub, MigrateChoices& a);

// The migrate options for the choices on `on`. Throws InvalidInput for a --machine-type with an
// unknown pool or no type, and for a --framework no catalog of `set` knows (with the closest).
lib::migrate::Options migrate_options(const MigrateChoices& a, catalog::Date on, const catalog::CatalogSet& set);

} // namespace cli
