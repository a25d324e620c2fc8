#pragma once

// Byte comparison and hashing for short texts on hot paths (an audit's keys and fields, a few to
// a few dozen bytes): words read in place, the last ones overlapping, so that no call and no loop
// over single bytes is made. Header-only: the JSON module uses it too.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace util {

namespace bytes_detail {
template <typename T> T load(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// Whether no byte of the word is below 0x20 or above 0x7f, a '"' or a '\\'.
template <typename T> bool word_json_plain(T x) {
  constexpr T ones = static_cast<T>(0x0101010101010101u), highs = static_cast<T>(0x8080808080808080u);
  auto has_zero = [](T v) { return ((v - ones) & ~v & highs) != 0; };
  return (x & highs) == 0 && ((x - ones * 0x20) & ~x & highs) == 0 && !has_zero(x ^ (ones * '"')) && !has_zero(x ^ (ones * '\\'));
}

#if defined(__SSE2__)
// A bit for each of the 16 bytes at p that is below 0x20 or above 0x7f, a '"' or a '\\' (bytes
// from 0x80 up are negative as signed bytes: below the space, as control bytes are). It may read
// past the end of the text it is given, within the page (json_plain): left out of the address
// sanitizer's checks, which would see a read past the object.
__attribute__((no_sanitize_address)) inline unsigned json_flagged16(const char* p) {
  const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  return static_cast<unsigned>(
      _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('"')), _mm_cmpeq_epi8(x, _mm_set1_epi8('\\'))),
                                     _mm_cmplt_epi8(x, _mm_set1_epi8(0x20)))));
}
#endif
} // namespace bytes_detail

// Whether the n bytes at a and b are the same.
inline bool same_bytes(const char* a, const char* b, size_t n) {
  using bytes_detail::load;
  if (n >= 8) {
    for (size_t i = 0; i + 8 < n; i += 8) {
      if (load<uint64_t>(a + i) != load<uint64_t>(b + i)) {
        return false;
      }
    }
    return load<uint64_t>(a + n - 8) == load<uint64_t>(b + n - 8);
  }
  if (n >= 4) {
    return load<uint32_t>(a) == load<uint32_t>(b) && load<uint32_t>(a + n - 4) == load<uint32_t>(b + n - 4);
  }
  for (size_t i = 0; i < n; ++i) {
    if (a[i] != b[i]) {
      return false;
    }
  }
  return true;
}

inline bool same_text(std::string_view a, std::string_view b) {
  return a.size() == b.size() && same_bytes(a.data(), b.data(), a.size());
}

// `h` with the text mixed in (its length, then its bytes): for hash tables, not cryptography.
inline uint64_t hash_mix(uint64_t h, std::string_view text) {
  using bytes_detail::load;
  auto mix = [](uint64_t x, uint64_t v) {
    x = (x ^ v) * 0x9e3779b97f4a7c15u;
    return x ^ (x >> 29);
  };
  h = mix(h, text.size());
  size_t n = text.size();
  const char* d = text.data();
  for (; n > 8; n -= 8, d += 8) {
    h = mix(h, load<uint64_t>(d));
  }
  if (n >= 4) {
    h = mix(h, load<uint32_t>(d) | uint64_t{load<uint32_t>(d + n - 4)} << 32);
  } else if (n > 0) {
    h = mix(h, uint64_t{static_cast<unsigned char>(d[0])} | uint64_t{static_cast<unsigned char>(d[n / 2])} << 8 |
                   uint64_t{static_cast<unsigned char>(d[n - 1])} << 16);
  }
  return h;
}

// Whether every byte is printable ASCII (0x20 to 0x7f) other than '"' and '\\': text a JSON
// string holds as it is. Sixteen bytes at a time where SSE2 is (every x86-64): the last ones
// overlapping, and a shorter text read as the sixteen bytes it starts, the bytes after it not
// counted, when they lie in the same page (a page is mapped whole: the read cannot fault);
// eight or four at a time otherwise.
inline bool json_plain(std::string_view text) {
  using bytes_detail::load;
  using bytes_detail::word_json_plain;
  const char* d = text.data();
  const size_t n = text.size();
#if defined(__SSE2__)
  using bytes_detail::json_flagged16;
  constexpr uintptr_t k_page = 4096, k_width = 16;
  if (n >= k_width) {
    for (size_t i = 0; i + k_width < n; i += k_width) {
      if (json_flagged16(d + i) != 0) {
        return false;
      }
    }
    return json_flagged16(d + n - k_width) == 0;
  }
  if (n > 0 && (reinterpret_cast<uintptr_t>(d) & (k_page - 1)) <= k_page - k_width) {
    const char* page_read = d;
    __asm__("" : "+r"(page_read)); // read as an address, not as the object it points into
    return (json_flagged16(page_read) & ((1u << n) - 1)) == 0;
  }
#endif
  if (n >= 8) {
    for (size_t i = 0; i + 8 < n; i += 8) {
      if (!word_json_plain(load<uint64_t>(d + i))) {
        return false;
      }
    }
    return word_json_plain(load<uint64_t>(d + n - 8));
  }
  if (n >= 4) {
    return word_json_plain(load<uint32_t>(d)) && word_json_plain(load<uint32_t>(d + n - 4));
  }
  for (size_t i = 0; i < n; ++i) {
    const auto u = static_cast<unsigned char>(d[i]);
    if (u < 0x20 || u >= 0x80 || u == '"' || u == '\\') {
      return false;
    }
  }
  return true;
}

} // namespace util
