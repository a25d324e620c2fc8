#pragma once

#include "catalog/model.hpp"

#include <memory>
#include <string>
#include <vector>

namespace SQLite {
class Database;
}

namespace catalog {

// The user-maintained catalog store: an SQLite database with a versioned schema
// (PRAGMA user_version), WAL journaling so that readers never block, and every write in one
// transaction. The only place that uses SQLiteCpp.
class Store {
public:
  static constexpr int k_schema_version = 1;

  enum class Mode { read, write, create };

  // Opens the store at path. Mode::create also creates the file and the schema.
  // Throws StorageError when the file cannot be opened, is not an SQLite database, or has a
  // schema version this rtcat does not know.
  Store(const std::string& path, Mode mode);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // Replaces the catalogs of the same names, all in one transaction: on any failure the
  // store keeps what it had.
  void import_catalogs(const std::vector<Catalog>& catalogs);

  // Catalog names, in import order.
  std::vector<std::string> names() const;
  // Loads one catalog. Throws StorageError when it is absent or its rows are corrupt.
  Catalog load(const std::string& name) const;

  // Checks integrity, schema and every stored document; returns the problems found (empty: ok).
  std::vector<std::string> verify() const;

private:
  void check_schema() const;
  std::string m_path;
  std::unique_ptr<SQLite::Database> m_db;
};

// Whether the file starts with the SQLite header ("SQLite format 3").
bool looks_like_sqlite(const std::string& path);

} // namespace catalog
