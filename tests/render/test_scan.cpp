#include "tests/support/scan_results.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "render/scan.hpp"

using namespace lib::scan;
using namespace render;

namespace {

ScanResult sample() {
  ScanResult r;
  r.files = 3;
  r.suppressed = 1;
  fixtures::add_finding(r, "submission-end", catalog::Severity::error, "runtime 1.15 closed: 100% gone,\nreally", "ci/a,b:c.sh",
                        2, 5, "2.11", {9, "0000000000000000"});
  fixtures::add_finding(r, "stale-data", catalog::Severity::note, "old data", "ci/a,b:c.sh", 2, 5, "2.11",
                        {9, "0000000000000001"});
  r.references.push_back(
      FoundReference{"ci/a.sh", 2, 5, lib::scan::Form::gcloud, lib::Service::training, "ai-platform", "1.15", "", "deletion"});
  return r;
}

} // namespace

TEST_CASE("github_annotations: one escaped workflow command per finding") {
  std::string out = github_annotations(sample());
  CHECK(out == "::error file=ci/a%2Cb%3Ac.sh,line=2,col=5,endColumn=9,title=rtcat submission-end::runtime 1.15 closed: 100%25 "
               "gone,%0Areally (use 2.11)\n"
               "::notice file=ci/a%2Cb%3Ac.sh,line=2,col=5,endColumn=9,title=rtcat stale-data::old data\n");
}

TEST_CASE("json_scan: summary, shared finding fields, references") {
  auto j = nlohmann::json::parse(json_scan(sample(), catalog::parse_date("2024-06-01")));
  CHECK(j["date"] == "2024-06-01");
  CHECK(j["files"] == 3);
  CHECK(j["suppressed"] == 1);
  CHECK(j["summary"]["error"] == 1);
  CHECK(j["summary"]["note"] == 1);
  CHECK(j["findings"][0]["rule"] == "submission-end");
  CHECK(j["findings"][0]["suggestion"] == "2.11");
  CHECK(j["references"][0]["python"].is_null());
  CHECK(j["references"][0]["status"] == "deletion");
}

TEST_CASE("summary_line: counts in words") {
  CHECK(summary_line(sample()) == "3 files scanned, 1 reference: 1 error, 0 warnings, 1 note (1 suppressed)\n");
}
