#include "util/text.hpp"

#include <algorithm>

namespace util {

std::string join(const std::vector<std::string>& parts, std::string_view separator) {
  return join(parts, separator, [](const std::string& s) -> const std::string& { return s; });
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> out;
  while (true) {
    size_t at = text.find(separator);
    out.push_back(text.substr(0, at));
    if (at == std::string_view::npos) {
      return out;
    }
    text.remove_prefix(at + 1);
  }
}

std::string_view trim(std::string_view text) {
  constexpr std::string_view k_blank = " \t\r\n";
  size_t first = text.find_first_not_of(k_blank);
  if (first == std::string_view::npos) {
    return {};
  }
  return text.substr(first, text.find_last_not_of(k_blank) - first + 1);
}

namespace {

// The ASCII letters of text from one case to the other: `from` is 'A' (to lower) or 'a' (to upper).
std::string change_case(std::string_view text, char from) {
  std::string out(text);
  for (char& c : out) {
    if (c >= from && c <= from + 25) {
      c = static_cast<char>(c - from + (from == 'A' ? 'a' : 'A'));
    }
  }
  return out;
}

} // namespace

std::string lower(std::string_view text) {
  return change_case(text, 'A');
}

std::string upper(std::string_view text) {
  return change_case(text, 'a');
}

bool is_ident_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

bool is_ident(char c) {
  return is_ident_start(c) || (c >= '0' && c <= '9');
}

size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> prev(b.size() + 1);
  std::vector<size_t> cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) {
    prev[j] = j;
  }
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t sub = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, sub});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::string closest(std::string_view word, const std::vector<std::string_view>& candidates) {
  const size_t limit = std::max<size_t>(2, word.size() / 3);
  std::string_view best;
  size_t best_distance = limit + 1;
  for (auto c : candidates) {
    size_t d = edit_distance(word, c);
    if (d < best_distance) {
      best = c;
      best_distance = d;
    }
  }
  return std::string(best);
}

std::string choices(std::string_view word, const std::vector<std::string>& valid) {
  std::string near = closest(word, std::vector<std::string_view>(valid.begin(), valid.end()));
  // A value is short: a suggestion keeps more than half of it ("svg" is not a typo of "csv").
  if (2 * edit_distance(word, near) >= std::max(word.size(), near.size())) {
    near.clear();
  }
  return "(" + (near.empty() ? std::string() : "did you mean '" + near + "'? ") + "valid: " + join(valid) + ")";
}

std::string plural(size_t n, std::string_view noun) {
  return std::to_string(n) + " " + std::string(noun) + (n == 1 ? "" : "s");
}

} // namespace util
