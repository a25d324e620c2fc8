#include "lib/report.hpp"
#include "tests/lib/migration_fixtures.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "render/report.hpp"

namespace {

struct TempFile {
  std::string path;
  TempFile(const std::string& name, const std::string& content) {
    path = (std::filesystem::temp_directory_path() / ("rtcat-report-test-" + std::to_string(::getpid()) + "-" + name)).string();
    std::ofstream(path, std::ios::binary) << content;
  }
  ~TempFile() { std::filesystem::remove(path); }
};

const char* const k_inventory =
    R"({"jobId":"old_job","trainingInput":{"runtimeVersion":"1.0","pythonVersion":"3.5"}}
{"jobId":"fine_job","trainingInput":{"runtimeVersion":"1.3","pythonVersion":"3.7"}}
{"name":"projects/p/models/<script>alert(1)</script>/versions/v1","runtimeVersion":"1.1","framework":"TENSORFLOW","pythonVersion":"3.7"}
not json
)";

} // namespace

TEST_CASE("report: headline, sections and urgency") {
  auto set = test::migration_set();
  TempFile inv("inv.jsonl", k_inventory);
  auto rep = lib::build_report(set, {inv.path}, test::day("2021-03-01"), 90, "");
  CHECK(rep.resources == 3);
  CHECK(rep.malformed == 1);
  CHECK(rep.affected == 1);
  CHECK(rep.broken == 1);
  REQUIRE(rep.rows.size() == 1);
  CHECK(rep.rows.front().resource.name == "old_job");
  SUBCASE("the next deadline ahead, and what it hits") {
    // old_job's deadline (2021-01-01) has passed; nothing else is affected.
    CHECK_FALSE(rep.next_deadline);
    CHECK(rep.headline() ==
          "1 of 3 resources needs action on 2021-03-01: 1 broken or blocked, 0 at risk; no deadline ahead: every "
          "deadline has passed.");
  }
  SUBCASE("one group per runtime and service, most urgent first, with targets") {
    REQUIRE(rep.groups.size() == 3);
    CHECK(rep.groups[0].entry->id == "1.0");
    CHECK(rep.groups[0].resources == 1);
    REQUIRE(rep.groups[0].targets.size() == 1);
    CHECK(rep.groups[0].targets[0].python == "3.5");
    REQUIRE_FALSE(rep.groups[0].targets[0].plan.candidates.empty());
    CHECK(rep.groups[0].targets[0].plan.candidates.front().entry->id == "1.3");
    CHECK(rep.groups[0].urgent.size() == 1);
    CHECK(rep.groups[1].entry->id == "1.3"); // affected groups first: 1.3 has no affected resource
    CHECK(rep.groups[1].affected == 0);
    CHECK(rep.groups[2].entry->id == "1.1");
    CHECK(rep.groups[2].service == "prediction");
  }
}

TEST_CASE("report: rows sorted by urgency with the nearest deadline first") {
  auto set = test::migration_set();
  TempFile inv("urgent.jsonl", R"({"jobId":"later","trainingInput":{"runtimeVersion":"1.3"}}
{"jobId":"sooner","trainingInput":{"runtimeVersion":"1.2"}}
{"jobId":"past","trainingInput":{"runtimeVersion":"1.0"}}
)");
  auto rep = lib::build_report(set, {inv.path}, test::day("2021-08-01"), 180, "");
  REQUIRE(rep.rows.size() == 3);
  CHECK(rep.rows[0].resource.name == "past");
  CHECK(rep.rows[1].resource.name == "sooner");
  CHECK(rep.rows[2].resource.name == "later");
  CHECK(rep.next_deadline == test::day("2021-09-01"));
  CHECK(rep.next_days == 31);
  CHECK(rep.next_deadline_what == "runtime 1.2 submission_end (1 resource)");
}

TEST_CASE("report: every user string is escaped in HTML") {
  auto set = test::migration_set();
  TempFile inv("xss.jsonl", k_inventory);
  auto rep = lib::build_report(set, {inv.path}, test::day("2021-12-01"), 90, "");
  std::string html = render::report_html(rep);
  CHECK(html.find("<script") == std::string::npos);
  std::string text = html;
  for (size_t at = text.find("<wbr>"); at != std::string::npos; at = text.find("<wbr>", at)) {
    text.erase(at, 5); // long names may break after a path segment
  }
  CHECK(text.find("&lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);
  CHECK(html.find("projects/<wbr>p/<wbr>models/<wbr>") != std::string::npos);
  CHECK(html.find("Content-Security-Policy") != std::string::npos);
  CHECK(html.find("<svg") != std::string::npos);
  CHECK(html.find("http://") == html.find("http://www.w3.org/2000/svg")); // no other URL to fetch
  SUBCASE("markdown keeps it as text too") {
    std::string md = render::report_markdown(rep);
    CHECK(md.find("<script") == std::string::npos);
    CHECK(md.find("# Migration report") == 0);
  }
  SUBCASE("csv lists the affected resources") {
    std::string csv = render::report_csv(rep);
    CHECK(csv.rfind("RESOURCE,KIND,RUNTIME", 0) == 0);
    CHECK(csv.find("<script>alert(1)</script>") != std::string::npos);
  }
}

TEST_CASE("report: scan findings join through the hook") {
  lib::Report rep;
  lib::Finding f;
  f.rule = "runtime-reference";
  f.message = "runtime 1.14";
  f.path = "train.sh";
  f.line = 3;
  lib::add_scan_findings(rep, {f});
  CHECK(rep.scanned);
  REQUIRE(rep.findings.size() == 1);
  CHECK(rep.findings.front().path == "train.sh");
}

TEST_CASE("report: elapsed time in calendar years, months and days") {
  CHECK(lib::elapsed(test::day("2021-03-09"), test::day("2024-12-01")) == "3 years 8 months");
  CHECK(lib::elapsed(test::day("2021-03-09"), test::day("2021-04-09")) == "1 month");
  CHECK(lib::elapsed(test::day("2021-03-09"), test::day("2022-03-09")) == "1 year");
  CHECK(lib::elapsed(test::day("2021-03-09"), test::day("2021-04-08")) == "30 days");
  CHECK(lib::elapsed(test::day("2021-03-09"), test::day("2021-03-10")) == "1 day");
}

TEST_CASE("report: statuses in words") {
  auto set = test::migration_set();
  const catalog::Catalog* old = set.get("old");
  CHECK(lib::status_words(old, "submission_end") == "closed to new jobs");
  CHECK(lib::status_words(old, "expiring") == "deadline soon");
  CHECK(lib::status_words(nullptr, "custom-container") == "custom container");
  CHECK(lib::status_words(nullptr, "custom-image") == "custom image (not tracked)");
  CHECK(lib::status_words(nullptr, "no-image") == "no image recorded");
  CHECK(lib::status_words(nullptr, "model-missing") == "deployed model without its model record");
  CHECK(lib::status_words(nullptr, "some_new_status") == "some new status");
}

TEST_CASE("report: where a resource stands, in words, a bound kept a bound") {
  auto set = test::migration_set();
  TempFile inv("words.jsonl", R"({"jobId":"past","trainingInput":{"runtimeVersion":"1.0","pythonVersion":"3.5"}}
{"jobId":"ahead","trainingInput":{"runtimeVersion":"1.3","pythonVersion":"3.7"}}
)");
  auto rep = lib::build_report(set, {inv.path}, test::day("2021-08-01"), 180, "");
  REQUIRE(rep.groups.size() == 2);
  const auto& past = rep.groups[0];
  REQUIRE(past.urgent.size() == 1);
  CHECK(lib::standing_words(past, past.urgent[0].verdict, rep.on) == "closed to new jobs 7 months ago (2021-01-01)");
  CHECK(lib::resource_status_words(past, past.urgent[0].verdict) == "closed to new jobs");
  const auto& ahead = rep.groups[1];
  REQUIRE(ahead.urgent.size() == 1);
  CHECK(lib::standing_words(ahead, ahead.urgent[0].verdict, rep.on) == "closes to new jobs in 122 days (2021-12-01)");
  CHECK(lib::resource_status_words(ahead, ahead.urgent[0].verdict) == "closes to new jobs soon");
  SUBCASE("a milestone known only as 'no later than' keeps its wording") {
    lib::ReportGroup g = past;
    REQUIRE(g.lifecycle);
    lib::Verdict v = past.urgent[0].verdict;
    for (auto& m : g.lifecycle->milestones) {
      m.at_latest = m.name() == v.deadline_milestone;
    }
    CHECK(lib::standing_words(g, v, rep.on) == "closed to new jobs by 2021-01-01 at the latest (7 months ago)");
  }
}

TEST_CASE("report: groups keep counts and the most urgent few, whatever the number of resources") {
  auto set = test::migration_set();
  std::string lines;
  for (int i = 0; i < 200; ++i) {
    std::string py = i % 2 ? "3.5" : "2.7";
    lines += R"({"jobId":"job_)" + std::to_string(1000 + i) + R"(","trainingInput":{"runtimeVersion":"1.0","pythonVersion":")" +
             py + "\"}}\n";
  }
  TempFile inv("many.jsonl", lines);
  lib::ReportOptions o;
  o.on = test::day("2021-08-01");
  auto rep = lib::build_report(set, {inv.path}, o);
  REQUIRE(rep.groups.size() == 1);
  const auto& g = rep.groups[0];
  CHECK(g.resources == 200);
  CHECK(g.affected == 200);
  CHECK(g.urgent.size() == lib::ReportGroup::k_urgent);
  CHECK(g.urgent.front().resource.name == "job_1000"); // same deadline: by name
  CHECK(g.targets.size() == 2);                        // one per Python the jobs use
  CHECK(g.targets[0].resources == 100);
  CHECK(rep.rows.empty()); // without keep_rows, the resources are not kept
  CHECK(rep.verdict_findings.size() < 10);
}
