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

size_t offset_of(std::string_view text, size_t count) {
  size_t i = 0;
  for (; i < text.size() && count > 0; --count) {
    size_t n = sequence_length(text, i);
    i += n == 0 ? 1 : n;
  }
  return i;
}

std::vector<std::string> wrap(std::string_view text, size_t width) {
  width = width == 0 ? 1 : width;
  std::vector<std::string> lines;
  std::string line;
  size_t line_length = 0;
  auto put_word = [&](std::string_view word) {
    size_t n = length(word);
    if (line_length > 0 && line_length + 1 + n <= width) {
      line += ' ';
      line += word;
      line_length += 1 + n;
      return;
    }
    if (line_length > 0) {
      lines.push_back(std::move(line));
      line.clear();
    }
    while (n > width) {
      size_t cut = offset_of(word, width);
      lines.emplace_back(word.substr(0, cut));
      word.remove_prefix(cut);
      n -= width;
    }
    line = std::string(word);
    line_length = n;
  };
  size_t at = 0;
  while (true) {
    size_t space = text.find(' ', at);
    std::string_view word = text.substr(at, space == std::string_view::npos ? std::string_view::npos : space - at);
    if (!word.empty()) {
      put_word(word);
    }
    if (space == std::string_view::npos) {
      break;
    }
    at = space + 1;
  }
  lines.push_back(std::move(line));
  return lines;
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
