#include "util/text.hpp"

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

std::string plural(size_t n, std::string_view noun) {
  return std::to_string(n) + " " + std::string(noun) + (n == 1 ? "" : "s");
}

} // namespace util
