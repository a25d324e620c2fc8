#pragma once

#include "catalog/model.hpp"

#include <memory>
#include <optional>
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
  // 2: runtimes.released_after. 3: the milestones table (a stated day or window per row). An
  // older store is upgraded when it is opened, all steps in one transaction.
  static constexpr int k_schema_version = 3;

  enum class Mode { read, write, create };

  // Opens the store at path. Mode::create also creates the file and the schema. A store with an
  // older schema is upgraded in one transaction (whatever the mode: it needs write access);
  // upgraded_from() then tells from which version, for the caller to report.
  // Throws StorageError when the file cannot be opened, is not an SQLite database, has a
  // schema version this rtcat does not know, or needs an upgrade it cannot write.
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

  // The schema version this store had before opening it upgraded it; nullopt when it did not.
  std::optional<int> upgraded_from() const { return m_upgraded_from; }
  const std::string& path() const { return m_path; }

private:
  void check_schema() const;
  void upgrade(int from);
  std::optional<int> m_upgraded_from;
  std::string m_path;
  std::unique_ptr<SQLite::Database> m_db;
};

// Whether the file starts with the SQLite header ("SQLite format 3").
bool looks_like_sqlite(const std::string& path);

} // namespace catalog
