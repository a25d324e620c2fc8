#include "catalog/error.hpp"
#include "catalog/json_io.hpp"
#include "lib/core/timeline.hpp"
#include "tests/support/fixtures.hpp"

#include <doctest/doctest.h>

#include <algorithm>

using catalog::parse_date;

using fixtures::legacy;

TEST_CASE("the timeline is in date order with unknown dates last") {
  auto events = lib::timeline({&legacy()});
  REQUIRE(events.size() > 5);
  for (size_t i = 0; i + 1 < events.size(); ++i) {
    if (events[i].date && events[i + 1].date) {
      CHECK(*events[i].date <= *events[i + 1].date);
    }
  }
  CHECK(events.front().kind == "released");
  CHECK(events.front().entry->id == "1.0");
}

TEST_CASE("within keeps the events from the date to the span, both included") {
  auto events = lib::within(lib::timeline({&legacy()}), parse_date("2020-12-19"), parse_date("2021-03-06"));
  std::vector<std::string> got;
  for (const auto& e : events) {
    got.push_back(e.entry->id + " " + e.kind);
  }
  CHECK(got == std::vector<std::string>{"1.15 submission_end", "1.13 deletion"});
}

TEST_CASE("combos list the runtime x Python pairs check finds valid, newest first, unknown ones marked") {
  auto rows = lib::combos({&legacy()}, parse_date("2020-06-01"), 90);
  std::vector<std::string> got;
  for (const auto& c : rows) {
    got.push_back(c.entry->id + "/" + c.python.str());
  }
  CHECK(got == std::vector<std::string>{"2.2/3.7", "2.1/3.7", "1.15/2.7", "1.15/3.7"});
  CHECK(rows.front().lifecycle.status.name == "unknown"); // 2.2: released by 2020-08-28, not known when
}

TEST_CASE("span_end counts days and weeks, and months and years on the calendar") {
  const auto from = parse_date("2024-01-31");
  CHECK(lib::span_end(from, "90") == parse_date("2024-04-30"));
  CHECK(lib::span_end(from, "90d") == parse_date("2024-04-30"));
  CHECK(lib::span_end(from, "2w") == parse_date("2024-02-14"));
  SUBCASE("6m is six calendar months, not 180 days") {
    CHECK(lib::span_end(parse_date("2024-06-01"), "6m") == parse_date("2024-12-01"));
    CHECK(lib::span_end(from, "1m") == parse_date("2024-02-29"));
  }
  CHECK(lib::span_end(parse_date("2024-02-29"), "1y") == parse_date("2025-02-28"));
  CHECK(lib::span_end(from, "0d") == from);
  for (const char* bad : {"", "d", "6x", "-1d", "1.5m", "12345678", "6 m"}) {
    CAPTURE(bad);
    CHECK_THROWS_WITH_AS(lib::span_end(from, bad), doctest::Contains("--within: invalid span"), catalog::InvalidInput);
  }
}

TEST_CASE("the catalog's sunset is an event of its own, after the entries' events of that day") {
  auto events = lib::timeline({&legacy(), &fixtures::images()});
  auto sunset = std::find_if(events.begin(), events.end(), [](const lib::Event& e) { return e.kind == "sunset"; });
  REQUIRE(sunset != events.end());
  CHECK(sunset->entry == nullptr);
  CHECK(sunset->catalog == &legacy());
  CHECK(sunset->date == parse_date("2025-02-01"));
  CHECK(sunset->severity == catalog::Severity::error);
  CHECK(sunset->meaning == "the platform shut down");
  CHECK(std::count_if(events.begin(), events.end(), [](const lib::Event& e) { return e.kind == "sunset"; }) == 1);
  for (auto it = std::next(sunset); it != events.end() && it->date == sunset->date; ++it) {
    CHECK(it->catalog != &legacy()); // the platform's own entries' milestones of that day come first
  }
  auto ahead = lib::within(events, parse_date("2024-12-01"), parse_date("2025-03-01"));
  CHECK(std::any_of(ahead.begin(), ahead.end(), [](const lib::Event& e) { return e.kind == "sunset"; }));
}

TEST_CASE("within keeps a window that overlaps the span") {
  auto c = legacy();
  c.runtimes[4].released_after = parse_date("2020-05-20"); // 2.2: released 2020-05-21..2020-08-28
  auto events = lib::timeline({&c});
  auto has = [](const std::vector<lib::Event>& es, const char* kind) {
    return std::any_of(es.begin(), es.end(),
                       [&](const lib::Event& e) { return e.entry && e.entry->id == "2.2" && e.kind == kind; });
  };
  // submission_end 2021-05-21..2021-08-28: a span ending on its first day holds it, one ending before does not.
  CHECK(has(lib::within(events, parse_date("2021-04-01"), parse_date("2021-05-21")), "submission_end"));
  CHECK_FALSE(has(lib::within(events, parse_date("2021-04-01"), parse_date("2021-05-20")), "submission_end"));
  CHECK(has(lib::within(events, parse_date("2021-08-28"), parse_date("2021-09-30")), "submission_end"));
  CHECK_FALSE(has(lib::within(events, parse_date("2021-08-29"), parse_date("2021-09-30")), "submission_end"));
}
