#include "util/find.hpp"

#include "util/bytes.hpp"

#include <cstring>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace util {

namespace {

#if defined(__x86_64__)
// Thirty-two starting positions at a time, on processors with AVX2 (as good as all since 2015);
// returns the offset where the caller goes on with sixteen at a time, or the hit.
__attribute__((target("avx2"))) size_t find_avx2(const char* s, size_t n, size_t i, std::string_view needle, size_t rare1,
                                                 size_t rare2, bool& found) {
  const size_t k = needle.size();
  const __m256i r1 = _mm256_set1_epi8(needle[rare1]);
  const __m256i r2 = _mm256_set1_epi8(needle[rare2]);
  for (; i + 32 + k - 1 <= n; i += 32) {
    const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + i + rare1));
    const __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + i + rare2));
    auto mask = static_cast<unsigned>(_mm256_movemask_epi8(_mm256_and_si256(_mm256_cmpeq_epi8(a, r1), _mm256_cmpeq_epi8(b, r2))));
    while (mask != 0) {
      const size_t at = i + static_cast<size_t>(__builtin_ctz(mask));
      if (same_bytes(s + at, needle.data(), k)) {
        found = true;
        return at;
      }
      mask &= mask - 1;
    }
  }
  return i;
}

bool has_avx2() {
  static const bool yes = __builtin_cpu_supports("avx2");
  return yes;
}
#endif

} // namespace

size_t Finder::find(std::string_view text, size_t from) const {
  const size_t k = m_needle.size();
  const size_t n = text.size();
  if (from > n || n - from < k) {
    return std::string_view::npos;
  }
  if (k == 0) {
    return from;
  }
  const char* s = text.data();
  if (k == 1) {
    const void* hit = std::memchr(s + from, m_needle[0], n - from);
    return hit ? static_cast<size_t>(static_cast<const char*>(hit) - s) : std::string_view::npos;
  }
  size_t i = from;
#if defined(__x86_64__)
  if (n - i >= 64 && has_avx2()) {
    bool found = false;
    i = find_avx2(s, n, i, m_needle, m_rare1, m_rare2, found);
    if (found) {
      return i;
    }
  }
#endif
#if defined(__SSE2__)
  // Sixteen starting positions at a time: those where both rare bytes match are checked whole.
  const __m128i rare1 = _mm_set1_epi8(m_needle[m_rare1]);
  const __m128i rare2 = _mm_set1_epi8(m_needle[m_rare2]);
  for (; i + 16 + k - 1 <= n; i += 16) {
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i + m_rare1));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i + m_rare2));
    auto mask = static_cast<unsigned>(_mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(a, rare1), _mm_cmpeq_epi8(b, rare2))));
    while (mask != 0) {
      const size_t at = i + static_cast<size_t>(__builtin_ctz(mask));
      if (same_bytes(s + at, m_needle.data(), k)) {
        return at;
      }
      mask &= mask - 1;
    }
  }
#endif
  for (; i + k <= n; ++i) {
    if (s[i + m_rare1] == m_needle[m_rare1] && same_bytes(s + i, m_needle.data(), k)) {
      return i;
    }
  }
  return std::string_view::npos;
}

size_t json_string_run(std::string_view text) {
  const char* s = text.data();
  const size_t n = text.size();
  size_t i = 0;
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  const __m128i control = _mm_set1_epi8(0x1f);
  for (; i + 16 <= n; i += 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i));
    const __m128i stop = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, backslash)),
                                      _mm_cmpeq_epi8(_mm_min_epu8(x, control), x)); // x <= 0x1f
    if (const auto mask = static_cast<unsigned>(_mm_movemask_epi8(stop)); mask != 0) {
      return i + static_cast<size_t>(__builtin_ctz(mask));
    }
  }
#endif
  for (; i < n; ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == '"' || c == '\\' || c < 0x20) {
      return i;
    }
  }
  return n;
}

} // namespace util
