#pragma once

// The catalogs rtcat judges against: the ones compiled into the library, or catalog files
// (JSON, or an SQLite store made by `rtcat db`), and the status of one entry on a date.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rtcat/types.hpp"

namespace rtcat {

// An entry's standing on a date, as `rtcat show` and `rtcat list` give it.
struct EntryStatus {
  std::string catalog; // the catalog the entry was found in
  std::string id;      // its id there ("1.15", "sklearn-cpu.1-6")
  // "unreleased", "supported", "expiring", "unknown", or the name of the last milestone
  // reached ("submission_end", "deletion", ...).
  std::string status;
  bool usable = false;                   // new work may use it on that date
  std::optional<Severity> severity;      // for new work; unset when nothing is wrong
  std::string next_milestone;            // "" when none is left
  std::optional<Date> next_milestone_on; // unset when its date is unknown
};

class Catalogs {
public:
  // The catalogs compiled into the library (ai-platform, vertex-training, vertex-prediction).
  static Catalogs embedded();
  // Catalog files instead: each path is a JSON catalog or an SQLite store. Throws rtcat::Error.
  static Catalogs from_files(const std::vector<std::string>& paths);

  Catalogs(Catalogs&&) noexcept;
  Catalogs& operator=(Catalogs&&) noexcept;
  ~Catalogs();

  // The catalog names, in order.
  std::vector<std::string> names() const;
  // Every entry id of one catalog, in catalog order; empty when there is no such catalog.
  std::vector<std::string> ids(const std::string& catalog) const;

  // The status of the entry `id` ("1.15", or "catalog:id" to pick the catalog) on `on`; a
  // milestone at most `warn_days` away makes it "expiring". nullopt when no catalog has it.
  std::optional<EntryStatus> status(const std::string& id, Date on, int warn_days = 90) const;

  struct Impl;
  const Impl& impl() const { return *m_impl; }

private:
  explicit Catalogs(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> m_impl;
};

} // namespace rtcat
