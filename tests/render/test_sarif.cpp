#include "tests/support/scan_results.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "render/sarif.hpp"

TEST_CASE("uri_path: percent-encodes what a URI reference cannot hold") {
  const std::pair<const char*, const char*> cases[] = {
      {"dir/a b.sh", "dir/a%20b.sh"}, {"x/y_z-1.~", "x/y_z-1.~"}, {"caf\xc3\xa9", "caf%C3%A9"}, {"a#b?c", "a%23b%3Fc"}};
  for (const auto& c : cases) { // not a structured binding: clang 14 cannot capture one in CHECK
    CAPTURE(c.first);
    CHECK(render::uri_path(c.first) == c.second);
  }
}

TEST_CASE("sarif_log: rules, results, regions and fingerprints") {
  lib::scan::ScanResult r;
  fixtures::add_finding(r, "submission-end", catalog::Severity::error, "runtime 1.15 closed", "./ci/train.sh", 3, 21, "2.11",
                        {25, "0123456789abcdef"});
  fixtures::add_finding(r, "my-own-rule", catalog::Severity::note, "runtime 1.15 closed", "/abs/x.yaml", 3, 21, "2.11",
                        {0, "fedcba9876543210"});
  auto log = nlohmann::json::parse(render::sarif_log(r, "1.2.3"));
  CHECK(log["version"] == "2.1.0");
  const auto& run = log["runs"][0];
  const auto& rules = run["tool"]["driver"]["rules"];
  const auto& res = run["results"];
  REQUIRE(res.size() == 2);
  CHECK(rules[res[0]["ruleIndex"].get<size_t>()]["id"] == "submission-end");
  CHECK(rules[res[1]["ruleIndex"].get<size_t>()]["id"] == "my-own-rule");
  CHECK(res[0]["level"] == "error");
  CHECK(res[0]["message"]["text"] == "runtime 1.15 closed (use 2.11)");
  const auto& loc = res[0]["locations"][0]["physicalLocation"];
  CHECK(loc["artifactLocation"]["uri"] == "ci/train.sh");
  CHECK(loc["artifactLocation"]["uriBaseId"] == "%SRCROOT%");
  CHECK(loc["region"]["startLine"] == 3);
  CHECK(loc["region"]["startColumn"] == 21);
  CHECK(loc["region"]["endColumn"] == 25);
  CHECK(res[0]["partialFingerprints"]["rtcatFinding/v1"] == "0123456789abcdef");
  CHECK(res[1]["level"] == "note");
  CHECK(res[1]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "file:///abs/x.yaml");
  CHECK(res[1]["locations"][0]["physicalLocation"]["region"]["endColumn"] == 22);
}
