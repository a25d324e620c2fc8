#include "util/json.hpp"

#include "util/bytes.hpp"
#include "util/error.hpp"
#include "util/position.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace util::json {

namespace {

// nlohmann's message without its "[json.exception.x.y] " tag (and, for syntax errors, without
// "parse error at line 1, column 2: ": the position is given our way instead).
std::string reason_of(const nlohmann::json::exception& e) {
  std::string what = e.what();
  size_t at = what.find("parse error");
  if (at != std::string::npos) {
    size_t colon = what.find(": ", at);
    return colon == std::string::npos ? what : what.substr(colon + 2);
  }
  size_t bracket = what.find("] ");
  return bracket == std::string::npos ? what : what.substr(bracket + 2);
}

// e.byte is the 1-based offset of the last byte read, the end of the offending token. A string
// token is reported where it opens, as a compiler would.
size_t error_offset(std::string_view text, size_t byte) {
  size_t at = byte == 0 ? 0 : std::min(byte - 1, text.size());
  if (at < text.size() && text[at] == '"' && at > 0) {
    size_t open = text.rfind('"', at - 1);
    while (open != std::string_view::npos && open > 0 && text[open - 1] == '\\') {
      open = open >= 2 ? text.rfind('"', open - 2) : std::string_view::npos;
    }
    if (open != std::string_view::npos && text.find('\n', open) >= at) {
      at = open;
    }
  }
  return at;
}

template <class Json> Json parse_as(std::string_view text, const std::string& origin) {
  try {
    return Json::parse(text.begin(), text.end());
  } catch (const nlohmann::json::parse_error& e) {
    std::string reason = reason_of(e);
    if (reason.find("while parsing object - unexpected string literal") != std::string::npos) {
      reason += " (is a ',' missing before it?)";
    }
    throw InvalidInput(position_text(text, error_offset(text, e.byte), origin) + ": invalid JSON: " + reason);
  } catch (const nlohmann::json::exception& e) {
    throw InvalidInput(origin + ": invalid JSON: " + reason_of(e));
  }
}

template <class Json> std::string dump_as(const Json& value, int indent) {
  return value.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace

nlohmann::json parse(std::string_view text, const std::string& origin) {
  return parse_as<nlohmann::json>(text, origin);
}

nlohmann::ordered_json parse_ordered(std::string_view text, const std::string& origin) {
  return parse_as<nlohmann::ordered_json>(text, origin);
}

std::string dump(const nlohmann::json& value) {
  return dump_as(value, -1);
}

std::string dump(const nlohmann::ordered_json& value) {
  return dump_as(value, -1);
}

void append_string(std::string& out, std::string_view text) {
  if (!util::json_plain(text)) {
    out += dump(nlohmann::json(std::string(text))); // escapes, UTF-8 and its errors: the library's way
    return;
  }
  out += '"';
  out += text;
  out += '"';
}

std::string dump_pretty(const nlohmann::json& value) {
  return dump_as(value, 2) + "\n";
}

std::string dump_pretty(const nlohmann::ordered_json& value) {
  return dump_as(value, 2) + "\n";
}

namespace {

// Pretty text nested `depth` spaces deep: every line after the first moves right.
std::string nested(const nlohmann::ordered_json& value, size_t depth) {
  std::string text = dump_as(value, 2);
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  size_t start = 0;
  // Strings are escaped: a newline in the text is always between values.
  for (size_t nl = text.find('\n'); nl != std::string::npos; nl = text.find('\n', start)) {
    out.append(text, start, nl + 1 - start);
    out.append(depth, ' ');
    start = nl + 1;
  }
  out.append(text, start);
  return out;
}

} // namespace

std::string PrettyObjectWriter::open() const {
  return "{";
}

std::string PrettyObjectWriter::key_prefix(const std::string& key) {
  return (m_members++ ? ",\n  " : "\n  ") + dump(nlohmann::ordered_json(key)) + ": ";
}

std::string PrettyObjectWriter::member(const std::string& key, const nlohmann::ordered_json& value) {
  return key_prefix(key) + nested(value, 2);
}

std::string PrettyObjectWriter::open_array(const std::string& key) {
  m_items = 0;
  return key_prefix(key) + "[";
}

std::string PrettyObjectWriter::item(const nlohmann::ordered_json& value) {
  return std::string(item_prefix()) + nested(value, 4);
}

std::string_view PrettyObjectWriter::item_prefix() {
  return m_items++ ? ",\n    " : "\n    ";
}

std::string PrettyObjectWriter::close_array() const {
  return m_items ? "\n  ]" : "]";
}

std::string PrettyObjectWriter::close() const {
  return m_members ? "\n}\n" : "}\n";
}

} // namespace util::json
