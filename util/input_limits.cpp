#include "util/input_limits.hpp"

#include "util/error.hpp"

namespace util::limits {

void refuse(const std::string& origin, size_t line, size_t column, const std::string& what) {
  throw util::InvalidInput((line == 0 ? origin : origin + ":" + std::to_string(line) + ":" + std::to_string(column)) + ": " +
                           what);
}

void check_document_size(size_t bytes, const std::string& origin) {
  if (bytes > k_max_document_bytes) {
    refuse(origin, 0, 0, "more than " + std::to_string(k_max_document_bytes) + " bytes; refusing");
  }
}

void check_json(std::string_view text, const std::string& origin) {
  check_document_size(text.size(), origin);
  struct Level {
    bool object;
    size_t keys;
  };
  Level levels[k_max_depth + 1] = {};
  size_t depth = 0;
  size_t nodes = 0;
  size_t line = 1;
  size_t column = 0; // of text[i], in characters (not UTF-8 continuation bytes)
  bool in_string = false;
  size_t string_line = 0; // where the last string (a key, before a ':') started
  size_t string_column = 0;
  bool value_next = true; // the next token starts a value (not a key)
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\n') {
      ++line;
      column = 0;
      continue;
    }
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) {
      ++column;
    }
    if (in_string) {
      if (c == '\\' && i + 1 < text.size() && text[i + 1] != '\n') {
        ++i;
        ++column;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r') {
      continue;
    }
    if (value_next && c != ']' && c != '}') {
      if (++nodes > k_max_nodes) {
        refuse(origin, line, column, "more than " + std::to_string(k_max_nodes) + " values; refusing");
      }
      value_next = false;
    }
    switch (c) {
    case '"':
      in_string = true;
      string_line = line;
      string_column = column;
      break;
    case '{':
    case '[':
      if (++depth > k_max_depth) {
        refuse(origin, line, column, "nesting deeper than " + std::to_string(k_max_depth) + " levels");
      }
      levels[depth] = Level{c == '{', 0};
      value_next = c == '[';
      break;
    case '}':
    case ']':
      depth = depth == 0 ? 0 : depth - 1;
      value_next = false;
      break;
    case ':':
      if (depth > 0 && levels[depth].object && ++levels[depth].keys > k_max_keys) {
        refuse(origin, string_line, string_column, "more than " + std::to_string(k_max_keys) + " keys in one object; refusing");
      }
      value_next = true;
      break;
    case ',':
      value_next = depth > 0 && !levels[depth].object;
      break;
    default:
      break;
    }
  }
}

} // namespace util::limits
