#include "catalog/calendar.hpp"
#include "catalog/error.hpp"

#include <doctest/doctest.h>

using catalog::add_months;
using catalog::format_date;
using catalog::parse_date;

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
