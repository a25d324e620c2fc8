#include "catalog/error.hpp"
#include "lib/scan/baseline.hpp"

#include <doctest/doctest.h>

namespace {

lib::scan::ScanResult result_of(const std::vector<std::string>& fingerprints) {
  lib::scan::ScanResult r;
  int line = 1;
  for (const auto& fp : fingerprints) {
    lib::Finding f;
    f.rule = "deletion";
    f.line = line++;
    r.findings.push_back(f);
    lib::scan::Region reg;
    reg.fingerprint = fp;
    r.regions.push_back(reg);
  }
  return r;
}

} // namespace

TEST_CASE("baseline: each entry holds back one finding of its fingerprint") {
  auto b = lib::scan::parse_baseline(
      R"({"format":"rtcat-baseline/1","findings":[{"fingerprint":"a"},{"fingerprint":"a"},{"fingerprint":"b"},{"fingerprint":"gone"}]})",
      "b.json");
  CHECK(b.size() == 4);
  auto r = result_of({"a", "c", "a", "a", "b"});
  auto m = lib::scan::apply_baseline(r, b);
  REQUIRE(r.findings.size() == 2); // "c" and the third "a"
  CHECK(r.regions[0].fingerprint == "c");
  CHECK(r.findings[1].line == 4);
  CHECK(r.baselined == 3);
  CHECK(r.baseline_gone == 1);
  CHECK(m.findings.size() == 3);
  CHECK(m.regions.size() == 3);
}

TEST_CASE("baseline: files that are not one") {
  const char* bad[] = {"",
                       "[]",
                       R"({"format":"x","findings":[]})",
                       R"({"format":"rtcat-baseline/1"})",
                       R"({"format":"rtcat-baseline/1","findings":[{"fingerprint":""}]})",
                       R"({"format":"rtcat-baseline/1","findings":[7]})"};
  for (const char* text : bad) {
    std::string t = text;
    CAPTURE(t);
    CHECK_THROWS_AS(lib::scan::parse_baseline(t, "b.json"), catalog::InvalidInput);
  }
}
