#include "util/utf8.hpp"

#include <cstdio>

namespace util::utf8 {

size_t sequence_length(std::string_view text, size_t at) {
  auto c = static_cast<unsigned char>(text[at]);
  size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
  if (n == 0 || at + n > text.size() || (n == 2 && c < 0xC2) || (n == 4 && c > 0xF4)) {
    return 0;
  }
  for (size_t k = 1; k < n; ++k) {
    if ((static_cast<unsigned char>(text[at + k]) & 0xC0) != 0x80) {
      return 0;
    }
  }
  auto c1 = n > 1 ? static_cast<unsigned char>(text[at + 1]) : 0;
  if (n == 3 && ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 >= 0xA0))) { // overlong, surrogate
    return 0;
  }
  if (n == 4 && ((c == 0xF0 && c1 < 0x90) || (c == 0xF4 && c1 >= 0x90))) { // overlong, > U+10FFFF
    return 0;
  }
  return n;
}

size_t first_invalid(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    size_t n = sequence_length(text, i);
    if (n == 0) {
      return i;
    }
    i += n;
  }
  return std::string_view::npos;
}

size_t length(std::string_view text) {
  size_t count = 0;
  for (size_t i = 0; i < text.size(); ++count) {
    size_t n = sequence_length(text, i);
    i += n == 0 ? 1 : n;
  }
  return count;
}

std::string replace_invalid(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    size_t n = sequence_length(text, i);
    if (n == 0) {
      out += "\xEF\xBF\xBD";
      ++i;
    } else {
      out.append(text.substr(i, n));
      i += n;
    }
  }
  return out;
}

std::string one_line(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    auto c = static_cast<unsigned char>(text[i]);
    size_t n = sequence_length(text, i);
    if (c == '\n' || c == '\r' || c == '\t') {
      out += ' ';
      ++i;
    } else if (n == 0 || c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
      ++i;
    } else {
      out.append(text.substr(i, n));
      i += n;
    }
  }
  while (!out.empty() && out.back() == ' ') {
    out.pop_back();
  }
  return out;
}

} // namespace util::utf8
