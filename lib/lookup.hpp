#pragma once

#include "catalog/catalog_set.hpp"

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
  std::string platform; // only this catalog, when set
  std::string service;  // "training" or "prediction": prefer catalogs serving it
};

// The catalogs in scope, preferred ones first. Throws InvalidInput for an unknown platform,
// listing the valid ones.
std::vector<const catalog::Catalog*> catalogs_in_scope(const catalog::CatalogSet& set, const Scope& scope);

// Finds an entry by id ("2.11") or qualified id ("vertex-prediction:sklearn-cpu.1-6").
// Throws InvalidInput when the id is not well formed (it may hold letters, digits and . _ + -).
std::optional<EntryRef> find_entry(const catalog::CatalogSet& set, std::string_view id, const Scope& scope);

// Up to `max` ids in scope closest to `id` (edit distance, then numeric nearness), for
// "did you mean".
std::vector<std::string> did_you_mean(const catalog::CatalogSet& set, std::string_view id, const Scope& scope, size_t max = 3);

// Validates a service name ("training" or "prediction"); throws InvalidInput otherwise.
void check_service(std::string_view service);

} // namespace lib
