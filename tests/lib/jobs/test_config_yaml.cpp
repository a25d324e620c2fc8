#include "catalog/error.hpp"
#include "lib/jobs/parsers.hpp"

#include <doctest/doctest.h>

using lib::jobs::parse_config_yaml;

TEST_CASE("config_yaml reads trainingInput with positions") {
  const char* text = "# comment\n"
                     "trainingInput:\n"
                     "  scaleTier: CUSTOM\n"
                     "  masterType: n1-standard-8\n"
                     "  workerCount: 2\n"
                     "  useChiefInTfConfig: true\n"
                     "  runtimeVersion: '2.1'\n"
                     "  packageUris:\n"
                     "    - gs://b/t.tar.gz\n";
  auto spec = parse_config_yaml(text, "c.yaml");
  CHECK(spec.form == "config-yaml");
  CHECK(*spec.scale_tier == "CUSTOM");
  CHECK(spec.role("worker").count == 2);
  CHECK(spec.use_chief_in_tf_config);
  CHECK(*spec.runtime_version == "2.1");
  CHECK(spec.pos("workerCount").line == 5);
  CHECK(spec.pos("workerCount").column == 3);
  CHECK(spec.pos("packageUris[0]").line == 9);
  CHECK(spec.notes.empty());
}

TEST_CASE("config_yaml warns about versions that YAML reads as numbers") {
  SUBCASE("2.10 reads as 2.1") {
    auto spec = parse_config_yaml("trainingInput:\n  runtimeVersion: 2.10\n", "c.yaml");
    REQUIRE(spec.notes.size() == 1);
    CHECK(spec.notes[0].rule == "yaml-unquoted-version");
    CHECK(spec.notes[0].line == 2);
    CHECK(*spec.runtime_version == "2.1"); // what gcloud submits
  }
  SUBCASE("1.15 reads as itself") {
    auto spec = parse_config_yaml("trainingInput:\n  runtimeVersion: 1.15\n", "c.yaml");
    CHECK(spec.notes.empty());
    CHECK(*spec.runtime_version == "1.15");
  }
}

TEST_CASE("config_yaml reports malformed YAML with line and column") {
  CHECK_THROWS_WITH_AS(parse_config_yaml("trainingInput:\n  a: 1\n   b: 2\n", "bad.yaml"),
                       "bad.yaml:3:5: invalid YAML: illegal map value", catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(parse_config_yaml("trainingInput:\n  a: [1, 2\n", "bad.yaml"), doctest::Contains("invalid YAML"),
                       catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(parse_config_yaml("", "empty.yaml"), doctest::Contains("empty.yaml:1:1: the file is empty"),
                       catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(parse_config_yaml("trainingInput:\n  workerCount: many\n", "t.yaml"),
                       "t.yaml:2:3: trainingInput.workerCount must be a whole number, not the string \"many\"",
                       catalog::InvalidInput);
}

TEST_CASE("config_yaml needs trainingInput to be a mapping") {
  CHECK_THROWS_WITH_AS(parse_config_yaml("trainingInput:\n  - a\n", "l.yaml"),
                       "l.yaml:1:1: trainingInput must be an object, not a list", catalog::InvalidInput);
}

TEST_CASE("config_yaml refuses text that is not UTF-8") {
  CHECK_THROWS_WITH_AS(parse_config_yaml("trainingInput:\n  region: \"eu\xF9\"\n", "bin.yaml"),
                       "bin.yaml:2:14: invalid UTF-8 (save the file as UTF-8)", catalog::InvalidInput);
  CHECK_NOTHROW(parse_config_yaml("trainingInput:\n  region: \"m\xC3\xBCnchen\"\n", "ok.yaml"));
}

TEST_CASE("config_yaml refuses the billion laughs under trainingInput.args instead of expanding them") {
  std::string text = "trainingInput:\n  runtimeVersion: '2.11'\n  args:\n"
                     "  - &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
  for (char c = 'b'; c <= 'i'; ++c) {
    std::string alias = std::string("*") + static_cast<char>(c - 1);
    text += std::string("  - &") + c + " [" + alias;
    for (int k = 1; k < 9; ++k) {
      text += ", " + alias;
    }
    text += "]\n";
  }
  CHECK_THROWS_WITH_AS(parse_config_yaml(text, "laughs.yaml"),
                       "laughs.yaml:9:9: more than 100000 nodes once aliases are expanded; refusing", catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(parse_config_yaml("trainingInput:\n  args: &x [--flag, *x]\n", "cycle.yaml"),
                       "cycle.yaml:2:21: alias *x refers to a node that contains it (an endless expansion); refusing",
                       catalog::InvalidInput);
}

TEST_CASE("config_yaml types a plain scalar of a million digits without running out of stack") {
  std::string digits(1000000, '1');
  for (const std::string& number : {digits + ".5", digits}) {
    auto spec = parse_config_yaml("trainingInput:\n  runtimeVersion: '2.11'\n  args: [" + number + "]\n", "n.yaml");
    CHECK(*spec.runtime_version == "2.11");
  }
  // Too large for a double: a YAML reader takes it as infinity, and the warning says so.
  auto inf = parse_config_yaml("trainingInput:\n  runtimeVersion: 1.0e999\n", "inf.yaml");
  REQUIRE(!inf.notes.empty());
  CHECK(inf.notes[0].message ==
        "runtimeVersion: 1.0e999 is a YAML number, which a YAML reader takes as .inf; quote it ('1.0e999')");
}

TEST_CASE("config_yaml takes an unquoted version as the number gcloud submits, and warns") {
  auto spec = parse_config_yaml("trainingInput:\n  runtimeVersion: 2.10\n", "v.yaml");
  CHECK(*spec.runtime_version == "2.1");
  REQUIRE(spec.notes.size() == 1);
  CHECK(spec.notes[0].message == "runtimeVersion: 2.10 is a YAML number, which a YAML reader takes as 2.1 (gcloud submits 2.1, "
                                 "judged here); quote it ('2.10')");
  CHECK(*parse_config_yaml("trainingInput:\n  runtimeVersion: '2.10'\n", "v.yaml").runtime_version == "2.10");
}

TEST_CASE("config_yaml reads the job's labels beside trainingInput; a number is its text") {
  auto spec = parse_config_yaml("labels:\n  team: ml\n  version: 2\ntrainingInput:\n  scaleTier: BASIC\n", "c.yaml");
  REQUIRE(spec.labels.size() == 2);
  CHECK(spec.labels[0].first == "team");
  CHECK(spec.labels[1].second == "2");
  CHECK_THROWS_WITH_AS(parse_config_yaml("labels:\n  team: [a]\ntrainingInput:\n  scaleTier: BASIC\n", "c.yaml"),
                       "c.yaml:2:3: labels.team must be a string, not a list", catalog::InvalidInput);
}
