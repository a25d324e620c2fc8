#include "lib/core/entry_filter.hpp"

#include "catalog/error.hpp"
#include "lib/core/frameworks.hpp"
#include "util/text.hpp"

#include <algorithm>

namespace lib {

bool EntryFilter::matches(const catalog::RuntimeEntry& r, const Lifecycle& lc) const {
  // "expiring" also names an entry past a milestone whose next one is near (Status::due).
  auto wanted = [&](const std::string& s) { return s == lc.status.name || (s == "expiring" && lc.status.expiring()); };
  if (!statuses.empty() && std::none_of(statuses.begin(), statuses.end(), wanted)) {
    return false;
  }
  if (python && (!r.python || std::find(r.python->begin(), r.python->end(), *python) == r.python->end())) {
    return false;
  }
  return framework.empty() || package_version(r, framework).has_value();
}

std::vector<std::string> status_names(const std::vector<const catalog::Catalog*>& catalogs) {
  std::vector<std::string> out(std::begin(k_status_names), std::end(k_status_names));
  for (const auto* c : catalogs) {
    for (const auto& m : c->policy.milestones) {
      if (std::find(out.begin(), out.end(), m.name) == out.end()) {
        out.push_back(m.name);
      }
    }
  }
  return out;
}

std::vector<std::string> parse_statuses(const std::vector<std::string>& values,
                                        const std::vector<const catalog::Catalog*>& catalogs) {
  std::vector<std::string> wanted;
  for (const auto& value : values) {
    for (auto part : util::split(value, ',')) {
      wanted.emplace_back(part);
    }
  }
  auto valid = status_names(catalogs);
  for (const auto& w : wanted) {
    if (std::find(valid.begin(), valid.end(), w) == valid.end()) {
      throw catalog::InvalidInput("--status: unknown status '" + w + "' " + util::choices(w, valid));
    }
  }
  return wanted;
}

std::vector<EntryView> filter_entries(const std::vector<const catalog::Catalog*>& catalogs, Date on, int warn_days,
                                      const EntryFilter& filter) {
  std::vector<EntryView> rows;
  for (const auto* c : catalogs) {
    for (const auto& r : c->runtimes) {
      EntryView v = view_of(*c, r, on, warn_days);
      if (filter.matches(r, v.lifecycle)) {
        rows.push_back(std::move(v));
      }
    }
  }
  return rows;
}

} // namespace lib
