// scan's repository config: .rtcat.toml (the first byte picks TOML or YAML) and globs.
#include "catalog/error.hpp"
#include "lib/scan/config.hpp"
#include "util/glob.hpp"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) {
    return 0;
  }
  std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  try {
    (void)lib::scan::parse_config(data[0] & 1 ? ".rtcat.yaml" : ".rtcat.toml", text);
  } catch (const catalog::Error&) {
  }
  size_t nl = text.find('\n');
  if (nl != std::string::npos) {
    (void)util::glob_match(std::string_view(text).substr(0, nl), std::string_view(text).substr(nl + 1));
  }
  return 0;
}
