#include "util/position.hpp"

#include "util/utf8.hpp"

#include <algorithm>
#include <cstring>

namespace util {

Position position_at(std::string_view text, size_t offset) {
  std::string_view head = text.substr(0, std::min(offset, text.size()));
  size_t last_nl = head.rfind('\n');
  Position p;
  p.line = 1 + static_cast<int>(std::count(head.begin(), head.end(), '\n'));
  p.column = 1 + static_cast<int>(utf8::length(last_nl == std::string_view::npos ? head : head.substr(last_nl + 1)));
  return p;
}

std::string position_text(std::string_view text, size_t offset, const std::string& origin) {
  Position p = position_at(text, offset);
  return origin + ":" + std::to_string(p.line) + ":" + std::to_string(p.column);
}

LineIndex::LineIndex(std::string_view text) : m_text(text) {
  m_starts.push_back(0);
  const char* p = text.data();
  const char* end = text.data() + text.size();
  while (const void* nl = std::memchr(p, '\n', static_cast<size_t>(end - p))) {
    p = static_cast<const char*>(nl) + 1;
    m_starts.push_back(static_cast<size_t>(p - text.data()));
  }
}

int LineIndex::line(size_t offset) const {
  auto it = std::upper_bound(m_starts.begin(), m_starts.end(), offset);
  return static_cast<int>(it - m_starts.begin());
}

int LineIndex::column(size_t offset) const {
  size_t start = m_starts[static_cast<size_t>(line(offset) - 1)];
  size_t end = std::min(offset, m_text.size());
  return 1 + static_cast<int>(utf8::length(m_text.substr(start, end > start ? end - start : 0)));
}

std::string_view LineIndex::line_text(size_t offset) const {
  size_t start = m_starts[static_cast<size_t>(line(offset) - 1)];
  size_t end = m_text.find('\n', start);
  std::string_view l = m_text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
  if (!l.empty() && l.back() == '\r') {
    l.remove_suffix(1);
  }
  return l;
}

} // namespace util
