#include "catalog/calendar.hpp"
#include "catalog/error.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <cstdio>
#include <string>

using catalog::add_months;
using catalog::Date;
using catalog::format_date;
using catalog::parse_date;

TEST_CASE("format_date writes YYYY-MM-DD, every day of the years a catalog or an inventory holds") {
  // A sweep against the strftime-like reference: the formatter writes digits by hand.
  for (Date d = parse_date("1969-12-01"); d <= parse_date("2101-01-31"); d += date::days{1}) {
    date::year_month_day ymd{d};
    char want[16];
    std::snprintf(want, sizeof want, "%04d-%02u-%02u", static_cast<int>(ymd.year()), static_cast<unsigned>(ymd.month()),
                  static_cast<unsigned>(ymd.day()));
    std::string got = format_date(d);
    REQUIRE(got == std::string(want));
  }
  CHECK(format_date(parse_date("0001-01-01")) == "0001-01-01");
  CHECK(format_date(parse_date("9999-12-31")) == "9999-12-31");
}

TEST_CASE("dates parse only as strict ISO calendar days") {
  CHECK(format_date(parse_date("2024-02-29")) == "2024-02-29");
  for (const char* bad : {"2023-02-29", "2024-13-01", "2024-2-3", "24-02-03", "2024-02-03 ", "2024/02/03", "", "2024-00-10",
                          "2024-01-32", "abcd-ef-gh"}) {
    CAPTURE(bad);
    CHECK_FALSE(catalog::try_parse_date(bad));
    CHECK_THROWS_AS(parse_date(bad), catalog::InvalidInput);
  }
}

TEST_CASE("month arithmetic clamps to the end of the month") {
  CHECK(format_date(add_months(parse_date("2020-02-29"), 12)) == "2021-02-28");
  CHECK(format_date(add_months(parse_date("2019-08-31"), 6)) == "2020-02-29");
  CHECK(format_date(add_months(parse_date("2024-01-31"), 1)) == "2024-02-29");
  CHECK(format_date(add_months(parse_date("2023-01-31"), 1)) == "2023-02-28");
  CHECK(format_date(add_months(parse_date("2019-07-19"), 12)) == "2020-07-19");
  CHECK(format_date(add_months(parse_date("2018-12-31"), 24)) == "2020-12-31");
  SUBCASE("computed from the anchor, not month by month") {
    CHECK(format_date(add_months(parse_date("2024-01-31"), 2)) == "2024-03-31");
    CHECK(format_date(add_months(add_months(parse_date("2024-01-31"), 1), 1)) == "2024-03-29");
  }
}

TEST_CASE("days between dates") {
  CHECK(catalog::days_between(parse_date("2024-02-28"), parse_date("2024-03-01")) == 2);
  CHECK(catalog::days_between(parse_date("2023-02-28"), parse_date("2023-03-01")) == 1);
  CHECK(catalog::days_between(parse_date("2025-02-01"), parse_date("2025-01-31")) == -1);
}

TEST_CASE("days added, and dates as day counts") {
  CHECK(format_date(catalog::add_days(parse_date("2024-02-28"), 1)) == "2024-02-29");
  CHECK(format_date(catalog::add_days(parse_date("2024-03-01"), -1)) == "2024-02-29");
  CHECK(format_date(catalog::add_days(parse_date("2024-12-31"), 7)) == "2025-01-07");
  CHECK(catalog::day_number(parse_date("1970-01-01")) == 0);
  CHECK(catalog::day_number(parse_date("1969-12-31")) == -1);
  CHECK(catalog::day_number(parse_date("2000-03-01")) == 11017);
  CHECK(format_date(catalog::date_of_day(11017)) == "2000-03-01");
  CHECK(format_date(catalog::date_of_day(-1)) == "1969-12-31");
  for (long n : {-(1L << 24), -1L, 0L, 19000L, 1L << 24}) {
    CAPTURE(n);
    CHECK(catalog::day_number(catalog::date_of_day(n)) == n);
  }
}

TEST_CASE("years and whole months") {
  CHECK(catalog::year_of(parse_date("2024-12-31")) == 2024);
  CHECK(catalog::year_of(parse_date("2025-01-01")) == 2025);
  CHECK(format_date(catalog::first_of_year(2026)) == "2026-01-01");
  // A month is complete when the day of the month comes round again.
  CHECK(catalog::months_between(parse_date("2024-01-31"), parse_date("2024-02-29")) == 0);
  CHECK(catalog::months_between(parse_date("2024-01-31"), parse_date("2024-03-31")) == 2);
  CHECK(catalog::months_between(parse_date("2021-03-09"), parse_date("2024-12-01")) == 44);
  CHECK(catalog::months_between(parse_date("2021-03-09"), parse_date("2021-04-09")) == 1);
  CHECK(catalog::months_between(parse_date("2021-03-09"), parse_date("2021-04-08")) == 0);
  CHECK(catalog::months_between(parse_date("2024-03-15"), parse_date("2024-01-20")) == -2);
}

TEST_CASE("an instant's UTC date: days are floored, before the epoch too") {
  using std::chrono::seconds;
  const std::chrono::system_clock::time_point epoch{};
  CHECK(catalog::format_date(catalog::utc_date(epoch)) == "1970-01-01");
  CHECK(catalog::format_date(catalog::utc_date(epoch + seconds(86399))) == "1970-01-01");
  CHECK(catalog::format_date(catalog::utc_date(epoch + seconds(86400))) == "1970-01-02");
  CHECK(catalog::format_date(catalog::utc_date(epoch - seconds(1))) == "1969-12-31");
  // 2024-02-29 23:59:59 UTC: a leap day's last second.
  CHECK(catalog::format_date(catalog::utc_date(epoch + seconds(1709251199))) == "2024-02-29");
}
