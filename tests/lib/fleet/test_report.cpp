#include "catalog/error.hpp"
#include "lib/fleet/report.hpp"
#include "tests/support/migration_fixtures.hpp"
#include "tests/support/statuses.hpp"
#include "util/json.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
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

// The affected resources a report hands to on_row, by name, in the order it hands them.
struct Rows {
  std::vector<std::string> names;
  lib::ReportOptions options(const char* on, int warn_days) {
    lib::ReportOptions o;
    o.on = test::day(on);
    o.warn_days = warn_days;
    o.on_row = [this](const lib::Resource& r, const lib::Verdict&) { names.push_back(r.name); };
    return o;
  }
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
  Rows rows;
  auto rep = lib::build_report(set, {inv.path}, rows.options("2021-03-01", 90));
  CHECK(rep.resources == 3);
  CHECK(rep.malformed == 1);
  CHECK(rep.affected == 1);
  CHECK(rep.broken == 1);
  CHECK(rows.names == std::vector<std::string>{"old_job"});
  SUBCASE("the next deadline ahead, and what it hits") {
    // old_job's deadline (2021-01-01) has passed; nothing else is affected; the platform's end,
    // which stops all three, is ahead.
    CHECK(rep.next_deadline == test::day("2025-02-01"));
    CHECK_FALSE(rep.next_deadline_earliest);
    CHECK(rep.next_days == 1433);
    CHECK(rep.next_deadline_what == "old sunset (3 resources)");
    CHECK(rep.headline() == "1 of 3 resources needs action on 2021-03-01: 1 broken or blocked, 0 at risk; next deadline "
                            "2025-02-01, in 1433 days: old sunset (3 resources).");
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
    CHECK(rep.groups[2].service == lib::Service::prediction);
  }
}

TEST_CASE(
    "report: after the platform's sunset the headline says it is gone; before it, it is the deadline where it comes first") {
  auto set = test::migration_set();
  TempFile inv("inv.jsonl", k_inventory);
  auto after = lib::build_report(set, {inv.path}, test::day("2025-03-01"), 90, "");
  CHECK_FALSE(after.next_deadline);
  REQUIRE(after.ends.size() == 1);
  CHECK(after.ends[0].passed);
  CHECK(after.ended() == std::vector<std::string>{"Old platform shut down on 2025-02-01; its 3 resources below no longer run"});
  CHECK(after.headline().ends_with("; no deadline ahead: every deadline has passed; Old platform shut down on 2025-02-01; its 3 "
                                   "resources below no longer run."));
  SUBCASE("a deadline before the sunset comes first") {
    // 1.3 (released 2020-12-01) closes to new jobs on 2021-12-01.
    auto before = lib::build_report(set, {inv.path}, test::day("2021-10-01"), 90, "");
    CHECK(before.next_deadline == test::day("2021-12-01"));
    CHECK(before.next_deadline_what == "runtime 1.3 submission_end (1 resource)");
    CHECK(before.ended().empty());
  }
}

TEST_CASE("report: rows in inventory order as they are read; the aggregates carry the urgency") {
  auto set = test::migration_set();
  TempFile inv("urgent.jsonl", R"({"jobId":"later","trainingInput":{"runtimeVersion":"1.3"}}
{"jobId":"sooner","trainingInput":{"runtimeVersion":"1.2"}}
{"jobId":"past","trainingInput":{"runtimeVersion":"1.0"}}
)");
  Rows rows;
  auto rep = lib::build_report(set, {inv.path}, rows.options("2021-08-01", 180));
  CHECK(rows.names == std::vector<std::string>{"later", "sooner", "past"});
  REQUIRE(rep.groups.size() == 3);
  CHECK(rep.groups[0].urgent.front().resource.name == "past");
  CHECK(rep.groups[1].urgent.front().resource.name == "sooner");
  CHECK(rep.groups[2].urgent.front().resource.name == "later");
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
  // They count: in the headline, in what needs action, and in the exit code's severity.
  CHECK(rep.scan_errors == 1);
  CHECK(rep.needs_action());
  CHECK(rep.worst == catalog::Severity::error);
  lib::Finding note = f;
  note.severity = catalog::Severity::note;
  lib::Report quiet;
  lib::add_scan_findings(quiet, {note});
  CHECK(quiet.scan_notes == 1);
  CHECK_FALSE(quiet.needs_action());
  CHECK(quiet.headline().find("the scan found 0 errors, 0 warnings and 1 note") != std::string::npos);
  std::string md = render::report_markdown(rep);
  CHECK(md.find("Nothing needs action") == std::string::npos);
  CHECK(md.find("The source scan found 1 error, listed under Input problems and scan findings.") != std::string::npos);
  CHECK(md.find("| train.sh:3: error: runtime 1.14 [runtime-reference] |") != std::string::npos);
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
  CHECK(lib::status_words(old, test::lifecycle_status(lib::Standing::milestone, "submission_end")) == "closed to new jobs");
  CHECK(lib::status_words(old, test::lifecycle_status(lib::Standing::expiring, "expiring")) == "deadline soon");
  auto embedded = catalog::CatalogSet::embedded();
  CHECK(lib::status_words(embedded.get("ai-platform"), test::lifecycle_status(lib::Standing::milestone, "deletion")) ==
        "model versions deleted");
  CHECK(lib::status_words(embedded.get("vertex-training"), test::lifecycle_status(lib::Standing::milestone, "support_end")) ==
        "left support");
  CHECK(lib::status_words(nullptr, test::audit_status(lib::AuditState::custom_container)) == "custom container");
  CHECK(lib::status_words(nullptr, test::audit_status(lib::AuditState::custom_image)) == "custom image (not tracked)");
  CHECK(lib::status_words(nullptr, test::audit_status(lib::AuditState::no_image)) == "no image recorded");
  CHECK(lib::status_words(nullptr, test::audit_status(lib::AuditState::model_missing)) ==
        "deployed model without its model record");
  CHECK(lib::status_words(nullptr, test::lifecycle_status(lib::Standing::milestone, "some_new_status")) == "some new status");
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
  const auto& ahead = rep.groups[1];
  REQUIRE(ahead.urgent.size() == 1);
  CHECK(lib::standing_words(ahead, ahead.urgent[0].verdict, rep.on) == "closes to new jobs in 122 days (2021-12-01)");
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
  size_t handed = 0;
  std::string last;
  lib::ReportOptions o;
  o.on = test::day("2021-08-01");
  o.on_row = [&](const lib::Resource& r, const lib::Verdict& v) {
    ++handed;
    last = r.name + " " + std::string(lib::status_name(v.status));
  };
  auto rep = lib::build_report(set, {inv.path}, o);
  CHECK(handed == 200); // each affected resource goes to the sink, none is kept
  CHECK(last == "job_1199 submission_end");
  REQUIRE(rep.groups.size() == 1);
  const auto& g = rep.groups[0];
  CHECK(g.resources == 200);
  CHECK(g.affected == 200);
  CHECK(g.urgent.size() == lib::ReportGroup::k_urgent);
  CHECK(g.urgent.front().resource.name == "job_1000"); // same deadline: by name
  CHECK(g.targets.size() == 2);                        // one per Python the jobs use
  CHECK(g.targets[0].resources == 100);
  CHECK(rep.worst == catalog::Severity::error);
}

TEST_CASE("report: records of one verdict counted alike, interleaved with others, past the target sets kept") {
  auto set = test::migration_set();
  const std::vector<std::string> pythons = {"2.7", "3.5", "3.6", "3.7", "3.8", "3.9", "3.10", "3.11"};
  std::string lines;
  for (int i = 0; i < 240; ++i) {
    lines += R"({"jobId":"job_)" + std::to_string(1000 + i) + R"(","trainingInput":{"runtimeVersion":"1.0","pythonVersion":")" +
             pythons[static_cast<size_t>(i) % pythons.size()] + "\"}}\n";
  }
  TempFile inv("interleaved.jsonl", lines);
  lib::ReportOptions o;
  o.on = test::day("2021-08-01");
  auto rep = lib::build_report(set, {inv.path}, o);
  REQUIRE(rep.groups.size() == 1);
  const auto& g = rep.groups[0];
  CHECK(rep.resources == 240);
  CHECK(g.resources == 240);
  CHECK(g.affected == 240);
  size_t by_status = 0;
  for (const auto& [status, n] : g.by_status) {
    by_status += n;
  }
  CHECK(by_status == 240);
  size_t by_words = 0;
  for (const auto& [words, n] : rep.by_words) {
    by_words += n;
  }
  CHECK(by_words == 240);
  // The first six Pythons seen get a target set each, 30 resources apiece; the last two are
  // counted as others.
  REQUIRE(g.targets.size() == lib::ReportGroup::k_target_sets);
  for (const auto& t : g.targets) {
    CHECK(t.resources == 30);
  }
  CHECK(g.other_targets == 60);
  CHECK(g.urgent.size() == lib::ReportGroup::k_urgent);
}

TEST_CASE("report: a sink that throws stops the report there") {
  auto set = test::migration_set();
  TempFile inv("stop.jsonl", k_inventory);
  lib::ReportOptions o;
  o.on = test::day("2021-03-01");
  o.on_row = [](const lib::Resource& r, const lib::Verdict&) { throw catalog::InvalidInput("out: cannot write: " + r.name); };
  CHECK_THROWS_WITH_AS(lib::build_report(set, {inv.path}, o), "out: cannot write: old_job", catalog::InvalidInput);
}

TEST_CASE("report list writer: CSV, JSON and JSON Lines written row by row, the aggregates at the end") {
  auto set = test::migration_set();
  TempFile inv("list.jsonl", k_inventory);
  std::string json;
  for (auto format : {render::ReportListFormat::csv, render::ReportListFormat::json, render::ReportListFormat::jsonl}) {
    render::ReportListWriter w(format);
    std::string out = w.begin(test::day("2021-03-01"), {inv.path});
    std::vector<std::string> pieces;
    lib::ReportOptions o;
    o.on = test::day("2021-03-01");
    o.on_row = [&](const lib::Resource& r, const lib::Verdict& v) {
      std::string row;
      w.append_row(row, r, v);
      pieces.push_back(row);
    };
    auto rep = lib::build_report(set, {inv.path}, o);
    REQUIRE(pieces.size() == 1); // written as the resource was read, before the report was done
    out += pieces.front() + w.end(rep);
    if (format == render::ReportListFormat::csv) {
      CHECK(out == "RESOURCE,KIND,RUNTIME,PYTHON,STATUS,DEADLINE,DEADLINE_MILESTONE,DEADLINE_EARLIEST,DAYS,ACTION,SOURCE\r\n"
                   "old_job,job,1.0,3.5,submission_end,2021-01-01,submission_end,,-59," +
                       rep.groups[0].urgent[0].verdict.action + "," + inv.path + ":1\r\n");
      continue;
    }
    if (format == render::ReportListFormat::jsonl) {
      // The JSON document a line at a time: its resource, then the rest, each compact.
      CHECK(out.empty() == false);
      CHECK(out.back() == '\n');
      auto doc = util::json::parse_ordered(json, "report.json");
      REQUIRE(std::count(out.begin(), out.end(), '\n') == 2);
      const size_t cut = out.find('\n') + 1;
      CHECK(out.substr(0, cut) == util::json::dump(doc["resources"][0]) + "\n");
      doc.erase("resources");
      CHECK(out.substr(cut) == util::json::dump(doc) + "\n");
      continue;
    }
    json = out;
    auto j = util::json::parse_ordered(out, "report.json");
    std::vector<std::string> keys;
    for (const auto& item : j.items()) {
      keys.push_back(item.key());
    }
    CHECK(keys ==
          std::vector<std::string>{"date", "inputs", "resources", "headline", "summary", "runtimes", "migrated", "findings"});
    CHECK(j["date"] == "2021-03-01");
    REQUIRE(j["resources"].size() == 1);
    CHECK(j["resources"][0]["name"] == "old_job");
    CHECK(j["summary"]["resources"] == 3);
    CHECK(j["summary"]["malformed"] == 1);
    CHECK(j["runtimes"].size() == 3);
    CHECK(j["findings"].size() == 1);
    CHECK(j["headline"] == rep.headline());
    CHECK(out == util::json::dump_pretty(j)); // the pretty layout of a document built whole
  }
}
