#pragma once

#include <array>
#include <compare>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace catalog {

// A dotted numeric version such as a runtime ("2.11") or a Python line ("3.10").
// Components compare as numbers, never as strings: 2.10 > 2.9. Missing trailing
// components count as zero for ordering (2.1 == 2.1.0).
class Version {
public:
  Version() = default;

  // Parses "N(.N){0,3}" with each N a decimal number of at most 9 digits.
  // Throws InvalidInput naming the text when it is not of that shape.
  static Version parse(std::string_view text);
  // Same, returning nullopt instead of throwing.
  static std::optional<Version> try_parse(std::string_view text);
  // At most four parts, held in place: a version is copied and compared on every record an
  // audit reads, and thousands are built at start-up, none of them on the heap.
  static constexpr uint8_t k_max_parts = 4;

  // From parts already known to be valid (the embedded catalogs); parts past the fourth are
  // left out.
  static Version of(std::span<const int> parts) {
    Version v;
    for (int part : parts) {
      if (v.m_size < k_max_parts) {
        v.m_parts[v.m_size++] = part;
      }
    }
    return v;
  }
  static Version of(std::initializer_list<int> parts) { return of(std::span<const int>(parts.begin(), parts.size())); }

  std::span<const int> parts() const { return {m_parts.data(), m_size}; }
  int major() const { return m_size == 0 ? 0 : m_parts[0]; }
  int minor() const { return m_size < 2 ? 0 : m_parts[1]; }
  std::string str() const;

  std::strong_ordering operator<=>(const Version& other) const;
  bool operator==(const Version& other) const { return (*this <=> other) == 0; }

private:
  std::array<int, k_max_parts> m_parts{};
  uint8_t m_size = 0;
};

} // namespace catalog
