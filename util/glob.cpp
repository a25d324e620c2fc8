#include "util/glob.hpp"

#include <algorithm>

namespace util {

namespace {

// Matches a character class at p[0] == '['; advances p past it. nullopt when it is not a
// well-formed class (then '[' is a literal).
std::optional<bool> match_class(std::string_view p, size_t& i, char ch) {
  size_t j = i + 1;
  bool negate = j < p.size() && (p[j] == '!' || p[j] == '^');
  if (negate) {
    ++j;
  }
  bool found = false;
  bool first = true;
  while (j < p.size() && (first || p[j] != ']')) {
    first = false;
    char lo = p[j];
    if (lo == '\\' && j + 1 < p.size()) {
      lo = p[++j];
    }
    char hi = lo;
    if (j + 2 < p.size() && p[j + 1] == '-' && p[j + 2] != ']') {
      hi = p[j + 2];
      j += 2;
    }
    if (ch != '/' && lo <= ch && ch <= hi) {
      found = true;
    }
    ++j;
  }
  if (j >= p.size()) {
    return std::nullopt;
  }
  i = j + 1;
  return found != negate;
}

// Failed (pattern, text) positions already tried: keeps patterns with many stars linear in
// practice instead of exponential. Empty when the pattern has at most one star.
struct Memo {
  std::vector<bool> failed;
  size_t width = 0;
  bool known_failure(size_t pi, size_t si) const { return !failed.empty() && failed[pi * width + si]; }
  void mark(size_t pi, size_t si) {
    if (!failed.empty()) {
      failed[pi * width + si] = true;
    }
  }
};

bool match_from(std::string_view p, size_t pi, std::string_view s, size_t si, Memo& memo);

bool match_at(std::string_view p, size_t pi, std::string_view s, size_t si, Memo& memo) {
  if (memo.known_failure(pi, si)) {
    return false;
  }
  bool ok = match_from(p, pi, s, si, memo);
  if (!ok) {
    memo.mark(pi, si);
  }
  return ok;
}

bool match_from(std::string_view p, size_t pi, std::string_view s, size_t si, Memo& memo) {
  while (pi < p.size()) {
    char c = p[pi];
    if (c == '*') {
      bool globstar = pi + 1 < p.size() && p[pi + 1] == '*';
      if (globstar) {
        size_t after = pi + 2;
        bool at_segment_start = pi == 0 || p[pi - 1] == '/';
        if (at_segment_start && after < p.size() && p[after] == '/') {
          // "**/": zero or more whole segments.
          for (size_t k = si; k <= s.size(); ++k) {
            if ((k == si || s[k - 1] == '/') && match_at(p, after + 1, s, k, memo)) {
              return true;
            }
          }
          return false;
        }
        // "**" elsewhere (trailing "/**" included): anything, slashes too.
        for (size_t k = s.size() + 1; k-- > si;) {
          if (match_at(p, after, s, k, memo)) {
            return true;
          }
        }
        return false;
      }
      for (size_t k = si;; ++k) {
        if (match_at(p, pi + 1, s, k, memo)) {
          return true;
        }
        if (k >= s.size() || s[k] == '/') {
          return false;
        }
      }
    }
    if (si >= s.size()) {
      return false;
    }
    if (c == '?') {
      if (s[si] == '/') {
        return false;
      }
      ++pi;
      ++si;
      continue;
    }
    if (c == '[') {
      size_t next = pi;
      if (auto ok = match_class(p, next, s[si])) {
        if (!*ok) {
          return false;
        }
        pi = next;
        ++si;
        continue;
      }
    }
    if (c == '\\' && pi + 1 < p.size()) {
      c = p[++pi];
    }
    if (c != s[si]) {
      return false;
    }
    ++pi;
    ++si;
  }
  return si == s.size();
}

} // namespace

bool glob_match(std::string_view pattern, std::string_view path) {
  Memo memo;
  if (std::count(pattern.begin(), pattern.end(), '*') > 1) {
    memo.width = path.size() + 1;
    memo.failed.assign((pattern.size() + 1) * memo.width, false);
  }
  return match_from(pattern, 0, path, 0, memo);
}

IgnoreRules::IgnoreRules(std::string base, std::string_view text) : m_base(std::move(base)) {
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) {
      end = text.size();
    }
    add(text.substr(start, end - start));
    start = end + 1;
  }
}

void IgnoreRules::add(std::string_view line) {
  if (!line.empty() && line.back() == '\r') {
    line.remove_suffix(1);
  }
  while (!line.empty() && line.back() == ' ' && !(line.size() >= 2 && line[line.size() - 2] == '\\')) {
    line.remove_suffix(1);
  }
  if (line.empty() || line[0] == '#') {
    return;
  }
  IgnorePattern p;
  if (line[0] == '!') {
    p.negated = true;
    line.remove_prefix(1);
  } else if (line[0] == '\\' && line.size() > 1 && (line[1] == '!' || line[1] == '#')) {
    line.remove_prefix(1);
  }
  if (!line.empty() && line.back() == '/') {
    p.dir_only = true;
    line.remove_suffix(1);
  }
  if (line.find('/') != std::string_view::npos) {
    p.anchored = true;
    if (line[0] == '/') {
      line.remove_prefix(1);
    }
  }
  if (line.empty()) {
    return;
  }
  p.glob = std::string(line);
  m_patterns.push_back(std::move(p));
}

std::optional<bool> IgnoreRules::match(std::string_view rel, bool is_dir) const {
  if (!m_base.empty()) {
    if (rel.size() <= m_base.size() || rel.compare(0, m_base.size(), m_base) != 0 || rel[m_base.size()] != '/') {
      return std::nullopt;
    }
    rel.remove_prefix(m_base.size() + 1);
  }
  size_t slash = rel.rfind('/');
  std::string_view name = slash == std::string_view::npos ? rel : rel.substr(slash + 1);
  for (auto it = m_patterns.rbegin(); it != m_patterns.rend(); ++it) {
    if (it->dir_only && !is_dir) {
      continue;
    }
    if (glob_match(it->glob, it->anchored ? rel : name)) {
      return !it->negated;
    }
  }
  return std::nullopt;
}

} // namespace util
