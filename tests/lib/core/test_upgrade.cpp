#include "catalog/error.hpp"
#include "lib/core/upgrade.hpp"
#include "tests/lib/fleet/migration_fixtures.hpp"
#include "tests/support/ids.hpp"

#include <doctest/doctest.h>

using fixtures::ids;

namespace {

lib::UpgradeRequest request(const char* runtime, const char* on) {
  lib::UpgradeRequest req;
  req.base.runtime = runtime;
  req.base.on = test::day(on);
  return req;
}

const lib::Change* change(const lib::Candidate& c, const std::string& name) {
  for (const auto& ch : c.changes) {
    if (ch.name == name) {
      return &ch;
    }
  }
  return nullptr;
}

// The change of `name` in c, which must be there: from `from` to `to`, breaking or not.
const lib::Change& check_change(const lib::Candidate& c, const std::string& name, const std::string& from, const std::string& to,
                                bool breaking) {
  const auto* ch = change(c, name);
  REQUIRE(ch);
  CHECK(ch->from == from);
  CHECK(ch->to == to);
  CHECK(ch->breaking == breaking);
  return *ch;
}

} // namespace

TEST_CASE("upgrade ranks candidates by strategy") {
  auto set = test::migration_set();
  auto req = request("1.0", "2020-10-01"); // 1.3 is not released yet
  SUBCASE("newest first") {
    auto plan = lib::plan_upgrade(set, req);
    CHECK(ids(plan.candidates) == std::vector<std::string>{"1.2", "1.1"});
    CHECK_FALSE(plan.handoff);
    CHECK(plan.findings.empty());
  }
  SUBCASE("nearest first") {
    req.strategy = lib::Strategy::nearest;
    auto plan = lib::plan_upgrade(set, req);
    CHECK(ids(plan.candidates) == std::vector<std::string>{"1.1", "1.2"});
  }
  SUBCASE("max limits the answer") {
    req.max = 1;
    CHECK(ids(lib::plan_upgrade(set, req).candidates) == std::vector<std::string>{"1.2"});
  }
}

TEST_CASE("upgrade --min-days drops candidates that close too soon") {
  auto set = test::migration_set();
  // 1.1 closes on 2021-06-01: 242 days after 2020-10-01 it is still open, 243 days after is its
  // closing day and it is dropped.
  struct Case {
    int min_days;
    std::vector<std::string> ids;
  };
  for (const auto& c : {Case{242, {"1.2", "1.1"}}, Case{243, {"1.2"}}}) {
    CAPTURE(c.min_days);
    auto req = request("1.0", "2020-10-01");
    req.min_days = c.min_days;
    CHECK(ids(lib::plan_upgrade(set, req).candidates) == c.ids);
  }
}

TEST_CASE("upgrade says what changes") {
  auto set = test::migration_set();
  auto req = request("1.0", "2020-10-01");
  req.base.python = catalog::Version::parse("2.7");
  auto plan = lib::plan_upgrade(set, req);
  REQUIRE(plan.candidates.size() == 2);
  const auto& to12 = plan.candidates.front();
  REQUIRE(to12.entry->id == "1.2");
  CHECK(to12.python == "3.7");
  CHECK(to12.usable_until == test::day("2021-09-01"));
  CHECK(to12.days_usable == 335);
  SUBCASE("Python 2 -> 3 is breaking") {
    check_change(to12, "python", "2.7", "3.7", true);
  }
  SUBCASE("TensorFlow 1 -> 2 is breaking, with how to port") {
    const auto& tf = check_change(to12, "tensorflow", "1.15.0", "2.3.0", true);
    CHECK(tf.kind == "framework");
    CHECK(tf.note.find("tf_upgrade_v2") != std::string::npos);
  }
  SUBCASE("every pinned package, old -> new") {
    check_change(to12, "numpy", "1.16.4", "1.19.2", false);
    // A package only the target pins says nothing about what changes.
    CHECK_FALSE(change(to12, "pandas"));
  }
  SUBCASE("a minor framework step is not breaking") {
    const auto* tf = change(plan.candidates[1], "tensorflow");
    REQUIRE(tf);
    CHECK_FALSE(tf->breaking);
  }
}

TEST_CASE("upgrade hands off to the successor catalog") {
  auto set = test::migration_set();
  SUBCASE("the day before the sunset nothing on the platform is open: hand-off, not for the sunset") {
    auto plan = lib::plan_upgrade(set, request("1.2", "2025-01-31"));
    CHECK(plan.handoff);
    CHECK(plan.handoff_reason.find("no newer runtime in old fits") != std::string::npos);
  }
  SUBCASE("on the sunset day: hand-off for the sunset, images by framework version") {
    auto plan = lib::plan_upgrade(set, request("1.2", "2025-02-01"));
    CHECK(plan.handoff);
    CHECK(plan.handoff_reason.find("past its sunset (2025-02-01)") != std::string::npos);
    CHECK(ids(plan.candidates) == std::vector<std::string>{"tf-cpu.2-15.py310", "tf-cpu.2-8.py37"});
    REQUIRE_FALSE(plan.candidates.front().changes.empty());
    CHECK(plan.candidates.front().changes.front().kind == "platform");
    CHECK(plan.candidates.front().entry->uris.front() == "us-docker.pkg.dev/new/tf-cpu.2-15.py310:latest");
  }
  SUBCASE("nearest picks the framework version closest above the current one") {
    auto req = request("1.2", "2025-02-01");
    req.strategy = lib::Strategy::nearest;
    CHECK(ids(lib::plan_upgrade(set, req).candidates) == std::vector<std::string>{"tf-cpu.2-8.py37", "tf-cpu.2-15.py310"});
  }
  SUBCASE("only images of the job's framework") {
    auto req = request("1.2", "2025-02-01");
    req.base.frameworks = {"scikit-learn"};
    CHECK(ids(lib::plan_upgrade(set, req).candidates) == std::vector<std::string>{"sklearn-cpu.1-0"});
  }
  SUBCASE("--min-days applies to images too") {
    auto req = request("1.2", "2025-02-01");
    req.min_days = 500; // 2026-06-16: only 2.15 is still available
    CHECK(ids(lib::plan_upgrade(set, req).candidates) == std::vector<std::string>{"tf-cpu.2-15.py310"});
  }
}

TEST_CASE("upgrade offers images of unknown availability, marked, only when the user has to move") {
  auto set = test::migration_set();
  SUBCASE("the runtime is still open and the newest: nothing is offered, and it is kept") {
    auto req = request("1.3", "2021-03-01");
    req.base.frameworks = {"torch"};
    auto plan = lib::plan_upgrade(set, req);
    CHECK_FALSE(plan.handoff); // nothing to migrate to: no "migrate:" line, only the note
    CHECK(plan.handoff_reason.empty());
    CHECK(plan.candidates.empty());
    CHECK(plan.closest.empty());
    REQUIRE(plan.findings.size() == 1);
    CHECK(plan.findings.front().rule == "no-alternative");
    CHECK(plan.findings.front().severity == catalog::Severity::note);
  }
  auto req = request("1.2", "2025-01-31");
  req.base.frameworks = {"torch"};
  SUBCASE("the runtime is closed: a candidate, unconfirmed") {
    auto plan = lib::plan_upgrade(set, req);
    REQUIRE(ids(plan.candidates) == std::vector<std::string>{"pytorch-cpu.2-4"});
    CHECK(plan.candidates.front().unconfirmed);
  }
  SUBCASE("past the sunset: a candidate, unconfirmed") {
    req.base.on = test::day("2025-02-01");
    auto plan = lib::plan_upgrade(set, req);
    REQUIRE(ids(plan.candidates) == std::vector<std::string>{"pytorch-cpu.2-4"});
    CHECK(plan.candidates.front().unconfirmed);
  }
  SUBCASE("from the day it is known to exist: confirmed") {
    req.base.on = test::day("2025-06-01");
    auto plan = lib::plan_upgrade(set, req);
    REQUIRE(ids(plan.candidates) == std::vector<std::string>{"pytorch-cpu.2-4"});
    CHECK_FALSE(plan.candidates.front().unconfirmed);
  }
  SUBCASE("after every confirmed one, marked") {
    req.base.frameworks = {"torch", "tensorflow"};
    req.base.on = test::day("2025-03-01");
    auto plan = lib::plan_upgrade(set, req);
    CHECK(ids(plan.candidates) == std::vector<std::string>{"tf-cpu.2-15.py310", "tf-cpu.2-8.py37", "pytorch-cpu.2-4"});
    CHECK_FALSE(plan.candidates[0].unconfirmed);
    CHECK(plan.candidates[2].unconfirmed);
  }
}

TEST_CASE("upgrade never answers with nothing") {
  auto set = test::migration_set();
  SUBCASE("the last image's availability end: nothing is left, the closest are named") {
    auto plan = lib::plan_upgrade(set, request("1.2", "2027-01-01"));
    CHECK(plan.candidates.empty());
    CHECK(ids(plan.closest) == std::vector<std::string>{"tf-cpu.2-15.py310", "tf-cpu.2-8.py37"});
    REQUIRE(plan.findings.size() == 2);
    const auto& f = plan.findings.front();
    CHECK(f.rule == "no-candidate");
    CHECK(f.severity == catalog::Severity::error);
    CHECK(f.message.find("new data as of 2026-06-01") != std::string::npos);
    CHECK(f.suggestion.empty()); // the last known image is not a recommendation
    const auto& route = plan.findings.back();
    CHECK(route.rule == "custom-container-route");
    CHECK(route.severity == catalog::Severity::note);
    CHECK(route.message.find("last known prebuilt image: tf-cpu.2-15.py310 (withdrawn 2027-01-01)") != std::string::npos);
  }
  SUBCASE("the day before, the image is still a candidate") {
    auto plan = lib::plan_upgrade(set, request("1.2", "2026-12-31"));
    CHECK(ids(plan.candidates) == std::vector<std::string>{"tf-cpu.2-15.py310"});
    REQUIRE_FALSE(plan.findings.empty());
    CHECK(plan.findings.front().rule == "stale-data");
  }
  SUBCASE("an unknown runtime is a finding with did-you-mean") {
    auto plan = lib::plan_upgrade(set, request("1.9", "2020-10-01"));
    CHECK_FALSE(plan.current);
    REQUIRE(plan.findings.size() == 1);
    CHECK(plan.findings.front().rule == "unknown-runtime");
  }
}

TEST_CASE("parse_strategy") {
  CHECK(lib::parse_strategy("newest") == lib::Strategy::newest);
  CHECK(lib::parse_strategy("nearest") == lib::Strategy::nearest);
  CHECK_THROWS_WITH_AS(lib::parse_strategy("oldest"), "invalid strategy 'oldest' (valid: newest, nearest)",
                       catalog::InvalidInput);
}
