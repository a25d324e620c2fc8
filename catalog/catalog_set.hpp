#pragma once

#include "catalog/model.hpp"

#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace catalog {

// The catalog of CPython lines: every other catalog of a set that has it is judged against it.
inline constexpr std::string_view k_python_catalog = "python";

// The catalog files of a path list like RTCAT_CATALOG's: ':'-separated, empty parts skipped.
// catalog_paths("a.json::b.db") == {"a.json", "b.db"}; catalog_paths("") is empty.
std::vector<std::string> catalog_paths(std::string_view list);

// The catalogs one command works on. Each is built or loaded the first time it is asked for,
// so a command touches only what it needs.
class CatalogSet {
public:
  // The catalogs compiled into the binary.
  static CatalogSet embedded();
  // Catalog files: each path is a JSON catalog or an SQLite store (told apart by content).
  // Throws InvalidInput / StorageError naming the path.
  static CatalogSet from_paths(const std::vector<std::string>& paths);
  // A set over catalogs already in memory (tests, tools).
  static CatalogSet from_catalogs(std::vector<Catalog> catalogs);

  std::vector<std::string> names() const;
  bool has(std::string_view name) const;
  // The catalog of that name, loading it if needed; nullptr when there is none.
  const Catalog* get(std::string_view name) const;
  // Every catalog, in order.
  std::vector<const Catalog*> all() const;

  // The stores that opening upgraded to the current schema: path and the version they had.
  struct Upgrade {
    std::string path;
    int from = 0;
    int to = 0;
  };
  const std::vector<Upgrade>& upgraded_stores() const { return m_upgraded; }

  // The service a catalog serves ("" when several), without loading it where possible.
  std::string service_of(std::string_view name) const;
  // Whether the catalog holds an entry with this id, without loading it where possible.
  bool contains(std::string_view name, std::string_view id) const;

private:
  struct Slot {
    std::string name;
    std::function<Catalog()> load;
    mutable std::unique_ptr<Catalog> loaded;
    bool indexed = false; // service and ids below are known without loading
    std::string service;
    Texts ids; // the embedded index's: views of the embedded tables
  };
  void add(std::string name, std::function<Catalog()> load);
  const Slot* slot(std::string_view name) const;
  std::vector<Slot> m_slots;
  std::vector<Upgrade> m_upgraded;
};

} // namespace catalog
