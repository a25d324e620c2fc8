#include "catalog/error.hpp"
#include "catalog/json_io.hpp"
#include "tests/support/fixtures.hpp"

#include <doctest/doctest.h>

#include <regex>

using catalog::parse_catalog;

namespace {
// The message of the InvalidInput that parsing `text` throws.
std::string error_of(const std::string& text) {
  try {
    parse_catalog(text, "cat.json");
  } catch (const catalog::InvalidInput& e) {
    return e.what();
  }
  return "(no error)";
}
std::string with(std::string text, const std::string& from, const std::string& to) {
  auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}
} // namespace

TEST_CASE("a catalog parses into the model") {
  auto c = parse_catalog(fixtures::legacy_json(), "legacy.json");
  CHECK(c.name == "legacy");
  CHECK(c.policy.milestones.size() == 2);
  CHECK(*c.policy.milestones[0].after_months == 12);
  CHECK(c.policy.milestones[0].deployed_severity == catalog::Severity::warning);
  CHECK(c.rules[1].framework == "sklearn");
  REQUIRE(c.find("2.1"));
  CHECK(c.find("2.1")->packages.size() == 2);
  CHECK_FALSE(c.find("9.9")->python);
  CHECK(c.find("2.2")->released_by);
  CHECK(c.successor_for("training") == "images");
}

TEST_CASE("writing is canonical and round-trips") {
  auto c = parse_catalog(fixtures::legacy_json(), "legacy.json");
  std::string once = catalog::write_catalog(c);
  std::string twice = catalog::write_catalog(parse_catalog(once, "again.json"));
  CHECK(once == twice);
}

TEST_CASE("package names are ordered by their normal form, so a canonical write round-trips") {
  // Found by fuzzing: "Tensorflow" sorts before "scikit-learn" as spelled, after it once normalised.
  const std::string spelled = with(fixtures::legacy_json(), R"("tensorflow": "2.1.0", "scikit-learn": "0.22.1")",
                                   R"("Tensorflow": "2.1.0", "scik.t-learn": "0.22.1")");
  REQUIRE(spelled != fixtures::legacy_json());
  auto c = parse_catalog(spelled, "spelled.json");
  const auto& pkgs = c.find("2.1")->packages;
  REQUIRE(pkgs.size() == 2);
  CHECK(pkgs[0].name == "scik-t-learn");
  CHECK(pkgs[1].name == "tensorflow");
  std::string once = catalog::write_catalog(c);
  CHECK(once == catalog::write_catalog(parse_catalog(once, "again.json")));
}

TEST_CASE("two spellings of one package name are an input error naming both") {
  const std::string twice = with(fixtures::legacy_json(), R"("tensorflow": "2.1.0", "scikit-learn": "0.22.1")",
                                 R"("tensorflow": "2.1.0", "scikit-learn": "0.22.1", "scikit_learn": "0.22.2")");
  REQUIRE(twice != fixtures::legacy_json());
  CHECK(error_of(twice) ==
        "cat.json: /runtimes/3/packages: package names \"scikit-learn\" and \"scikit_learn\" both normalise to \"scikit-learn\"");
}

TEST_CASE("malformed catalogs name the place and the problem") {
  const std::string good = fixtures::legacy_json();
  CHECK(error_of("{\n  \"format\": ,\n}").rfind("cat.json:2:13: invalid JSON", 0) == 0);
  CHECK(error_of("").find("cat.json:1:1: invalid JSON") == 0);
  CHECK(error_of("[]") == "cat.json: /: expected an object");
  // A change to the good catalog, and the error it gives.
  struct Case {
    const char* from;
    const char* to;
    const char* error;
  };
  const Case cases[] = {
      {"rtcat-catalog/1", "rtcat-catalog/9",
       "cat.json: /format: unsupported format \"rtcat-catalog/9\" (expected \"rtcat-catalog/1\")"},
      {"\"released\": \"2019-03-06\"", "\"released\": \"2019-02-30\"",
       "cat.json: /runtimes/1/released: invalid date \"2019-02-30\" (expected YYYY-MM-DD)"},
      {"\"python\": [\"3.7\"]}", "\"python\": [\"three\"]}",
       "cat.json: /runtimes/4/python/0: invalid version \"three\" (expected numbers separated by dots, like 2.11)"},
      {"\"1.13.1\"", "\"1.13.x\"",
       "cat.json: /runtimes/1/packages/tensorflow: invalid version \"1.13.x\" (not a PEP 440 version)"},
      {"\"id\": \"1.15\"", "\"id\": \"1.13\"", "cat.json: /runtimes/2/id: duplicate id \"1.13\""},
      {"{\"submission_end\": \"2020-01-13\"", "{\"submision_end\": \"2020-01-13\"",
       "cat.json: /runtimes/0/milestones/submision_end: unknown milestone \"submision_end\" (valid: submission_end, deletion)"},
      {"\"severity\": \"error\",\n       \"deployed", "\"severity\": \"fatal\",\n       \"deployed",
       "cat.json: /policy/milestones/0/severity: invalid severity \"fatal\" (valid: error, warning, note)"},
      {"\"after_months\": 12", "\"after_months\": -1",
       "cat.json: /policy/milestones/0/after_months: expected a whole number from 0 to 1200"},
      {"\"released\": null, \"released_by\"", "\"released\": \"2020-01-01\", \"released_by\"",
       "cat.json: /runtimes/4/released_by: released_by is only for an unknown release date, but released is set"},
      {"\"service\": \"prediction\"", "\"service\": \"serving\"",
       "cat.json: /rules/1/service: invalid service \"serving\" (valid: training, prediction)"},
      {"\"catalog\": \"legacy\"", "\"catalog\": 7", "cat.json: /catalog: expected a string"},
      {"{\"submission_end\": \"2020-01-13\"", "{\"submission_end\": {\"from\": \"2020-01-13\", \"to\": \"2020-01-13\"}",
       "cat.json: /runtimes/0/milestones/submission_end/from: a window's from (2020-01-13) must be before its to (2020-01-13); a "
       "single day is written as a date"},
      {"\"id\": \"1.15\"", "\"id\": \"1.15\", \"service\": \"serving\"",
       "cat.json: /runtimes/2/service: invalid service \"serving\" (valid: training, prediction)"},
      {"{\"submission_end\": \"2020-01-13\"", "{\"submission_end\": {\"from\": \"2020-01-01\"}",
       "cat.json: /runtimes/0/milestones/submission_end: missing key \"to\""},
      {"{\"submission_end\": \"2020-01-13\"",
       "{\"submission_end\": {\"from\": \"2020-01-01\", \"to\": \"2020-01-31\", \"source\": []}",
       "cat.json: /runtimes/0/milestones/submission_end: unknown key \"source\" (valid: from, to, sources)"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.to);
    CHECK(error_of(with(good, c.from, c.to)) == c.error);
  }
  CHECK(error_of(with(good, "\"python\": null", "\"pyhton\": null")).find("/runtimes/5: unknown key \"pyhton\"") !=
        std::string::npos);
}

TEST_CASE("a stated milestone window parses, writes canonically and round-trips") {
  const std::string windowed =
      with(fixtures::legacy_json(), R"({"submission_end": "2020-01-13")",
           R"({"submission_end": {"to": "2020-01-31", "sources": ["a.toml", "b.md"], "from": "2020-01-01"})");
  REQUIRE(windowed != fixtures::legacy_json());
  auto c = parse_catalog(windowed, "windowed.json");
  const auto* m = c.runtimes.at(0).stated("submission_end");
  REQUIRE(m);
  CHECK(m->is_window());
  CHECK(m->from == catalog::parse_date("2020-01-01"));
  CHECK(m->date == catalog::parse_date("2020-01-31"));
  CHECK(m->sources == std::vector<std::string>{"a.toml", "b.md"});
  CHECK_FALSE(c.runtimes.at(0).stated("deletion")->is_window());
  const std::string once = catalog::write_catalog(c);
  // Written in the order from, to, sources.
  const auto at = once.find(R"("submission_end": {)");
  REQUIRE(at != std::string::npos);
  CHECK(at < once.find(R"("from": "2020-01-01")", at));
  CHECK(once.find(R"("from": "2020-01-01")", at) < once.find(R"("to": "2020-01-31")", at));
  CHECK(once.find(R"("to": "2020-01-31")", at) < once.find(R"("sources": [)", at));
  CHECK(once == catalog::write_catalog(parse_catalog(once, "again.json")));
}

TEST_CASE("release windows and framework releases parse, write canonically and round-trip") {
  const std::string windowed =
      with(with(fixtures::legacy_json(), "\"released\": null, \"released_by\": \"2020-08-28\"",
                "\"released\": null, \"released_after\": \"2020-05-20\", \"released_by\": \"2020-08-28\""),
           "\"runtimes\": [",
           R"("framework_releases": {
    "torch": {"2.0": {"released": "2023-03-15", "sources": ["https://github.com/pytorch/pytorch/wiki/PyTorch-Versions"]}},
    "tensorflow": {
      "2.10": {"released_after": "2022-09-01", "released_by": "2022-09-07", "notes": "bounds only"},
      "2.9": {"released_by": "2022-05-21"}
    }
  },
  "runtimes": [)");
  REQUIRE(windowed != fixtures::legacy_json());
  auto c = parse_catalog(windowed, "windowed.json");
  CHECK(c.find("2.2")->released_after == catalog::parse_date("2020-05-20"));
  REQUIRE(c.framework_releases.size() == 3);
  // By name, then numerically: 2.9 before 2.10.
  CHECK(c.framework_releases[0].framework == "tensorflow");
  CHECK(c.framework_releases[0].version.str() == "2.9");
  CHECK(c.framework_releases[1].version.str() == "2.10");
  CHECK(c.framework_releases[1].released_after == catalog::parse_date("2022-09-01"));
  CHECK(c.framework_releases[2].framework == "torch");
  CHECK(c.framework_release("tensorflow", catalog::Version::parse("2.10")) == &c.framework_releases[1]);
  CHECK(c.framework_release("tensorflow", catalog::Version::parse("2.11")) == nullptr);
  std::string once = catalog::write_catalog(c);
  CHECK(once.find("\"released_after\": \"2020-05-20\",\n      \"released_by\": \"2020-08-28\"") != std::string::npos);
  CHECK(once == catalog::write_catalog(parse_catalog(once, "again.json")));
  // The header alone (what the store keeps) carries the table too.
  CHECK(catalog::parse_catalog_header(catalog::write_catalog_header(c), "h").framework_releases.size() == 3);
  // An entry without released_after writes none, so catalogs without windows are unchanged.
  CHECK(catalog::write_catalog(parse_catalog(fixtures::legacy_json(), "l")).find("released_after") == std::string::npos);
}

TEST_CASE("a release window must be a window") {
  const std::string good = fixtures::legacy_json();
  CHECK(error_of(with(good, "\"released\": null, \"released_by\"",
                      "\"released\": \"2020-01-01\", \"released_after\": \"2019-01-01\", \"released_by\"")) ==
        "cat.json: /runtimes/4/released_after: released_after is only for an unknown release date, but released is set");
  CHECK(error_of(with(good, "\"released\": null, \"released_by\": \"2020-08-28\"",
                      "\"released\": null, \"released_after\": \"2020-08-28\", \"released_by\": \"2020-08-28\"")) ==
        "cat.json: /runtimes/4/released_after: released_after (2020-08-28) must be before released_by (2020-08-28)");
  CHECK(error_of(with(good, "\"runtimes\": [", R"("framework_releases": {"TensorFlow": {"2.17": {}}}, "runtimes": [)")) ==
        "cat.json: /framework_releases/TensorFlow: a framework is named by its normalised package name (\"tensorflow\", not "
        "\"TensorFlow\")");
  CHECK(error_of(with(good, "\"runtimes\": [", R"("framework_releases": {"ray": {"2.x": {}}}, "runtimes": [)")) ==
        "cat.json: /framework_releases/ray/2.x: invalid version \"2.x\" (expected numbers separated by dots, like 2.17)");
  CHECK(error_of(with(good, "\"runtimes\": [", R"("framework_releases": {"ray": {"2.1": {}, "2.1.0": {}}}, "runtimes": [)")) ==
        "cat.json: /framework_releases/ray: versions 2.1 and 2.1.0 are the same");
  CHECK(
      error_of(with(
          good, "\"runtimes\": [",
          R"("framework_releases": {"ray": {"2.1": {"released": "2020-01-01", "released_by": "2020-02-01"}}}, "runtimes": [)")) ==
      "cat.json: /framework_releases/ray/2.1/released_by: released_by is only for an unknown release date, but released is set");
  CHECK(
      error_of(with(good, "\"runtimes\": [", R"("framework_releases": {"ray": {"2.1": {"date": "2020-01-01"}}}, "runtimes": [)"))
          .find("/framework_releases/ray/2.1: unknown key \"date\"") != std::string::npos);
}

TEST_CASE("a number too large for JSON's doubles is an input error, not a crash (found by fuzzing)") {
  CHECK(error_of("{\"format\": 1E400}") == "cat.json: invalid JSON: number overflow parsing '1E400'");
}

TEST_CASE("an image's family parses, writes after cuda and round-trips; a non-string family is refused") {
  const std::string image = R"({"format": "rtcat-catalog/1", "catalog": "fam", "policy": {"milestones": []}, "runtimes": [
    {"id": "a.2.6-gpu-ec2", "version": "2.6", "released": "2025-01-29", "python": ["3.12"], "packages": {},
     "milestones": {}, "framework": "PyTorch", "framework_version": "2.6", "accelerator": "gpu", "cuda": "12.6",
     "family": "a/ec2", "uris": ["x/a:2.6"], "notes": "", "sources": ["s"]}]})";
  auto c = parse_catalog(image, "fam.json");
  CHECK(c.find("a.2.6-gpu-ec2")->family == "a/ec2");
  std::string once = catalog::write_catalog(c);
  CHECK(once.find("\"cuda\": \"12.6\",\n      \"family\": \"a/ec2\",\n      \"uris\"") != std::string::npos);
  CHECK(catalog::write_catalog(parse_catalog(once, "again.json")) == once);
  CHECK(error_of(with(image, R"("family": "a/ec2")", R"("family": 3)")).find("/runtimes/0/family") != std::string::npos);
  // Without a family, none is written.
  auto plain = parse_catalog(with(image, R"("family": "a/ec2", )", ""), "plain.json");
  CHECK(catalog::write_catalog(plain).find("family") == std::string::npos);
}
