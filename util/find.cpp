#include "util/find.hpp"

#include "util/bytes.hpp"

#include <cstring>

#if defined(__x86_64__)
#include <immintrin.h>
#if __has_include(<sys/platform/x86.h>) // glibc 2.33 and later
// glibc 2.36 writes this header in C: its functions return _Bool, which GCC's C++ takes as an
// extension and clang's strict C++ does not know.
#if defined(__clang__) && !defined(_Bool)
#define _Bool bool // NOLINT(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp)
#define RTCAT_DEFINED_BOOL
#endif
#include <sys/platform/x86.h>
#ifdef RTCAT_DEFINED_BOOL
#undef _Bool
#undef RTCAT_DEFINED_BOOL
#endif
#endif
#endif

namespace util {

namespace {

constexpr size_t k_none = std::string_view::npos;

// The first of the starting positions i + b, for each bit b set in `mask`, where the whole needle
// is; k_none when it is at none.
size_t first_whole(const char* s, size_t i, unsigned mask, std::string_view needle) {
  for (; mask != 0; mask &= mask - 1) {
    const size_t at = i + static_cast<size_t>(__builtin_ctz(mask));
    if (same_bytes(s + at, needle.data(), needle.size())) {
      return at;
    }
  }
  return k_none;
}

#if defined(__x86_64__)
// Thirty-two starting positions at a time from i, on processors with AVX2 (as good as all since
// 2015): the hit, or k_none with i where fewer than thirty-two positions are left.
__attribute__((target("avx2"))) size_t find_avx2(const char* s, size_t n, size_t& i, std::string_view needle, size_t rare1,
                                                 size_t rare2) {
  const __m256i r1 = _mm256_set1_epi8(needle[rare1]);
  const __m256i r2 = _mm256_set1_epi8(needle[rare2]);
  for (; i + 32 + needle.size() - 1 <= n; i += 32) {
    const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + i + rare1));
    const __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + i + rare2));
    const auto mask =
        static_cast<unsigned>(_mm256_movemask_epi8(_mm256_and_si256(_mm256_cmpeq_epi8(a, r1), _mm256_cmpeq_epi8(b, r2))));
    if (const size_t at = first_whole(s, i, mask, needle); at != k_none) {
      return at;
    }
  }
  return k_none;
}

// Whether the processor and the kernel let this process use AVX2. glibc answers from what it
// read of the processor as the process started. __builtin_cpu_supports would link libgcc's
// constructor, which asks the processor again at every start: a dozen CPUID instructions, each
// of which traps to the hypervisor on a virtual machine (about 5 microseconds apiece measured
// here, docs/benchmarks.md).
bool has_avx2() {
#if defined(CPU_FEATURE_ACTIVE)
  static const bool yes = CPU_FEATURE_ACTIVE(AVX2);
#else
  static const bool yes = __builtin_cpu_supports("avx2");
#endif
  return yes;
}
#endif

} // namespace

size_t Finder::find(std::string_view text, size_t from) const {
  const size_t k = m_needle.size();
  const size_t n = text.size();
  if (from > n || n - from < k) {
    return k_none;
  }
  if (k == 0) {
    return from;
  }
  const char* s = text.data();
  if (k == 1) {
    const void* hit = std::memchr(s + from, m_needle[0], n - from);
    return hit ? static_cast<size_t>(static_cast<const char*>(hit) - s) : k_none;
  }
  size_t i = from;
#if defined(__x86_64__)
  if (n - i >= 64 && has_avx2()) {
    if (const size_t at = find_avx2(s, n, i, m_needle, m_rare1, m_rare2); at != k_none) {
      return at;
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
    const auto mask = static_cast<unsigned>(_mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(a, rare1), _mm_cmpeq_epi8(b, rare2))));
    if (const size_t at = first_whole(s, i, mask, m_needle); at != k_none) {
      return at;
    }
  }
#endif
  for (; i + k <= n; ++i) {
    if (s[i + m_rare1] == m_needle[m_rare1] && same_bytes(s + i, m_needle.data(), k)) {
      return i;
    }
  }
  return k_none;
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
