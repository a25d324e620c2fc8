#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace util {

// A place in a text, as editors and compilers show it: 1-based line, and 1-based column that
// counts Unicode code points (é and 😀 are one column each; a byte that is not UTF-8 counts as
// one). SARIF calls this columnKind "unicodeCodePoints".
struct Position {
  int line = 1;
  int column = 1;
};

// The position of byte `offset` in text (offsets past the end give the end of the text).
Position position_at(std::string_view text, size_t offset);

// "origin:LINE:COL" for byte `offset` in text: the prefix of every message about a place in a file.
std::string position_text(std::string_view text, size_t offset, const std::string& origin);

// Positions of many offsets in one text: the line starts are found once, then each lookup
// costs a binary search plus the length of the part of its line before the offset.
class LineIndex {
public:
  explicit LineIndex(std::string_view text);
  int line(size_t offset) const;
  int column(size_t offset) const;
  Position position(size_t offset) const { return {line(offset), column(offset)}; }
  // The text of the line holding offset, without its line break (LF or CRLF).
  std::string_view line_text(size_t offset) const;

private:
  std::string_view m_text;
  std::vector<size_t> m_starts;
};

} // namespace util
