#pragma once

#include <date/date.h>

#include <optional>
#include <string>
#include <string_view>

namespace catalog {

// A UTC calendar date. All lifecycle dates are whole days.
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

} // namespace catalog
