#pragma once

#include "catalog/model.hpp"

#include <optional>
#include <string_view>
#include <vector>

namespace catalog {

// The catalogs in data/, validated and compiled into the binary at build time, so that the
// embedded default costs no parsing at start-up.

// Names of the embedded catalogs, in data order.
const std::vector<std::string_view>& embedded_names();

// What can be known of an embedded catalog without building it: its service and entry ids.
struct EmbeddedIndex {
  std::string_view name;
  std::string_view service;
  Texts ids; // views of the embedded tables: nothing is built
};
const std::vector<EmbeddedIndex>& embedded_index();

// Builds the embedded catalog of that name; nullopt when there is none.
std::optional<Catalog> embedded_catalog(std::string_view name);

} // namespace catalog
