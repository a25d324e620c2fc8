// REST job JSON -> JobSpec. nlohmann parses; a small scanner over the (then known valid) text
// records where every key and list element starts, since nlohmann keeps no positions.

#include "catalog/error.hpp"
#include "lib/jobs/job_tree.hpp"
#include "lib/jobs/parsers.hpp"
#include "util/input_limits.hpp"
#include "util/json.hpp"
#include "util/position.hpp"

#include <map>

namespace lib::jobs {

namespace {

// Field path -> byte offset where its key or element starts.
using Offsets = std::map<std::string, size_t>;

class PositionScanner {
public:
  PositionScanner(std::string_view text, Offsets& out) : m_text(text), m_out(out) {}

  void run() {
    skip_ws();
    value("");
  }

private:
  std::string_view m_text;
  Offsets& m_out;
  size_t m_i = 0;

  void advance() {
    if (m_i < m_text.size()) {
      ++m_i;
    }
  }
  char peek() const { return m_i < m_text.size() ? m_text[m_i] : '\0'; }
  void skip_ws() {
    while (m_i < m_text.size() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r')) {
      advance();
    }
  }
  void skip_comma() {
    skip_ws();
    if (peek() == ',') {
      advance();
      skip_ws();
    }
  }
  std::string string() {
    std::string s;
    advance(); // opening quote
    while (m_i < m_text.size() && peek() != '"') {
      if (peek() == '\\') {
        advance();
      }
      s += peek();
      advance();
    }
    advance();
    return s;
  }
  void value(const std::string& path) {
    char c = peek();
    if (c == '{') {
      advance();
      skip_ws();
      while (m_i < m_text.size() && peek() != '}') {
        size_t at = m_i;
        std::string key = string();
        std::string child = path.empty() ? key : path + "." + key;
        m_out[child] = at;
        skip_ws();
        advance(); // ':'
        skip_ws();
        value(child);
        skip_comma();
      }
      advance();
    } else if (c == '[') {
      advance();
      skip_ws();
      for (size_t n = 0; m_i < m_text.size() && peek() != ']'; ++n) {
        std::string child = path + "[" + std::to_string(n) + "]";
        m_out[child] = m_i;
        value(child);
        skip_comma();
      }
      advance();
    } else if (c == '"') {
      string();
    } else {
      while (m_i < m_text.size() && peek() != ',' && peek() != '}' && peek() != ']' && peek() != ' ' && peek() != '\n' &&
             peek() != '\r' && peek() != '\t') {
        advance();
      }
    }
  }
};

} // namespace

JobSpec parse_rest_json(std::string_view text, const std::string& path) {
  util::limits::check_json(text, path); // before anything else reads it, and the parser builds it
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    throw catalog::InvalidInput(where(path, Pos{"", 1, 1}) + "invalid JSON: the file is empty");
  }
  Tree doc = util::json::parse_ordered(text, path);
  Offsets offsets;
  PositionScanner(text, offsets).run();
  util::LineIndex index(text);
  Positions positions;
  for (const auto& [field, offset] : offsets) {
    positions[field] = Pos{"", index.line(offset), index.column(offset)};
  }
  return job_from_tree(doc, positions, path, "rest-json");
}

} // namespace lib::jobs
