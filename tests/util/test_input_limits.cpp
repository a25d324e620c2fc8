#include "catalog/error.hpp"
#include "util/input_limits.hpp"

#include <doctest/doctest.h>
#include <yaml-cpp/yaml.h>

#include <string>

using util::limits::check_json;
using util::limits::load_yaml;

namespace {

// Nine anchors, each a list of nine aliases of the one before: 9^9 scalars once expanded.
std::string billion_laughs() {
  std::string text = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
  for (char c = 'b'; c <= 'i'; ++c) {
    std::string alias = std::string("*") + static_cast<char>(c - 1);
    text += std::string(1, c) + ": &" + c + " [" + alias;
    for (int k = 1; k < 9; ++k) {
      text += ", " + alias;
    }
    text += "]\n";
  }
  return text;
}

std::string repeat(const std::string& s, size_t n) {
  std::string out;
  for (size_t i = 0; i < n; ++i) {
    out += s;
  }
  return out;
}

// The message with which `check` (check_json or load_yaml) refuses `text` as an InvalidInput, or
// "(accepted)".
template <class Check> std::string refusal(Check check, const std::string& text, const char* name) {
  try {
    check(text, name);
  } catch (const catalog::InvalidInput& e) {
    return e.what();
  }
  return "(accepted)";
}

} // namespace

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

TEST_CASE("load_yaml: document size") {
  std::string at_limit = "a: " + std::string(1048576 - 3, 'x');
  CHECK(load_yaml(at_limit, "s.yaml")["a"].Scalar().size() == 1048573);
  CHECK(refusal(load_yaml, at_limit + "x", "s.yaml") == "s.yaml: more than 1048576 bytes; refusing");
}

TEST_CASE("load_yaml: the billion laughs are refused before anything expands them") {
  CHECK(refusal(load_yaml, billion_laughs(), "laughs.yaml") ==
        "laughs.yaml:6:8: more than 100000 nodes once aliases are expanded; refusing");
  // The same shape three levels deep is a normal document.
  std::string small = billion_laughs().substr(0, billion_laughs().find("d: "));
  CHECK(load_yaml(small, "small.yaml")["c"][8][8][8].Scalar() == "lol");
}

TEST_CASE("load_yaml: nodes in one document") {
  // A list of 99,999 scalars is 100,000 nodes; one more is refused where it starts.
  CHECK(load_yaml("[x" + repeat(",x", 99998) + "]", "n.yaml").size() == 99999);
  CHECK(refusal(load_yaml, "[x" + repeat(",x", 99999) + "]", "n.yaml") ==
        "n.yaml:1:200000: more than 100000 nodes once aliases are expanded; refusing");
}

TEST_CASE("load_yaml: nesting depth, aliases included") {
  CHECK_NOTHROW(load_yaml(std::string(64, '[') + std::string(64, ']'), "d.yaml"));
  CHECK(refusal(load_yaml, std::string(65, '[') + std::string(65, ']'), "d.yaml") ==
        "d.yaml:1:65: nesting deeper than 64 levels");
  // 40 levels anchored, used 24 and 25 levels down.
  std::string anchored = "- &d " + std::string(40, '[') + std::string(40, ']') + "\n";
  CHECK_NOTHROW(load_yaml(anchored + "- " + std::string(23, '[') + "*d" + std::string(23, ']'), "d.yaml"));
  CHECK(refusal(load_yaml, anchored + "- " + std::string(24, '[') + "*d" + std::string(24, ']'), "d.yaml") ==
        "d.yaml:2:27: nesting deeper than 64 levels once aliases are expanded");
}

TEST_CASE("load_yaml: alias uses") {
  CHECK_NOTHROW(load_yaml("- &s x\n" + repeat("- *s\n", 10000), "a.yaml"));
  CHECK(refusal(load_yaml, "- &s x\n" + repeat("- *s\n", 10001), "a.yaml") ==
        "a.yaml:10002:3: more than 10000 alias uses once aliases are expanded; refusing");
  // An alias inside an aliased node is used each time that node is: each *p is 3 uses, and
  // 2 + 3 * 3333 is one too many.
  CHECK(refusal(load_yaml, "- &s x\n- &p [*s, *s]\n" + repeat("- *p\n", 5000), "a.yaml") ==
        "a.yaml:3335:3: more than 10000 alias uses once aliases are expanded; refusing");
}

TEST_CASE("load_yaml: bytes of text once expanded") {
  std::string big = "- &s " + std::string(800000, 'x') + "\n";
  CHECK_NOTHROW(load_yaml(big + repeat("- *s\n", 9), "b.yaml"));
  CHECK(refusal(load_yaml, big + repeat("- *s\n", 10), "b.yaml") ==
        "b.yaml:11:3: more than 8388608 bytes of text once aliases are expanded; refusing");
}

TEST_CASE("load_yaml: keys in one mapping") {
  auto mapping = [](int keys) {
    std::string text;
    for (int i = 0; i < keys; ++i) {
      text += "k" + std::to_string(i) + ": [a, b]\n";
    }
    return text;
  };
  CHECK(load_yaml(mapping(1000), "k.yaml").size() == 1000);
  CHECK(refusal(load_yaml, mapping(1001), "k.yaml") == "k.yaml:1001:1: more than 1000 keys in one mapping; refusing");
}

TEST_CASE("load_yaml: an alias to a node that contains it") {
  CHECK(refusal(load_yaml, "args: &x [a, *x]\n", "c.yaml") ==
        "c.yaml:1:14: alias *x refers to a node that contains it (an endless expansion); refusing");
  CHECK(refusal(load_yaml, "&m {a: *m}\n", "c.yaml") ==
        "c.yaml:1:8: alias *m refers to a node that contains it (an endless expansion); refusing");
}

TEST_CASE("load_yaml: malformed YAML is still yaml-cpp's to report") {
  CHECK_THROWS_AS(load_yaml("a: [1, 2\n", "m.yaml"), YAML::ParserException);
  CHECK_THROWS_AS(load_yaml("a: *nowhere\n", "m.yaml"), YAML::ParserException);
}
