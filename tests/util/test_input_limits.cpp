#include "tests/support/limits.hpp"
#include "util/input_limits.hpp"

#include <doctest/doctest.h>

#include <string>

using util::limits::check_json;

using fixtures::refusal;
using fixtures::repeat;

TEST_CASE("input limits: the numbers docs/robustness.md lists") {
  CHECK(util::limits::k_max_document_bytes == 1048576);
  CHECK(util::limits::k_max_depth == 64);
  CHECK(util::limits::k_max_nodes == 100000);
  CHECK(util::limits::k_max_keys == 1000);
  CHECK(util::limits::k_max_aliases == 10000);
  CHECK(util::limits::k_max_expanded_bytes == 8388608);
}

TEST_CASE("check_json: document size") {
  std::string at_limit = "\"" + std::string(1048576 - 2, 'x') + "\"";
  CHECK_NOTHROW(check_json(at_limit, "s.json"));
  CHECK(refusal(check_json, at_limit + " ", "s.json") == "s.json: more than 1048576 bytes; refusing");
}

TEST_CASE("check_json: nesting depth") {
  CHECK_NOTHROW(check_json(std::string(64, '[') + std::string(64, ']'), "d.json"));
  CHECK(refusal(check_json, std::string(65, '[') + std::string(65, ']'), "d.json") ==
        "d.json:1:65: nesting deeper than 64 levels");
  // Brackets inside strings are text, not nesting.
  CHECK_NOTHROW(check_json(R"({"a": ")" + std::string(100, '[') + R"(\"["})", "s"));
}

TEST_CASE("check_json: values in one document") {
  // A list of 99,999 numbers is 100,000 values; one more is refused where it starts.
  CHECK_NOTHROW(check_json("[1" + repeat(",1", 99998) + "]", "v.json"));
  CHECK(refusal(check_json, "[1" + repeat(",1", 99999) + "]", "v.json") == "v.json:1:200000: more than 100000 values; refusing");
  // Empty lists and objects are values; keys are not: 1 + 4 * 24,999 + 3 = 100,000 values.
  std::string mixed = "[" + repeat("[], {}, {\"k\": 1}, ", 24999) + "0, 0, 0";
  CHECK_NOTHROW(check_json(mixed + "]", "v.json"));
  CHECK(refusal(check_json, mixed + ", {}]", "v.json") == "v.json:1:449993: more than 100000 values; refusing");
}

TEST_CASE("check_json: keys in one object") {
  auto object = [](int keys) {
    std::string text = "{\n";
    for (int i = 0; i < keys; ++i) {
      text += std::string(i == 0 ? "" : ",\n") + "  \"k" + std::to_string(i) + "\": {\"a\": 1, \"b\": 2}";
    }
    return text + "\n}";
  };
  CHECK_NOTHROW(check_json(object(1000), "k.json"));
  CHECK(refusal(check_json, object(1001), "k.json") == "k.json:1002:3: more than 1000 keys in one object; refusing");
}
