// Properties of targets, suggestions and combos over time: every month from 2018 to 2026, every
// entry of the embedded catalogs, both services.
#include "catalog/calendar.hpp"
#include "lib/core/check.hpp"
#include "lib/core/compatibility.hpp"
#include "lib/core/frameworks.hpp"
#include "lib/core/rules.hpp"
#include "lib/core/targets.hpp"
#include "lib/core/timeline.hpp"
#include "lib/core/upgrade.hpp"
#include "lib/jobs/job_spec.hpp"
#include "lib/migrate/migrate.hpp"
#include "tests/support/sweep.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>
#include <tuple>

namespace {

using catalog::Date;

using sweep::embedded;
using sweep::months;

std::vector<lib::Service> services_of(const catalog::Catalog& c) {
  if (!c.policy.service.empty()) {
    return {lib::parse_service(c.policy.service)};
  }
  return {lib::Service::training, lib::Service::prediction};
}

bool has_error(const std::vector<lib::Finding>& fs) {
  return std::any_of(fs.begin(), fs.end(), [](const lib::Finding& f) { return f.severity == catalog::Severity::error; });
}

std::string where(const catalog::Catalog& c, const catalog::RuntimeEntry& r, Date on, lib::Service service) {
  return c.name + ":" + r.id + " on " + catalog::format_date(on) + " for " + lib::service_name(service);
}

// Calls fn(catalog, entry, request) for every month x entry x service: the request for that entry
// on that day, with its oldest Python.
template <typename Fn> void for_each_request(const catalog::CatalogSet& set, Fn fn) {
  for (Date on : months()) {
    for (const auto* c : set.all()) {
      for (const auto& r : c->runtimes) {
        for (lib::Service service : services_of(*c)) {
          lib::Request req;
          req.runtime = c->name + ":" + r.id;
          req.service = service;
          req.on = on;
          if (r.python && !r.python->empty()) {
            req.python = *std::min_element(r.python->begin(), r.python->end());
          }
          fn(*c, r, req);
        }
      }
    }
  }
}

// The properties every target of `current` holds on the date and for the service.
void check_target(const lib::Target& t, const catalog::Catalog& from, const catalog::RuntimeEntry& current,
                  const lib::Request& req, size_t& checked) {
  ++checked;
  const std::string ctx = where(from, current, req.on, req.service) + " -> " + t.catalog->name + ":" + t.entry->id;
  INFO(ctx);
  // The current entry itself only with another Python (the fix when only the Python does not fit).
  CHECK((t.entry != &current || t.python_changes));
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
  // A confirmed target existed on the date: released, shown in use, or past a milestone.
  if (!t.unconfirmed) {
    auto by = lib::existed_by(*t.catalog, *t.entry);
    CHECK((t.entry->released ? *t.entry->released <= req.on : (by && *by <= req.on) || lc.reached() != nullptr));
  }
  // It outlasts what it replaces, when the job can run on that.
  lib::Lifecycle cur = lib::evaluate(from, current, req.on, req.warn_days);
  const lib::MilestoneDate* ce = lib::first_error_milestone(cur);
  const lib::MilestoneDate* te = lib::first_error_milestone(lc);
  const bool fits = !has_error(lib::compatibility(from, current, req));
  if (cur.status.name != "unreleased" && ce && ce->date && te && fits && t.entry != &current) {
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
  for_each_request(set, [&](const catalog::Catalog& cat, const catalog::RuntimeEntry& r, const lib::Request& req) {
    const catalog::Catalog* c = &cat;
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
    // Confirmed supported candidates come before unconfirmed ones, and they before what is past
    // support (whose reached milestone proves that it exists).
    CHECK(std::is_partitioned(plan.candidates.begin(), plan.candidates.end(), [](const lib::Candidate& x) {
      return x.standing == lib::TargetStanding::supported || x.standing == lib::TargetStanding::expiring;
    }));
    // A target on an end-of-life Python has that standing whatever else holds (it ranks last).
    for (const auto& cand : plan.candidates) {
      if (cand.standing != lib::TargetStanding::python_end_of_life) {
        CHECK(cand.unconfirmed == (cand.standing == lib::TargetStanding::unconfirmed));
      }
    }
  });
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
      if (c->name == catalog::k_python_catalog) {
        continue; // the Python lines themselves: not in combos
      }
      for (const auto& r : c->runtimes) {
        if (!r.python || r.framework == "Ray") {
          continue; // Ray cluster images are not training images
        }
        for (const auto& py : *r.python) {
          lib::Request req;
          req.runtime = c->name + ":" + r.id;
          req.python = py;
          req.on = on;
          INFO(where(*c, r, on, lib::Service::training) << " with Python " << py.str());
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

namespace {

// The version the target order ranks a target by.
std::optional<catalog::Version> order_version(const lib::Target& t) {
  return t.handoff ? catalog::Version::try_parse(t.entry->framework_version) : t.entry->version;
}

// Whether a build is a TPU or XLA one.
bool tpu_build(const catalog::RuntimeEntry& e) {
  return e.accelerator == "tpu" || e.id.rfind("pytorch-xla", 0) == 0;
}

// The order of item by item: standing first, then no downgrade before a downgrade, then (within a
// framework) the newest version.
void check_order(const std::vector<lib::Target>& ts) {
  for (size_t i = 1; i < ts.size(); ++i) {
    const lib::Target& a = ts[i - 1];
    const lib::Target& b = ts[i];
    INFO(a.entry->id << " before " << b.entry->id);
    CHECK(a.standing <= b.standing);
    if (a.standing == b.standing && a.catalog == b.catalog && a.entry->framework == b.entry->framework) {
      CHECK((!a.downgrade || b.downgrade));
      auto va = order_version(a);
      auto vb = order_version(b);
      if (a.downgrade == b.downgrade && va && vb) {
        CHECK(*va >= *vb);
      }
    }
  }
}

} // namespace

TEST_CASE("sweep: one target order, the same first target for check and upgrade") {
  const auto& set = embedded();
  size_t compared = 0;
  for_each_request(set, [&](const catalog::Catalog& cat, const catalog::RuntimeEntry& r, const lib::Request& req) {
    const catalog::Catalog* c = &cat;
    const Date on = req.on;
    INFO(where(*c, r, on, req.service));
    lib::CheckResult res = lib::check(set, req);
    lib::UpgradeRequest up;
    up.base = req;
    lib::UpgradePlan plan = lib::plan_upgrade(set, up);
    check_order(plan.candidates);
    check_order(res.suggestions);
    // check's error: upgrade never says to keep it.
    if (!res.ok()) {
      CHECK(std::none_of(plan.findings.begin(), plan.findings.end(),
                         [](const lib::Finding& f) { return f.rule == lib::rule(lib::RuleId::no_alternative).id; }));
    }
    // The same first target (check asks only when something is wrong).
    if (!res.suggestions.empty() && !plan.candidates.empty()) {
      ++compared;
      CHECK(res.suggestions.front().entry->id == plan.candidates.front().entry->id);
    }
    // A GPU image gets GPU builds; only when none fits, builds for another accelerator.
    auto has_gpu = [](const lib::Target& t) {
      return t.entry->accelerator == "gpu" ||
             std::any_of(t.twins.begin(), t.twins.end(), [](const auto* e) { return e->accelerator == "gpu"; });
    };
    if (r.accelerator == "gpu" && !plan.candidates.empty()) {
      CHECK((std::all_of(plan.candidates.begin(), plan.candidates.end(), has_gpu) ||
             std::none_of(plan.candidates.begin(), plan.candidates.end(), has_gpu)));
    }
    for (const auto& t : plan.candidates) {
      INFO("candidate " << t.catalog->name << ":" << t.entry->id);
      // A TPU or XLA build only for a TPU one.
      if (!tpu_build(r)) {
        CHECK_FALSE(tpu_build(*t.entry));
      }
      // Ray images only for Ray.
      CHECK((t.entry->framework != "Ray" || r.framework == "Ray"));
      // A lower version of the same framework is marked as a downgrade.
      if (t.catalog == c && r.version && t.entry->version && *t.entry->version < *r.version &&
          t.entry->framework == r.framework && lib::evaluate(*c, r, on, 90).status.name != "unreleased") {
        CHECK(t.downgrade);
      }
    }
  });
  MESSAGE("compared " << compared << " first targets");
  CHECK(compared > 500);
}

TEST_CASE("sweep: migrate writes the first target upgrade gives, after the sunset") {
  const auto& set = embedded();
  const catalog::Catalog& legacy = *set.get("ai-platform");
  size_t compared = 0;
  for (Date on : months()) {
    if (on < *legacy.policy.sunset) {
      continue;
    }
    for (const auto& r : legacy.runtimes) {
      if (lib::frameworks_carried(r).empty() || !r.python || r.python->empty()) {
        continue;
      }
      const auto python = *std::min_element(r.python->begin(), r.python->end());
      INFO("runtime " << r.id << " on " << catalog::format_date(on));
      lib::UpgradeRequest up;
      up.base.runtime = "ai-platform:" + r.id;
      up.base.python = python;
      up.base.on = on;
      lib::UpgradePlan plan = lib::plan_upgrade(set, up);
      if (plan.candidates.empty()) {
        continue; // migrate then writes the last known image, named as such
      }
      lib::jobs::JobSpec job;
      job.path = "sweep";
      job.runtime_version = r.id;
      job.python_version = python.str();
      lib::migrate::Options opt;
      opt.on = on;
      std::vector<lib::Finding> findings;
      const std::string uri = lib::migrate::executor_image(set, job, opt, "", "us-central1", findings).uri;
      const auto uris = plan.candidates.front().uris();
      CHECK(std::find(uris.begin(), uris.end(), uri) != uris.end());
      ++compared;
    }
  }
  MESSAGE("compared " << compared << " migrated images");
  CHECK(compared > 100);
}
