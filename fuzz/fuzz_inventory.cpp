// audit's inventory reader: one record, and a whole file (JSON array or JSON Lines) read in
// blocks through the streaming reader.
#include "catalog/error.hpp"
#include "lib/fleet/inventory.hpp"

#include <cstdint>
#include <cstdio>
#include <string>
#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::string error;
  size_t offset = 0;
  auto r = lib::parse_record(text, error, offset);
  if (!r && offset > size) {
    __builtin_trap(); // the problem lies inside the record
  }
  static const std::string path = "/tmp/rtcat-fuzz-inventory-" + std::to_string(getpid()) + ".json";
  if (FILE* f = std::fopen(path.c_str(), "wb")) {
    std::fwrite(data, 1, size, f);
    std::fclose(f);
    try {
      size_t seen = 0;
      auto counts = lib::read_inventory(
          path, [&](const lib::Resource&) { ++seen; },
          [&](const lib::Malformed& m) {
            if (m.line < 1 || m.column < 1) {
              __builtin_trap(); // every malformed record has a position
            }
          });
      if (counts.records != seen) {
        __builtin_trap();
      }
    } catch (const catalog::InvalidInput&) {
    }
  }
  return 0;
}
