#include "catalog/store.hpp"

#include "catalog/error.hpp"
#include "catalog/json_io.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <fstream>
#include <map>

namespace catalog {

namespace {

// The runtimes table of the current schema: the schema creates it, and the upgrade from version 1
// rebuilds it as `name` before renaming it.
std::string create_runtimes(const std::string& name) {
  return "CREATE TABLE " + name + R"sql( (
  catalog     TEXT NOT NULL REFERENCES catalogs(name) ON DELETE CASCADE,
  position    INTEGER NOT NULL,
  id          TEXT NOT NULL,
  version     TEXT,
  released    TEXT,
  released_after TEXT,
  released_by TEXT,
  document    TEXT NOT NULL,          -- canonical JSON of the runtime entry
  PRIMARY KEY (catalog, id)
);
)sql";
}

const char* const k_runtimes_index = "CREATE INDEX runtimes_by_position ON runtimes(catalog, position);\n";

// The milestones each entry states, a row each, so that a query can ask for a day or a window
// without reading documents: date_from is a window's first day (null for a day), date_to the day
// or the window's last day (null: stated unknown).
const char* const k_create_milestones = R"sql(
CREATE TABLE milestones (
  catalog   TEXT NOT NULL,
  runtime   TEXT NOT NULL,
  name      TEXT NOT NULL,
  date_from TEXT,
  date_to   TEXT,
  PRIMARY KEY (catalog, runtime, name),
  FOREIGN KEY (catalog, runtime) REFERENCES runtimes(catalog, id) ON DELETE CASCADE
);
)sql";

std::string schema() {
  return R"sql(
CREATE TABLE catalogs (
  name     TEXT PRIMARY KEY,
  position INTEGER NOT NULL,
  header   TEXT NOT NULL              -- canonical JSON of the catalog without its runtimes
);
)sql" + create_runtimes("runtimes") +
         k_runtimes_index + k_create_milestones;
}

// Version 1 -> 2: runtimes gains released_after, in its place among the columns. Version-1
// documents have no released_after, so the new column is null throughout.
std::string upgrade_1_to_2() {
  return create_runtimes("runtimes_v2") + R"sql(
INSERT INTO runtimes_v2(catalog, position, id, version, released, released_after, released_by, document)
  SELECT catalog, position, id, version, released, NULL, released_by, document FROM runtimes;
DROP TABLE runtimes;
ALTER TABLE runtimes_v2 RENAME TO runtimes;
)sql" + k_runtimes_index;
}

// Version 2 -> 3: the milestones table, filled from the documents. A version-2 document states
// each milestone as a date or null, never a window.
std::string upgrade_2_to_3() {
  return std::string(k_create_milestones) + R"sql(
INSERT INTO milestones(catalog, runtime, name, date_from, date_to)
  SELECT r.catalog, r.id, m.key, NULL, m.value FROM runtimes AS r, json_each(r.document, '$.milestones') AS m;
)sql";
}

std::string opt_date_text(const std::optional<Date>& d) {
  return d ? format_date(*d) : std::string();
}

} // namespace

bool looks_like_sqlite(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  char buf[16] = {};
  in.read(buf, sizeof buf);
  return in.gcount() == 16 && std::string(buf, 15) == "SQLite format 3";
}

Store::Store(const std::string& path, Mode mode) : m_path(path) {
  try {
    int flags = mode == Mode::read ? SQLite::OPEN_READONLY : SQLite::OPEN_READWRITE;
    if (mode == Mode::create) {
      flags |= SQLite::OPEN_CREATE;
    }
    m_db = std::make_unique<SQLite::Database>(path, flags, 5000);
    m_db->exec("PRAGMA foreign_keys = ON");
    int version = m_db->execAndGet("PRAGMA user_version").getInt();
    if (mode == Mode::create && version == 0 && m_db->execAndGet("SELECT count(*) FROM sqlite_master").getInt() == 0) {
      m_db->exec("PRAGMA journal_mode = WAL");
      SQLite::Transaction tx(*m_db);
      m_db->exec(schema());
      m_db->exec("PRAGMA user_version = " + std::to_string(k_schema_version));
      tx.commit();
      version = k_schema_version;
    }
    if (version >= 1 && version < k_schema_version) {
      if (mode == Mode::read) {
        // Reading an old store needs an upgrade first, and that needs write access.
        m_db.reset();
        m_db = std::make_unique<SQLite::Database>(path, SQLite::OPEN_READWRITE, 5000);
        m_db->exec("PRAGMA foreign_keys = ON");
      }
      upgrade(version);
    }
  } catch (const SQLite::Exception& e) {
    throw StorageError(path + ": cannot open catalog store: " + std::string(e.what()));
  }
  check_schema();
}

void Store::upgrade(int from) {
  try {
    // IMMEDIATE: take the write lock first, then look again, so that of two processes opening
    // the same old store, one upgrades it and the other finds it upgraded.
    SQLite::Transaction tx(*m_db, SQLite::TransactionBehavior::IMMEDIATE);
    int version = m_db->execAndGet("PRAGMA user_version").getInt();
    if (version != from) {
      return;
    }
    if (version == 1) {
      m_db->exec(upgrade_1_to_2());
      version = 2;
    }
    if (version == 2) {
      m_db->exec(upgrade_2_to_3());
      version = 3;
    }
    m_db->exec("PRAGMA user_version = " + std::to_string(version));
    tx.commit();
    m_upgraded_from = from;
  } catch (const SQLite::Exception& e) {
    throw StorageError(m_path + ": catalog store schema version " + std::to_string(from) + " needs an upgrade to version " +
                       std::to_string(k_schema_version) + ", which failed, nothing was changed: " + std::string(e.what()));
  }
}

Store::~Store() = default;

void Store::check_schema() const {
  int version = 0;
  try {
    version = m_db->execAndGet("PRAGMA user_version").getInt();
  } catch (const SQLite::Exception& e) {
    throw StorageError(m_path + ": not a catalog store: " + std::string(e.what()));
  }
  if (version == 0) {
    throw StorageError(m_path + ": not an rtcat catalog store (no schema; create one with 'rtcat db init " + m_path + "')");
  }
  if (version != k_schema_version) {
    throw StorageError(m_path + ": catalog store schema version " + std::to_string(version) +
                       " is not supported (this rtcat reads version " + std::to_string(k_schema_version) + ")");
  }
}

void Store::import_catalogs(const std::vector<Catalog>& catalogs) {
  try {
    SQLite::Transaction tx(*m_db);
    for (const auto& c : catalogs) {
      SQLite::Statement del(*m_db, "DELETE FROM catalogs WHERE name = ?");
      del.bind(1, c.name);
      del.exec();
      int position = m_db->execAndGet("SELECT coalesce(max(position), -1) + 1 FROM catalogs").getInt();
      SQLite::Statement ins(*m_db, "INSERT INTO catalogs(name, position, header) VALUES (?, ?, ?)");
      ins.bind(1, c.name);
      ins.bind(2, position);
      ins.bind(3, write_catalog_header(c));
      ins.exec();
      SQLite::Statement rt(
          *m_db, "INSERT INTO runtimes(catalog, position, id, version, released, released_after, released_by, document) "
                 "VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
      SQLite::Statement ms(*m_db, "INSERT INTO milestones(catalog, runtime, name, date_from, date_to) VALUES (?, ?, ?, ?, ?)");
      int i = 0;
      for (const auto& r : c.runtimes) {
        rt.bind(1, c.name);
        rt.bind(2, i++);
        rt.bind(3, r.id);
        if (r.version) {
          rt.bind(4, r.version->str());
        } else {
          rt.bind(4);
        }
        r.released ? rt.bind(5, opt_date_text(r.released)) : rt.bind(5);
        r.released_after ? rt.bind(6, opt_date_text(r.released_after)) : rt.bind(6);
        r.released_by ? rt.bind(7, opt_date_text(r.released_by)) : rt.bind(7);
        rt.bind(8, write_runtime(r));
        rt.exec();
        rt.reset();
        rt.clearBindings();
        for (const auto& m : r.milestones) {
          ms.bind(1, c.name);
          ms.bind(2, r.id);
          ms.bind(3, m.name);
          m.from ? ms.bind(4, opt_date_text(m.from)) : ms.bind(4);
          m.date ? ms.bind(5, opt_date_text(m.date)) : ms.bind(5);
          ms.exec();
          ms.reset();
          ms.clearBindings();
        }
      }
    }
    tx.commit();
  } catch (const SQLite::Exception& e) {
    throw StorageError(m_path + ": import failed, nothing was changed: " + std::string(e.what()));
  }
}

std::vector<std::string> Store::names() const {
  std::vector<std::string> out;
  try {
    SQLite::Statement q(*m_db, "SELECT name FROM catalogs ORDER BY position");
    while (q.executeStep()) {
      out.push_back(q.getColumn(0).getString());
    }
  } catch (const SQLite::Exception& e) {
    throw StorageError(m_path + ": cannot read catalog store: " + std::string(e.what()));
  }
  return out;
}

Catalog Store::load(const std::string& name) const {
  try {
    // One read transaction, so that a concurrent import is seen whole or not at all.
    SQLite::Transaction tx(*m_db, SQLite::TransactionBehavior::DEFERRED);
    SQLite::Statement h(*m_db, "SELECT header FROM catalogs WHERE name = ?");
    h.bind(1, name);
    if (!h.executeStep()) {
      throw StorageError(m_path + ": no catalog named '" + name + "'");
    }
    std::string origin = m_path + " (catalog " + name + ")";
    Catalog c = parse_catalog_header(h.getColumn(0).getString(), origin);
    SQLite::Statement q(*m_db, "SELECT id, document FROM runtimes WHERE catalog = ? ORDER BY position");
    q.bind(1, name);
    while (q.executeStep()) {
      c.runtimes.push_back(parse_runtime(q.getColumn(1).getString(), c,
                                         m_path + " (catalog " + name + ", runtime " + q.getColumn(0).getString() + ")"));
    }
    return c;
  } catch (const SQLite::Exception& e) {
    throw StorageError(m_path + ": cannot read catalog '" + name + "': " + std::string(e.what()));
  } catch (const InvalidInput& e) {
    throw StorageError(std::string("corrupt catalog store: ") + e.what());
  }
}

std::vector<std::string> Store::verify() const {
  std::vector<std::string> problems;
  try {
    SQLite::Statement ic(*m_db, "PRAGMA integrity_check");
    while (ic.executeStep()) {
      std::string row = ic.getColumn(0).getString();
      if (row != "ok") {
        problems.push_back("integrity: " + row);
      }
    }
    SQLite::Statement fk(*m_db, "PRAGMA foreign_key_check");
    while (fk.executeStep()) {
      problems.push_back("foreign key: row " + fk.getColumn(1).getString() + " of table " + fk.getColumn(0).getString() +
                         " has no catalog");
    }
    const std::vector<std::pair<std::string, std::string>> expected = {
        {"catalogs", "name,position,header"},
        {"runtimes", "catalog,position,id,version,released,released_after,released_by,document"},
        {"milestones", "catalog,runtime,name,date_from,date_to"}};
    for (const auto& [table, columns] : expected) {
      SQLite::Statement t(*m_db, "SELECT group_concat(name, ',') FROM pragma_table_info(?)");
      t.bind(1, table);
      t.executeStep();
      std::string got = t.getColumn(0).isNull() ? "" : t.getColumn(0).getString();
      if (got != columns) {
        problems.push_back("schema: table " + table + " has columns (" + got + "), expected (" + columns + ")");
      }
    }
    if (!problems.empty()) {
      return problems;
    }
    for (const auto& name : names()) {
      try {
        Catalog c = load(name);
        SQLite::Statement q(*m_db, "SELECT id, version, released, released_after, released_by FROM runtimes WHERE catalog = ? "
                                   "ORDER BY position");
        q.bind(1, name);
        size_t i = 0;
        while (q.executeStep()) {
          const RuntimeEntry& r = c.runtimes.at(i++);
          auto col = [&](int k) { return q.getColumn(k).isNull() ? std::string() : q.getColumn(k).getString(); };
          if (col(0) != r.id || col(1) != (r.version ? r.version->str() : "") || col(2) != opt_date_text(r.released) ||
              col(3) != opt_date_text(r.released_after) || col(4) != opt_date_text(r.released_by)) {
            problems.push_back("catalog " + name + ", runtime " + r.id + ": columns disagree with the stored document");
          }
        }
        SQLite::Statement m(*m_db, "SELECT runtime, name, date_from, date_to FROM milestones WHERE catalog = ? "
                                   "ORDER BY runtime, name");
        m.bind(1, name);
        std::map<std::pair<std::string, std::string>, std::pair<std::string, std::string>> rows;
        while (m.executeStep()) {
          auto col = [&](int k) { return m.getColumn(k).isNull() ? std::string() : m.getColumn(k).getString(); };
          rows[{col(0), col(1)}] = {col(2), col(3)};
        }
        size_t stated = 0;
        for (const auto& r : c.runtimes) {
          for (const auto& sm : r.milestones) {
            ++stated;
            auto it = rows.find({r.id, sm.name});
            if (it == rows.end() || it->second != std::pair(opt_date_text(sm.from), opt_date_text(sm.date))) {
              problems.push_back("catalog " + name + ", runtime " + r.id + ", milestone " + sm.name +
                                 ": the milestones table disagrees with the stored document");
            }
          }
        }
        if (stated != rows.size()) {
          problems.push_back("catalog " + name + ": the milestones table has rows no stored document states");
        }
      } catch (const Error& e) {
        problems.push_back(e.what());
      }
    }
  } catch (const SQLite::Exception& e) {
    problems.push_back(std::string("cannot check: ") + std::string(e.what()));
  }
  return problems;
}

} // namespace catalog
