// ISO dates and month arithmetic.
#include "catalog/calendar.hpp"
#include "catalog/error.hpp"

#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto d = catalog::try_parse_date(text.substr(0, std::min<size_t>(size, 10)));
  if (d) {
    if (catalog::format_date(*d) != text.substr(0, 10)) {
      __builtin_trap(); // strict: only the canonical form parses
    }
    int months = size > 10 ? static_cast<signed char>(data[10]) : 12;
    auto later = catalog::add_months(*d, months);
    if (months >= 0 && later < *d) {
      __builtin_trap();
    }
    (void)catalog::days_between(*d, later);
  }
  return 0;
}
