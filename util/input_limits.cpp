#include "util/input_limits.hpp"

#include "util/error.hpp"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdint>
#include <sstream>
#include <unordered_map>
#include <vector>

namespace util::limits {

namespace {

[[noreturn]] void refuse(const std::string& at, const std::string& what) {
  throw util::InvalidInput(at + ": " + what);
}

std::string at(const std::string& origin, size_t line, size_t column) {
  return origin + ":" + std::to_string(line) + ":" + std::to_string(column);
}

void check_size(size_t size, const std::string& origin) {
  if (size > k_max_document_bytes) {
    refuse(origin, "more than " + std::to_string(k_max_document_bytes) + " bytes; refusing");
  }
}

// --- YAML ------------------------------------------------------------------------------------

// What a node expands to: its nodes, alias uses and scalar bytes, and how many lists and
// mappings deep it goes (0 for a scalar).
struct Size {
  size_t nodes = 0;
  size_t aliases = 0;
  size_t bytes = 0;
  size_t height = 0;
};

// Counts the parser's events as a walk over the expanded tree would meet them: an alias adds
// everything its anchored node expands to, recorded when that node ended. Every count stays
// within its limit (the first event over it throws), so no sum can overflow.
class Budget : public YAML::EventHandler {
public:
  explicit Budget(const std::string& origin) : m_origin(origin) {}

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnAnchor(const YAML::Mark&, const std::string& name) override { m_pending_name = name; }

  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override { leaf(mark, anchor, 0); }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor, const std::string& value) override {
    leaf(mark, anchor, value.size());
  }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    child(mark);
    auto it = m_done.find(anchor);
    if (it == m_done.end()) {
      auto name = m_names.find(anchor);
      refuse(where(mark), "alias *" + (name == m_names.end() ? std::string() : name->second) +
                              " refers to a node that contains it (an endless expansion); refusing");
    }
    Size s = it->second;
    ++s.aliases;
    if (m_open.size() + s.height > k_max_depth) {
      refuse(where(mark), "nesting deeper than " + std::to_string(k_max_depth) + " levels once aliases are expanded");
    }
    add(mark, s);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor, YAML::EmitterStyle::value) override {
    open(mark, anchor, false);
  }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor, YAML::EmitterStyle::value) override {
    open(mark, anchor, true);
  }
  void OnSequenceEnd() override { close(); }
  void OnMapEnd() override { close(); }

private:
  struct Open {
    Size size;
    YAML::anchor_t anchor;
    bool map;
    size_t children;
  };

  const std::string& m_origin;
  Size m_total;
  std::vector<Open> m_open;
  std::unordered_map<YAML::anchor_t, Size> m_done; // anchored nodes that have ended
  std::unordered_map<YAML::anchor_t, std::string> m_names;
  std::string m_pending_name;

  std::string where(const YAML::Mark& mark) const {
    return mark.line < 0 ? m_origin : at(m_origin, static_cast<size_t>(mark.line) + 1, static_cast<size_t>(mark.column) + 1);
  }

  void name(YAML::anchor_t anchor) {
    if (anchor != YAML::NullAnchor && !m_pending_name.empty()) {
      m_names[anchor] = m_pending_name;
    }
    m_pending_name.clear();
  }

  // A node starts inside the innermost open list or mapping: in a mapping, every other one is a key.
  void child(const YAML::Mark& mark) {
    if (m_open.empty() || !m_open.back().map) {
      return;
    }
    Open& parent = m_open.back();
    if (parent.children % 2 == 0 && parent.children / 2 >= k_max_keys) {
      refuse(where(mark), "more than " + std::to_string(k_max_keys) + " keys in one mapping; refusing");
    }
    ++parent.children;
  }

  // Counts s into the document's totals and into the node that contains it.
  void add(const YAML::Mark& mark, const Size& s) {
    m_total.nodes += s.nodes;
    m_total.aliases += s.aliases;
    m_total.bytes += s.bytes;
    if (m_total.nodes > k_max_nodes) {
      refuse(where(mark), "more than " + std::to_string(k_max_nodes) + " nodes once aliases are expanded; refusing");
    }
    if (m_total.aliases > k_max_aliases) {
      refuse(where(mark), "more than " + std::to_string(k_max_aliases) + " alias uses once aliases are expanded; refusing");
    }
    if (m_total.bytes > k_max_expanded_bytes) {
      refuse(where(mark),
             "more than " + std::to_string(k_max_expanded_bytes) + " bytes of text once aliases are expanded; refusing");
    }
    fold(s);
  }

  void fold(const Size& s) {
    if (m_open.empty()) {
      return;
    }
    Size& parent = m_open.back().size;
    parent.nodes += s.nodes;
    parent.aliases += s.aliases;
    parent.bytes += s.bytes;
    parent.height = std::max(parent.height, s.height + 1);
  }

  void leaf(const YAML::Mark& mark, YAML::anchor_t anchor, size_t bytes) {
    name(anchor);
    child(mark);
    Size s{1, 0, bytes, 0};
    add(mark, s);
    if (anchor != YAML::NullAnchor) {
      m_done[anchor] = s;
    }
  }

  void open(const YAML::Mark& mark, YAML::anchor_t anchor, bool map) {
    name(anchor);
    child(mark);
    if (m_open.size() + 1 > k_max_depth) {
      refuse(where(mark), "nesting deeper than " + std::to_string(k_max_depth) + " levels");
    }
    m_total.nodes += 1;
    if (m_total.nodes > k_max_nodes) {
      refuse(where(mark), "more than " + std::to_string(k_max_nodes) + " nodes once aliases are expanded; refusing");
    }
    m_open.push_back(Open{Size{1, 0, 0, 1}, anchor, map, 0});
  }

  void close() {
    Open done = m_open.back();
    m_open.pop_back();
    if (done.anchor != YAML::NullAnchor) {
      m_done[done.anchor] = done.size;
    }
    fold(done.size); // already in the totals
  }
};

} // namespace

YAML::Node load_yaml(const std::string& text, const std::string& origin) {
  check_size(text.size(), origin);
  {
    std::istringstream in(text);
    YAML::Parser parser(in);
    Budget budget(origin);
    parser.HandleNextDocument(budget);
  }
  // Within every limit: load it for real. YAML::Load shares an aliased node rather than copying
  // it, so the tree takes no more memory than the text; walking it meets the counts above.
  return YAML::Load(text);
}

// --- JSON ------------------------------------------------------------------------------------

void check_json(std::string_view text, const std::string& origin) {
  check_size(text.size(), origin);
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
        refuse(at(origin, line, column), "more than " + std::to_string(k_max_nodes) + " values; refusing");
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
        refuse(at(origin, line, column), "nesting deeper than " + std::to_string(k_max_depth) + " levels");
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
        refuse(at(origin, string_line, string_column),
               "more than " + std::to_string(k_max_keys) + " keys in one object; refusing");
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
