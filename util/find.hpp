#pragma once

// Finding a fixed text (a key, a command name) in a file on the scan's hot path: thirty-two
// positions at a time with AVX2 (sixteen with SSE2), by two of the needle's bytes (the rarest two
// in source text) compared at once, and the whole needle only where both match. No set-up per
// call, so a loop that finds every occurrence restarts for free (glibc's memmem prepares a shift
// table on each call).

#include <cstddef>
#include <string_view>

namespace util {

class Finder {
public:
  // The needle is kept by reference: a literal, or text that outlives the finder. An empty one is
  // found at once.
  constexpr explicit Finder(std::string_view needle) : m_needle(needle) {
    for (size_t i = 0; i < needle.size(); ++i) {
      if (rank(needle[i]) < rank(needle[m_rare1])) {
        m_rare1 = i;
      }
    }
    m_rare2 = m_rare1 == 0 && needle.size() > 1 ? 1 : 0;
    for (size_t i = 0; i < needle.size(); ++i) {
      if (i != m_rare1 && rank(needle[i]) < rank(needle[m_rare2])) {
        m_rare2 = i;
      }
    }
  }

  // The offset of the first occurrence at or after `from`; npos when there is none.
  size_t find(std::string_view text, size_t from = 0) const;

  std::string_view needle() const { return m_needle; }

private:
  // How common a byte is in source text and prose, roughly (lower is rarer): the space, letters
  // by their English frequency with code's punctuation among them; anything else is rarest.
  static constexpr int rank(char c) {
    constexpr std::string_view common = " etaoinsr\nhldcum_.\"fpg,w(y)b=':/-vk0123456789xjqz";
    const size_t at = common.find(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c);
    const int r = at == std::string_view::npos ? 0 : static_cast<int>(common.size() - at);
    return c >= 'A' && c <= 'Z' ? r / 4 : r; // capitals are rarer than their lower case
  }

  std::string_view m_needle;
  size_t m_rare1 = 0;
  size_t m_rare2 = 0;
};

// Whether `needle` occurs in `text` (a Finder's search).
inline bool contains(std::string_view text, std::string_view needle) {
  return Finder(needle).find(text) != std::string_view::npos;
}

// The length of the run of bytes at the start of `text` that a JSON string holds as they are
// written: up to the first '"', '\\' or control character (all of it when there is none).
size_t json_string_run(std::string_view text);

} // namespace util
