// endoflife.date products: read into a catalog, which must then be a catalog like any other
// (written canonically, read again to the same bytes), and evaluate every entry.
#include "catalog/endoflife.hpp"
#include "catalog/error.hpp"
#include "catalog/json_io.hpp"
#include "lib/core/lifecycle.hpp"

#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    auto c = catalog::parse_endoflife(text, "fuzz.json");
    std::string once = catalog::write_catalog(c);
    if (catalog::write_catalog(catalog::parse_catalog(once, "again.json")) != once) {
      __builtin_trap(); // what the reader makes is a valid catalog
    }
    for (const auto& r : c.runtimes) {
      (void)lib::evaluate(c, r, catalog::parse_date("2026-08-22"), 90);
    }
  } catch (const catalog::InvalidInput&) {
  }
  return 0;
}
