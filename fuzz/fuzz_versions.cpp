// Runtime and Python versions (catalog::Version): parse, print, compare.
#include "catalog/error.hpp"
#include "catalog/version.hpp"

#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto v = catalog::Version::try_parse(text);
  if (v) {
    auto again = catalog::Version::parse(v->str());
    if (!(again == *v)) {
      __builtin_trap(); // printing and parsing must round-trip
    }
    (void)(*v < again);
  } else {
    try {
      catalog::Version::parse(text);
      __builtin_trap(); // parse must fail where try_parse did
    } catch (const catalog::InvalidInput&) {
    }
  }
  return 0;
}
