#include "catalog/pep440.hpp"

#include "catalog/error.hpp"
#include "util/text.hpp"

#include <algorithm>
#include <cctype>

namespace catalog::pep440 {

namespace {

// std::tolower of the "C" locale (the only one rtcat runs in), without its call per character.
char ascii_lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

using util::lower;

// Length of the white space character (as Python's str.strip() sees it) that s starts with
// (front) or ends with (!front), in UTF-8; 0 when there is none.
size_t space_at(std::string_view s, bool front) {
  static const std::string_view wide[] = {"\u0085", "\u00a0", "\u1680", "\u2000", "\u2001", "\u2002", "\u2003",
                                          "\u2004", "\u2005", "\u2006", "\u2007", "\u2008", "\u2009", "\u200a",
                                          "\u2028", "\u2029", "\u202f", "\u205f", "\u3000"};
  if (s.empty()) {
    return 0;
  }
  unsigned char c = static_cast<unsigned char>(front ? s.front() : s.back());
  if (std::isspace(c) || (c >= 0x1c && c <= 0x1f)) {
    return 1;
  }
  for (auto w : wide) {
    if (front ? s.starts_with(w) : s.ends_with(w)) {
      return w.size();
    }
  }
  return 0;
}

std::string_view trim(std::string_view s) {
  while (size_t n = space_at(s, true)) {
    s.remove_prefix(n);
  }
  while (size_t n = space_at(s, false)) {
    s.remove_suffix(n);
  }
  return s;
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_sep(char c) {
  return c == '.' || c == '-' || c == '_';
}

// A small cursor over the lower-cased text.
struct Cursor {
  std::string s;
  size_t i = 0;

  bool done() const { return i >= s.size(); }
  char peek(size_t k = 0) const { return i + k < s.size() ? s[i + k] : '\0'; }
  bool number(long& out) {
    size_t start = i;
    long v = 0;
    while (!done() && is_digit(s[i])) {
      if (i - start >= 15) {
        return false;
      }
      v = v * 10 + (s[i] - '0');
      ++i;
    }
    out = v;
    return i > start;
  }
  // Matches one of words at the cursor, longest first; returns its index in words.
  int word(std::initializer_list<std::string_view> words) {
    int best = -1;
    size_t best_len = 0;
    int idx = 0;
    for (auto w : words) {
      if (s.compare(i, w.size(), w) == 0 && w.size() > best_len) {
        best = idx;
        best_len = w.size();
      }
      ++idx;
    }
    if (best >= 0) {
      i += best_len;
    }
    return best;
  }
};

// The most an epoch and the number of release or local segments may be.
constexpr long k_max_epoch = 1000000;
constexpr size_t k_max_segments = 32;

// "[v][N!]N(.N)*": the epoch (0 when not given) and the release segments.
bool parse_release(Cursor& c, int& epoch, std::vector<long>& release) {
  if (c.peek() == 'v') {
    ++c.i;
  }
  long n = 0;
  if (!c.number(n)) {
    return false;
  }
  if (c.peek() == '!') {
    if (n > k_max_epoch) {
      return false;
    }
    epoch = static_cast<int>(n);
    ++c.i;
    if (!c.number(n)) {
      return false;
    }
  }
  release.push_back(n);
  while (c.peek() == '.' && is_digit(c.peek(1))) {
    ++c.i;
    if (!c.number(n) || release.size() >= k_max_segments) {
      return false;
    }
    release.push_back(n);
  }
  return true;
}

// A labelled part of a version (pre, post or dev): "[sep]word[sep][N]".
struct Part {
  bool bad = false; // a number too long
  int word = -1;    // which word; -1: absent (the cursor is left where it was)
  long number = 0;  // 0 when the number is implicit
  bool present() const { return word >= 0; }
};

Part labelled_part(Cursor& c, std::initializer_list<std::string_view> words) {
  size_t save = c.i;
  if (is_sep(c.peek())) {
    ++c.i;
  }
  Part p;
  p.word = c.word(words);
  if (!p.present()) {
    c.i = save;
    return p;
  }
  if (is_sep(c.peek()) && is_digit(c.peek(1))) {
    ++c.i;
  }
  p.bad = is_digit(c.peek()) && !c.number(p.number);
  return p;
}

// "+label(.label)*" at the cursor: the local version label's segments.
bool parse_local(Cursor& c, std::vector<std::string>& local) {
  ++c.i;
  std::string seg;
  while (true) {
    char ch = c.peek();
    if (std::isalnum(static_cast<unsigned char>(ch))) {
      seg += ch;
      ++c.i;
    } else if (is_sep(ch) || ch == '\0') {
      if (seg.empty() || local.size() >= k_max_segments) {
        return false;
      }
      local.push_back(seg);
      seg.clear();
      if (ch == '\0') {
        return true;
      }
      ++c.i;
    } else {
      return false;
    }
  }
}

int compare_local(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  // Numeric segments sort after alphanumeric ones and compare as numbers; a longer local
  // version sorts after a shorter one it starts with.
  size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) {
    bool an = std::all_of(a[i].begin(), a[i].end(), is_digit);
    bool bn = std::all_of(b[i].begin(), b[i].end(), is_digit);
    if (an != bn) {
      return an ? 1 : -1;
    }
    if (an) {
      auto strip = [](const std::string& x) {
        size_t k = x.find_first_not_of('0');
        return k == std::string::npos ? std::string("0") : x.substr(k);
      };
      std::string x = strip(a[i]);
      std::string y = strip(b[i]);
      if (x.size() != y.size()) {
        return x.size() < y.size() ? -1 : 1;
      }
      if (x != y) {
        return x < y ? -1 : 1;
      }
    } else if (a[i] != b[i]) {
      return a[i] < b[i] ? -1 : 1;
    }
  }
  if (a.size() != b.size()) {
    return a.size() < b.size() ? -1 : 1;
  }
  return 0;
}

template <typename T> int cmp(const T& a, const T& b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}

} // namespace

std::optional<Version> Version::try_parse(std::string_view text) {
  Cursor c{lower(trim(text))};
  Version v;
  if (!parse_release(c, v.m_epoch, v.m_release)) {
    return std::nullopt;
  }
  Part pre = labelled_part(c, {"a", "alpha", "b", "beta", "c", "rc", "pre", "preview"});
  if (pre.bad) {
    return std::nullopt;
  }
  if (pre.present()) {
    static const int kinds[] = {0, 0, 1, 1, 2, 2, 2, 2}; // a, b, rc
    v.m_pre_kind = kinds[pre.word];
    v.m_pre_num = pre.number;
  }
  if (c.peek() == '-' && is_digit(c.peek(1))) { // 1.0-1: an implicit post-release
    ++c.i;
    long num = 0;
    if (!c.number(num)) {
      return std::nullopt;
    }
    v.m_post = num;
  } else if (Part post = labelled_part(c, {"post", "rev", "r"}); post.bad) {
    return std::nullopt;
  } else if (post.present()) {
    v.m_post = post.number;
  }
  Part dev = labelled_part(c, {"dev"});
  if (dev.bad) {
    return std::nullopt;
  }
  if (dev.present()) {
    v.m_dev = dev.number;
  }
  if (c.peek() == '+' && !parse_local(c, v.m_local)) {
    return std::nullopt;
  }
  if (!c.done()) {
    return std::nullopt;
  }
  return v;
}

Version Version::parse(std::string_view text) {
  if (auto v = try_parse(text)) {
    return *v;
  }
  throw InvalidInput("invalid version '" + std::string(text) + "': not a PEP 440 version (like 1.0.2, 2.1rc1, 1!2.0)");
}

Version Version::public_version() const {
  Version v = *this;
  v.m_local.clear();
  return v;
}

Version Version::base_version() const {
  Version v;
  v.m_epoch = m_epoch;
  v.m_release = m_release;
  return v;
}

Version Version::post_base() const {
  Version v = base_version();
  v.m_pre_kind = m_pre_kind;
  v.m_pre_num = m_pre_num;
  return v;
}

Version Version::earliest_prerelease() const {
  Version v = public_version();
  v.m_dev = 0;
  return v;
}

std::string Version::str() const {
  std::string out;
  if (m_epoch != 0) {
    out += std::to_string(m_epoch) + "!";
  }
  for (size_t i = 0; i < m_release.size(); ++i) {
    out += (i ? "." : "") + std::to_string(m_release[i]);
  }
  if (m_pre_kind >= 0) {
    static const char* names[] = {"a", "b", "rc"};
    out += names[m_pre_kind] + std::to_string(m_pre_num);
  }
  if (m_post) {
    out += ".post" + std::to_string(*m_post);
  }
  if (m_dev) {
    out += ".dev" + std::to_string(*m_dev);
  }
  for (size_t i = 0; i < m_local.size(); ++i) {
    out += (i ? "." : "+") + m_local[i];
  }
  return out;
}

std::strong_ordering Version::operator<=>(const Version& o) const {
  auto to_ordering = [](int r) {
    return r < 0 ? std::strong_ordering::less : (r > 0 ? std::strong_ordering::greater : std::strong_ordering::equal);
  };
  if (int r = cmp(m_epoch, o.m_epoch)) {
    return to_ordering(r);
  }
  // Release, ignoring trailing zeros.
  size_t n = std::max(m_release.size(), o.m_release.size());
  for (size_t i = 0; i < n; ++i) {
    long a = i < m_release.size() ? m_release[i] : 0;
    long b = i < o.m_release.size() ? o.m_release[i] : 0;
    if (int r = cmp(a, b)) {
      return to_ordering(r);
    }
  }
  // Pre-release key: a dev release with no pre or post sorts before every pre-release;
  // no pre-release sorts after all of them.
  auto pre_key = [](const Version& v) -> std::pair<int, long> {
    if (v.m_pre_kind < 0 && !v.m_post && v.m_dev) {
      return {-1, 0};
    }
    if (v.m_pre_kind < 0) {
      return {3, 0};
    }
    return {v.m_pre_kind, v.m_pre_num};
  };
  if (int r = cmp(pre_key(*this), pre_key(o))) {
    return to_ordering(r);
  }
  auto post_key = [](const Version& v) -> long { return v.m_post ? *v.m_post : -1; };
  if (int r = cmp(post_key(*this), post_key(o))) {
    return to_ordering(r);
  }
  auto dev_key = [](const Version& v) -> std::pair<int, long> {
    return v.m_dev ? std::pair<int, long>{0, *v.m_dev} : std::pair<int, long>{1, 0};
  };
  if (int r = cmp(dev_key(*this), dev_key(o))) {
    return to_ordering(r);
  }
  return to_ordering(compare_local(m_local, o.m_local));
}

// --- Specifiers ---

Specifier Specifier::parse(std::string_view raw) {
  std::string_view text = trim(raw);
  auto fail = [&](const std::string& why) -> Specifier {
    throw InvalidInput("invalid version specifier '" + std::string(raw) + "': " + why);
  };
  static const std::string_view ops[] = {"===", "~=", "==", "!=", "<=", ">=", "<", ">"};
  Specifier s;
  for (auto op : ops) {
    if (text.substr(0, op.size()) == op) {
      s.op = std::string(op);
      break;
    }
  }
  if (s.op.empty()) {
    return fail("expected an operator (==, !=, <=, >=, <, >, ~= or ===) before the version");
  }
  std::string_view rest = trim(text.substr(s.op.size()));
  if (rest.empty()) {
    return fail("missing version after '" + s.op + "'");
  }
  if (s.op == "===") {
    s.version_text = std::string(rest);
    return s;
  }
  if (rest.size() >= 2 && rest.substr(rest.size() - 2) == ".*") {
    if (s.op != "==" && s.op != "!=") {
      return fail("'.*' is only allowed with == and !=");
    }
    s.wildcard = true;
    rest.remove_suffix(2);
  }
  s.version_text = std::string(rest);
  auto v = Version::try_parse(rest);
  if (!v) {
    return fail("'" + std::string(rest) + "' is not a PEP 440 version");
  }
  if (s.wildcard && (v->is_prerelease() || v->is_postrelease() || v->has_local())) {
    return fail("a '.*' prefix may only contain release numbers");
  }
  if (v->has_local() && s.op != "==" && s.op != "!=") {
    return fail("a local version label is only allowed with == and !=");
  }
  if (s.op == "~=" && (v->release().size() < 2 || v->has_local())) {
    return fail("'~=' needs at least two release numbers, like ~=1.4");
  }
  s.version = *v;
  return s;
}

namespace {
// Whether candidate's epoch and release start with the given ones (missing parts count as 0).
bool prefix_match(const Version& candidate, int epoch, const std::vector<long>& p) {
  if (candidate.epoch() != epoch) {
    return false;
  }
  const auto& c = candidate.release();
  for (size_t i = 0; i < p.size(); ++i) {
    long cv = i < c.size() ? c[i] : 0;
    if (cv != p[i]) {
      return false;
    }
  }
  return true;
}
} // namespace

namespace {
// <V: below V, and not a pre-release of V itself unless V is one (PEP 440, exclusive ordered
// comparison). The pre-releases of 1.0 are those from 1.0.dev0 up to 1.0; those of 1.0.post1
// are its .devN only.
bool less_than(const Version& v, const Version& spec) {
  if (!(v.public_version() < spec)) {
    return false;
  }
  return spec.is_prerelease() || !v.is_prerelease() || v < spec.earliest_prerelease();
}

// >V: above V, and neither a post-release of V itself unless V is one, nor a local version of
// V itself. 1.0.post1 is a post-release of 1.0, 1.0a1.post1 of 1.0a1; 1.0+local and 1.0a2+local
// are above 1.0.dev1 and 1.0a1.
bool greater_than(const Version& v, const Version& spec) {
  if (!(v.public_version() > spec)) {
    return false; // also excludes V's own local versions: their public version is V
  }
  return spec.is_postrelease() || !v.is_postrelease() || v.post_base() != spec;
}
} // namespace

bool Specifier::contains(const Version& v, bool prereleases) const {
  if (!prereleases && v.is_prerelease()) {
    return false;
  }
  if (op == "===") {
    return lower(trim(version_text)) == v.str() || lower(trim(version_text)) == lower(v.str());
  }
  const Version& spec = *version;
  if (op == "==" || op == "!=") {
    bool eq;
    if (wildcard) {
      eq = prefix_match(v, spec.epoch(), spec.release());
    } else if (spec.has_local()) {
      eq = v == spec;
    } else {
      eq = v.public_version() == spec;
    }
    return op == "==" ? eq : !eq;
  }
  if (op == "~=") {
    std::vector<long> prefix(spec.release().begin(), spec.release().end() - 1);
    return v.public_version() >= spec && prefix_match(v, spec.epoch(), prefix);
  }
  if (op == "<=") {
    return v.public_version() <= spec;
  }
  if (op == ">=") {
    return v.public_version() >= spec;
  }
  return op == "<" ? less_than(v, spec) : greater_than(v, spec);
}

namespace {

// How a prefix clause (== P.* or the prefix of ~=) meets the line: the prefix covers the whole line
// when it is no longer than the line and agrees with it, part of it when longer and agreeing.
LineHolds prefix_on_line(int epoch, const std::vector<long>& prefix, const std::vector<long>& line) {
  const size_t n = std::min(prefix.size(), line.size());
  if (epoch != 0 || !std::equal(prefix.begin(), prefix.begin() + static_cast<long>(n), line.begin())) {
    return LineHolds::never;
  }
  return prefix.size() <= line.size() ? LineHolds::always : LineHolds::maybe;
}

// One exact version against the line: on it (one version of many: maybe) when it is a final or
// post release whose release numbers, padded with zeros to the line's length, begin with the
// line's (2 is 2.0, not on the line 2.8).
LineHolds exact_on_line(const Version& v, const std::vector<long>& line) {
  if (v.is_prerelease()) {
    return LineHolds::never;
  }
  std::vector<long> rel = v.release();
  if (rel.size() < line.size()) {
    rel.resize(line.size(), 0);
  }
  return v.epoch() == 0 && std::equal(line.begin(), line.end(), rel.begin()) ? LineHolds::maybe : LineHolds::never;
}

LineHolds both(LineHolds a, LineHolds b) {
  if (a == LineHolds::never || b == LineHolds::never) {
    return LineHolds::never;
  }
  return a == LineHolds::always && b == LineHolds::always ? LineHolds::always : LineHolds::maybe;
}

LineHolds negated(LineHolds h) {
  return h == LineHolds::always ? LineHolds::never : h == LineHolds::never ? LineHolds::always : LineHolds::maybe;
}

// The line as versions: its first release (the line itself, 2.8 == 2.8.0) and the first version
// after it (2.9.dev0): every version of the line v has lo <= v < hi.
std::pair<Version, Version> line_bounds(const std::vector<long>& line) {
  std::string lo;
  std::string hi;
  for (size_t i = 0; i < line.size(); ++i) {
    lo += (i ? "." : "") + std::to_string(line[i]);
    hi += (i ? "." : "") + std::to_string(i + 1 == line.size() ? line[i] + 1 : line[i]);
  }
  return {Version::parse(lo), Version::parse(hi + ".dev0")};
}

} // namespace

LineHolds Specifier::on_line(const std::vector<long>& line) const {
  if (line.empty()) {
    return LineHolds::maybe;
  }
  if (op == "===") {
    // Compared as text with the installed version: possible only where its numbers fit the line.
    auto v = Version::try_parse(version_text);
    return v && exact_on_line(*v, line) == LineHolds::never ? LineHolds::never : LineHolds::maybe;
  }
  const Version& spec = *version;
  if (spec.epoch() != 0) {
    // Epoch 0 against another epoch: every comparison goes one way.
    return (op == "<" || op == "<=" || op == "!=") ? LineHolds::always : LineHolds::never;
  }
  const auto [lo, hi] = line_bounds(line);
  if (op == "==" || op == "!=") {
    LineHolds eq = wildcard ? prefix_on_line(0, spec.release(), line) : exact_on_line(spec, line);
    return op == "==" ? eq : negated(eq);
  }
  if (op == "~=") {
    std::vector<long> prefix(spec.release().begin(), spec.release().end() - 1);
    Specifier at_least{">=", version_text, false, spec};
    return both(at_least.on_line(line), prefix_on_line(0, prefix, line));
  }
  const Version& v = spec.public_version();
  if (op == ">=") {
    return v <= lo ? LineHolds::always : v >= hi ? LineHolds::never : LineHolds::maybe;
  }
  if (op == ">") {
    return v < lo ? LineHolds::always : v >= hi ? LineHolds::never : LineHolds::maybe;
  }
  if (op == "<=") {
    return v >= hi ? LineHolds::always : v < lo ? LineHolds::never : LineHolds::maybe;
  }
  // "<"
  return v >= hi ? LineHolds::always : v <= lo ? LineHolds::never : LineHolds::maybe;
}

std::string Specifier::str() const {
  return op + version_text + (wildcard ? ".*" : "");
}

SpecifierSet SpecifierSet::parse(std::string_view text) {
  SpecifierSet set;
  std::string_view rest = trim(text);
  if (rest.empty()) {
    return set;
  }
  while (true) {
    size_t comma = rest.find(',');
    std::string_view part = rest.substr(0, comma);
    if (trim(part).empty()) {
      throw InvalidInput("invalid version specifier '" + std::string(text) + "': empty clause between commas");
    }
    set.clauses.push_back(Specifier::parse(part));
    if (comma == std::string_view::npos) {
      break;
    }
    rest = rest.substr(comma + 1);
  }
  return set;
}

bool SpecifierSet::contains(const Version& v, bool prereleases) const {
  if (!prereleases && v.is_prerelease()) {
    return false;
  }
  return std::all_of(clauses.begin(), clauses.end(), [&](const Specifier& s) { return s.contains(v); });
}

LineHolds SpecifierSet::on_line(const std::vector<long>& line) const {
  LineHolds out = LineHolds::always;
  for (const auto& c : clauses) {
    out = both(out, c.on_line(line));
  }
  return out;
}

std::string SpecifierSet::str() const {
  std::string out;
  for (size_t i = 0; i < clauses.size(); ++i) {
    out += (i ? "," : "") + clauses[i].str();
  }
  return out;
}

std::string normalize_name(std::string_view name) {
  // Written in place into a buffer of the name's size (the normal form is never longer).
  std::string out(name.size(), '\0');
  size_t n = 0;
  bool sep = false;
  for (char c : name) {
    if (is_sep(c)) {
      sep = true;
      continue;
    }
    if (sep && n > 0) {
      out[n++] = '-';
    }
    sep = false;
    out[n++] = ascii_lower(c);
  }
  out.resize(n);
  return out;
}

Requirement Requirement::parse(std::string_view raw) {
  std::string_view text = trim(raw);
  Requirement r;
  size_t semi = text.find(';');
  if (semi != std::string_view::npos) {
    r.marker = std::string(trim(text.substr(semi + 1)));
    text = trim(text.substr(0, semi));
  }
  size_t i = 0;
  while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || is_sep(text[i]))) {
    ++i;
  }
  std::string_view name = text.substr(0, i);
  if (name.empty() || !std::isalnum(static_cast<unsigned char>(name.front())) ||
      !std::isalnum(static_cast<unsigned char>(name.back()))) {
    throw InvalidInput("invalid requirement '" + std::string(raw) +
                       "': expected a package name and optional specifiers, like tensorflow>=2.11");
  }
  r.name = normalize_name(name);
  std::string_view rest = trim(text.substr(i));
  if (!rest.empty() && rest.front() == '[') {
    size_t close = rest.find(']');
    if (close == std::string_view::npos) {
      throw InvalidInput("invalid requirement '" + std::string(raw) + "': unclosed '[' in extras");
    }
    rest = trim(rest.substr(close + 1));
  }
  if (!rest.empty() && rest.front() == '(' && rest.back() == ')') {
    rest = trim(rest.substr(1, rest.size() - 2));
  }
  try {
    r.specifiers = SpecifierSet::parse(rest);
  } catch (const InvalidInput& e) {
    throw InvalidInput("invalid requirement '" + std::string(raw) + "': " + e.what());
  }
  return r;
}

std::string Requirement::str() const {
  return name + specifiers.str();
}

} // namespace catalog::pep440
