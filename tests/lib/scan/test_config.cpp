#include "catalog/error.hpp"
#include "lib/scan/config.hpp"

#include <doctest/doctest.h>

using lib::scan::parse_config;

TEST_CASE("parse_config: TOML") {
  SUBCASE("every key") {
    auto c = parse_config("repo/.rtcat.toml",
                          "# policy\nfail-on = \"warning\"\nwarn-days = 180 # days\n"
                          "exclude = [\"vendor/**\",\n  'third_party/']\nignore = []\ncatalog = \"cat/my.json\"\n");
    CHECK(c.fail_on == "warning");
    CHECK(c.warn_days == 180);
    CHECK(c.excludes == std::vector<std::string>{"vendor/**", "third_party/"});
    CHECK(c.ignore.empty());
    CHECK(c.catalog == "repo/cat/my.json");
  }
  SUBCASE("errors name the line and column") {
    CHECK_THROWS_WITH_AS(parse_config(".rtcat.toml", "fail-on = \"warning\"\nfail_on = 'x'\n"),
                         ".rtcat.toml:2:1: unknown key 'fail_on' (did you mean 'fail-on'? valid: fail-on, warn-days, exclude, "
                         "exclude-fences, exclude-after, "
                         "ignore, catalog, max-data-age)",
                         catalog::InvalidInput);
    CHECK_THROWS_WITH_AS(parse_config(".rtcat.toml", "fail-on = \"sometimes\"\n"),
                         ".rtcat.toml:1:11: fail-on 'sometimes' is not valid (valid: error, warning, note, never)",
                         catalog::InvalidInput);
    CHECK_THROWS_WITH_AS(parse_config(".rtcat.toml", "warn-days = \"90\"\n"),
                         ".rtcat.toml:1:13: warn-days must be a whole number of days from 0 to 36500", catalog::InvalidInput);
    CHECK_THROWS_WITH_AS(parse_config(".rtcat.toml", "[scan]\n"),
                         ".rtcat.toml:1:1: tables are not supported: put the keys at the top level (fail-on, warn-days, exclude, "
                         "exclude-fences, exclude-after, "
                         "ignore, catalog, max-data-age)",
                         catalog::InvalidInput);
    CHECK_THROWS_WITH_AS(parse_config(".rtcat.toml", "exclude = [\"a\"\n"), ".rtcat.toml:2:1: unterminated array",
                         catalog::InvalidInput);
    CHECK_THROWS_WITH_AS(parse_config(".rtcat.toml", "ignore = 'a' x\n"),
                         ".rtcat.toml:1:14: unexpected text after the value of ignore", catalog::InvalidInput);
  }
}

TEST_CASE("parse_config: YAML") {
  SUBCASE("every key") {
    auto c = parse_config(".rtcat.yaml", "fail-on: never\nwarn-days: 30\nexclude:\n  - vendor/**\nignore: [stale-data]\n");
    CHECK(c.fail_on == "never");
    CHECK(c.warn_days == 30);
    CHECK(c.excludes == std::vector<std::string>{"vendor/**"});
    CHECK(c.ignore == std::vector<std::string>{"stale-data"});
  }
  SUBCASE("errors name the line and column") {
    CHECK_THROWS_WITH_AS(parse_config(".rtcat.yaml", "fail-on: error\nexcludes: [a]\n"),
                         ".rtcat.yaml:2:1: unknown key 'excludes' (did you mean 'exclude'? valid: fail-on, warn-days, exclude, "
                         "exclude-fences, exclude-after, "
                         "ignore, catalog, max-data-age)",
                         catalog::InvalidInput);
    CHECK_THROWS_AS(parse_config(".rtcat.yaml", "fail-on: [\n"), catalog::InvalidInput);
    CHECK_THROWS_WITH_AS(parse_config(".rtcat.yaml", "- a\n"),
                         ".rtcat.yaml:1:1: expected a mapping of fail-on, warn-days, exclude, exclude-fences, exclude-after, "
                         "ignore, catalog, max-data-age",
                         catalog::InvalidInput);
  }
  SUBCASE("what aliases expand to is bounded, as in every YAML rtcat reads") {
    std::string text = "exclude: &a [x, x, x, x, x, x, x, x, x]\n";
    for (char c = 'b'; c <= 'i'; ++c) {
      std::string alias = std::string("*") + static_cast<char>(c - 1);
      text += std::string("x-") + c + ": &" + c + " [" + alias + ", " + alias + ", " + alias + ", " + alias + ", " + alias +
              ", " + alias + ", " + alias + ", " + alias + ", " + alias + "]\n";
    }
    CHECK_THROWS_WITH_AS(parse_config(".rtcat.yaml", text),
                         ".rtcat.yaml:6:10: more than 100000 nodes once aliases are expanded; refusing", catalog::InvalidInput);
  }
}

TEST_CASE("merge_config: the command line wins, lists add up") {
  lib::scan::Policy cli;
  cli.excludes = {"build/"};
  cli.ignore = {"expiring"};
  auto cfg = parse_config("repo/.rtcat.toml", "fail-on = \"warning\"\nwarn-days = 180\nexclude = [\"vendor/**\"]\n"
                                              "ignore = [\"support-end\"]\ncatalog = \"my.json\"\n");
  SUBCASE("the config fills what the command line left out") {
    auto p = lib::scan::merge_config(cli, cfg, {});
    CHECK(p.fail_on == "warning");
    CHECK(p.warn_days == 180);
    CHECK(p.catalogs == std::vector<std::string>{"repo/my.json"});
    CHECK(p.excludes == std::vector<std::string>{"build/", "vendor/**"});
    CHECK(p.ignore == std::vector<std::string>{"expiring", "support-end"});
  }
  SUBCASE("what the command line gave stays") {
    cli.fail_on = "note";
    cli.warn_days = 30;
    cli.catalogs = {"other.json"};
    auto p = lib::scan::merge_config(cli, cfg, {true, true, true});
    CHECK(p.fail_on == "note");
    CHECK(p.warn_days == 30);
    CHECK(p.catalogs == std::vector<std::string>{"other.json"});
  }
  SUBCASE("catalogs given by the environment stay") {
    auto p = lib::scan::merge_config(cli, cfg, {false, false, true});
    CHECK(p.catalogs.empty());
    CHECK(p.fail_on == "warning");
  }
  SUBCASE("an empty config changes nothing") {
    auto p = lib::scan::merge_config(cli, parse_config(".rtcat.toml", ""), {});
    CHECK(p.fail_on == "error");
    CHECK(p.warn_days == 90);
    CHECK(p.excludes == cli.excludes);
  }
}

TEST_CASE("parse_size: bytes with an optional K, M or G") {
  CHECK(lib::scan::parse_size("0") == 0);
  CHECK(lib::scan::parse_size("512") == 512);
  CHECK(lib::scan::parse_size("512K") == 512u << 10);
  CHECK(lib::scan::parse_size("10M") == 10u << 20);
  CHECK(lib::scan::parse_size("10m") == 10u << 20);
  CHECK(lib::scan::parse_size("1G") == size_t{1} << 30);
  for (const char* bad : {"", "M", "10MB", "1.5M", "-1", "1234567890123"}) {
    CAPTURE(bad);
    CHECK_THROWS_WITH_AS(lib::scan::parse_size(bad), doctest::Contains("--max-filesize: invalid size"), catalog::InvalidInput);
  }
}
