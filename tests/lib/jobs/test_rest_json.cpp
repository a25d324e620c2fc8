#include "catalog/error.hpp"
#include "lib/jobs/parsers.hpp"

#include <doctest/doctest.h>

using lib::jobs::parse_rest_json;

TEST_CASE("rest_json reads a Job with trainingInput and keeps positions") {
  const char* text = R"({
  "jobId": "j1",
  "trainingInput": {
    "runtimeVersion": "2.1",
    "workerCount": "3",
    "packageUris": ["gs://b/a.tar.gz", "gs://b/b.whl"],
    "masterConfig": {"imageUri": "gcr.io/p/i:1"}
  }
})";
  auto spec = parse_rest_json(text, "job.json");
  CHECK(spec.job_id == "j1");
  CHECK(spec.form == "rest-json");
  REQUIRE(spec.runtime_version);
  CHECK(*spec.runtime_version == "2.1");
  CHECK(spec.role("worker").count == 3);
  CHECK(spec.role("worker").count_set);
  CHECK(spec.package_uris.size() == 2);
  CHECK(spec.custom_container());
  SUBCASE("positions point at keys and list elements") {
    CHECK(spec.pos("runtimeVersion").line == 4);
    CHECK(spec.pos("runtimeVersion").column == 5);
    CHECK(spec.pos("packageUris[1]").line == 6);
    CHECK(spec.pos("packageUris[1]").column == 40);
    CHECK(spec.pos("masterConfig.imageUri").line == 7);
  }
  SUBCASE("an unknown field falls back to trainingInput") {
    CHECK(spec.pos("nothing").line == 3);
  }
  SUBCASE("images default to the master's") {
    REQUIRE(spec.image_for("worker"));
    CHECK(*spec.image_for("worker") == "gcr.io/p/i:1");
  }
}

TEST_CASE("rest_json reads a bare trainingInput") {
  auto spec = parse_rest_json(R"({"runtimeVersion": "1.15", "pythonVersion": "3.7"})", "t.json");
  CHECK(spec.job_id.empty());
  CHECK(*spec.python_version == "3.7");
  CHECK(spec.pos("runtimeVersion").line == 1);
}

TEST_CASE("rest_json reports malformed JSON with line and column") {
  CHECK_THROWS_WITH_AS(parse_rest_json("{\n  \"a\": 1\n  \"b\": 2\n}", "bad.json"),
                       doctest::Contains("bad.json:3:3: invalid JSON"), catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(parse_rest_json("", "empty.json"), doctest::Contains("the file is empty"), catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(parse_rest_json("[1]", "list.json"), doctest::Contains("list.json:1:1: expected a job"),
                       catalog::InvalidInput);
}

TEST_CASE("rest_json reports a field of the wrong type at its key") {
  CHECK_THROWS_WITH_AS(parse_rest_json("{\"trainingInput\": {\n \"workerCount\": \"four\"}}", "t.json"),
                       "t.json:2:2: trainingInput.workerCount must be a whole number, not the string \"four\"",
                       catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(parse_rest_json(R"({"packageUris": "gs://b/a.tar.gz"})", "t.json"),
                       doctest::Contains("packageUris must be a list"), catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(parse_rest_json(R"({"useChiefInTfConfig": "yes"})", "t.json"), doctest::Contains("true or false"),
                       catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(parse_rest_json(R"({"predictionInput": {}})", "t.json"), doctest::Contains("prediction job"),
                       catalog::InvalidInput);
}

TEST_CASE("rest_json notes unknown fields, with the camelCase spelling") {
  auto spec = parse_rest_json(R"({"runtime_version": "2.1", "foo": 1})", "t.json");
  REQUIRE(spec.notes.size() == 2);
  CHECK(spec.notes[0].rule == "unknown-field");
  CHECK(spec.notes[0].message.find("did you mean runtimeVersion?") != std::string::npos);
  CHECK(spec.notes[1].message.find("ignored") != std::string::npos);
}

TEST_CASE("rest_json refuses absurd nesting before anything recurses over it") {
  std::string deep = "{\"args\": " + std::string(100000, '[') + std::string(100000, ']') + "}";
  CHECK_THROWS_WITH_AS(parse_rest_json(deep, "deep.json"), "deep.json:1:73: nesting deeper than 64 levels",
                       catalog::InvalidInput);
  std::string fine = "{\"args\": " + std::string(60, '[') + std::string(60, ']') + "}";
  CHECK_NOTHROW(parse_rest_json(fine, "ok.json"));
}

TEST_CASE("rest_json refuses an object with more keys than a job has, before the parser builds it") {
  // An ordered object's insert is linear in its keys: 1M labels would take hours to parse.
  std::string labels;
  for (int i = 0; i < 1001; ++i) {
    labels += std::string(i == 0 ? "" : ", ") + "\"k" + std::to_string(i) + "\": \"v\"";
  }
  CHECK_THROWS_WITH_AS(parse_rest_json("{\"labels\": {" + labels + "}}", "wide.json"),
                       "wide.json:1:12903: more than 1000 keys in one object; refusing", catalog::InvalidInput);
  CHECK_THROWS_WITH_AS(parse_rest_json(std::string(1048577, ' '), "big.json"), "big.json: more than 1048576 bytes; refusing",
                       catalog::InvalidInput);
}

TEST_CASE("rest_json reads the job's labels, in the order written, and rejects labels that are not strings") {
  auto spec = lib::jobs::parse_rest_json(
      R"({"jobId": "j", "labels": {"team": "ml", "cost-center": "42"}, "trainingInput": {"scaleTier": "BASIC"}})", "j.json");
  REQUIRE(spec.labels.size() == 2);
  CHECK(spec.labels[0] == std::make_pair(std::string("team"), std::string("ml")));
  CHECK(spec.labels[1] == std::make_pair(std::string("cost-center"), std::string("42")));
  CHECK(spec.notes.empty());
  CHECK(lib::jobs::parse_rest_json(R"({"trainingInput": {"scaleTier": "BASIC"}})", "j.json").labels.empty());
  try {
    lib::jobs::parse_rest_json("{\"jobId\": \"j\",\n \"labels\": {\"a\": [1]}, \"trainingInput\": {}}", "j.json");
    FAIL("expected InvalidInput");
  } catch (const catalog::InvalidInput& e) {
    CHECK(std::string(e.what()) == "j.json:2:13: labels.a must be a string, not a list");
  }
  CHECK_THROWS_WITH_AS(lib::jobs::parse_rest_json(R"({"jobId": "j", "labels": "x", "trainingInput": {}})", "j.json"),
                       "j.json:1:16: labels must be an object of KEY: VALUE strings, not the string \"x\"",
                       catalog::InvalidInput);
}
