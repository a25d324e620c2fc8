#include "util/escape.hpp"

#include <algorithm>
#include <array>

namespace util {

std::string replace_chars(std::string_view text, std::initializer_list<std::pair<char, std::string_view>> table) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    const auto* hit = std::find_if(table.begin(), table.end(), [c](const auto& entry) { return entry.first == c; });
    if (hit == table.end()) {
      out += c;
    } else {
      out += hit->second;
    }
  }
  return out;
}

std::string csv_field(std::string_view text) {
  std::string out;
  append_csv_field(out, text);
  return out;
}

void append_csv_field(std::string& out, std::string_view text) {
  // A table lookup per character: find_first_of calls memchr once per character, a hot spot on
  // big inventories (audit writes a row per resource).
  static constexpr auto k_special = [] {
    std::array<bool, 256> t{};
    t[','] = t['"'] = t['\n'] = t['\r'] = true;
    return t;
  }();
  bool plain = std::none_of(text.begin(), text.end(), [](char c) { return k_special[static_cast<unsigned char>(c)]; });
  if (plain) {
    out.append(text);
    return;
  }
  out += '"';
  for (char c : text) {
    out += c;
    if (c == '"') {
      out += '"';
    }
  }
  out += '"';
}

std::string markdown_text(std::string_view text) {
  return replace_chars(text, {{'<', "&lt;"}});
}

std::string markdown_cell(std::string_view text) {
  return replace_chars(text, {{'<', "&lt;"}, {'|', "\\|"}, {'\n', "<br>"}});
}

std::string xml_escape(std::string_view text) {
  return replace_chars(text, {{'&', "&amp;"}, {'<', "&lt;"}, {'>', "&gt;"}, {'"', "&quot;"}, {'\'', "&#39;"}});
}

} // namespace util
