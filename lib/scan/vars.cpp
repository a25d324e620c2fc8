// Shell and Python assignments of one file, evaluated in order (lib/scan/vars.hpp). Python is
// read line by line (logical lines: open brackets and backslashes continue them), with a stack
// of if/elif/else frames; values are evaluated by lib/scan/python_vars.cpp (Python) and
// lib/scan/shell_vars.cpp (shell words).

#include "lib/scan/vars.hpp"

#include "lib/scan/brackets.hpp"
#include "lib/scan/vars_eval.hpp"
#include "util/shell_words.hpp"
#include "util/text.hpp"

#include <algorithm>
#include <optional>

namespace lib::scan {

Alt unknown_alt() {
  Alt a;
  a.known = false;
  return a;
}

Alts unknown() {
  return {unknown_alt()};
}

Alts literal(std::string s) {
  Alt a;
  a.text = std::move(s);
  return {a};
}

void dedupe(Alts& v) {
  Alts out;
  for (auto& a : v) {
    bool seen = std::any_of(out.begin(), out.end(), [&](const Alt& b) { return b.known == a.known && b.text == a.text; });
    if (!seen && out.size() < k_max_alts) {
      out.push_back(std::move(a));
    }
  }
  v = std::move(out);
}

// Splits at depth-0 commas (outside brackets and strings).
std::vector<std::string_view> split_args(std::string_view s) {
  std::vector<std::string_view> out;
  Brackets b;
  size_t start = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    if (b.code(s, i) && s[i] == ',' && b.depth == 0) {
      out.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  }
  std::string_view last = s.substr(start);
  if (last.find_first_not_of(" \t\n\r") != std::string_view::npos) {
    out.push_back(last);
  }
  return out;
}

// The offset just past the bracket that closes the one at s[open].
size_t matching(std::string_view s, size_t open) {
  Brackets b;
  for (size_t i = open; i < s.size(); ++i) {
    if (b.code(s, i) && is_close_bracket(s[i]) && b.depth == 0) {
      return i + 1;
    }
  }
  return std::string_view::npos;
}

namespace {

using util::is_ident;
using util::is_ident_start;
using util::trim;

// The environment's variables are kept beside the code's, under a name no variable can have.
constexpr std::string_view k_env_prefix = "$";

// A logical line: its indent, text and where it starts.
struct Line {
  size_t indent = 0;
  std::string_view text; // without the indent, comments kept
  size_t offset = 0;     // of text
  size_t end = 0;        // just past the line
};

std::vector<Line> logical_lines(std::string_view code) {
  std::vector<Line> out;
  size_t i = 0;
  while (i < code.size()) {
    size_t start = i;
    size_t indent = 0;
    while (i < code.size() && (code[i] == ' ' || code[i] == '\t')) {
      indent += code[i] == '\t' ? 8 : 1;
      ++i;
    }
    size_t text_start = i;
    int depth = 0;
    char quote = 0;
    bool triple = false;
    size_t physical = 0;
    while (i < code.size()) {
      char c = code[i];
      if (quote) {
        if (c == '\\') {
          i += 2;
          continue;
        }
        if (c == '\n') {
          if (!triple) {
            quote = 0; // an unclosed quote ends with its line
          } else if (++physical > 200) {
            break;
          }
        }
        if (c == quote && (!triple || code.substr(i, 3) == std::string(3, quote))) {
          i += triple ? 3 : 1;
          quote = 0;
          continue;
        }
        ++i;
        continue;
      }
      if (c == '#') {
        while (i < code.size() && code[i] != '\n') {
          ++i;
        }
        continue;
      }
      if (c == '"' || c == '\'') {
        quote = c;
        triple = code.substr(i, 3) == std::string(3, c);
        i += triple ? 3 : 1;
        continue;
      }
      if (c == '(' || c == '[' || c == '{') {
        ++depth;
      } else if ((c == ')' || c == ']' || c == '}') && depth > 0) {
        --depth;
      } else if (c == '\n') {
        bool continued = depth > 0 || (i > text_start && code[i - 1] == '\\');
        if (!continued || ++physical > 50) {
          break;
        }
      }
      ++i;
    }
    size_t end = std::min(i, code.size());
    out.push_back(Line{indent, code.substr(text_start, end - text_start), text_start, end});
    i = end + 1;
    (void)start;
  }
  return out;
}

// The text before a comment.
std::string_view strip_comment(std::string_view s) {
  Brackets b;
  for (size_t i = 0; i < s.size(); ++i) {
    if (b.code(s, i) && s[i] == '#' && (i == 0 || s[i - 1] == ' ' || s[i - 1] == '\t')) {
      return trim(s.substr(0, i));
    }
  }
  return trim(s);
}

bool keyword(std::string_view s, std::string_view kw) {
  return s.substr(0, kw.size()) == kw &&
         (s.size() == kw.size() || s[kw.size()] == ' ' || s[kw.size()] == ':' || s[kw.size()] == '(');
}

} // namespace

class VarsBuilder {
public:
  explicit VarsBuilder(Vars& v) : m_v(v) {}

  void run(std::string_view code) {
    for (const Line& l : logical_lines(code)) {
      std::string_view text = strip_comment(l.text);
      if (text.empty()) {
        continue;
      }
      bool is_elif = keyword(text, "elif");
      bool is_else = keyword(text, "else") && text.back() == ':';
      // Close frames this line is not inside (an elif/else continues the frame at its indent).
      while (!m_frames.empty() &&
             (l.indent < m_frames.back().indent || (l.indent == m_frames.back().indent && !(is_elif || is_else)))) {
        close(l.offset);
      }
      if (m_skip_below && l.indent > *m_skip_below) {
        continue;
      }
      m_skip_below.reset();
      if (is_elif || is_else) {
        if (m_frames.empty() || m_frames.back().indent != l.indent) {
          continue;
        }
        branch(m_frames.back(), is_else ? std::string_view() : text.substr(5, text.size() - 6), is_else, l.offset);
        continue;
      }
      if (keyword(text, "if") && text.back() == ':' && m_copies < k_max_copies) {
        if (!active()) {
          continue;
        }
        m_copies += m_env.size() + 1;
        Frame f;
        f.indent = l.indent;
        f.snapshot = m_env;
        m_frames.push_back(std::move(f));
        branch(m_frames.back(), text.substr(3, text.size() - 4), false, l.offset);
        continue;
      }
      if (keyword(text, "def") || keyword(text, "class") || keyword(text, "async def")) {
        m_skip_below = l.indent;
        continue;
      }
      if (!active()) {
        continue;
      }
      assignment(text, l.offset, l.end);
    }
    while (!m_frames.empty()) {
      close(m_end);
    }
  }

  size_t m_end = 0;

private:
  struct Frame {
    size_t indent = 0;
    std::map<std::string, Alts> snapshot;
    std::vector<std::map<std::string, Alts>> taken; // the env at the end of each possible branch
    bool current = false;                           // the branch being read may run
    bool decided = false;                           // a branch certainly ran: the rest cannot
    bool any_unknown = false;
    bool has_else = false;
  };

  bool active() const {
    return std::all_of(m_frames.begin(), m_frames.end(), [](const Frame& f) { return f.current; });
  }

  void branch(Frame& f, std::string_view cond, bool is_else, size_t at) {
    m_copies += 2 * m_env.size() + 1;
    if (f.current) {
      f.taken.push_back(m_env);
    }
    m_env = f.snapshot;
    if (f.decided) {
      f.current = false;
      return;
    }
    Tri t = is_else ? Tri::yes : truth(m_v, cond, at);
    f.has_else = f.has_else || is_else;
    f.current = t != Tri::no;
    if (t == Tri::yes) {
      f.decided = true;
      f.has_else = true; // nothing falls through
    }
    f.any_unknown = f.any_unknown || t == Tri::unknown;
  }

  void close(size_t at) {
    Frame f = std::move(m_frames.back());
    m_frames.pop_back();
    if (f.current) {
      f.taken.push_back(m_env);
    }
    if (!f.has_else) {
      f.taken.push_back(f.snapshot);
    }
    if (f.taken.empty()) {
      m_env = f.snapshot;
      return;
    }
    if (f.taken.size() == 1) {
      m_env = f.taken[0];
    } else {
      // Merge: a variable whose value differs between branches has every branch's, conditional.
      std::map<std::string, Alts> merged = f.taken[0];
      for (size_t k = 1; k < f.taken.size(); ++k) {
        for (const auto& [name, v] : f.taken[k]) {
          (void)merged[name];
        }
      }
      for (auto& [name, v] : merged) {
        Alts all;
        for (const auto& env : f.taken) {
          auto it = env.find(name);
          if (it == env.end()) {
            all.push_back(unknown_alt());
          } else {
            all.insert(all.end(), it->second.begin(), it->second.end());
          }
        }
        dedupe(all);
        if (all.size() > 1) {
          for (auto& a : all) {
            a.conditional = true;
          }
        }
        bool changed = f.snapshot.count(name) == 0 || f.snapshot[name].size() != all.size();
        v = std::move(all);
        if (changed) {
          m_v.m_vars[name].push_back({at, v});
        }
      }
      m_env = std::move(merged);
    }
  }

  // alias: the value is another variable's (X = Y), which keeps the line where Y was set;
  // anything computed is set here.
  void set(const std::string& name, Alts v, size_t value_offset, size_t end, bool alias = false) {
    for (auto& a : v) {
      if (!a.via || !alias) {
        a.set_offset = value_offset;
      }
      a.via = false; // becomes "via" when read through the name
      a.variable = name;
    }
    m_env[name] = v;
    m_v.m_vars[name].push_back({end, std::move(v)});
  }

  // What is not a plain NAME = value, its operator at text[i]: a Makefile's NAME := value or
  // NAME ?= value, and NAME += expr. True when the text is no plain assignment.
  bool other_assignment(std::string_view text, size_t targets_start, size_t i, size_t offset, size_t end) {
    if (i + 1 < text.size() && (text[i] == ':' || text[i] == '?') && text[i + 1] == '=' && i > targets_start) {
      // A Makefile's NAME := value / NAME ?= value: the rest of the line, as a shell word.
      std::string name(trim(text.substr(targets_start, i - targets_start)));
      std::string_view value = trim(text.substr(i + 2));
      if (!name.empty() && std::all_of(name.begin(), name.end(), is_ident) && value.find(' ') == std::string_view::npos) {
        size_t at = offset + static_cast<size_t>(value.data() - text.data());
        set(name, shell(value, offset), at, end);
      }
      return true;
    }
    if (i >= text.size() || text[i] != '=' || (i + 1 < text.size() && text[i + 1] == '=') || i == targets_start) {
      // NAME += expr
      if (i + 1 < text.size() && text[i] == '+' && text[i + 1] == '=') {
        std::string name(trim(text.substr(targets_start, i - targets_start)));
        if (!name.empty() && std::all_of(name.begin(), name.end(), is_ident) && m_env.count(name)) {
          Alts add = m_v.python(text.substr(i + 2), offset);
          set(name, cross(m_env[name], add, [](const std::string& a, const std::string& b) { return a + b; }), offset + i + 2,
              end);
        }
      }
      return true;
    }
    return false;
  }

  // A, B = x, y (or a tuple or list of values): each name its value, or unknown when the counts differ.
  void tuple_assignment(const std::vector<std::string_view>& names, std::string_view rhs, size_t rhs_offset, size_t offset,
                        size_t end) {
    std::string_view inner = rhs;
    if (!inner.empty() && (inner.front() == '(' || inner.front() == '[') && matching(inner, 0) == inner.size()) {
      inner = inner.substr(1, inner.size() - 2);
    }
    std::vector<std::string_view> values = split_args(inner);
    for (size_t k = 0; k < names.size(); ++k) {
      if (values.size() == names.size()) {
        size_t at = rhs_offset + static_cast<size_t>(values[k].data() - rhs.data());
        at += values[k].size() - trim(values[k]).size() > 0 ? values[k].find_first_not_of(" \t\n") : 0;
        std::string_view one = trim(values[k]);
        bool alias = !one.empty() && is_ident_start(one[0]) && std::all_of(one.begin(), one.end(), is_ident);
        set(std::string(names[k]), m_v.python(values[k], offset), at, end, alias);
      } else {
        set(std::string(names[k]), unknown(), rhs_offset, end);
      }
    }
  }

  // An environment variable the code sets: read by os.getenv (Vars::env).
  void set_env(const std::string& name, const Alts& v, size_t value_offset, size_t end) {
    set(std::string(k_env_prefix) + name, v, value_offset, end);
    for (auto& a : m_v.m_vars[std::string(k_env_prefix) + name].back().values) {
      a.variable = name;
    }
  }

  // os.environ["NAME"] = value
  bool environ_assignment(std::string_view text, size_t offset, size_t end) {
    static constexpr std::string_view k_environ = "os.environ[";
    if (!text.starts_with(k_environ)) {
      return false;
    }
    size_t close = matching(text, k_environ.size() - 1);
    if (close == std::string_view::npos) {
      return true;
    }
    size_t eq = text.find_first_not_of(" \t", close);
    if (eq == std::string_view::npos || text[eq] != '=' || (eq + 1 < text.size() && text[eq + 1] == '=')) {
      return true;
    }
    Alts names = m_v.python(text.substr(k_environ.size(), close - 1 - k_environ.size()), offset);
    if (names.size() != 1 || !names[0].known) {
      return true;
    }
    std::string_view rhs = text.substr(eq + 1);
    size_t rhs_offset = offset + eq + 1 + std::min(rhs.find_first_not_of(" \t"), rhs.size());
    set_env(names[0].text, m_v.python(rhs, offset), rhs_offset, end);
    return true;
  }

  void assignment(std::string_view text, size_t offset, size_t end) {
    if (environ_assignment(text, offset, end)) {
      return;
    }
    size_t i = 0;
    bool exported = false;
    for (std::string_view kw :
         {std::string_view("export "), std::string_view("declare "), std::string_view("local "), std::string_view("readonly ")}) {
      if (text.substr(0, kw.size()) == kw) {
        i = kw.size();
        exported = true;
        break;
      }
    }
    while (i < text.size() && text[i] == ' ') {
      ++i;
    }
    // Targets: NAME or NAME, NAME
    size_t targets_start = i;
    while (i < text.size() && (is_ident(text[i]) || text[i] == ',' || text[i] == ' ' || text[i] == '(' || text[i] == ')')) {
      ++i;
    }
    if (i + 1 < text.size() && text[i] == '<' && text[i + 1] == '-' && i > targets_start) {
      // R: NAME <- value, read as Python reads NAME = value.
      std::string name(trim(text.substr(targets_start, i - targets_start)));
      std::string_view rhs = text.substr(i + 2);
      size_t rhs_offset = offset + i + 2 + std::min(rhs.find_first_not_of(" \t"), rhs.size());
      if (!name.empty() && is_ident_start(name[0]) && std::all_of(name.begin(), name.end(), is_ident)) {
        set(name, m_v.python(trim(rhs), offset), rhs_offset, end);
      }
      return;
    }
    if (other_assignment(text, targets_start, i, offset, end)) {
      return;
    }
    std::string_view targets = trim(text.substr(targets_start, i - targets_start));
    std::string_view rhs = text.substr(i + 1);
    size_t rhs_offset = offset + i + 1 + (rhs.size() - trim(rhs).size() > 0 ? rhs.find_first_not_of(" \t") : 0);
    bool tight = i > 0 && text[i - 1] != ' ' && !rhs.empty() && rhs[0] != ' ';
    std::vector<std::string_view> names = split_args(targets);
    for (auto& n : names) {
      n = trim(n);
      if (!n.empty() && n.front() == '(') {
        n.remove_prefix(1);
      }
      if (!n.empty() && n.back() == ')') {
        n.remove_suffix(1);
      }
      n = trim(n);
      if (n.empty() || !is_ident_start(n[0]) || !std::all_of(n.begin(), n.end(), is_ident)) {
        return;
      }
    }
    rhs = trim(rhs);
    if (names.size() == 1 && (exported || (tight && shell_like(rhs)))) {
      shell_assign(std::string(names[0]), text.substr(targets_start), offset + targets_start, rhs_offset, end);
      if (exported && !m_v.m_vars[std::string(names[0])].empty()) {
        const Vars::Binding& b = m_v.m_vars[std::string(names[0])].back();
        set_env(std::string(names[0]), b.values, b.values.empty() ? rhs_offset : b.values.front().set_offset, end);
      }
      if (exported) {
        // export A=1 B=2
        for (const auto& w : util::read_shell_command(text.substr(targets_start)).words) {
          size_t eq = w.text.find('=');
          if (eq != std::string::npos && eq > 0 && w.text.substr(0, eq) != names[0]) {
            set(w.text.substr(0, eq), shell(std::string_view(w.text).substr(eq + 1), offset),
                offset + targets_start + w.text_offset + eq + 1, end);
          }
        }
      }
      return;
    }
    if (names.size() == 1) {
      bool alias = !rhs.empty() && is_ident_start(rhs[0]) && std::all_of(rhs.begin(), rhs.end(), is_ident);
      set(std::string(names[0]), m_v.python(rhs, offset), rhs_offset, end, alias);
      return;
    }
    tuple_assignment(names, rhs, rhs_offset, offset, end);
  }

  static bool shell_like(std::string_view rhs) {
    if (rhs.empty()) {
      return true;
    }
    if (rhs.front() == '"' || rhs.front() == '\'') {
      return rhs.find('$') != std::string_view::npos || matching_quote_is_end(rhs);
    }
    return rhs.find_first_of("()[]{}+ ,") == std::string_view::npos || rhs.substr(0, 2) == "${" || rhs.substr(0, 2) == "$(";
  }

  static bool matching_quote_is_end(std::string_view rhs) {
    size_t close = rhs.find(rhs.front(), 1);
    return close == rhs.size() - 1;
  }

  Alts shell(std::string_view word, size_t at) const { return m_v.shell(word, at); }

  void shell_assign(const std::string& name, std::string_view stmt, size_t stmt_offset, size_t rhs_offset, size_t end) {
    util::ShellCommand cmd = util::read_shell_command(stmt, 0, 4);
    if (cmd.words.empty()) {
      return;
    }
    const util::ShellWord& w = cmd.words[0];
    size_t eq = w.text.find('=');
    if (eq == std::string::npos) {
      return;
    }
    std::string_view value = std::string_view(w.text).substr(eq + 1);
    Alts v = value.find("$(") != std::string_view::npos || value.find('`') != std::string_view::npos ? unknown()
                                                                                                     : shell(value, rhs_offset);
    (void)stmt_offset;
    bool alias = value.size() > 1 && value[0] == '$' &&
                 (std::all_of(value.begin() + 1, value.end(), is_ident) ||
                  (value[1] == '{' && value.back() == '}' && std::all_of(value.begin() + 2, value.end() - 1, is_ident)));
    set(name, std::move(v), rhs_offset + (stmt.size() > eq + 1 && (stmt[eq + 1] == '"' || stmt[eq + 1] == '\'') ? 1 : 0), end,
        alias);
  }

  // Each if/elif/else copies the variables; past this many copies (a generated file of
  // thousands of conditions), conditions are read as plain lines.
  static constexpr size_t k_max_copies = 1'000'000;
  size_t m_copies = 0;
  Vars& m_v;
  std::map<std::string, Alts> m_env;
  std::vector<Frame> m_frames;
  std::optional<size_t> m_skip_below;
};

Vars::Vars(std::string_view code) {
  VarsBuilder b(*this);
  b.m_end = code.size();
  b.run(code);
}

Alts Vars::env(std::string_view name, size_t at) const {
  Alts v = lookup(std::string(k_env_prefix) + std::string(name), at);
  for (auto& a : v) {
    a.variable = std::string(name);
  }
  return v;
}

Alts Vars::lookup(std::string_view name, size_t at) const {
  auto it = m_vars.find(name);
  if (it == m_vars.end()) {
    return {};
  }
  // Bindings are in the order of the code: the last one at or before `at`.
  const auto& bindings = it->second;
  auto after = std::upper_bound(bindings.begin(), bindings.end(), at, [](size_t a, const Binding& b) { return a < b.offset; });
  if (after == bindings.begin()) {
    return {};
  }
  Alts v = std::prev(after)->values;
  for (auto& a : v) {
    a.via = true;
    a.variable = std::string(name);
  }
  return v;
}

} // namespace lib::scan
