#pragma once

// A short text held inside a table's row rather than pointed to. A table of these holds no
// pointer, so the executable's start-up relocates none of it: it stays in read-only data, which a
// run that never reads the table never touches, where a table of string_views is written by
// every start (docs/benchmarks.md, "Start-up: tables without pointers"). The capacity is checked
// when the table is compiled: a longer text does not compile.

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace util {

template <std::size_t N> class FixedText {
  static_assert(N > 1 && N <= UINT16_MAX, "FixedText: a capacity of 2 to 65535 bytes, the last for the NUL");

public:
  constexpr FixedText() = default;
  // NOLINTNEXTLINE(google-explicit-constructor): a table's rows are written as literals
  consteval FixedText(const char* text) {
    while (text[m_size] != '\0') {
      if (m_size + 1U >= N) {
        throw "FixedText: the text is longer than the capacity"; // a compile-time error
      }
      m_text[m_size] = text[m_size];
      ++m_size;
    }
  }

  constexpr std::string_view view() const { return {m_text, m_size}; }
  constexpr operator std::string_view() const { return view(); } // NOLINT(google-explicit-constructor)
  constexpr const char* c_str() const { return m_text; }
  constexpr bool empty() const { return m_size == 0; }
  constexpr std::size_t size() const { return m_size; }

  friend constexpr bool operator==(const FixedText& a, std::string_view b) { return a.view() == b; }

private:
  char m_text[N] = {};
  std::uint16_t m_size = 0;
};

} // namespace util
