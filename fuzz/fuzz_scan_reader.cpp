// scan's per-file reader: every extractor, suppressions and the line index over arbitrary bytes
// (not valid UTF-8, NULs, endless continuations).
#include "lib/scan/extract.hpp"
#include "util/position.hpp"

#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  util::LineIndex index(text);
  for (const auto& r : lib::scan::extract_all(text)) {
    if (r.runtime.offset + r.runtime.length > size) {
      __builtin_trap(); // a value must lie inside the file
    }
    (void)index.line(r.runtime.offset);
    (void)index.column(r.runtime.offset);
    (void)index.line_text(r.runtime.offset);
    if (r.python && r.python->offset + r.python->length > size) {
      __builtin_trap();
    }
  }
  (void)lib::scan::find_suppressions(text);
  return 0;
}
