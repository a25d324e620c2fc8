// Properties of targets, suggestions and combos over time: every month from 2018 to 2026, every
// entry of the embedded catalogs, both services.
#include "catalog/calendar.hpp"
#include "lib/check.hpp"
#include "lib/targets.hpp"
#include "lib/timeline.hpp"
#include "lib/upgrade.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>
#include <tuple>

namespace {

using catalog::Date;

const catalog::CatalogSet& embedded() {
  static const catalog::CatalogSet set = catalog::CatalogSet::embedded();
  return set;
}

std::vector<Date> months() {
  std::vector<Date> out;
  for (Date d = catalog::parse_date("2018-01-01"); d <= catalog::parse_date("2026-12-01"); d = catalog::add_months(d, 1)) {
    out.push_back(d);
  }
  return out;
}

std::vector<std::string> services_of(const catalog::Catalog& c) {
  if (!c.policy.service.empty()) {
    return {c.policy.service};
  }
  return {"training", "prediction"};
}

bool has_error(const std::vector<lib::Finding>& fs) {
  return std::any_of(fs.begin(), fs.end(), [](const lib::Finding& f) { return f.severity == catalog::Severity::error; });
}

std::string where(const catalog::Catalog& c, const catalog::RuntimeEntry& r, Date on, const std::string& service) {
  return c.name + ":" + r.id + " on " + catalog::format_date(on) + " for " + service;
}

// The properties every target of `current` holds on the date and for the service.
void check_target(const lib::Target& t, const catalog::Catalog& from, const catalog::RuntimeEntry& current,
                  const lib::Request& req, size_t& checked) {
  ++checked;
  const std::string ctx = where(from, current, req.on, req.service) + " -> " + t.catalog->name + ":" + t.entry->id;
  INFO(ctx);
  CHECK(t.entry != &current);
  lib::Lifecycle lc = lib::evaluate(*t.catalog, *t.entry, req.on, req.warn_days);
  CHECK(lc.status.name != "unreleased");
  // Checked on the same date and service, with the Python it would run, it has no error.
  lib::Request probe = req;
  probe.runtime = t.entry->id;
  probe.python.reset();
  if (!t.python.empty()) {
    probe.python = catalog::Version::parse(t.python);
  }
  if (t.catalog != &from) {
    probe.frameworks = {};
  }
  CHECK_FALSE(has_error(lib::judge(*t.catalog, *t.entry, lc, probe)));
  // A confirmed target existed on the date.
  if (!t.unconfirmed) {
    auto by = lib::existed_by(*t.catalog, *t.entry);
    CHECK((t.entry->released ? *t.entry->released <= req.on : by && *by <= req.on));
  }
  // It outlasts what it replaces.
  lib::Lifecycle cur = lib::evaluate(from, current, req.on, req.warn_days);
  const lib::MilestoneDate* ce = lib::first_error_milestone(cur);
  const lib::MilestoneDate* te = lib::first_error_milestone(lc);
  if (cur.status.name != "unreleased" && ce && ce->date && te) {
    auto lo = te->date && !te->at_latest ? te->date : te->earliest;
    REQUIRE(lo);
    CHECK(*lo > *ce->date);
  }
}

} // namespace

TEST_CASE("sweep: every suggestion and candidate holds on the date asked") {
  const auto& set = embedded();
  size_t checks = 0;
  size_t targets = 0;
  for (Date on : months()) {
    for (const auto* c : set.all()) {
      for (const auto& r : c->runtimes) {
        for (const auto& service : services_of(*c)) {
          lib::Request req;
          req.runtime = c->name + ":" + r.id;
          req.service = service;
          req.on = on;
          if (r.python && !r.python->empty()) {
            req.python = *std::min_element(r.python->begin(), r.python->end());
          }
          lib::CheckResult res = lib::check(set, req);
          ++checks;
          // The same run never suggests what it flags.
          for (const auto& s : res.suggestions) {
            check_target(s, *c, r, req, targets);
          }
          lib::UpgradeRequest up;
          up.base = req;
          lib::UpgradePlan plan = lib::plan_upgrade(set, up);
          for (const auto& cand : plan.candidates) {
            check_target(cand, *c, r, req, targets);
          }
          // Confirmed candidates come first.
          CHECK(std::is_partitioned(plan.candidates.begin(), plan.candidates.end(),
                                    [](const lib::Candidate& x) { return !x.unconfirmed; }));
        }
      }
    }
  }
  MESSAGE("checked " << checks << " requests and " << targets << " targets");
  CHECK(targets > 1000);
}

TEST_CASE("sweep: combos and check agree on every date") {
  const auto& set = embedded();
  for (Date on : months()) {
    std::set<std::tuple<std::string, std::string, std::string>> listed;
    for (const auto& combo : lib::combos(set.all(), on, 90)) {
      listed.insert({combo.catalog->name, combo.entry->id, combo.python.str()});
    }
    for (const auto* c : set.all()) {
      for (const auto& r : c->runtimes) {
        if (!r.python) {
          continue;
        }
        for (const auto& py : *r.python) {
          lib::Request req;
          req.runtime = c->name + ":" + r.id;
          req.python = py;
          req.on = on;
          INFO(where(*c, r, on, "training") << " with Python " << py.str());
          CHECK(lib::check(set, req).ok() == (listed.count({c->name, r.id, py.str()}) == 1));
        }
      }
    }
  }
}

TEST_CASE("window bounds: the day before, of and after") {
  const auto& set = embedded();
  auto status = [&](const char* cat, const char* id, const char* on) {
    const auto* c = set.get(cat);
    return lib::evaluate(*c, *c->find(id), catalog::parse_date(on), 90).status.name;
  };
  auto offered = [&](const char* from, const char* id, const char* on) {
    lib::UpgradeRequest up;
    up.base.runtime = from;
    up.base.on = catalog::parse_date(on);
    up.max = 100;
    auto plan = lib::plan_upgrade(set, up);
    return std::any_of(plan.candidates.begin(), plan.candidates.end(),
                       [&](const lib::Candidate& c) { return c.entry->id == id; });
  };
  SUBCASE("ai-platform 2.4: released between 2021-02-26 and 2021-03-02") {
    CHECK(status("ai-platform", "2.4", "2021-02-25") == "unreleased");
    CHECK(status("ai-platform", "2.4", "2021-02-26") == "unknown");
    CHECK(status("ai-platform", "2.4", "2021-02-27") == "unknown");
    CHECK(status("ai-platform", "2.4", "2021-03-01") == "unknown");
    CHECK(status("ai-platform", "2.4", "2021-03-02") != "unknown");
    CHECK(status("ai-platform", "2.4", "2021-03-03") != "unknown");
    // From a closed runtime: never before the window, unconfirmed inside it, confirmed after.
    CHECK_FALSE(offered("1.15", "2.4", "2021-02-25"));
    lib::UpgradeRequest up;
    up.base.runtime = "1.15";
    up.base.on = catalog::parse_date("2021-03-02");
    up.max = 100;
    auto plan = lib::plan_upgrade(set, up);
    auto it = std::find_if(plan.candidates.begin(), plan.candidates.end(),
                           [](const lib::Candidate& c) { return c.entry->id == "2.4"; });
    REQUIRE(it != plan.candidates.end());
    CHECK_FALSE(it->unconfirmed);
  }
  SUBCASE("vertex-training tf-cpu.2-17.py310: not before TensorFlow 2.17 (2024-07-11)") {
    CHECK(status("vertex-training", "tf-cpu.2-17.py310", "2024-07-10") == "unreleased");
    CHECK(status("vertex-training", "tf-cpu.2-17.py310", "2024-07-11") == "unknown");
    CHECK(status("vertex-training", "tf-cpu.2-17.py310", "2024-07-12") == "unknown");
    CHECK_FALSE(offered("1.15", "tf-cpu.2-17.py310", "2024-07-10"));
    CHECK(status("vertex-training", "tf-cpu.2-17.py310", "2026-07-10") == "support_end");
    CHECK(status("vertex-training", "tf-cpu.2-17.py310", "2026-07-11") == "availability_end");
    CHECK(offered("1.15", "tf-cpu.2-17.py310", "2026-07-10"));
    CHECK_FALSE(offered("1.15", "tf-cpu.2-17.py310", "2026-07-11"));
  }
}
