#pragma once

#include "catalog/catalog_set.hpp"
#include "lib/core/service.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lib {

struct EntryRef {
  const catalog::Catalog* catalog = nullptr;
  const catalog::RuntimeEntry* entry = nullptr;
};

// Which catalogs a query looks in, and which it prefers when an id is in several.
struct Scope {
  std::string platform;           // only this catalog, when set
  std::optional<Service> service; // prefer catalogs serving it (unset: any)
};

// The catalogs in scope, preferred ones first. Throws InvalidInput for an unknown platform,
// listing the valid ones.
std::vector<const catalog::Catalog*> catalogs_in_scope(const catalog::CatalogSet& set, const Scope& scope);

// Finds an entry by id ("2.11") or qualified id ("vertex-prediction:sklearn-cpu.1-6").
// Throws InvalidInput when the id is not well formed (it may hold letters, digits and . _ + -).
std::optional<EntryRef> find_entry(const catalog::CatalogSet& set, std::string_view id, const Scope& scope);

// The service a request about `runtime` is for: `given` when set; else the service of the catalog
// that holds it (an image of a prediction catalog is judged for prediction), else training.
// Throws InvalidInput when `given` contradicts the service of the catalog that holds it.
Service service_for(const catalog::CatalogSet& set, std::string_view runtime, const std::string& platform,
                    std::optional<Service> given);

// Up to `max` ids in scope closest to `id`, for "did you mean": first the ids that extend it
// with a suffix (tf-cpu.2-17 -> tf-cpu.2-17.py310), then by numeric nearness, then edit distance.
std::vector<std::string> did_you_mean(const catalog::CatalogSet& set, std::string_view id, const Scope& scope, size_t max = 3);

// A "did you mean" candidate with its status on the date asked. It corrects a typo; it is not a
// recommendation, so it may be closed, and says so.
struct NearMatch {
  EntryRef ref;
  std::string status;  // the status name on the date ("deletion", "supported", ...)
  bool usable = false; // new work may use it on that date
};

// did_you_mean's ids with their entries and their status on `on`.
std::vector<NearMatch> near_matches(const catalog::CatalogSet& set, std::string_view id, const Scope& scope, catalog::Date on,
                                    int warn_days, size_t max = 3);

// "1.15 (deletion), 1.14 (supported)".
std::string describe_near(const std::vector<NearMatch>& near);

// The first usable match's id, for a "use X" hint; "" when none may be used on the date.
std::string usable_near(const std::vector<NearMatch>& near);

} // namespace lib
