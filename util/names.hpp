#pragma once

// One table of an enumeration's names: each value and its word once, read both ways. Every
// kind rtcat names in its output (severities, standings, verdicts, forms, ...) declares one, so
// that a value is written and read by the same words:
//
//   inline constexpr util::Names<Severity, 3> k_severity_names{{
//       {Severity::note, "note"}, {Severity::warning, "warning"}, {Severity::error, "error"}}};
//   k_severity_names.name(Severity::note) == "note"; k_severity_names.parse("note") == note

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>

namespace util {

template <class E, size_t N> struct Names {
  std::array<std::pair<E, std::string_view>, N> entries;

  // The word of a value; "" for a value the table leaves out. Its data is a C string when the
  // table's words are literals.
  constexpr std::string_view name(E value) const {
    for (const auto& [v, word] : entries) {
      if (v == value) {
        return word;
      }
    }
    return "";
  }

  // The value a word names, exactly as the table spells it; nullopt for any other word.
  constexpr std::optional<E> parse(std::string_view word) const {
    for (const auto& [v, w] : entries) {
      if (w == word) {
        return v;
      }
    }
    return std::nullopt;
  }

  // The words in table order (for "did you mean" and help texts).
  constexpr std::array<std::string_view, N> words() const {
    std::array<std::string_view, N> out{};
    for (size_t i = 0; i < N; ++i) {
      out[i] = entries[i].second;
    }
    return out;
  }
};

} // namespace util
