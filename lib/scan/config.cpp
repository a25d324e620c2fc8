// The scan config file: a tiny strict TOML reader and the YAML form (loaded by util/yaml.hpp).

#include "lib/scan/config.hpp"

#include "catalog/catalog_set.hpp"
#include "catalog/error.hpp"
#include "lib/core/freshness.hpp"
#include "util/file.hpp"
#include "util/input_limits.hpp"
#include "util/text.hpp"
#include "util/utf8.hpp"
#include "util/yaml.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <variant>

namespace lib::scan {

namespace {

namespace fs = std::filesystem;

const std::vector<std::string> k_keys = {"fail-on",       "warn-days", "exclude", "exclude-fences",
                                         "exclude-after", "ignore",    "catalog", "max-data-age"};

struct Item {
  std::variant<std::string, long, std::vector<std::string>> value;
  int line = 0;
  int column = 0;
  int key_line = 0;
  int key_column = 0;
};

[[noreturn]] void fail(const std::string& path, int line, int column, const std::string& what) {
  throw catalog::InvalidInput(path + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + what);
}

bool known(const std::string& key) {
  return std::find(k_keys.begin(), k_keys.end(), key) != k_keys.end();
}

void apply(ScanConfig& c, const std::string& key, const Item& it) {
  if (!known(key)) {
    fail(c.path, it.key_line, it.key_column, "unknown key '" + key + "' " + util::choices(key, k_keys));
  }
  auto want = [&](const std::string& type) { fail(c.path, it.line, it.column, key + " must be " + type); };
  if (key == "fail-on") {
    const auto* s = std::get_if<std::string>(&it.value);
    if (!s) {
      want("a string");
    }
    if (*s != "error" && *s != "warning" && *s != "note" && *s != "never") {
      fail(c.path, it.line, it.column,
           "fail-on '" + *s + "' is not valid " + util::choices(*s, {"error", "warning", "note", "never"}));
    }
    c.fail_on = *s;
  } else if (key == "warn-days") {
    const auto* n = std::get_if<long>(&it.value);
    if (!n || *n < 0 || *n > catalog::k_max_span_days) {
      want("a whole number of days from 0 to " + std::to_string(catalog::k_max_span_days));
    }
    c.warn_days = static_cast<int>(*n);
  } else if (key == "exclude" || key == "ignore") {
    const auto* v = std::get_if<std::vector<std::string>>(&it.value);
    if (!v) {
      want("an array of strings");
    }
    (key == "exclude" ? c.excludes : c.ignore) = *v;
  } else if (key == "exclude-fences" || key == "exclude-after") {
    const auto* v = std::get_if<std::vector<std::string>>(&it.value);
    if (!v) {
      want("an array of strings");
    }
    auto& to = key == "exclude-fences" ? c.markdown.output_labels : c.markdown.output_lead_ins;
    for (const auto& item : *v) {
      if (util::trim(item).empty()) {
        fail(c.path, it.line, it.column, key + " must not hold an empty string");
      }
      to.push_back(util::lower(util::trim(item)));
    }
  } else if (key == "max-data-age") {
    // "90d", "12w", or a number of days.
    const auto* n = std::get_if<long>(&it.value);
    const auto* s = std::get_if<std::string>(&it.value);
    std::string age = n ? std::to_string(*n) : s ? *s : std::string();
    try {
      parse_data_age(age, key);
    } catch (const catalog::InvalidInput&) {
      want("an age such as 90d, 12w or a number of days");
    }
    c.max_data_age = age;
  } else if (key == "catalog") {
    const auto* s = std::get_if<std::string>(&it.value);
    if (!s || s->empty()) {
      want("a path");
    }
    fs::path p(*s);
    c.catalog = p.is_absolute() ? *s : (fs::path(c.path).parent_path() / p).lexically_normal().string();
  }
}

// --- TOML (the subset: top-level keys, strings, integers, arrays of strings) ---------------

class Toml {
public:
  Toml(const std::string& path, const std::string& text) : m_path(path), m_t(text) {}

  void parse(ScanConfig& c) {
    while (skip_blank(true), m_i < m_t.size()) {
      int line = m_line;
      int col = col_here();
      if (m_t[m_i] == '[') {
        fail(m_path, line, col, "tables are not supported: put the keys at the top level (" + util::join(k_keys) + ")");
      }
      std::string key;
      while (m_i < m_t.size() && (std::isalnum(static_cast<unsigned char>(m_t[m_i])) || m_t[m_i] == '-' || m_t[m_i] == '_')) {
        key += m_t[m_i++];
      }
      if (key.empty()) {
        fail(m_path, line, col, "expected a key (" + util::join(k_keys) + ")");
      }
      skip_blank(false);
      if (m_i >= m_t.size() || m_t[m_i] != '=') {
        fail(m_path, m_line, col_here(), "expected '=' after " + key);
      }
      ++m_i;
      skip_blank(false);
      Item it;
      it.key_line = line;
      it.key_column = col;
      it.line = m_line;
      it.column = col_here();
      it.value = value();
      skip_blank(false);
      if (m_i < m_t.size() && m_t[m_i] != '\n') {
        fail(m_path, m_line, col_here(), "unexpected text after the value of " + key);
      }
      if (std::find(m_seen.begin(), m_seen.end(), key) != m_seen.end()) {
        fail(m_path, line, col, "duplicate key " + key);
      }
      m_seen.push_back(key);
      apply(c, key, it);
    }
  }

private:
  // Columns count code points (util/position.hpp).
  int col_here() const {
    return 1 + static_cast<int>(util::utf8::length(std::string_view(m_t).substr(m_line_start, m_i - m_line_start)));
  }

  void newline() {
    ++m_i;
    ++m_line;
    m_line_start = m_i;
  }

  // Skips spaces and comments; with lines, newlines too.
  void skip_blank(bool lines) {
    while (m_i < m_t.size()) {
      char c = m_t[m_i];
      if (c == ' ' || c == '\t' || c == '\r') {
        ++m_i;
      } else if (c == '#') {
        while (m_i < m_t.size() && m_t[m_i] != '\n') {
          ++m_i;
        }
      } else if (c == '\n' && lines) {
        newline();
      } else {
        break;
      }
    }
  }

  std::string string() {
    char q = m_t[m_i++];
    std::string out;
    while (m_i < m_t.size() && m_t[m_i] != q) {
      char c = m_t[m_i];
      if (c == '\n') {
        break;
      }
      if (c == '\\' && q == '"' && m_i + 1 < m_t.size()) {
        char e = m_t[++m_i];
        c = e == 'n' ? '\n' : e == 't' ? '\t' : e;
        if (e != 'n' && e != 't' && e != '"' && e != '\\') {
          fail(m_path, m_line, col_here(), std::string("unsupported escape \\") + e);
        }
      }
      out += c;
      ++m_i;
    }
    if (m_i >= m_t.size() || m_t[m_i] != q) {
      fail(m_path, m_line, col_here(), "unterminated string");
    }
    ++m_i;
    return out;
  }

  std::variant<std::string, long, std::vector<std::string>> value() {
    if (m_i >= m_t.size() || m_t[m_i] == '\n') {
      fail(m_path, m_line, col_here(), "expected a value");
    }
    char c = m_t[m_i];
    if (c == '"' || c == '\'') {
      return string();
    }
    if (c == '[') {
      ++m_i;
      std::vector<std::string> out;
      while (skip_blank(true), m_i < m_t.size() && m_t[m_i] != ']') {
        if (m_t[m_i] != '"' && m_t[m_i] != '\'') {
          fail(m_path, m_line, col_here(), "expected a string in the array");
        }
        out.push_back(string());
        skip_blank(true);
        if (m_i < m_t.size() && m_t[m_i] == ',') {
          ++m_i;
        } else if (m_i < m_t.size() && m_t[m_i] != ']') {
          fail(m_path, m_line, col_here(), "expected ',' or ']'");
        }
      }
      if (m_i >= m_t.size()) {
        fail(m_path, m_line, col_here(), "unterminated array");
      }
      ++m_i;
      return out;
    }
    size_t start = m_i;
    while (m_i < m_t.size() && std::isdigit(static_cast<unsigned char>(m_t[m_i]))) {
      ++m_i;
    }
    if (m_i == start || m_i - start > 9 ||
        (m_i < m_t.size() && m_t[m_i] != ' ' && m_t[m_i] != '\t' && m_t[m_i] != '\r' && m_t[m_i] != '\n' && m_t[m_i] != '#')) {
      m_i = start;
      fail(m_path, m_line, col_here(), "expected a quoted string, a whole number or an array of strings");
    }
    return std::stol(m_t.substr(start, m_i - start));
  }

  const std::string& m_path;
  const std::string& m_t;
  size_t m_i = 0;
  int m_line = 1;
  size_t m_line_start = 0;
  std::vector<std::string> m_seen;
};

// --- YAML --------------------------------------------------------------------------------

void parse_yaml(ScanConfig& c, const std::string& text) {
  using util::yaml::Node;
  Node root;
  try {
    root = util::yaml::load(text, c.path);
  } catch (const util::yaml::SyntaxError& e) {
    fail(c.path, e.line(), e.column(), e.message());
  }
  if (root.kind == Node::Kind::null) {
    return;
  }
  if (root.kind != Node::Kind::mapping) {
    fail(c.path, root.line, root.column, "expected a mapping of " + util::join(k_keys));
  }
  for (const auto& [key_node, v] : root.entries) {
    const std::string& key = key_node.text; // empty for a key that is not a scalar: unknown
    Item it;
    it.key_line = key_node.line;
    it.key_column = key_node.column;
    if (!known(key)) {
      apply(c, key, it);
    }
    it.line = v.line;
    it.column = v.column;
    if (v.kind == Node::Kind::sequence) {
      std::vector<std::string> list;
      for (const Node& e : v.items) {
        if (e.kind != Node::Kind::scalar) {
          fail(c.path, e.line, e.column, key + " must be a list of strings");
        }
        list.push_back(e.text);
      }
      it.value = list;
    } else if (v.kind == Node::Kind::scalar) {
      const std::string& s = v.text;
      bool digits =
          !s.empty() && s.size() <= 9 && std::all_of(s.begin(), s.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
      if (digits && v.style != Node::Style::quoted) {
        it.value = std::stol(s);
      } else {
        it.value = s;
      }
    } else {
      fail(c.path, it.line, it.column, key + " must be a string, a number or a list");
    }
    apply(c, key, it);
  }
}

bool is_file(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

} // namespace

std::optional<std::string> find_config(const std::string& start) {
  std::error_code ec;
  fs::path dir = fs::absolute(start, ec);
  if (ec) {
    return std::nullopt;
  }
  if (!fs::is_directory(dir, ec)) {
    dir = dir.parent_path();
  }
  dir = dir.lexically_normal();
  fs::path where = dir;
  for (fs::path p = dir;; p = p.parent_path()) {
    if (fs::exists(p / ".git", ec)) {
      where = p;
      break;
    }
    if (p.parent_path() == p || p.empty()) {
      break;
    }
  }
  for (const char* name : {".rtcat.toml", ".rtcat.yaml", ".rtcat.yml"}) {
    fs::path candidate = where / name;
    if (is_file(candidate)) {
      fs::path rel = fs::relative(candidate, fs::current_path(ec), ec);
      return !ec && !rel.empty() && !rel.native().starts_with("..") ? rel.string() : candidate.string();
    }
  }
  return std::nullopt;
}

ScanConfig parse_config(const std::string& path, const std::string& text) {
  ScanConfig c;
  c.path = path;
  std::string ext = fs::path(path).extension().string();
  if (ext == ".yaml" || ext == ".yml") {
    parse_yaml(c, text);
  } else {
    Toml(path, text).parse(c);
  }
  return c;
}

ScanConfig read_config(const std::string& path) {
  return parse_config(util::input_name(path), util::read_file(path));
}

Policy merge_config(Policy policy, const ScanConfig& cfg, const Given& given) {
  if (cfg.fail_on && !given.fail_on) {
    policy.fail_on = *cfg.fail_on;
  }
  if (cfg.warn_days && !given.warn_days) {
    policy.warn_days = *cfg.warn_days;
  }
  if (cfg.max_data_age && !given.max_data_age) {
    policy.max_data_age = *cfg.max_data_age;
  }
  if (cfg.catalog && !given.catalogs) {
    policy.catalogs = {*cfg.catalog};
  }
  policy.excludes.insert(policy.excludes.end(), cfg.excludes.begin(), cfg.excludes.end());
  policy.ignore.insert(policy.ignore.end(), cfg.ignore.begin(), cfg.ignore.end());
  return policy;
}

size_t parse_size(std::string_view text) {
  size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) {
    ++digits;
  }
  std::string_view unit = text.substr(digits);
  size_t shift = unit.empty()                 ? 0
                 : unit == "K" || unit == "k" ? 10
                 : unit == "M" || unit == "m" ? 20
                 : unit == "G" || unit == "g" ? 30
                                              : 99;
  if (digits == 0 || digits > 12 || shift == 99) {
    throw catalog::InvalidInput("--max-filesize: invalid size '" + std::string(text) +
                                "' (expected a number of bytes with an optional K, M or G, like 10M)");
  }
  return static_cast<size_t>(std::stoull(std::string(text.substr(0, digits)))) << shift;
}

} // namespace lib::scan
