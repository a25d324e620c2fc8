#pragma once

#include <date/date.h>

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace catalog {

// A UTC calendar date. All lifecycle dates are whole days. The date library stays behind this
// header: the rest of rtcat uses Date and the operations below, never the library's names.
using Date = date::sys_days;

// The longest span in days a user may ask about (--warn-days, --min-days, warn-days in
// .rtcat.toml): a hundred years.
inline constexpr int k_max_span_days = 36500;

// A day count (days since 1970-01-01) after any real date: where a date is unknown and "far
// away" is the answer, as for the end of an entry's life.
inline constexpr int k_far_future_day = 1 << 30;

// Parses strict ISO 8601 "YYYY-MM-DD" (exactly that shape, a real calendar day).
// Throws InvalidInput naming the text otherwise.
Date parse_date(std::string_view text);
std::optional<Date> try_parse_date(std::string_view text);

std::string format_date(Date d);

// d + n calendar months, clamped to the end of the month: 2020-02-29 + 12 = 2021-02-28.
// Always computed from the anchor date, never month by month.
Date add_months(Date d, int months);

// Whole days from a to b (negative when b is before a).
long days_between(Date a, Date b);

// d + n days (n may be negative).
inline Date add_days(Date d, long n) {
  return d + date::days{n};
}

// The day count of d: days since 1970-01-01 (negative before it).
inline long day_number(Date d) {
  return d.time_since_epoch().count();
}

// The date n days after 1970-01-01 (before it for a negative n); day_number's inverse.
inline Date date_of_day(long n) {
  return Date{date::days{n}};
}

// The calendar year of d (2024 for 2024-12-31).
int year_of(Date d);

// January 1 of a calendar year.
Date first_of_year(int year);

// Whole calendar months from a to b: a month is complete on b's day-of-month reaching a's
// (2024-01-31 to 2024-02-29 is 0, to 2024-03-31 is 2); negative when b is before a.
int months_between(Date a, Date b);

// The UTC date of an instant (days are floored: one second before the epoch is 1969-12-31).
// The clock itself is read by the command line, the one place that knows "today".
Date utc_date(std::chrono::system_clock::time_point t);

} // namespace catalog
