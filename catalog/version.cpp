#include "catalog/version.hpp"

#include "catalog/error.hpp"

namespace catalog {

std::optional<Version> Version::try_parse(std::string_view text) {
  Version v;
  size_t i = 0;
  while (true) {
    size_t start = i;
    long value = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9' && i - start < 9) {
      value = value * 10 + (text[i] - '0');
      ++i;
    }
    if (i == start || v.m_size == k_max_parts) {
      return std::nullopt;
    }
    v.m_parts[v.m_size++] = static_cast<int>(value);
    if (i == text.size()) {
      return v;
    }
    if (text[i] != '.') {
      return std::nullopt;
    }
    ++i;
  }
}

Version Version::parse(std::string_view text) {
  if (auto v = try_parse(text)) {
    return *v;
  }
  throw InvalidInput("invalid version '" + std::string(text) + "': expected numbers separated by dots, like 2.11");
}

std::string Version::str() const {
  std::string out;
  for (size_t i = 0; i < m_size; ++i) {
    if (i > 0) {
      out += '.';
    }
    out += std::to_string(m_parts[i]);
  }
  return out;
}

std::strong_ordering Version::operator<=>(const Version& other) const {
  size_t n = std::max(m_size, other.m_size);
  for (size_t i = 0; i < n; ++i) {
    int a = i < m_size ? m_parts[i] : 0;
    int b = i < other.m_size ? other.m_parts[i] : 0;
    if (a != b) {
      return a <=> b;
    }
  }
  return std::strong_ordering::equal;
}

} // namespace catalog
