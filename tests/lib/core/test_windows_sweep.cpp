// Windows and warnings over time: every month from 2018 to 2026, every entry of the embedded
// catalogs. A milestone the sources only bound is a window in every output, counted to its
// first day; an entry is expiring exactly when a milestone it has not reached can take effect
// within warn_days, whatever it reached before.
#include "catalog/calendar.hpp"
#include "catalog/catalog_set.hpp"
#include "lib/core/check.hpp"
#include "lib/core/timeline.hpp"
#include "lib/fleet/audit.hpp"
#include "tests/support/sweep.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <string>

#include "render/json.hpp"
#include "render/text.hpp"

namespace {

using catalog::Date;

using sweep::embedded;
using sweep::months;

const int k_warn = 90;

// The first milestone not reached on the date whose first day is at most warn days away (or
// already possible), by the milestones' own dates.
std::optional<size_t> due_by_dates(const lib::Lifecycle& lc, Date on, int warn) {
  if (lc.status.is(lib::Standing::unreleased)) {
    return std::nullopt;
  }
  size_t from = lc.status.reached ? *lc.status.reached + 1 : 0;
  for (size_t i = from; i < lc.milestones.size(); ++i) {
    const lib::MilestoneDate& m = lc.milestones[i];
    std::optional<Date> first = m.at_latest && m.windowed && m.earliest && m.date && *m.earliest < *m.date ? m.earliest : m.date;
    if (first && catalog::days_between(on, *first) <= warn) {
      return i;
    }
  }
  return std::nullopt;
}

nlohmann::json date_json(const std::optional<Date>& d) {
  return d ? nlohmann::json(catalog::format_date(*d)) : nlohmann::json(nullptr);
}

} // namespace

TEST_CASE(
    "sweep: next milestones carry both ends of a window, DAYS counts to the first, expiring follows every milestone ahead") {
  size_t windows = 0;
  size_t expiring_past_a_milestone = 0;
  for (const catalog::Catalog* cp : embedded().all()) {
    const catalog::Catalog& c = *cp;
    for (Date on : months()) {
      std::vector<lib::EntryView> views;
      for (const auto& r : c.runtimes) {
        views.push_back(lib::view_of(c, r, on, k_warn));
      }
      const auto json = nlohmann::json::parse(render::json_entries(views));
      REQUIRE(json.size() == views.size());
      for (size_t k = 0; k < views.size(); ++k) {
        const lib::EntryView& v = views[k];
        const lib::Lifecycle& lc = v.lifecycle;
        const auto& j = json[k];
        const std::string where = c.name + ":" + v.entry->id + " on " + catalog::format_date(on);
        INFO(where);
        // Expiring: some milestone not reached can take effect within warn_days.
        const auto due = due_by_dates(lc, on, k_warn);
        CHECK(lc.status.expiring() == due.has_value());
        CHECK(j["expiring"] == due.has_value());
        if (due && lc.status.is(lib::Standing::milestone)) {
          ++expiring_past_a_milestone;
        }
        CHECK(lc.status.is(lib::Standing::expiring) ==
              (due.has_value() && !lc.status.reached && !lc.status.is(lib::Standing::unknown) &&
               !lc.status.is(lib::Standing::unreleased)));
        // The next milestone: its last day in `date`, its first in `date_earliest` when a window,
        // `days` to the first.
        const lib::MilestoneDate* n = lc.next();
        if (!n || lc.status.is(lib::Standing::unreleased)) {
          CHECK(j["next_milestone"].is_null());
          continue;
        }
        const auto& nm = j["next_milestone"];
        const bool window = n->at_latest && n->windowed && n->earliest && n->date && *n->earliest < *n->date;
        windows += window ? 1 : 0;
        CHECK(nm["date"] == date_json(n->date));
        CHECK(nm["date_earliest"] == (window ? date_json(n->earliest) : nlohmann::json(nullptr)));
        std::optional<Date> first = window ? n->earliest : n->date;
        if (first) {
          CHECK(nm["days"] == catalog::days_between(on, *first));
          // The table's DAYS begins with the same count (a window: "8..62", or "<= 62" once it may have begun).
          const std::string days = render::days_text(lc);
          const long to_first = catalog::days_between(on, *first);
          if (window && to_first <= 0) {
            CHECK(days == "<= " + std::to_string(catalog::days_between(on, *n->date)));
          } else {
            CHECK(days.find(std::to_string(to_first)) != std::string::npos);
            CHECK((window ? days == std::to_string(to_first) + ".." + std::to_string(catalog::days_between(on, *n->date))
                          : days.find("..") == std::string::npos));
          }
        } else {
          CHECK(nm["days"].is_null());
        }
        // The milestone's window in `milestone_windows` holds the same ends.
        const auto& mw = j["milestone_windows"][n->name()];
        CHECK(mw["latest"] == date_json(n->date));
        if (window) {
          CHECK(mw["earliest"] == date_json(n->earliest));
        }
        // A milestone reached proves the entry exists.
        if (lc.status.reached) {
          CHECK(lib::exists_on(c, *v.entry, lc, on));
        }
      }
    }
  }
  CHECK(windows > 0);
  CHECK(expiring_past_a_milestone > 0);
}

TEST_CASE("sweep: a legacy resource's deadline carries both ends of a window and counts to the first") {
  const catalog::Catalog* legacy = embedded().get("ai-platform");
  REQUIRE(legacy);
  size_t windows = 0;
  for (Date on : months()) {
    lib::Auditor auditor(embedded(), on, k_warn, "ai-platform");
    for (const auto& r : legacy->runtimes) {
      for (bool deployed : {false, true}) {
        lib::Resource res;
        res.kind = deployed ? lib::ResourceKind::model_version : lib::ResourceKind::job;
        res.name = "r";
        res.service = deployed ? "prediction" : "training";
        res.runtime = r.id;
        res.python = r.python && !r.python->empty() ? r.python->back().str() : "3.7";
        const lib::Verdict& v = auditor.judge(res);
        const std::string where = r.id + (deployed ? " model version" : " job") + " on " + catalog::format_date(on);
        INFO(where);
        if (!v.deadline) {
          CHECK_FALSE(v.deadline_earliest);
          continue;
        }
        const lib::Lifecycle lc = lib::evaluate(*legacy, r, on, k_warn);
        const lib::MilestoneDate* m = nullptr;
        for (const auto& x : lc.milestones) {
          if (!m && x.name() == v.deadline_milestone) {
            m = &x;
          }
        }
        REQUIRE(m);
        const bool window = m->at_latest && m->windowed && m->earliest && *m->earliest < *m->date;
        windows += window ? 1 : 0;
        CHECK(v.deadline == m->date);
        CHECK(v.deadline_earliest == (window ? m->earliest : std::nullopt));
        CHECK(v.days == catalog::days_between(on, window ? *m->earliest : *m->date));
        CHECK(v.days_latest() == catalog::days_between(on, *m->date));
        const auto j = nlohmann::json::parse(render::json_resource(res, v));
        CHECK(j["deadline"] == date_json(v.deadline));
        CHECK(j["deadline_earliest"] == date_json(v.deadline_earliest));
        CHECK(j["days"] == *v.days);
      }
    }
  }
  CHECK(windows > 0);
}
