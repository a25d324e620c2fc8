#pragma once

#include <compare>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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
  // From parts already known to be valid (generated code: the embedded catalogs).
  static Version of(std::initializer_list<int> parts) {
    Version v;
    v.m_parts = parts;
    return v;
  }

  const std::vector<int>& parts() const { return m_parts; }
  int major() const { return m_parts.empty() ? 0 : m_parts[0]; }
  int minor() const { return m_parts.size() < 2 ? 0 : m_parts[1]; }
  std::string str() const;

  std::strong_ordering operator<=>(const Version& other) const;
  bool operator==(const Version& other) const { return (*this <=> other) == 0; }

private:
  std::vector<int> m_parts;
};

} // namespace catalog
