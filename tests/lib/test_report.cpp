#include "lib/report.hpp"
#include "tests/lib/migration_fixtures.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "render/report.hpp"

namespace {

struct TempFile {
  std::string path;
  TempFile(const std::string& name, const std::string& content) {
    path = (std::filesystem::temp_directory_path() / ("rtcat-report-test-" + name)).string();
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
