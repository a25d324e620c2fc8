#include "catalog/catalog_set.hpp"
#include "catalog/error.hpp"
#include "catalog/json_io.hpp"
#include "lib/core/check.hpp"
#include "tests/support/fixtures.hpp"

#include <doctest/doctest.h>

using catalog::parse_date;

namespace {
const catalog::CatalogSet& set() {
  static const auto s = catalog::CatalogSet::from_catalogs({catalog::parse_catalog(fixtures::legacy_json(), "legacy.json"),
                                                            catalog::parse_catalog(fixtures::images_json(), "images.json")});
  return s;
}
lib::Request request(const char* runtime, const char* on) {
  lib::Request r;
  r.runtime = runtime;
  r.on = parse_date(on);
  return r;
}
std::vector<std::string> rules(const lib::CheckResult& res) {
  std::vector<std::string> out;
  for (const auto& f : res.findings) {
    out.push_back(f.rule);
  }
  return out;
}
using Rules = std::vector<std::string>;
} // namespace

TEST_CASE("check: lifecycle findings") {
  auto res = lib::check(set(), request("1.15", "2021-01-01"));
  REQUIRE(res.findings.size() >= 1);
  CHECK(res.findings[0].rule == "submission-end");
  CHECK(res.findings[0].severity == catalog::Severity::error);
  CHECK(res.findings[0].message == "runtime 1.15 closed to new jobs on 2020-12-19");
  CHECK_FALSE(res.ok());
  SUBCASE("deployed resources get the deployed severity") {
    auto req = request("1.15", "2021-01-01");
    req.deployed = true;
    CHECK(lib::check(set(), req).findings[0].severity == catalog::Severity::warning);
  }
  SUBCASE("a valid runtime has no finding") {
    auto ok = lib::check(set(), request("1.15", "2020-06-01"));
    CHECK(ok.ok());
    CHECK(rules(ok) == Rules{});
    CHECK(ok.lifecycle->status.name == "supported");
  }
  SUBCASE("expiring is a warning with the days left") {
    auto e = lib::check(set(), request("1.15", "2020-12-01"));
    CHECK(rules(e).at(0) == "expiring");
    CHECK(e.findings[0].message == "runtime 1.15 closes to new jobs on 2020-12-19 (in 18 days)");
  }
  SUBCASE("after the sunset the message says so") {
    auto s = lib::check(set(), request("2.1", "2025-03-01"));
    CHECK(
        s.findings[0].message ==
        "runtime 2.1 had its model versions deleted on 2022-03-09; it closed to new jobs on 2021-03-09; the platform shut down");
  }
}

TEST_CASE("check: unknown runtimes are findings with did-you-mean") {
  auto res = lib::check(set(), request("2.11", "2021-01-01"));
  CHECK(rules(res) == Rules{"unknown-runtime"});
  CHECK(res.findings[0].message ==
        "runtime 2.11 is not in the catalog (did you mean 2.2 (unknown), 2.1 (expiring), 1.15 (submission_end)?)");
  // 2.2's release window holds the day, so the hint names the nearest id new jobs may use.
  CHECK(res.findings[0].suggestion == "2.1");
  CHECK_THROWS_AS(lib::check(set(), request("2 11", "2021-01-01")), catalog::InvalidInput);
}

TEST_CASE("check: Python from the entry's list") {
  auto req = request("2.1", "2020-06-01");
  req.python = catalog::Version::parse("2.7");
  auto res = lib::check(set(), req);
  CHECK(rules(res).at(0) == "python-unsupported");
  CHECK(res.findings[0].message == "Python 2.7 is not available on runtime 2.1 (available: 3.7)");
  req.python = catalog::Version::parse("3.7");
  CHECK(lib::check(set(), req).ok());
  auto unknown = request("9.9", "2020-06-01");
  unknown.python = catalog::Version::parse("3.7");
  CHECK(rules(lib::check(set(), unknown)).at(1) == "python-unknown");
}

TEST_CASE("check: framework rules are per service") {
  auto req = request("1.0", "2019-06-01");
  req.frameworks = {"scikit-learn"};
  CHECK(rules(lib::check(set(), req)) == Rules{"sklearn-training"});
  req.service = lib::Service::prediction;
  req.frameworks = {"sklearn"};
  CHECK(rules(lib::check(set(), req)) == Rules{"sklearn-prediction"});
  auto ok = request("1.13", "2019-06-01");
  ok.frameworks = {"scikit-learn"};
  CHECK(lib::check(set(), ok).ok());
}

TEST_CASE("check: requirements against pins") {
  auto req = request("2.1", "2020-06-01");
  req.requires_ = {catalog::pep440::Requirement::parse("tensorflow>=2.3")};
  auto training = lib::check(set(), req);
  CHECK(rules(training) == Rules{"require-over-pin"});
  CHECK(training.findings[0].severity == catalog::Severity::note);
  CHECK(training.findings[0].message ==
        "tensorflow>=2.3 is not satisfied by runtime 2.1's tensorflow 2.1.0; it is installed over the pin when the job starts "
        "(allowed for training)");
  req.service = lib::Service::prediction;
  auto prediction = lib::check(set(), req);
  CHECK(prediction.findings[0].severity == catalog::Severity::error);
  req.requires_ = {catalog::pep440::Requirement::parse("tensorflow~=2.1")};
  CHECK(lib::check(set(), req).findings.empty());
  req.requires_ = {catalog::pep440::Requirement::parse("pandas>=1")};
  CHECK(rules(lib::check(set(), req)) == Rules{"require-unpinned"});
}

TEST_CASE("check: suggestions come from the catalog, then from the successor") {
  auto res = lib::check(set(), request("1.13", "2020-06-01"));
  REQUIRE_FALSE(res.suggestions.empty());
  CHECK(res.suggestions[0].entry->id == "2.1");
  CHECK(res.findings[0].suggestion == "2.1");
  SUBCASE("after the sunset: successor images of the same framework, longest available first") {
    auto late = lib::check(set(), request("2.1", "2025-03-01"));
    REQUIRE(late.suggestions.size() == 2);
    CHECK(late.suggestions[0].catalog->name == "images");
    CHECK(late.suggestions[0].entry->id == "tf-cpu.2-17.py310");
    CHECK(late.suggestions[1].entry->id == "sklearn-cpu.1-6");
  }
  SUBCASE("nothing left: a note that says so and names the data date") {
    auto none = lib::check(set(), request("2.1", "2026-08-01"));
    CHECK(none.suggestions.empty());
    auto rs = rules(none);
    REQUIRE(rs.size() >= 2);
    CHECK(rs[rs.size() - 2] == "no-alternative");
    CHECK(rs.back() == "custom-container-route");
    // The route: a custom container, beside the data's date and the last known image.
    CHECK(none.findings.back().message.find("use a custom container with tensorflow") != std::string::npos);
    CHECK(none.findings.back().message.find("(data as of 2024-06-01)") != std::string::npos);
    CHECK(none.findings.back().message.find("last known prebuilt image: tf-cpu.2-17.py310") != std::string::npos);
  }
}

TEST_CASE("check: stale data is noted") {
  // Every date of 2.1 is before the data's as_of date: nothing to note.
  auto res = lib::check(set(), request("2.1", "2024-06-01"));
  CHECK(rules(res) == Rules{"deletion"});
  auto img = request("tf-cpu.2-17.py310", "2024-07-01");
  CHECK(rules(lib::check(set(), img)) == Rules{"stale-data"});
}

TEST_CASE("check: an expiring runtime never suggests itself") {
  auto res = lib::check(set(), request("1.15", "2020-12-01"));
  REQUIRE_FALSE(res.suggestions.empty());
  for (const auto& s : res.suggestions) {
    CHECK(s.entry->id != "1.15");
  }
}

TEST_CASE("notes said once a run: nothing usable once, each distinct route once, the rest always") {
  lib::SaidOnce once;
  auto note = [](lib::RuleId id, std::string msg) { return lib::finding_of(id, std::move(msg)); };
  CHECK_FALSE(once.repeated(note(lib::RuleId::no_alternative, "nothing usable for tensorflow")));
  CHECK(once.repeated(note(lib::RuleId::no_alternative, "nothing usable for xgboost")));
  CHECK_FALSE(once.repeated(note(lib::RuleId::custom_container_route, "a container with tensorflow 1.15")));
  CHECK_FALSE(once.repeated(note(lib::RuleId::custom_container_route, "a container with tensorflow 2.1")));
  CHECK(once.repeated(note(lib::RuleId::custom_container_route, "a container with tensorflow 1.15")));
  CHECK_FALSE(once.repeated(note(lib::RuleId::stale_data, "as of")));
  CHECK_FALSE(once.repeated(note(lib::RuleId::stale_data, "as of")));
  CHECK(lib::follows_a_finding(note(lib::RuleId::stale_data, "")));
  CHECK_FALSE(lib::follows_a_finding(note(lib::RuleId::deletion, "")));
}
