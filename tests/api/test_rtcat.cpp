// The public API (include/rtcat/) agrees with the engine it wraps.

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "rtcat/rtcat.hpp"

namespace {

rtcat::Date day(const char* text) {
  return rtcat::parse_date(text);
}

} // namespace

TEST_CASE("api: dates round-trip and malformed ones are rtcat::Error") {
  CHECK(rtcat::format_date(day("2020-02-29")) == "2020-02-29");
  CHECK_THROWS_AS(day("2021-02-29"), rtcat::Error);
  CHECK_THROWS_AS(day("20-01-01"), rtcat::Error);
  CHECK(std::string(rtcat::version()) == RTCAT_VERSION_STRING);
}

TEST_CASE("api: the embedded catalogs and the status of an entry on a date") {
  const auto catalogs = rtcat::Catalogs::embedded();
  CHECK(catalogs.names() == std::vector<std::string>{"ai-platform", "vertex-training", "vertex-prediction", "aws-dlc", "python"});
  const auto ids = catalogs.ids("ai-platform");
  CHECK(std::find(ids.begin(), ids.end(), "1.15") != ids.end());
  CHECK(catalogs.ids("nope").empty());

  const auto before = catalogs.status("1.15", day("2020-06-01"));
  REQUIRE(before.has_value());
  CHECK(before->catalog == "ai-platform");
  CHECK(before->status == "supported");
  CHECK(before->usable);
  CHECK_FALSE(before->severity.has_value());
  CHECK(before->next_milestone == "submission_end");
  REQUIRE(before->next_milestone_on.has_value());
  CHECK(rtcat::format_date(*before->next_milestone_on) == "2020-12-19");

  const auto expiring = catalogs.status("1.15", day("2020-11-01"));
  REQUIRE(expiring.has_value());
  CHECK(expiring->status == "expiring");
  CHECK(catalogs.status("1.15", day("2020-11-01"), 10)->status == "supported");

  const auto after = catalogs.status("ai-platform:2.1", day("2023-06-01"));
  REQUIRE(after.has_value());
  CHECK(after->status == "deletion");
  CHECK_FALSE(after->usable);
  CHECK(after->severity == rtcat::Severity::error);

  CHECK_FALSE(catalogs.status("9.9", day("2023-06-01")).has_value());
  CHECK_THROWS_AS(catalogs.status("bad id!", day("2023-06-01")), rtcat::Error);
}

TEST_CASE("api: catalog files, and a missing one is rtcat::Error") {
  const auto one = rtcat::Catalogs::from_files({std::string(RTCAT_SOURCE_DIR) + "/data/ai-platform.json"});
  CHECK(one.names() == std::vector<std::string>{"ai-platform"});
  CHECK_THROWS_AS(rtcat::Catalogs::from_files({"/nonexistent/catalog.json"}), rtcat::Error);
}

TEST_CASE("api: check, upgrade candidates and scan") {
  const auto catalogs = rtcat::Catalogs::embedded();
  rtcat::CheckRequest job;
  job.runtime = "1.15";
  job.python = "3.7";
  job.on = day("2020-06-01");
  CHECK(rtcat::check(catalogs, job).ok);

  job.on = day("2021-06-01");
  const auto late = rtcat::check(catalogs, job);
  CHECK_FALSE(late.ok);
  REQUIRE_FALSE(late.findings.empty());
  CHECK(late.findings.front().rule == "submission-end");
  CHECK(late.findings.front().severity == rtcat::Severity::error);
  CHECK_FALSE(late.suggestions.empty());

  job.python = "three";
  CHECK_THROWS_AS(rtcat::check(catalogs, job), rtcat::Error);
  job.python = "3.7";
  job.service = "serving";
  CHECK_THROWS_AS(rtcat::check(catalogs, job), rtcat::Error);
  job.service = "training";

  const auto candidates = rtcat::upgrade_candidates(catalogs, job, 3);
  REQUIRE_FALSE(candidates.empty());
  CHECK(candidates.size() == 3);
  CHECK(candidates.front().catalog == "ai-platform"); // as `rtcat upgrade --runtime 1.15 --python 3.7` ranks them
  CHECK(candidates.front().id == "2.4");
  CHECK(candidates.front().python == "3.7");
  for (const auto& c : candidates) {
    const auto s = catalogs.status(c.catalog + ":" + c.id, job.on);
    REQUIRE(s.has_value());
    CHECK(s->severity != rtcat::Severity::error);
  }

  const auto dir = std::filesystem::temp_directory_path() / ("rtcat-api-scan-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "submit.sh") << "gcloud ai-platform jobs submit training j --runtime-version 1.15 --python-version 3.7 "
                                      "--package-path t --module-name m\n";
  rtcat::ScanRequest scan;
  scan.paths = {dir.string()};
  scan.on = day("2021-06-01");
  const auto found = rtcat::scan(catalogs, scan);
  CHECK(found.files == 1);
  REQUIRE_FALSE(found.findings.empty());
  CHECK(found.findings.front().rule == "submission-end");
  CHECK(found.findings.front().line == 1);
  scan.on = day("2020-06-01");
  CHECK(rtcat::scan(catalogs, scan).findings.empty());
  std::filesystem::remove_all(dir);
  scan.paths = {(dir / "missing").string()};
  CHECK_THROWS_AS(rtcat::scan(catalogs, scan), rtcat::Error);
}
