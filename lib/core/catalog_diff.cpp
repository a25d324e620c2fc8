#include "lib/core/catalog_diff.hpp"

#include <algorithm>
#include <map>

namespace lib {

namespace {

std::string date_text(const std::optional<catalog::Date>& d) {
  return d ? catalog::format_date(*d) : "null";
}

void compare(std::vector<std::string>& out, const std::string& what, const std::optional<catalog::Date>& a,
             const std::optional<catalog::Date>& b) {
  if (a != b) {
    out.push_back(what + " " + date_text(a) + " -> " + date_text(b));
  }
}

// The dates of an entry that its lifecycle rests on, by name.
std::map<std::string, std::optional<catalog::Date>> dates_of(const catalog::RuntimeEntry& e) {
  std::map<std::string, std::optional<catalog::Date>> out{
      {"released", e.released}, {"released_after", e.released_after}, {"released_by", e.released_by}};
  for (const auto& m : e.milestones) {
    out[m.name] = m.date;
    if (m.is_window()) {
      out[m.name + " from"] = m.from;
    }
  }
  return out;
}

std::vector<std::string> entry_changes(const catalog::RuntimeEntry& a, const catalog::RuntimeEntry& b) {
  std::vector<std::string> out;
  auto da = dates_of(a);
  auto db = dates_of(b);
  for (const auto& [name, date] : db) {
    auto it = da.find(name);
    compare(out, name, it == da.end() ? std::nullopt : it->second, date);
  }
  for (const auto& [name, date] : da) {
    if (!db.count(name)) {
      compare(out, name, date, std::nullopt);
    }
  }
  return out;
}

void diff_entries(const catalog::Catalog& a, const catalog::Catalog& b, std::vector<CatalogChange>& out) {
  std::map<std::string, const catalog::RuntimeEntry*> before;
  std::map<std::string, const catalog::RuntimeEntry*> after;
  for (const auto& e : a.runtimes) {
    before[e.id] = &e;
  }
  for (const auto& e : b.runtimes) {
    after[e.id] = &e;
  }
  for (const auto& [id, e] : after) {
    auto it = before.find(id);
    if (it == before.end()) {
      out.push_back(CatalogChange{b.name, id, "added", {}});
    } else if (auto details = entry_changes(*it->second, *e); !details.empty()) {
      out.push_back(CatalogChange{b.name, id, "changed", std::move(details)});
    }
  }
  for (const auto& [id, e] : before) {
    if (!after.count(id)) {
      out.push_back(CatalogChange{a.name, id, "removed", {}});
    }
  }
}

} // namespace

std::vector<CatalogChange> diff_catalogs(const catalog::CatalogSet& before, const catalog::CatalogSet& after) {
  std::vector<CatalogChange> out;
  for (const auto* b : after.all()) {
    const catalog::Catalog* a = before.get(b->name);
    if (!a) {
      out.push_back(CatalogChange{b->name, "", "added", {std::to_string(b->runtimes.size()) + " entries"}});
      continue;
    }
    std::vector<std::string> details;
    compare(details, "as_of", a->as_of, b->as_of);
    if (!details.empty()) {
      out.push_back(CatalogChange{b->name, "", "changed", std::move(details)});
    }
    diff_entries(*a, *b, out);
  }
  std::stable_sort(out.begin(), out.end(), [](const CatalogChange& x, const CatalogChange& y) {
    return std::tie(x.catalog, x.id) < std::tie(y.catalog, y.id);
  });
  return out;
}

} // namespace lib
