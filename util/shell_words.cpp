#include "util/shell_words.hpp"

#include <algorithm>

namespace util {

namespace {

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

bool ends_command(char c) {
  return c == '\n' || c == ';' || c == '&' || c == '|' || c == ')' || c == '`';
}

// The length of a backslash-newline continuation at i (2 for LF, 3 for CRLF), or 0.
size_t continuation(std::string_view t, size_t i) {
  if (i < t.size() && t[i] == '\\') {
    if (i + 1 < t.size() && t[i + 1] == '\n') {
      return 2;
    }
    if (i + 2 < t.size() && t[i + 1] == '\r' && t[i + 2] == '\n') {
      return 3;
    }
  }
  return 0;
}

class WordReader {
public:
  WordReader(std::string_view text, size_t& i) : m_t(text), m_i(i) {}

  // Reads the word at m_i; false (with unclosed set) at a quote that is never closed.
  bool read(ShellWord& w, size_t& unclosed) {
    m_w = &w;
    w.offset = w.text_offset = m_i;
    while (m_i < m_t.size() && !is_blank(m_t[m_i]) && !ends_command(m_t[m_i])) {
      char c = m_t[m_i];
      if (c == '\\') {
        backslash();
      } else if (c == '\'' || c == '"') {
        size_t open = m_i;
        if (!quoted(c)) {
          unclosed = open;
          return false;
        }
      } else {
        add(m_i++);
      }
    }
    return true;
  }

private:
  std::string_view m_t;
  size_t& m_i;
  ShellWord* m_w = nullptr;

  void add(size_t at) {
    if (m_w->text.empty()) {
      m_w->text_offset = at;
    }
    m_w->text += m_t[at];
  }

  void backslash() {
    if (size_t n = continuation(m_t, m_i)) {
      m_i += n; // the word goes on after the line break
      return;
    }
    if (m_i + 1 < m_t.size()) {
      add(m_i + 1);
    }
    m_i = std::min(m_i + 2, m_t.size());
  }

  bool quoted(char quote) {
    ++m_i;
    if (m_w->text.empty()) {
      m_w->text_offset = m_i;
    }
    while (m_i < m_t.size() && m_t[m_i] != quote) {
      if (quote == '"' && m_t[m_i] == '\\' && m_i + 1 < m_t.size()) {
        if (size_t n = continuation(m_t, m_i)) {
          m_i += n;
          continue;
        }
        char e = m_t[m_i + 1];
        if (e == '"' || e == '\\' || e == '$' || e == '`') {
          add(m_i + 1);
          m_i += 2;
          continue;
        }
      }
      add(m_i++);
    }
    if (m_i >= m_t.size()) {
      return false;
    }
    ++m_i; // the closing quote
    return true;
  }
};

} // namespace

ShellCommand read_shell_command(std::string_view text, size_t start, size_t max_words) {
  ShellCommand cmd;
  size_t i = start;
  while (i < text.size()) {
    char c = text[i];
    if (size_t n = continuation(text, i)) {
      i += n;
    } else if (is_blank(c)) {
      ++i;
    } else if (c == '#') {
      while (i < text.size() && text[i] != '\n') {
        ++i;
      }
    } else if (ends_command(c)) {
      ++i;
      while ((c == '&' || c == '|') && i < text.size() && (text[i] == '&' || text[i] == '|')) {
        ++i;
      }
      break;
    } else if (cmd.words.size() >= max_words) {
      break;
    } else {
      ShellWord w;
      size_t unclosed = 0;
      if (!WordReader(text, i).read(w, unclosed)) {
        cmd.unclosed_quote = unclosed;
        i = text.size();
        break;
      }
      cmd.words.push_back(std::move(w));
    }
  }
  cmd.end = i;
  return cmd;
}

std::vector<ShellCommand> shell_commands(std::string_view text) {
  std::vector<ShellCommand> out;
  size_t i = 0;
  while (i < text.size()) {
    ShellCommand cmd = read_shell_command(text, i);
    i = cmd.end;
    bool stop = cmd.unclosed_quote.has_value();
    if (!cmd.words.empty() || stop) {
      out.push_back(std::move(cmd));
    }
    if (stop) {
      break;
    }
  }
  return out;
}

} // namespace util
