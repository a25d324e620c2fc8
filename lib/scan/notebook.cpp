// Notebook cells and Markdown code, mapped back to the bytes of the file. The notebook's JSON is
// read by a small scanner of its own rather than a JSON library: it must know where each
// character of a string was written (escapes make the two differ), it skips outputs (often
// most of the file) without building them, and it never recurses, so no document can exhaust
// the stack.

#include "lib/scan/notebook.hpp"

#include "util/find.hpp"
#include "util/text.hpp"

#include <cstdint>
#include <cstring>

namespace lib::scan {

namespace {

struct Fail {
  std::string reason;
  size_t offset;
};

using util::lower;

// A decoded JSON string and where each of its bytes is written.
struct Decoded {
  std::string text;
  OffsetMap map;
  size_t end = 0; // raw offset just past the closing quote

  size_t raw(size_t offset) const { return text.empty() ? end : map.raw(std::min(offset, text.size() - 1)); }
};

class Reader {
public:
  explicit Reader(std::string_view t) : m_t(t) {}

  [[noreturn]] void fail(const std::string& reason) const { throw Fail{reason, m_i}; }

  void ws() {
    while (m_i < m_t.size() && (m_t[m_i] == ' ' || m_t[m_i] == '\n' || m_t[m_i] == '\r' || m_t[m_i] == '\t')) {
      ++m_i;
    }
  }

  char peek() {
    ws();
    return m_i < m_t.size() ? m_t[m_i] : '\0';
  }

  void expect(char c) {
    if (peek() != c) {
      fail(m_i >= m_t.size() ? std::string("unexpected end of file") : std::string("expected '") + c + "'");
    }
    ++m_i;
  }

  // After '{' or '[' was read: true when the next member or element follows, false at the end.
  bool next(char close, bool& first) {
    char c = peek();
    if (c == close) {
      ++m_i;
      return false;
    }
    if (!first) {
      expect(',');
    }
    first = false;
    return true;
  }

  // Reads an array, calling f() at each object in it (before its '{'); other elements are skipped.
  template <class F> void objects(F&& f) {
    expect('[');
    bool first = true;
    while (next(']', first)) {
      if (peek() != '{') {
        skip_value();
        continue;
      }
      f();
    }
  }

  // Reads an object, calling f(key) at each member's value, which f reads or skips.
  template <class F> void members(F&& f) {
    expect('{');
    bool first = true;
    std::string decoded;
    while (next('}', first)) {
      std::string_view k = key(decoded);
      expect(':');
      f(k);
    }
  }

  // A member's name: in place when it holds no escape, else decoded into `decoded`.
  std::string_view key(std::string& decoded) {
    if (peek() != '"') {
      fail("expected a string");
    }
    const size_t start = m_i + 1;
    const size_t run = start + util::json_string_run(m_t.substr(start));
    if (run < m_t.size() && m_t[run] == '"') {
      m_i = run + 1;
      return m_t.substr(start, run - start);
    }
    Decoded d;
    string(&d);
    decoded = std::move(d.text);
    return decoded;
  }

  void put_utf8(Decoded& d, uint32_t cp, size_t at) {
    auto put = [&](unsigned v) {
      d.map.add(d.text.size(), at, false, -1);
      d.text += static_cast<char>(v);
    };
    if (cp < 0x80) {
      put(cp);
    } else if (cp < 0x800) {
      put(0xC0 | (cp >> 6));
      put(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      put(0xE0 | (cp >> 12));
      put(0x80 | ((cp >> 6) & 0x3F));
      put(0x80 | (cp & 0x3F));
    } else {
      put(0xF0 | (cp >> 18));
      put(0x80 | ((cp >> 12) & 0x3F));
      put(0x80 | ((cp >> 6) & 0x3F));
      put(0x80 | (cp & 0x3F));
    }
  }

  uint32_t hex4() {
    if (m_i + 4 > m_t.size()) {
      fail("truncated \\u escape");
    }
    uint32_t v = 0;
    for (int k = 0; k < 4; ++k) {
      char c = m_t[m_i++];
      v <<= 4;
      if (c >= '0' && c <= '9') {
        v |= static_cast<uint32_t>(c - '0');
      } else if (c >= 'a' && c <= 'f') {
        v |= static_cast<uint32_t>(c - 'a' + 10);
      } else if (c >= 'A' && c <= 'F') {
        v |= static_cast<uint32_t>(c - 'A' + 10);
      } else {
        --m_i;
        fail("invalid \\u escape");
      }
    }
    return v;
  }

  // The code point of a \u escape whose "\u" was read: a surrogate pair makes one, a lone
  // surrogate is U+FFFD.
  uint32_t code_point() {
    uint32_t cp = hex4();
    if (cp >= 0xD800 && cp < 0xDC00 && m_i + 1 < m_t.size() && m_t[m_i] == '\\' && m_t[m_i + 1] == 'u') {
      size_t save = m_i;
      m_i += 2;
      uint32_t lo = hex4();
      if (lo >= 0xDC00 && lo < 0xE000) {
        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
      } else {
        m_i = save;
      }
    }
    if (cp >= 0xD800 && cp < 0xE000) {
      cp = 0xFFFD; // a lone surrogate
    }
    return cp;
  }

  // Reads the escape that starts at m_i (a backslash) in a string, into out when there is one.
  void escape(Decoded* out) {
    size_t at = m_i++;
    if (m_i >= m_t.size()) {
      fail("unclosed string");
    }
    char e = m_t[m_i++];
    char plain = 0;
    switch (e) {
    case '"':
      plain = '"';
      break;
    case '\\':
      plain = '\\';
      break;
    case '/':
      plain = '/';
      break;
    case 'b':
      plain = '\b';
      break;
    case 'f':
      plain = '\f';
      break;
    case 'n':
      plain = '\n';
      break;
    case 'r':
      plain = '\r';
      break;
    case 't':
      plain = '\t';
      break;
    case 'u': {
      uint32_t cp = code_point();
      if (out) {
        put_utf8(*out, cp, at);
      }
      return;
    }
    default:
      m_i = at;
      fail("invalid escape in a string");
    }
    if (out) {
      out->map.add(out->text.size(), at, false, -1);
      out->text += plain;
    }
  }

  // A string at the cursor; decoded into *out when out is given, else only skipped (outputs are
  // most of a notebook: skipping finds the closing quote with memchr and does not check the
  // characters in between).
  void string(Decoded* out) {
    if (peek() != '"') {
      fail("expected a string");
    }
    ++m_i;
    if (!out) {
      while (true) {
        const void* q = std::memchr(m_t.data() + m_i, '"', m_t.size() - m_i);
        if (!q) {
          m_i = m_t.size();
          fail("unclosed string");
        }
        size_t at = static_cast<size_t>(static_cast<const char*>(q) - m_t.data());
        size_t backslashes = 0;
        while (at - backslashes > m_i && m_t[at - 1 - backslashes] == '\\') {
          ++backslashes;
        }
        m_i = at + 1;
        if (backslashes % 2 == 0) {
          return;
        }
      }
    }
    while (true) {
      // A run of plain characters, copied at once.
      const size_t run = m_i + util::json_string_run(m_t.substr(m_i));
      if (run > m_i) {
        out->map.add(out->text.size(), m_i, true, -1);
        out->text.append(m_t.data() + m_i, run - m_i);
        m_i = run;
      }
      if (m_i >= m_t.size()) {
        fail("unclosed string");
      }
      char c = m_t[m_i];
      if (c == '"') {
        ++m_i;
        break;
      }
      if (static_cast<unsigned char>(c) < 0x20) {
        fail("control character in a string");
      }
      escape(out);
    }
    if (out) {
      out->end = m_i;
    }
  }

  // Skips any value, iteratively (brackets are counted, so depth costs nothing).
  void skip_value() {
    std::string stack;
    do {
      char c = peek();
      if (c == '"') {
        string(nullptr);
      } else if (c == '{' || c == '[') {
        stack += c == '{' ? '}' : ']';
        ++m_i;
        if (peek() == stack.back()) {
          ++m_i;
          stack.pop_back();
        } else if (c == '{') {
          string(nullptr);
          expect(':');
          continue;
        } else {
          continue;
        }
      } else if (c == '-' || (c >= '0' && c <= '9') || c == 't' || c == 'f' || c == 'n') {
        size_t start = m_i;
        while (m_i < m_t.size() && (std::string_view("+-.eE0123456789truefalsn").find(m_t[m_i]) != std::string_view::npos)) {
          ++m_i;
        }
        std::string_view word = m_t.substr(start, m_i - start);
        if (c >= 'a' && word != "true" && word != "false" && word != "null") {
          m_i = start;
          fail("invalid value");
        }
      } else {
        fail(c == '\0' ? "unexpected end of file" : "invalid value");
      }
      // After a value inside containers: ',' then the next one, or the closing bracket(s).
      while (!stack.empty()) {
        char n = peek();
        if (n == stack.back()) {
          ++m_i;
          stack.pop_back();
          continue;
        }
        expect(',');
        if (stack.back() == '}') {
          string(nullptr);
          expect(':');
        }
        break;
      }
    } while (!stack.empty());
  }

  // "source": a string, or a list of strings (joined).
  Decoded source() {
    Decoded d;
    if (peek() == '"') {
      string(&d);
      return d;
    }
    expect('[');
    bool first = true;
    while (next(']', first)) {
      string(&d);
    }
    d.end = m_i;
    return d;
  }

  size_t pos() const { return m_i; }
  bool at_end() {
    ws();
    return m_i >= m_t.size();
  }

private:
  std::string_view m_t;
  size_t m_i = 0;
};

// Appends the string's code from `from` to `to` to the view, with where it is written.
void emit(CodeView& v, const Decoded& d, size_t from, size_t to, int cell) {
  if (to <= from) {
    return;
  }
  v.map.append(d.map, from, to, v.text.size(), cell);
  v.text.append(d.text, from, to - from);
}

// Appends text rtcat adds to the code, standing for the raw offset `raw`.
void put(CodeView& v, std::string_view text, size_t raw, int cell) {
  v.map.add(v.text.size(), raw, false, cell);
  v.text += text;
}

bool starts_with(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}

size_t skip_blanks(std::string_view s, size_t i) {
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) {
    ++i;
  }
  return i;
}

void code_cell(CodeView& v, const Decoded& d, int cell) {
  std::string_view s = d.text;
  size_t line_start = 0;
  bool first_line = true;
  while (line_start < s.size()) {
    size_t nl = s.find('\n', line_start);
    size_t line_end = nl == std::string_view::npos ? s.size() : nl + 1;
    std::string_view line = s.substr(line_start, line_end - line_start);
    size_t i = skip_blanks(s, line_start) - line_start;
    std::string_view body = line.substr(i);
    if (first_line && starts_with(body, "%%")) {
      // A cell magic: its body is read as written (shell, a file's content, or Python), the
      // magic line itself is not code.
    } else if (starts_with(body, "!")) {
      emit(v, d, line_start + i + 1, line_end, cell);
    } else if (starts_with(body, "%env ") || starts_with(body, "%env\t")) {
      size_t name = skip_blanks(s, line_start + i + 4);
      size_t name_end = name;
      while (name_end < line_end && s[name_end] != ' ' && s[name_end] != '\t' && s[name_end] != '=' && s[name_end] != '\n') {
        ++name_end;
      }
      // An environment variable: later cells read it with os.getenv (lib/scan/vars.hpp).
      put(v, "export ", d.raw(name), cell);
      emit(v, d, name, name_end, cell);
      if (name_end < line_end && s[name_end] == '=') {
        emit(v, d, name_end, line_end, cell);
      } else {
        size_t value = skip_blanks(s, name_end);
        if (value > name_end) {
          put(v, "=", d.raw(name_end), cell);
        }
        emit(v, d, value, line_end, cell);
      }
    } else if (starts_with(body, "%")) {
      // another line magic: not code
    } else {
      emit(v, d, line_start, line_end, cell);
    }
    first_line = false;
    line_start = line_end;
  }
}

void markdown_cell(CodeView& v, const Decoded& d, int cell, const MarkdownRules& rules) {
  for (const Span& block : code_blocks(d.text, rules)) {
    emit(v, d, block.from, block.to, cell);
  }
}

void end_cell(CodeView& v, const Decoded& d, int cell) {
  if (!v.text.empty() && v.text.back() != '\n') {
    put(v, "\n", d.text.empty() ? d.end : d.raw(d.text.size() - 1), cell);
  }
}

void read_cells(Reader& r, CodeView& v, int& index, const MarkdownRules& rules) {
  r.objects([&] {
    std::string type;
    std::optional<Decoded> src;
    r.members([&](std::string_view key) {
      if (key == "cell_type" && r.peek() == '"') {
        std::string decoded;
        type = r.key(decoded);
      } else if (key == "source" || key == "input") {
        src = r.source();
      } else {
        r.skip_value();
      }
    });
    int cell = index++;
    if (!src) {
      return;
    }
    if (type == "code") {
      code_cell(v, *src, cell);
    } else if (type == "markdown") {
      markdown_cell(v, *src, cell, rules);
    }
    end_cell(v, *src, cell);
  });
}

} // namespace

NotebookCode notebook_code(std::string_view json, const MarkdownRules& rules) {
  NotebookCode out;
  Reader r(json);
  CodeView v;
  int index = 0;
  try {
    bool cells = false;
    r.members([&](std::string_view key) {
      if (key == "cells") {
        read_cells(r, v, index, rules);
        cells = true;
      } else if (key == "worksheets" && r.peek() == '[') { // nbformat 3
        r.objects([&] {
          r.members([&](std::string_view k) {
            if (k == "cells") {
              read_cells(r, v, index, rules);
              cells = true;
            } else {
              r.skip_value();
            }
          });
        });
      } else {
        r.skip_value();
      }
    });
    if (!r.at_end()) {
      r.fail("text after the notebook");
    }
    if (!cells) {
      out.error = {"no \"cells\" list", 0};
      return out;
    }
  } catch (const Fail& f) {
    out.error = {f.reason, f.offset};
    return out;
  }
  v.end = json.size();
  out.code = std::move(v);
  return out;
}

bool is_notebook_path(std::string_view path) {
  return lower(path.substr(path.size() > 6 ? path.size() - 6 : 0)).ends_with(".ipynb");
}

} // namespace lib::scan
