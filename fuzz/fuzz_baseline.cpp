// scan's baseline file (lib/scan/baseline), read and applied to a small result.
#include "catalog/error.hpp"
#include "lib/scan/baseline.hpp"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    lib::scan::Baseline b = lib::scan::parse_baseline(text, "baseline.json");
    lib::scan::ScanResult r;
    r.findings.resize(2);
    r.regions.resize(2);
    r.regions[0].fingerprint = "0123456789abcdef";
    r.regions[1].fingerprint = "0123456789abcdef";
    (void)lib::scan::apply_baseline(r, b);
  } catch (const catalog::Error&) {
  }
  return 0;
}
