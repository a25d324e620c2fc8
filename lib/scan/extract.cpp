#include "lib/scan/extract.hpp"

#include <algorithm>
#include <cstring>

namespace lib::scan {

namespace {

bool contains(std::string_view text, std::string_view needle) {
  return ::memmem(text.data(), text.size(), needle.data(), needle.size()) != nullptr;
}

size_t sort_key(const Reference& r) {
  return r.runtime.text.empty() ? r.job_offset : r.runtime.offset;
}

// Length of the UTF-8 sequence at p, or 1 for a malformed byte.
size_t sequence_length(std::string_view s, size_t p) {
  auto b = static_cast<unsigned char>(s[p]);
  size_t n = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 1;
  if (p + n > s.size()) {
    return 1;
  }
  for (size_t k = 1; k < n; ++k) {
    if ((static_cast<unsigned char>(s[p + k]) & 0xC0) != 0x80) {
      return 1;
    }
  }
  return n;
}

} // namespace

bool is_version(std::string_view text) {
  if (text.empty() || text.size() > 16 || text.front() == '.' || text.back() == '.') {
    return false;
  }
  bool dot = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '.') {
      if (text[i - 1] == '.') {
        return false;
      }
      dot = true;
    } else if (c < '0' || c > '9') {
      return false;
    }
  }
  return dot;
}

std::vector<Reference> extract_all(std::string_view text) {
  std::vector<Reference> out;
  // A gcloud command without any version flag still needs its runtime-version-required finding.
  if (contains(text, "ersion") || contains(text, "gcloud")) {
    out = extract_gcloud(text);
  }
  if (contains(text, "ersion")) {
    auto keys = extract_keys(text);
    out.insert(out.end(), keys.begin(), keys.end());
  }
  if (contains(text, "docker.pkg.dev/vertex-ai")) {
    auto images = extract_images(text);
    out.insert(out.end(), images.begin(), images.end());
  }
  std::stable_sort(out.begin(), out.end(), [](const Reference& a, const Reference& b) { return sort_key(a) < sort_key(b); });
  return out;
}

std::vector<Suppression> find_suppressions(std::string_view text) {
  static constexpr std::string_view k_marker = "rtcat: ignore[";
  std::vector<Suppression> out;
  size_t from = 0;
  int line = 1;
  size_t counted = 0;
  while (const void* hit = ::memmem(text.data() + from, text.size() - from, k_marker.data(), k_marker.size())) {
    size_t at = static_cast<size_t>(static_cast<const char*>(hit) - text.data());
    line += static_cast<int>(std::count(text.begin() + static_cast<long>(counted), text.begin() + static_cast<long>(at), '\n'));
    counted = at;
    size_t start = at + k_marker.size();
    size_t end = start;
    while (end < text.size() && text[end] != ']' && text[end] != '\n') {
      ++end;
    }
    from = end;
    if (end >= text.size() || text[end] != ']') {
      continue;
    }
    Suppression s;
    s.line = line;
    std::string_view list = text.substr(start, end - start);
    while (!list.empty()) {
      size_t comma = list.find(',');
      std::string_view item = list.substr(0, comma);
      while (!item.empty() && item.front() == ' ') {
        item.remove_prefix(1);
      }
      while (!item.empty() && item.back() == ' ') {
        item.remove_suffix(1);
      }
      if (!item.empty()) {
        s.rules.emplace_back(item);
      }
      list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    }
    out.push_back(std::move(s));
  }
  return out;
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
  size_t p = m_starts[static_cast<size_t>(line(offset) - 1)];
  int col = 1;
  while (p < offset && p < m_text.size()) {
    p += sequence_length(m_text, p);
    ++col;
  }
  return col;
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

} // namespace lib::scan
