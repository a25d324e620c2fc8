#include "catalog/error.hpp"
#include "catalog/json_io.hpp"
#include "lib/core/entry_filter.hpp"
#include "tests/support/fixtures.hpp"
#include "tests/support/ids.hpp"

#include <doctest/doctest.h>

using catalog::parse_date;

using fixtures::ids;
using fixtures::legacy;

TEST_CASE("status_names: the fixed statuses, then each milestone once") {
  auto names = lib::status_names({&legacy(), &legacy()});
  CHECK(names == std::vector<std::string>{"unreleased", "supported", "expiring", "unknown", "submission_end", "deletion"});
}

TEST_CASE("parse_statuses splits commas and rejects unknown statuses") {
  CHECK(lib::parse_statuses({}, {&legacy()}).empty());
  CHECK(lib::parse_statuses({"supported,expiring", "deletion"}, {&legacy()}) ==
        std::vector<std::string>{"supported", "expiring", "deletion"});
  CHECK_THROWS_WITH_AS(lib::parse_statuses({"supported,retired"}, {&legacy()}),
                       "--status: unknown status 'retired' (valid: unreleased, supported, expiring, unknown, submission_end, "
                       "deletion)",
                       catalog::InvalidInput);
  CHECK_THROWS_AS(lib::parse_statuses({"supported,"}, {&legacy()}), catalog::InvalidInput);
}

TEST_CASE("filter_entries keeps the entries that match every field given") {
  const auto on = parse_date("2020-06-01");
  lib::EntryFilter all;
  CHECK(ids(lib::filter_entries({&legacy()}, on, 90, all)) ==
        std::vector<std::string>{"1.0", "1.13", "1.15", "2.1", "2.2", "9.9"});
  SUBCASE("by status on the date") {
    lib::EntryFilter f;
    f.statuses = {"supported"};
    CHECK(ids(lib::filter_entries({&legacy()}, on, 90, f)) == std::vector<std::string>{"1.15", "2.1"});
  }
  SUBCASE("by Python") {
    lib::EntryFilter f;
    f.python = catalog::Version::parse("3.5");
    CHECK(ids(lib::filter_entries({&legacy()}, on, 90, f)) == std::vector<std::string>{"1.13"});
  }
  SUBCASE("by framework") {
    lib::EntryFilter f;
    f.framework = "scikit-learn";
    CHECK(ids(lib::filter_entries({&legacy()}, on, 90, f)) == std::vector<std::string>{"2.1"});
  }
  SUBCASE("all at once") {
    lib::EntryFilter f;
    f.statuses = {"supported", "expiring"};
    f.python = catalog::Version::parse("2.7");
    f.framework = "tensorflow";
    CHECK(ids(lib::filter_entries({&legacy()}, on, 90, f)) == std::vector<std::string>{"1.15"});
  }
}
