#include "util/text.hpp"

#include <doctest/doctest.h>

#include <map>

TEST_CASE("join puts the separator between parts only") {
  CHECK(util::join({}) == "");
  CHECK(util::join({"a"}) == "a");
  CHECK(util::join({"a", "b", "c"}) == "a, b, c");
  CHECK(util::join({"a", "b"}, ",") == "a,b");
  SUBCASE("any range, through a conversion") {
    std::map<std::string, int> m{{"x", 1}, {"y", 2}};
    CHECK(util::join(m, "; ", [](const auto& kv) { return kv.first + "=" + std::to_string(kv.second); }) == "x=1; y=2");
  }
}

TEST_CASE("split keeps empty pieces") {
  CHECK(util::split("a,,b", ',') == std::vector<std::string_view>{"a", "", "b"});
  CHECK(util::split("", ',') == std::vector<std::string_view>{""});
  CHECK(util::split("a,", ',') == std::vector<std::string_view>{"a", ""});
}

TEST_CASE("trim drops blanks at both ends") {
  CHECK(util::trim("  a b \t\r\n") == "a b");
  CHECK(util::trim(" \t ") == "");
  CHECK(util::trim("") == "");
}

TEST_CASE("edit_distance counts insertions, deletions and substitutions") {
  CHECK(util::edit_distance("", "") == 0);
  CHECK(util::edit_distance("check", "check") == 0);
  CHECK(util::edit_distance("chek", "check") == 1);
  CHECK(util::edit_distance("pyhton", "python") == 2);
  CHECK(util::edit_distance("", "abc") == 3);
  CHECK(util::edit_distance("kitten", "sitting") == 3);
}

TEST_CASE("closest finds a near candidate, or none") {
  std::vector<std::string_view> commands = {"list", "show", "check", "combos"};
  CHECK(util::closest("chek", commands) == "check");
  CHECK(util::closest("lsit", commands) == "list");
  CHECK(util::closest("frobnicate", commands) == "");
  CHECK(util::closest("--pyhton", {"--python", "--platform"}) == "--python");
  CHECK(util::closest("x", {}) == "");
  SUBCASE("the first of equally close candidates") {
    CHECK(util::closest("ab", {"ax", "xb"}) == "ax");
  }
}

TEST_CASE("choices names the closest valid value, then every valid one") {
  CHECK(util::choices("supportd", {"supported", "expiring"}) == "(did you mean 'supported'? valid: supported, expiring)");
  CHECK(util::choices("frobnicate", {"supported", "expiring"}) == "(valid: supported, expiring)");
  CHECK(util::choices("svg", {"csv", "json"}) == "(valid: csv, json)");
}

TEST_CASE("lower and upper map ASCII letters only, whatever the locale") {
  CHECK(util::lower("TPU_V2 Basic-1") == "tpu_v2 basic-1");
  CHECK(util::upper("basic_gpu 2.x") == "BASIC_GPU 2.X");
  CHECK(util::lower("\xC3\x89t\xC3\xA9") == "\xC3\x89t\xC3\xA9"); // UTF-8 bytes untouched
  CHECK(util::lower("") == "");
}

TEST_CASE("is_ident and is_ident_start: ASCII letters, digits and underscore") {
  CHECK(util::is_ident_start('_'));
  CHECK(util::is_ident_start('Z'));
  CHECK_FALSE(util::is_ident_start('7'));
  CHECK(util::is_ident('7'));
  CHECK_FALSE(util::is_ident('-'));
  CHECK_FALSE(util::is_ident('.'));
  CHECK_FALSE(util::is_ident(static_cast<char>(0xC3))); // not a letter in any locale here
}
