#include "util/glob.hpp"

#include <doctest/doctest.h>

using util::glob_match;
using util::IgnoreRules;

TEST_CASE("glob_match: wildcards stay within a path segment") {
  CHECK(glob_match("*.sh", "train.sh"));
  CHECK_FALSE(glob_match("*.sh", "dir/train.sh"));
  CHECK(glob_match("a?c", "abc"));
  CHECK_FALSE(glob_match("a?c", "a/c"));
  CHECK(glob_match("[a-c]x", "bx"));
  CHECK_FALSE(glob_match("[!a-c]x", "bx"));
  CHECK(glob_match("\\*x", "*x"));
  CHECK_FALSE(glob_match("\\*x", "ax"));
}

TEST_CASE("glob_match: ** spans segments") {
  SUBCASE("leading") {
    CHECK(glob_match("**/x.yaml", "x.yaml"));
    CHECK(glob_match("**/x.yaml", "a/b/x.yaml"));
  }
  SUBCASE("middle") {
    CHECK(glob_match("a/**/b", "a/b"));
    CHECK(glob_match("a/**/b", "a/x/y/b"));
    CHECK_FALSE(glob_match("a/**/b", "ab"));
  }
  SUBCASE("trailing") {
    CHECK(glob_match("vendor/**", "vendor/x/y.py"));
    CHECK_FALSE(glob_match("vendor/**", "other/x"));
  }
}

TEST_CASE("glob_match: many stars stay fast") {
  std::string name(200, 'a');
  CHECK_FALSE(glob_match("*a*a*a*a*a*a*a*a*a*a*a*a*b", name));
  CHECK(glob_match("*a*a*a*a*a*a*a*a*a*a*a*a*", name));
  CHECK_FALSE(glob_match("**/**/**/**/**/**/x", "a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/y"));
}

TEST_CASE("IgnoreRules: gitignore semantics") {
  IgnoreRules rules("", "# comment\n\nbuild/\n*.log\n!keep.log\n/top.txt\ndocs/*.md\n");
  SUBCASE("a name pattern matches at any depth") {
    CHECK(rules.match("x.log", false).value_or(false));
    CHECK(rules.match("a/b/x.log", false).value_or(false));
  }
  SUBCASE("the last matching pattern wins: negation re-includes") {
    CHECK(rules.match("a/keep.log", false) == false);
  }
  SUBCASE("a trailing slash matches folders only") {
    CHECK(rules.match("src/build", true).value_or(false));
    CHECK_FALSE(rules.match("src/build", false).has_value());
  }
  SUBCASE("a pattern with a slash is anchored") {
    CHECK(rules.match("top.txt", false).value_or(false));
    CHECK_FALSE(rules.match("sub/top.txt", false).has_value());
    CHECK(rules.match("docs/a.md", false).value_or(false));
    CHECK_FALSE(rules.match("x/docs/a.md", false).has_value());
  }
  SUBCASE("nothing matches") {
    CHECK_FALSE(rules.match("main.cpp", false).has_value());
  }
}

TEST_CASE("IgnoreRules: a nested file applies below its folder only") {
  IgnoreRules rules("sub", "*.txt\n/only.md\n");
  CHECK(rules.match("sub/a.txt", false).value_or(false));
  CHECK(rules.match("sub/deep/a.txt", false).value_or(false));
  CHECK(rules.match("sub/only.md", false).value_or(false));
  CHECK_FALSE(rules.match("sub/deep/only.md", false).has_value());
  CHECK_FALSE(rules.match("a.txt", false).has_value());
  CHECK_FALSE(rules.match("subway/a.txt", false).has_value());
}
