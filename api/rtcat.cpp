// The public API (include/rtcat/): a facade over catalog/ and lib/ that turns their types into
// the standard-library ones of the headers and their errors into rtcat::Error.

#include "rtcat/rtcat.hpp"

#include "catalog/calendar.hpp"
#include "catalog/catalog_set.hpp"
#include "catalog/error.hpp"
#include "catalog/pep440.hpp"
#include "lib/core/check.hpp"
#include "lib/core/frameworks.hpp"
#include "lib/core/lifecycle.hpp"
#include "lib/core/lookup.hpp"
#include "lib/core/upgrade.hpp"
#include "lib/scan/scan.hpp"

#include <utility>

namespace rtcat {

struct Catalogs::Impl {
  catalog::CatalogSet set;
};

namespace {

catalog::Date to_internal(Date d) {
  return catalog::Date(std::chrono::sys_days(d).time_since_epoch());
}

Date to_public(catalog::Date d) {
  return Date(std::chrono::sys_days(std::chrono::days(d.time_since_epoch().count())));
}

std::optional<Date> to_public(const std::optional<catalog::Date>& d) {
  return d ? std::optional<Date>(to_public(*d)) : std::nullopt;
}

// The public enum mirrors the engine's, value for value.
static_assert(static_cast<int>(Severity::note) == static_cast<int>(catalog::Severity::note) &&
              static_cast<int>(Severity::warning) == static_cast<int>(catalog::Severity::warning) &&
              static_cast<int>(Severity::error) == static_cast<int>(catalog::Severity::error));

Severity to_public(catalog::Severity s) {
  return static_cast<Severity>(s);
}

Finding to_public(const lib::Finding& f) {
  return Finding{f.rule, to_public(f.severity), f.message, f.path, f.line, f.column, f.catalog, f.runtime, f.suggestion};
}

std::vector<Finding> to_public(const std::vector<lib::Finding>& findings) {
  std::vector<Finding> out;
  out.reserve(findings.size());
  for (const auto& f : findings) {
    out.push_back(to_public(f));
  }
  return out;
}

// Runs `body`, turning the internal errors into rtcat::Error.
template <class F> auto guarded(F body) -> decltype(body()) {
  try {
    return body();
  } catch (const catalog::Error& e) {
    throw Error(e.what());
  }
}

lib::Request to_request(const CheckRequest& r) {
  lib::Request req = lib::request_from_text(r.runtime, r.python, r.frameworks, r.requirements);
  req.service = lib::parse_service(r.service);
  req.on = to_internal(r.on);
  req.warn_days = r.warn_days;
  return req;
}

} // namespace

Date parse_date(const std::string& text) {
  return guarded([&] { return to_public(catalog::parse_date(text)); });
}

std::string format_date(Date d) {
  return catalog::format_date(to_internal(d));
}

const char* to_string(Severity s) {
  return catalog::to_string(static_cast<catalog::Severity>(s)).data(); // a literal: terminated
}

const char* version() {
  return RTCAT_VERSION_STRING;
}

Catalogs::Catalogs(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
Catalogs::Catalogs(Catalogs&&) noexcept = default;
Catalogs& Catalogs::operator=(Catalogs&&) noexcept = default;
Catalogs::~Catalogs() = default;

Catalogs Catalogs::embedded() {
  return Catalogs(std::make_unique<Impl>(Impl{catalog::CatalogSet::embedded()}));
}

Catalogs Catalogs::from_files(const std::vector<std::string>& paths) {
  return guarded([&] { return Catalogs(std::make_unique<Impl>(Impl{catalog::CatalogSet::from_paths(paths)})); });
}

std::vector<std::string> Catalogs::names() const {
  return m_impl->set.names();
}

std::vector<std::string> Catalogs::ids(const std::string& catalog) const {
  std::vector<std::string> out;
  return guarded([&] {
    if (const catalog::Catalog* c = m_impl->set.get(catalog)) {
      for (const auto& r : c->runtimes) {
        out.push_back(r.id);
      }
    }
    return out;
  });
}

std::optional<EntryStatus> Catalogs::status(const std::string& id, Date on, int warn_days) const {
  return guarded([&]() -> std::optional<EntryStatus> {
    auto ref = lib::find_entry(m_impl->set, id, lib::Scope{});
    if (!ref) {
      return std::nullopt;
    }
    lib::Lifecycle lc = lib::evaluate(*ref->catalog, *ref->entry, to_internal(on), warn_days);
    EntryStatus s{ref->catalog->name, ref->entry->id, lc.status.name, lc.usable(), std::nullopt, "", std::nullopt};
    if (auto severity = lc.severity()) {
      s.severity = to_public(*severity);
    }
    if (const lib::MilestoneDate* next = lc.next()) {
      s.next_milestone = next->name();
      s.next_milestone_on = next->at_latest ? std::nullopt : to_public(next->date);
    }
    return s;
  });
}

CheckResult check(const Catalogs& catalogs, const CheckRequest& request) {
  return guarded([&] {
    lib::CheckResult r = lib::check(catalogs.impl().set, to_request(request));
    CheckResult out{r.ok(), to_public(r.findings), {}};
    for (const auto& s : r.suggestions) {
      out.suggestions.push_back(s.catalog->name + ":" + s.entry->id);
    }
    return out;
  });
}

std::vector<UpgradeCandidate> upgrade_candidates(const Catalogs& catalogs, const CheckRequest& from, std::size_t max) {
  return guarded([&] {
    lib::UpgradeRequest req;
    req.base = to_request(from);
    req.max = max;
    lib::UpgradePlan plan = lib::plan_upgrade(catalogs.impl().set, req);
    std::vector<UpgradeCandidate> out;
    for (const auto& c : plan.candidates) {
      out.push_back(UpgradeCandidate{c.catalog->name, c.entry->id, c.python, c.handoff, to_public(c.usable_until)});
    }
    return out;
  });
}

ScanResult scan(const Catalogs& catalogs, const ScanRequest& request) {
  return guarded([&] {
    lib::scan::ScanOptions options;
    options.walk.paths = request.paths;
    options.walk.excludes = request.excludes;
    options.ignore_rules = request.ignore_rules;
    options.on = to_internal(request.on);
    options.warn_days = request.warn_days;
    lib::scan::ScanResult r = lib::scan::scan(catalogs.impl().set, options);
    return ScanResult{to_public(r.findings), r.files};
  });
}

} // namespace rtcat
