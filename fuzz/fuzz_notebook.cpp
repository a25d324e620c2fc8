// scan's notebook reader (.ipynb JSON with raw positions) and Markdown code masking over arbitrary
// bytes: every byte of code must map inside the file, in order within a string.
#include "lib/scan/extract.hpp"
#include "lib/scan/notebook.hpp"

#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  lib::scan::NotebookCode nb = lib::scan::notebook_code(text);
  if (nb.code) {
    const auto& code = *nb.code;
    if (code.raw_offset(code.text.size()) != size) {
      __builtin_trap();
    }
    // Every byte maps inside the file, in the order of the cells.
    int cell = code.text.empty() ? -1 : 0;
    for (size_t off = 0; off < code.text.size(); ++off) {
      if (code.raw_offset(off) >= size || code.cell(off) < cell) {
        __builtin_trap();
      }
      cell = code.cell(off);
    }
    for (const auto& r : lib::scan::extract_all(code.text)) {
      if (code.raw_offset(r.runtime.offset) > size) {
        __builtin_trap();
      }
    }
  } else if (nb.error.offset > size) {
    __builtin_trap();
  }
  if (lib::scan::markdown_code(text).size() != size) {
    __builtin_trap();
  }
  return 0;
}
