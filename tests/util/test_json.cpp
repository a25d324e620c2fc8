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

TEST_CASE("PrettyObjectWriter: pieces that read as dump_pretty of the whole object") {
  using ordered = nlohmann::ordered_json;
  auto written = [](const std::vector<ordered>& items) {
    util::json::PrettyObjectWriter w;
    std::string out = w.open();
    out += w.member("date", "2024-12-01");
    out += w.member("inputs", ordered::array({"a.jsonl", "b \"q\"\n.json"}));
    out += w.open_array("resources");
    for (const auto& i : items) {
      out += w.item(i);
    }
    out += w.close_array();
    out += w.member("summary", ordered{{"resources", items.size()}, {"empty", ordered::object()}, {"none", ordered::array()}});
    return out + w.close();
  };
  auto whole = [](const std::vector<ordered>& items) {
    ordered j;
    j["date"] = "2024-12-01";
    j["inputs"] = ordered::array({"a.jsonl", "b \"q\"\n.json"});
    j["resources"] = items.empty() ? ordered::array() : ordered(items);
    j["summary"] = ordered{{"resources", items.size()}, {"empty", ordered::object()}, {"none", ordered::array()}};
    return util::json::dump_pretty(j);
  };
  std::vector<ordered> items;
  CHECK(written(items) == whole(items));
  items.push_back(ordered{{"name", "x"}, {"days", -3}, {"findings", ordered::array({ordered{{"rule", "r"}}})}});
  CHECK(written(items) == whole(items));
  items.push_back(ordered{{"name", "line\nbreak \xff"}, {"days", nullptr}, {"findings", ordered::array()}});
  items.push_back(ordered(42));
  CHECK(written(items) == whole(items));
  util::json::PrettyObjectWriter empty;
  CHECK(empty.open() + empty.close() == util::json::dump_pretty(ordered::object()));
}
