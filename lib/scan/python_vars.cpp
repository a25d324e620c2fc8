// Python expressions and conditions, as the code has them at a byte (lib/scan/vars.hpp): a small
// recursive-descent reader that knows string literals (f-strings too), names, + and %,
// .format/.replace/.split/[i], str() and os.getenv. Everything else evaluates to "unknown",
// which never becomes a reference.

#include "lib/scan/brackets.hpp"
#include "lib/scan/vars.hpp"
#include "lib/scan/vars_eval.hpp"
#include "util/text.hpp"

#include <algorithm>
#include <optional>

namespace lib::scan {

namespace {

using util::is_ident;
using util::is_ident_start;
using util::trim;

class Eval {
public:
  Eval(const Vars& vars, size_t at, std::string_view s, int depth, bool lenient = false)
      : m_vars(vars), m_at(at), m_s(s), m_depth(depth), m_lenient(lenient) {}

  // The whole text as one expression; unknown when something is left over.
  Alts all() {
    if (m_depth > k_max_depth) {
      return unknown();
    }
    Alts v = sum();
    ws();
    if (starts("or ")) {
      // a or b: a where it is true; b where it is None or empty, or cannot be known (an
      // argument's default: param or "1.4"), then as one branch of a condition.
      m_i += 3;
      Alts b = all();
      Alts out;
      for (auto& a : v) {
        if (a.known && !a.text.empty()) {
          out.push_back(a);
          continue;
        }
        bool none = !a.known && a.text == "None";
        for (Alt x : b) {
          x.conditional = x.conditional || !(a.known || none);
          out.push_back(std::move(x));
        }
      }
      dedupe(out);
      return out;
    }
    if (m_i < m_s.size() && m_s[m_i] != '#') {
      if (starts("if ")) {
        // a if cond else b: both, conditional (the condition is not evaluated here)
        size_t else_at = m_s.find(" else ", m_i);
        if (else_at != std::string_view::npos) {
          Eval other(m_vars, m_at, m_s.substr(else_at + 6), m_depth + 1, m_lenient);
          Alts b = other.all();
          v.insert(v.end(), b.begin(), b.end());
          for (auto& a : v) {
            a.conditional = true;
          }
          dedupe(v);
          return v;
        }
      }
      return unknown();
    }
    return v;
  }

private:
  void ws() {
    while (m_i < m_s.size() &&
           (m_s[m_i] == ' ' || m_s[m_i] == '\t' || m_s[m_i] == '\n' || m_s[m_i] == '\r' || m_s[m_i] == '\\')) {
      ++m_i;
    }
  }
  bool starts(std::string_view p) const { return m_s.substr(m_i, p.size()) == p; }

  Alts sub(std::string_view text) const {
    Eval e(m_vars, m_at, text, m_depth + 1, m_lenient);
    return e.all();
  }

  Alts sum() {
    Alts v = postfix();
    while (true) {
      ws();
      if (m_i < m_s.size() && m_s[m_i] == '+' && !starts("+=")) {
        ++m_i;
        Alts r = postfix();
        v = cross(v, r, [](const std::string& a, const std::string& b) { return a + b; });
      } else if (m_i < m_s.size() && m_s[m_i] == '%' && !starts("%=")) {
        ++m_i;
        ws();
        std::vector<Alts> args;
        if (m_i < m_s.size() && m_s[m_i] == '(') {
          size_t close = matching(m_s, m_i);
          if (close == std::string_view::npos) {
            return unknown();
          }
          for (auto a : split_args(m_s.substr(m_i + 1, close - m_i - 2))) {
            args.push_back(sub(a));
          }
          m_i = close;
        } else {
          args.push_back(postfix());
        }
        v = percent(v, args);
      } else {
        return v;
      }
    }
  }

  static Alts percent(const Alts& fmt, const std::vector<Alts>& args) {
    Alts out = fmt;
    // Fill the %s (and %d, %r) one argument at a time.
    for (const auto& arg : args) {
      out = cross(out, arg, [](const std::string& f, const std::string& a) {
        size_t p = 0;
        while ((p = f.find('%', p)) != std::string::npos && p + 1 < f.size() && f[p + 1] == '%') {
          p += 2;
        }
        if (p == std::string::npos || p + 1 >= f.size()) {
          return f;
        }
        return f.substr(0, p) + a + f.substr(p + 2);
      });
    }
    return out;
  }

  Alts postfix() {
    Alts v = primary();
    while (true) {
      ws();
      if (starts(".")) {
        size_t name_start = m_i + 1;
        size_t e = name_start;
        while (e < m_s.size() && is_ident(m_s[e])) {
          ++e;
        }
        std::string_view name = m_s.substr(name_start, e - name_start);
        if (e >= m_s.size() || m_s[e] != '(') {
          return unknown();
        }
        size_t close = matching(m_s, e);
        if (close == std::string_view::npos) {
          return unknown();
        }
        std::string_view inner = m_s.substr(e + 1, close - e - 2);
        m_i = close;
        v = method(v, name, inner);
      } else if (starts("[")) {
        size_t close = matching(m_s, m_i);
        if (close == std::string_view::npos) {
          return unknown();
        }
        std::string_view inner = trim(m_s.substr(m_i + 1, close - m_i - 2));
        m_i = close;
        v = subscript(v, inner);
      } else {
        return v;
      }
    }
  }

  static std::optional<long> integer(std::string_view s) {
    s = trim(s);
    if (s.empty()) {
      return std::nullopt;
    }
    bool neg = s[0] == '-';
    if (neg) {
      s.remove_prefix(1);
    }
    if (s.empty() || s.size() > 6 || s.find_first_not_of("0123456789") != std::string_view::npos) {
      return std::nullopt;
    }
    long v = std::stol(std::string(s));
    return neg ? -v : v;
  }

  Alts subscript(const Alts& v, std::string_view inner) {
    size_t colon = inner.find(':');
    Alts out;
    for (const auto& a : v) {
      Alt r = a;
      if (!a.known) {
        out.push_back(r);
        continue;
      }
      long n = static_cast<long>(a.text.size());
      auto norm = [&](long k) { return std::clamp(k < 0 ? k + n : k, 0L, n); };
      if (colon == std::string_view::npos) {
        auto k = integer(inner);
        if (!k || (*k < 0 ? *k + n : *k) < 0 || (*k < 0 ? *k + n : *k) >= n) {
          r.known = false;
        } else {
          r.text = std::string(1, a.text[static_cast<size_t>(*k < 0 ? *k + n : *k)]);
        }
      } else {
        auto lo = trim(inner.substr(0, colon)).empty() ? std::optional<long>(0) : integer(inner.substr(0, colon));
        auto hi = trim(inner.substr(colon + 1)).empty() ? std::optional<long>(n) : integer(inner.substr(colon + 1));
        if (!lo || !hi) {
          r.known = false;
        } else {
          long b = norm(*lo);
          long e = norm(*hi);
          r.text = e > b ? a.text.substr(static_cast<size_t>(b), static_cast<size_t>(e - b)) : "";
        }
      }
      out.push_back(std::move(r));
    }
    return out;
  }

  // "...".format(args): positional and keyword arguments.
  Alts format_call(const Alts& v, const std::vector<std::string_view>& raw) {
    std::vector<Alts> pos;
    std::vector<std::pair<std::string, Alts>> kw;
    for (auto a : raw) {
      a = trim(a);
      size_t eq = a.find('=');
      if (eq != std::string_view::npos && eq > 0 && is_ident_start(a[0]) &&
          std::all_of(a.begin(), a.begin() + static_cast<long>(eq), [](char c) { return is_ident(c) || c == ' '; }) &&
          (eq + 1 >= a.size() || a[eq + 1] != '=')) {
        kw.emplace_back(std::string(trim(a.substr(0, eq))), sub(a.substr(eq + 1)));
      } else {
        pos.push_back(sub(a));
      }
    }
    return format(v, pos, kw);
  }

  // s.split(sep)[i]: only with an index right after the call.
  Alts split_call(const Alts& v, const std::vector<Alts>& args) {
    ws();
    if (!starts("[")) {
      return unknown();
    }
    size_t close = matching(m_s, m_i);
    if (close == std::string_view::npos) {
      return unknown();
    }
    auto k = integer(m_s.substr(m_i + 1, close - m_i - 2));
    m_i = close;
    if (!k) {
      return unknown();
    }
    long index = *k;
    Alts seps = args.empty() ? literal(" ") : args[0];
    return cross(v, seps, [index](const std::string& s, const std::string& sep) -> std::string {
      std::vector<std::string> parts;
      size_t p = 0;
      if (sep.empty()) {
        return "\x1e";
      }
      for (size_t q; (q = s.find(sep, p)) != std::string::npos; p = q + sep.size()) {
        parts.push_back(s.substr(p, q - p));
      }
      parts.push_back(s.substr(p));
      long n = static_cast<long>(parts.size());
      long i = index < 0 ? index + n : index;
      return i >= 0 && i < n ? parts[static_cast<size_t>(i)] : std::string("\x1e");
    });
  }

  Alts method(const Alts& v, std::string_view name, std::string_view inner) {
    std::vector<std::string_view> raw = split_args(inner);
    if (name == "format") {
      return format_call(v, raw);
    }
    std::vector<Alts> args;
    for (auto a : raw) {
      args.push_back(sub(a));
    }
    if (name == "replace" && args.size() == 2) {
      Alts out = cross(v, args[0], [](const std::string& s, const std::string& a) { return s + '\x1f' + a; });
      return cross(out, args[1], [](const std::string& sa, const std::string& b) {
        size_t sep = sa.rfind('\x1f');
        std::string s = sa.substr(0, sep);
        std::string a = sa.substr(sep + 1);
        if (a.empty()) {
          return s;
        }
        std::string r;
        size_t p = 0;
        for (size_t q; (q = s.find(a, p)) != std::string::npos; p = q + a.size()) {
          r += s.substr(p, q - p) + b;
        }
        return r + s.substr(p);
      });
    }
    if (name == "split") {
      return split_call(v, args);
    }
    if (name == "lower" || name == "upper" || name == "strip" || name == "lstrip" || name == "rstrip") {
      Alts out = v;
      for (auto& a : out) {
        if (name == "lower" || name == "upper") {
          for (char& c : a.text) {
            c = static_cast<char>(name == "lower" ? std::tolower(static_cast<unsigned char>(c))
                                                  : std::toupper(static_cast<unsigned char>(c)));
          }
        } else if (args.empty()) {
          a.text = std::string(trim(a.text));
        }
      }
      return out;
    }
    if ((name == "startswith" || name == "endswith") && args.size() == 1) {
      bool starts_with = name == "startswith";
      return cross(v, args[0], [starts_with](const std::string& s, const std::string& p) {
        bool r = s.size() >= p.size() &&
                 (starts_with ? s.compare(0, p.size(), p) == 0 : s.compare(s.size() - p.size(), p.size(), p) == 0);
        return r ? std::string("True") : std::string();
      });
    }
    return unknown();
  }

  static Alts format(const Alts& v, const std::vector<Alts>& pos, const std::vector<std::pair<std::string, Alts>>& kw) {
    // Each {} / {0} / {name} is filled by one argument; the product over arguments is bounded.
    Alts out;
    for (const auto& f : v) {
      if (!f.known) {
        out.push_back(f);
        continue;
      }
      // Split the template into literal parts and fields.
      std::vector<std::pair<bool, std::string>> pieces; // (field?, text or field name)
      size_t next_auto = 0;
      std::string lit;
      bool ok = true;
      for (size_t i = 0; i < f.text.size(); ++i) {
        char c = f.text[i];
        if (c == '{' && i + 1 < f.text.size() && f.text[i + 1] == '{') {
          lit += '{';
          ++i;
        } else if (c == '}' && i + 1 < f.text.size() && f.text[i + 1] == '}') {
          lit += '}';
          ++i;
        } else if (c == '{') {
          size_t close = f.text.find('}', i);
          if (close == std::string::npos) {
            ok = false;
            break;
          }
          std::string field = f.text.substr(i + 1, close - i - 1);
          field = field.substr(0, field.find_first_of(":!"));
          if (field.empty()) {
            field = std::to_string(next_auto++);
          }
          pieces.emplace_back(false, lit);
          lit.clear();
          pieces.emplace_back(true, field);
          i = close;
        } else {
          lit += c;
        }
      }
      pieces.emplace_back(false, lit);
      Alts acc{f};
      acc[0].text.clear();
      if (!ok) {
        out.push_back(unknown_alt());
        continue;
      }
      for (const auto& [field, text] : pieces) {
        Alts part;
        if (!field) {
          part = literal(text);
        } else if (!text.empty() && text.size() <= 6 && text.find_first_not_of("0123456789") == std::string::npos) {
          size_t k = std::stoul(text);
          part = k < pos.size() ? pos[k] : unknown();
        } else {
          part = unknown();
          for (const auto& kv : kw) {
            if (kv.first == text) {
              part = kv.second;
            }
          }
        }
        acc = cross(acc, part, [](const std::string& a, const std::string& b) { return a + b; });
      }
      out.insert(out.end(), acc.begin(), acc.end());
    }
    dedupe(out);
    return out;
  }

  // A string literal (any prefix, any quote), f-strings evaluated; adjacent literals joined, in a
  // loop (a line of many literals must not recurse).
  std::optional<Alts> string_literal() {
    std::optional<Alts> v = one_literal();
    if (!v) {
      return v;
    }
    while (true) {
      ws();
      if (m_i >= m_s.size() ||
          !(m_s[m_i] == '"' || m_s[m_i] == '\'' ||
            (is_ident_start(m_s[m_i]) && m_i + 1 < m_s.size() && (m_s[m_i + 1] == '"' || m_s[m_i + 1] == '\'')))) {
        return v;
      }
      std::optional<Alts> next = one_literal();
      if (!next) {
        return v;
      }
      v = cross(*v, *next, [](const std::string& a, const std::string& b) { return a + b; });
    }
  }

  std::optional<Alts> one_literal() {
    size_t save = m_i;
    bool f = false;
    bool raw = false;
    while (m_i < m_s.size() && m_i - save < 2 && std::string_view("rRbBuUfF").find(m_s[m_i]) != std::string_view::npos) {
      f = f || m_s[m_i] == 'f' || m_s[m_i] == 'F';
      raw = raw || m_s[m_i] == 'r' || m_s[m_i] == 'R';
      ++m_i;
    }
    if (m_i >= m_s.size() || (m_s[m_i] != '"' && m_s[m_i] != '\'')) {
      m_i = save;
      return std::nullopt;
    }
    char q = m_s[m_i];
    bool triple = m_s.substr(m_i, 3) == std::string(3, q);
    m_i += triple ? 3 : 1;
    std::string body;
    bool closed = false;
    while (m_i < m_s.size()) {
      char c = m_s[m_i];
      if (c == '\\' && !raw && m_i + 1 < m_s.size()) {
        char e = m_s[m_i + 1];
        body += e == 'n' ? '\n' : e == 't' ? '\t' : e;
        m_i += 2;
        continue;
      }
      if (c == q && (!triple || m_s.substr(m_i, 3) == std::string(3, q))) {
        m_i += triple ? 3 : 1;
        closed = true;
        break;
      }
      body += c;
      ++m_i;
    }
    if (!closed) {
      return unknown();
    }
    return f ? fstring(body) : literal(body);
  }

  Alts fstring(const std::string& body) const {
    Alts acc = literal("");
    std::string lit;
    for (size_t i = 0; i < body.size(); ++i) {
      char c = body[i];
      if ((c == '{' || c == '}') && i + 1 < body.size() && body[i + 1] == c) {
        lit += c;
        ++i;
        continue;
      }
      if (c != '{') {
        lit += c;
        continue;
      }
      size_t close = matching(body, i);
      if (close == std::string::npos) {
        return unknown();
      }
      std::string_view inner = std::string_view(body).substr(i + 1, close - i - 2);
      size_t cut = inner.size();
      for (size_t k = 0; k < inner.size(); ++k) {
        if ((inner[k] == '!' && (k + 1 >= inner.size() || inner[k + 1] != '=')) ||
            (inner[k] == ':' && inner.find('[') == std::string_view::npos) || (inner[k] == '=' && k + 1 == inner.size())) {
          cut = k;
          break;
        }
      }
      acc = cross(acc, literal(lit), [](const std::string& a, const std::string& b) { return a + b; });
      lit.clear();
      acc = cross(acc, sub(inner.substr(0, cut)), [](const std::string& a, const std::string& b) { return a + b; });
      i = close - 1;
    }
    return cross(acc, literal(lit), [](const std::string& a, const std::string& b) { return a + b; });
  }

  // The expression inside the brackets that open at m_s[open]; reading goes on after them.
  Alts bracketed(size_t open) {
    size_t close = matching(m_s, open);
    if (close == std::string_view::npos) {
      return unknown();
    }
    std::string_view inner = m_s.substr(open + 1, close - open - 2);
    m_i = close;
    return sub(inner);
  }

  Alts primary() {
    ws();
    if (m_i >= m_s.size()) {
      return unknown();
    }
    if (auto s = string_literal()) {
      return *s;
    }
    char c = m_s[m_i];
    if (c == '(') {
      return bracketed(m_i);
    }
    if ((c >= '0' && c <= '9') || c == '.') {
      size_t e = m_i;
      while (e < m_s.size() && ((m_s[e] >= '0' && m_s[e] <= '9') || m_s[e] == '.')) {
        ++e;
      }
      std::string num(m_s.substr(m_i, e - m_i));
      m_i = e;
      return literal(num);
    }
    if (!is_ident_start(c)) {
      return unknown();
    }
    size_t e = m_i;
    while (e < m_s.size() && (is_ident(m_s[e]) || (m_s[e] == '.' && e + 1 < m_s.size() && is_ident_start(m_s[e + 1])))) {
      ++e;
    }
    std::string_view name = m_s.substr(m_i, e - m_i);
    // A dotted name followed by a method call: evaluate the head, let postfix read the call.
    size_t dot = name.rfind('.');
    bool call = e < m_s.size() && m_s[e] == '(';
    if (call && (name == "os.getenv" || name == "getenv" || name == "os.environ.get" || name == "environ.get")) {
      size_t close = matching(m_s, e);
      if (close == std::string_view::npos) {
        return unknown();
      }
      auto args = split_args(m_s.substr(e + 1, close - e - 2));
      m_i = close;
      // A variable the code itself set in the environment (%env, export, os.environ[...] = ...).
      if (!args.empty()) {
        Alts names = sub(args[0]);
        if (names.size() == 1 && names[0].known) {
          if (Alts set = m_vars.env(names[0].text, m_at); !set.empty()) {
            return set;
          }
        }
      }
      if (args.size() >= 2) {
        return sub(args[1].substr(
            args[1].find('=') == std::string_view::npos || trim(args[1]).find("default") != 0 ? 0 : args[1].find('=') + 1));
      }
      Alt none;
      none.known = false;
      none.text = "None";
      return {none};
    }
    if (call && (name == "str" || name == "int" || name == "float")) {
      return bracketed(e);
    }
    if (call && dot != std::string_view::npos) {
      // receiver.method(...): the receiver is a name; postfix applies the method.
      m_i += dot;
      return lookup(name.substr(0, dot));
    }
    if (call) {
      size_t close = matching(m_s, e);
      m_i = close == std::string_view::npos ? m_s.size() : close;
      return unknown(); // a function's result
    }
    m_i = e;
    if (name == "None") {
      Alt none;
      none.known = false;
      none.text = "None";
      return {none};
    }
    if (name == "True" || name == "False") {
      return literal(name == "True" ? "True" : "");
    }
    return lookup(name);
  }

  Alts lookup(std::string_view name) const {
    Alts v = m_vars.lookup(name, m_at);
    if (m_lenient) {
      // Building an image URI: a part rtcat cannot know (the region, a project) stands as "x".
      if (v.empty()) {
        v = literal(std::string(k_unknown_part));
      }
      for (auto& a : v) {
        if (!a.known) {
          a.known = true;
          a.text = std::string(k_unknown_part);
        }
      }
    }
    return v.empty() ? unknown() : v;
  }

  const Vars& m_vars;
  size_t m_at;
  std::string_view m_s;
  size_t m_i = 0;
  int m_depth;
  bool m_lenient;
};

// A comparison operator.
struct Op {
  std::string_view text;
  int kind; // 0 ==, 1 !=, 2 is, 3 is not, 4 in, 5 not in
};

// Truth of the comparison c whose operator stands at c[p], at `at`.
Tri comparison(const Vars& vars, std::string_view c, size_t at, int depth, Op op, size_t p) {
  Alts a = Eval(vars, at, c.substr(0, p), depth + 1).all();
  std::string_view right = trim(c.substr(p + op.text.size()));
  std::vector<std::string> set;
  bool set_ok = true;
  Alts b;
  if (op.kind >= 4) {
    if (!right.empty() && (right.front() == '(' || right.front() == '[')) {
      for (auto item : split_args(right.substr(1, right.size() - 2))) {
        Alts v = Eval(vars, at, item, depth + 1).all();
        if (v.size() != 1 || !v[0].known) {
          set_ok = false;
        } else {
          set.push_back(v[0].text);
        }
      }
    } else {
      b = Eval(vars, at, right, depth + 1).all();
    }
  } else {
    b = Eval(vars, at, right, depth + 1).all();
  }
  std::optional<bool> result;
  auto decide = [&](bool r) {
    if (result && *result != r) {
      return false;
    }
    result = r;
    return true;
  };
  for (const auto& x : a) {
    if (op.kind >= 4 && b.empty()) {
      if (!set_ok || !x.known) {
        return Tri::unknown;
      }
      bool in = std::find(set.begin(), set.end(), x.text) != set.end();
      if (!decide(op.kind == 4 ? in : !in)) {
        return Tri::unknown;
      }
      continue;
    }
    for (const auto& y : b) {
      bool x_none = !x.known && x.text == "None";
      bool y_none = !y.known && y.text == "None";
      bool r = false;
      if (op.kind >= 4) {
        if (!x.known || !y.known) {
          return Tri::unknown;
        }
        r = y.text.find(x.text) != std::string::npos;
        r = op.kind == 4 ? r : !r;
      } else if ((!x.known && !x_none) || (!y.known && !y_none)) {
        return Tri::unknown;
      } else {
        bool eq = x_none || y_none ? (x_none && y_none) : x.text == y.text;
        r = op.kind == 0 || op.kind == 2 ? eq : !eq;
      }
      if (!decide(r)) {
        return Tri::unknown;
      }
    }
  }
  return result ? (*result ? Tri::yes : Tri::no) : Tri::unknown;
}

} // namespace

// Truth of a condition at `at`: comparisons, not/and/or, names, os.getenv (None when unset).
Tri truth(const Vars& vars, std::string_view c, size_t at, int depth) {
  c = trim(c);
  if (depth > k_max_depth || c.empty()) {
    return Tri::unknown;
  }
  // or / and at depth 0 (lowest precedence first)
  for (std::string_view op : {std::string_view(" or "), std::string_view(" and ")}) {
    int d = 0;
    char quote = 0;
    for (size_t i = 0; i + op.size() <= c.size(); ++i) {
      char ch = c[i];
      if (quote) {
        if (ch == quote) {
          quote = 0;
        }
        continue;
      }
      if (ch == '"' || ch == '\'') {
        quote = ch;
      } else if (ch == '(' || ch == '[') {
        ++d;
      } else if (ch == ')' || ch == ']') {
        --d;
      } else if (d == 0 && c.substr(i, op.size()) == op) {
        Tri a = truth(vars, c.substr(0, i), at, depth + 1);
        Tri b = truth(vars, c.substr(i + op.size()), at, depth + 1);
        bool is_or = op == " or ";
        if (is_or) {
          return a == Tri::yes || b == Tri::yes ? Tri::yes : (a == Tri::no && b == Tri::no ? Tri::no : Tri::unknown);
        }
        return a == Tri::no || b == Tri::no ? Tri::no : (a == Tri::yes && b == Tri::yes ? Tri::yes : Tri::unknown);
      }
    }
  }
  if (c.substr(0, 4) == "not ") {
    Tri t = truth(vars, c.substr(4), at, depth + 1);
    return t == Tri::unknown ? t : (t == Tri::yes ? Tri::no : Tri::yes);
  }
  if (c.front() == '(' && matching(c, 0) == c.size()) {
    return truth(vars, c.substr(1, c.size() - 2), at, depth + 1);
  }
  // comparisons
  for (Op op : {Op{" is not ", 3}, Op{" not in ", 5}, Op{"==", 0}, Op{"!=", 1}, Op{" is ", 2}, Op{" in ", 4}}) {
    size_t p = c.find(op.text);
    if (p != std::string_view::npos) {
      return comparison(vars, c, at, depth, op, p);
    }
  }
  Alts v = Eval(vars, at, c, depth + 1).all();
  std::optional<bool> result;
  for (const auto& x : v) {
    bool none = !x.known && x.text == "None";
    if (!x.known && !none) {
      return Tri::unknown;
    }
    bool r = !none && !x.text.empty();
    if (result && *result != r) {
      return Tri::unknown;
    }
    result = r;
  }
  return result ? (*result ? Tri::yes : Tri::no) : Tri::unknown;
}

Alts Vars::python(std::string_view expr, size_t at, bool lenient) const {
  return Eval(*this, at, expr, 0, lenient).all();
}

} // namespace lib::scan
