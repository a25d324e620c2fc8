// REST job JSON -> JobSpec. nlohmann parses; a small scanner over the (then known valid) text
// records where every key and list element starts, since nlohmann keeps no positions.

#include "catalog/error.hpp"
#include "lib/input_limits.hpp"
#include "lib/jobs/job_tree.hpp"
#include "lib/jobs/parsers.hpp"

#include <algorithm>

namespace lib::jobs {

namespace {

class PositionScanner {
public:
  PositionScanner(std::string_view text, Positions& out) : m_text(text), m_out(out) {}

  void run() {
    skip_ws();
    value("");
  }

private:
  std::string_view m_text;
  Positions& m_out;
  size_t m_i = 0;
  int m_line = 1;
  int m_col = 1;

  void advance() {
    if (m_i < m_text.size()) {
      if (m_text[m_i] == '\n') {
        ++m_line;
        m_col = 1;
      } else if ((static_cast<unsigned char>(m_text[m_i]) & 0xC0) != 0x80) {
        ++m_col; // count characters, not UTF-8 continuation bytes
      }
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
        Pos p{"", m_line, m_col};
        std::string key = string();
        std::string child = path.empty() ? key : path + "." + key;
        m_out[child] = p;
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
        m_out[child] = Pos{"", m_line, m_col};
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
  limits::check_json(text, path); // before the parser or the position scanner below sees it
  Tree doc;
  try {
    doc = Tree::parse(text.begin(), text.end());
  } catch (const nlohmann::json::parse_error& e) {
    // e.byte is the 1-based offset of the last character read: the end of the offending token.
    // Point at the token's start, as a compiler would.
    size_t at = e.byte == 0 ? 0 : std::min(e.byte - 1, text.size());
    if (at < text.size() && text[at] == '"' && at > 0) {
      size_t open = text.rfind('"', at - 1);
      while (open != std::string_view::npos && open > 0 && text[open - 1] == '\\') {
        open = open >= 2 ? text.rfind('"', open - 2) : std::string_view::npos;
      }
      if (open != std::string_view::npos && text.find('\n', open) >= at) {
        at = open;
      }
    }
    Pos p = pos_at(text, at);
    std::string what = e.what();
    auto colon = what.find(": ", what.find("parse error"));
    std::string reason = colon == std::string::npos ? what : what.substr(colon + 2);
    if (reason.find("while parsing object - unexpected string literal") != std::string::npos) {
      reason += " (is a ',' missing before it?)";
    }
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
      reason = "the file is empty";
    }
    throw catalog::InvalidInput(where(path, p) + "invalid JSON: " + reason);
  } catch (const nlohmann::json::exception& e) {
    // Errors without a position, such as a number too large to represent (out_of_range.406).
    std::string what = e.what();
    throw catalog::InvalidInput(path +
                                ": invalid JSON: " + what.substr(what.find("] ") == std::string::npos ? 0 : what.find("] ") + 2));
  }
  Positions positions;
  PositionScanner(text, positions).run();
  return job_from_tree(doc, positions, path, "rest-json");
}

} // namespace lib::jobs
