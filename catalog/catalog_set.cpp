#include "catalog/catalog_set.hpp"

#include "catalog/embedded.hpp"
#include "catalog/error.hpp"
#include "catalog/json_io.hpp"
#include "catalog/store.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <sys/stat.h>

namespace catalog {

std::string read_file(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    throw InvalidInput(path + ": cannot read: " + std::strerror(errno));
  }
  if (S_ISDIR(st.st_mode)) {
    throw InvalidInput(path + ": cannot read: is a directory");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw InvalidInput(path + ": cannot read: " + std::strerror(errno));
  }
  std::stringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

void CatalogSet::add(std::string name, std::function<Catalog()> load) {
  for (const auto& s : m_slots) {
    if (s.name == name) {
      throw InvalidInput("catalog '" + name + "' is given twice");
    }
  }
  m_slots.push_back(Slot{std::move(name), std::move(load), nullptr});
}

CatalogSet CatalogSet::embedded() {
  CatalogSet set;
  for (auto name : embedded_names()) {
    set.add(std::string(name), [name] { return *embedded_catalog(name); });
  }
  return set;
}

CatalogSet CatalogSet::from_paths(const std::vector<std::string>& paths) {
  CatalogSet set;
  for (const auto& path : paths) {
    if (looks_like_sqlite(path)) {
      auto store = std::make_shared<Store>(path, Store::Mode::read);
      for (const auto& name : store->names()) {
        set.add(name, [store, name] { return store->load(name); });
      }
    } else {
      auto c = std::make_shared<Catalog>(parse_catalog(read_file(path), path));
      std::string name = c->name;
      set.add(name, [c] { return *c; });
    }
  }
  return set;
}

CatalogSet CatalogSet::from_catalogs(std::vector<Catalog> catalogs) {
  CatalogSet set;
  for (auto& c : catalogs) {
    auto shared = std::make_shared<Catalog>(std::move(c));
    set.add(shared->name, [shared] { return *shared; });
  }
  return set;
}

std::vector<std::string> CatalogSet::names() const {
  std::vector<std::string> out;
  for (const auto& s : m_slots) {
    out.push_back(s.name);
  }
  return out;
}

bool CatalogSet::has(std::string_view name) const {
  for (const auto& s : m_slots) {
    if (s.name == name) {
      return true;
    }
  }
  return false;
}

const Catalog* CatalogSet::get(std::string_view name) const {
  for (const auto& s : m_slots) {
    if (s.name == name) {
      if (!s.loaded) {
        s.loaded = std::make_unique<Catalog>(s.load());
      }
      return s.loaded.get();
    }
  }
  return nullptr;
}

std::vector<const Catalog*> CatalogSet::all() const {
  std::vector<const Catalog*> out;
  for (const auto& s : m_slots) {
    out.push_back(get(s.name));
  }
  return out;
}

} // namespace catalog
