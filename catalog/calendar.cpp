#include "catalog/calendar.hpp"

#include "catalog/error.hpp"

namespace catalog {

namespace {
int digits(std::string_view s, size_t pos, size_t count) {
  int value = 0;
  for (size_t i = pos; i < pos + count; ++i) {
    if (s[i] < '0' || s[i] > '9') {
      return -1;
    }
    value = value * 10 + (s[i] - '0');
  }
  return value;
}
} // namespace

std::optional<Date> try_parse_date(std::string_view s) {
  if (s.size() != 10 || s[4] != '-' || s[7] != '-') {
    return std::nullopt;
  }
  int y = digits(s, 0, 4);
  int m = digits(s, 5, 2);
  int d = digits(s, 8, 2);
  if (y < 0 || m < 0 || d < 0) {
    return std::nullopt;
  }
  date::year_month_day ymd{date::year{y}, date::month{static_cast<unsigned>(m)}, date::day{static_cast<unsigned>(d)}};
  if (!ymd.ok()) {
    return std::nullopt;
  }
  return Date{ymd};
}

Date parse_date(std::string_view text) {
  if (auto d = try_parse_date(text)) {
    return *d;
  }
  throw InvalidInput("invalid date '" + std::string(text) + "': expected a calendar date YYYY-MM-DD, like 2025-01-31");
}

std::string format_date(Date d) {
  date::year_month_day ymd{d};
  int year = static_cast<int>(ymd.year());
  if (year >= 0 && year <= 9999 && ymd.ok()) { // YYYY-MM-DD without snprintf: audit writes one per resource
    auto month = static_cast<unsigned>(ymd.month());
    auto day = static_cast<unsigned>(ymd.day());
    std::string out(10, '-');
    out[0] = static_cast<char>('0' + year / 1000);
    out[1] = static_cast<char>('0' + year / 100 % 10);
    out[2] = static_cast<char>('0' + year / 10 % 10);
    out[3] = static_cast<char>('0' + year % 10);
    out[5] = static_cast<char>('0' + month / 10);
    out[6] = static_cast<char>('0' + month % 10);
    out[8] = static_cast<char>('0' + day / 10);
    out[9] = static_cast<char>('0' + day % 10);
    return out;
  }
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02u-%02u", static_cast<int>(ymd.year()), static_cast<unsigned>(ymd.month()),
                static_cast<unsigned>(ymd.day()));
  return buf;
}

Date add_months(Date d, int months) {
  date::year_month_day ymd{d};
  date::year_month ym = date::year_month{ymd.year(), ymd.month()} + date::months{months};
  date::year_month_day r{ym / ymd.day()};
  if (!r.ok()) {
    r = ym / date::last;
  }
  return Date{r};
}

long days_between(Date a, Date b) {
  return static_cast<long>((b - a).count());
}

int year_of(Date d) {
  return static_cast<int>(date::year_month_day{d}.year());
}

Date first_of_year(int year) {
  return Date{date::year{year} / 1 / 1};
}

int months_between(Date a, Date b) {
  date::year_month_day from{a};
  date::year_month_day to{b};
  int months = (static_cast<int>(to.year()) - static_cast<int>(from.year())) * 12 +
               (static_cast<int>(static_cast<unsigned>(to.month())) - static_cast<int>(static_cast<unsigned>(from.month())));
  if (to.day() < from.day()) {
    --months;
  }
  return months;
}

Date utc_date(std::chrono::system_clock::time_point t) {
  return date::floor<date::days>(t);
}

} // namespace catalog
