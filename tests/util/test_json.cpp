#include "util/error.hpp"
#include "util/json.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

namespace {

std::string error_of(std::string_view text) {
  try {
    util::json::parse(text, "in.json");
  } catch (const util::InvalidInput& e) {
    return e.what();
  }
  return "";
}

} // namespace

TEST_CASE("parse turns every nlohmann error into InvalidInput with file:line:col") {
  CHECK(util::json::parse("{\"a\": [1, 2]}", "x")["a"][1] == 2);
  CHECK(util::json::parse_ordered("{\"b\": 1, \"a\": 2}", "x").begin().key() == "b");
  CHECK(error_of("{\n  \"a\": ,\n}").rfind("in.json:2:8: invalid JSON: syntax error", 0) == 0);
  CHECK(error_of("").rfind("in.json:1:1: invalid JSON", 0) == 0);
  SUBCASE("a number too large has no place") {
    CHECK(error_of("[1E400]") == "in.json: invalid JSON: number overflow parsing '1E400'");
  }
  SUBCASE("a string token is reported where it opens, with a hint for a missing comma") {
    std::string e = error_of("{\n  \"a\": 1\n  \"b\": 2\n}");
    CHECK(e.rfind("in.json:3:3: invalid JSON: syntax error while parsing object - unexpected string literal", 0) == 0);
    CHECK(e.find("(is a ',' missing before it?)") != std::string::npos);
  }
  SUBCASE("columns count code points: é before the error is one column") {
    CHECK(error_of("{\"caf\xC3\xA9\": ,}").rfind("in.json:1:10: invalid JSON", 0) == 0);
  }
}

TEST_CASE("dump replaces bytes that are not UTF-8") {
  nlohmann::json j = {{"k", std::string("a\xFF")}};
  CHECK(util::json::dump(j) == "{\"k\":\"a\xEF\xBF\xBD\"}");
  nlohmann::ordered_json o = {{"z", 1}, {"a", 2}};
  CHECK(util::json::dump(o) == "{\"z\":1,\"a\":2}");
  CHECK(util::json::dump_pretty(o) == "{\n  \"z\": 1,\n  \"a\": 2\n}\n");
}
