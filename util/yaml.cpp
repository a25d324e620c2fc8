#include "util/yaml.hpp"

#include "util/input_limits.hpp"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <sstream>
#include <unordered_map>

namespace util::yaml {

namespace {

namespace limits = util::limits;

// The 1-based place of a parser mark (its line or column), 0 for none.
int one_based(int mark) {
  return mark < 0 ? 0 : mark + 1;
}

// --- The limits ------------------------------------------------------------------------------

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
      refuse(mark, "alias *" + (name == m_names.end() ? std::string() : name->second) +
                       " refers to a node that contains it (an endless expansion); refusing");
    }
    Size s = it->second;
    ++s.aliases;
    if (m_open.size() + s.height > limits::k_max_depth) {
      refuse(mark, "nesting deeper than " + std::to_string(limits::k_max_depth) + " levels once aliases are expanded");
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

  [[noreturn]] void refuse(const YAML::Mark& mark, const std::string& what) const {
    limits::refuse(m_origin, static_cast<size_t>(one_based(mark.line)), static_cast<size_t>(one_based(mark.column)), what);
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
    if (parent.children % 2 == 0 && parent.children / 2 >= limits::k_max_keys) {
      refuse(mark, "more than " + std::to_string(limits::k_max_keys) + " keys in one mapping; refusing");
    }
    ++parent.children;
  }

  // Counts s into the document's totals and into the node that contains it.
  void add(const YAML::Mark& mark, const Size& s) {
    m_total.nodes += s.nodes;
    m_total.aliases += s.aliases;
    m_total.bytes += s.bytes;
    if (m_total.nodes > limits::k_max_nodes) {
      refuse(mark, "more than " + std::to_string(limits::k_max_nodes) + " nodes once aliases are expanded; refusing");
    }
    if (m_total.aliases > limits::k_max_aliases) {
      refuse(mark, "more than " + std::to_string(limits::k_max_aliases) + " alias uses once aliases are expanded; refusing");
    }
    if (m_total.bytes > limits::k_max_expanded_bytes) {
      refuse(mark,
             "more than " + std::to_string(limits::k_max_expanded_bytes) + " bytes of text once aliases are expanded; refusing");
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
    if (m_open.size() + 1 > limits::k_max_depth) {
      refuse(mark, "nesting deeper than " + std::to_string(limits::k_max_depth) + " levels");
    }
    m_total.nodes += 1;
    if (m_total.nodes > limits::k_max_nodes) {
      refuse(mark, "more than " + std::to_string(limits::k_max_nodes) + " nodes once aliases are expanded; refusing");
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

// --- The tree ------------------------------------------------------------------------------

// The library's node as this module's tree. Depth is bounded by the limits (an alias is copied
// where it is used, as deep as the budget allowed).
Node tree_of(const YAML::Node& n) {
  Node out;
  out.line = one_based(n.Mark().line);
  out.column = one_based(n.Mark().column);
  switch (n.Type()) {
  case YAML::NodeType::Scalar:
    out.kind = Node::Kind::scalar;
    out.text = n.Scalar();
    // The parser gives a plain scalar the non-specific tag "?" and a quoted one "!".
    out.style = n.Tag() == "?" ? Node::Style::plain : n.Tag() == "!" ? Node::Style::quoted : Node::Style::tagged;
    break;
  case YAML::NodeType::Sequence:
    out.kind = Node::Kind::sequence;
    out.items.reserve(n.size());
    for (const auto& item : n) {
      out.items.push_back(tree_of(item));
    }
    break;
  case YAML::NodeType::Map:
    out.kind = Node::Kind::mapping;
    out.entries.reserve(n.size());
    for (const auto& kv : n) {
      out.entries.push_back(Entry{tree_of(kv.first), tree_of(kv.second)});
    }
    break;
  default:
    break;
  }
  return out;
}

// SyntaxError's what(): "origin:line:column: invalid YAML: message", without the place when line is 0.
std::string error_text(const std::string& origin, int line, int column, const std::string& message) {
  std::string place = line > 0 ? ":" + std::to_string(line) + ":" + std::to_string(column) : "";
  return origin + place + ": invalid YAML: " + message;
}

} // namespace

SyntaxError::SyntaxError(const std::string& origin, int line, int column, const std::string& message)
    : util::InvalidInput(error_text(origin, line, column, message)), m_message(message), m_line(line), m_column(column) {}

Node load(const std::string& text, const std::string& origin) {
  limits::check_document_size(text.size(), origin);
  try {
    {
      std::istringstream in(text);
      YAML::Parser parser(in);
      Budget budget(origin);
      parser.HandleNextDocument(budget);
    }
    // Within every limit: load it for real and copy it out, each alias where it is used; the
    // copy meets the counts above.
    return tree_of(YAML::Load(text));
  } catch (const YAML::Exception& e) {
    throw SyntaxError(origin, one_based(e.mark.line), one_based(e.mark.column), e.msg);
  }
}

} // namespace util::yaml
