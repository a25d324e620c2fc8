#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "render/sarif.hpp"

TEST_CASE("uri_path: percent-encodes what a URI reference cannot hold") {
  CHECK(render::uri_path("dir/a b.sh") == "dir/a%20b.sh");
  CHECK(render::uri_path("x/y_z-1.~") == "x/y_z-1.~");
  CHECK(render::uri_path("caf\xc3\xa9") == "caf%C3%A9");
  CHECK(render::uri_path("a#b?c") == "a%23b%3Fc");
}

TEST_CASE("sarif_log: rules, results, regions and fingerprints") {
  lib::scan::ScanResult r;
  lib::Finding f;
  f.rule = "submission-end";
  f.severity = catalog::Severity::error;
  f.message = "runtime 1.15 closed";
  f.path = "./ci/train.sh";
  f.line = 3;
  f.column = 21;
  f.suggestion = "2.11";
  r.findings.push_back(f);
  r.regions.push_back({25, "0123456789abcdef"});
  f.rule = "my-own-rule";
  f.path = "/abs/x.yaml";
  f.severity = catalog::Severity::note;
  r.findings.push_back(f);
  r.regions.push_back({0, "fedcba9876543210"});
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
