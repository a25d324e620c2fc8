#include "catalog/catalog_set.hpp"

#include "catalog/embedded.hpp"
#include "catalog/error.hpp"
#include "catalog/json_io.hpp"
#include "catalog/store.hpp"
#include "util/file.hpp"
#include "util/text.hpp"

#include <algorithm>

namespace catalog {

std::vector<std::string> catalog_paths(std::string_view list) {
  std::vector<std::string> out;
  for (auto part : util::split(list, ':')) {
    if (!part.empty()) {
      out.emplace_back(part);
    }
  }
  return out;
}

void CatalogSet::add(std::string name, std::function<Catalog()> load) {
  for (const auto& s : m_slots) {
    if (s.name == name) {
      throw InvalidInput("catalog '" + name + "' is given twice");
    }
  }
  Slot s;
  s.name = std::move(name);
  s.load = std::move(load);
  m_slots.push_back(std::move(s));
}

CatalogSet CatalogSet::embedded() {
  CatalogSet set;
  for (const auto& index : embedded_index()) {
    auto name = index.name;
    set.add(std::string(name), [name] { return *embedded_catalog(name); });
    set.m_slots.back().indexed = true;
    set.m_slots.back().service = std::string(index.service);
    set.m_slots.back().ids = index.ids;
  }
  return set;
}

CatalogSet CatalogSet::from_paths(const std::vector<std::string>& paths) {
  CatalogSet set;
  for (const auto& path : paths) {
    if (looks_like_sqlite(path)) {
      auto store = std::make_shared<Store>(path, Store::Mode::read);
      if (auto from = store->upgraded_from()) {
        set.m_upgraded.push_back({path, *from, Store::k_schema_version});
      }
      for (const auto& name : store->names()) {
        set.add(name, [store, name] { return store->load(name); });
      }
    } else {
      auto c = std::make_shared<Catalog>(parse_catalog(util::read_file(path), util::input_name(path)));
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

const CatalogSet::Slot* CatalogSet::slot(std::string_view name) const {
  for (const auto& s : m_slots) {
    if (s.name == name) {
      return &s;
    }
  }
  return nullptr;
}

const Catalog* CatalogSet::get(std::string_view name) const {
  const Slot* s = slot(name);
  if (!s) {
    return nullptr;
  }
  if (!s->loaded) {
    s->loaded = std::make_unique<Catalog>(s->load());
    // Every catalog's Pythons are judged against this set's python catalog, if it has one.
    s->loaded->python = name == k_python_catalog ? nullptr : get(k_python_catalog);
  }
  return s->loaded.get();
}

std::string CatalogSet::service_of(std::string_view name) const {
  const Slot* s = slot(name);
  if (s && s->indexed) {
    return s->service;
  }
  const Catalog* c = get(name);
  return c ? c->policy.service : std::string();
}

bool CatalogSet::contains(std::string_view name, std::string_view id) const {
  const Slot* s = slot(name);
  if (s && s->indexed) {
    for (std::string_view known : s->ids) {
      if (known == id) {
        return true;
      }
    }
    return false;
  }
  const Catalog* c = get(name);
  return c && c->find(id);
}

std::vector<const Catalog*> CatalogSet::all() const {
  std::vector<const Catalog*> out;
  for (const auto& s : m_slots) {
    out.push_back(get(s.name));
  }
  return out;
}

} // namespace catalog
