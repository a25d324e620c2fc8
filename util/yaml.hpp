#pragma once

// YAML documents as rtcat reads them: the first document of a text, loaded within the limits of
// util/input_limits.hpp, as a tree of plain values with each node's line and column. The YAML
// library stays inside util/yaml.cpp; readers see only this tree and the one exception below.

#include "util/error.hpp"

#include <string>
#include <vector>

namespace util::yaml {

struct Entry;

// One node of a document, aliases expanded: an alias is a copy of the node it names, position
// included.
struct Node {
  // What the node is. An empty value, ~ and a plain null are null.
  enum class Kind { null, scalar, sequence, mapping };
  // How a scalar was written, which decides how a YAML reader types it.
  //   plain:  unquoted and untagged, typed by its text (2.10 is a number, true a boolean);
  //   quoted: in single or double quotes, or with the non-specific tag `!`: a string;
  //   tagged: with an explicit tag such as !!str or !custom.
  enum class Style { plain, quoted, tagged };

  Kind kind = Kind::null;
  // A scalar's text, escapes resolved; empty for every other kind.
  std::string text;
  // A scalar's style; plain for every other kind.
  Style style = Style::plain;
  // 1-based line and column where the node starts (columns in bytes, as the parser counts them);
  // 0 and 0 for the root of an empty document, which has no place.
  int line = 0;
  int column = 0;
  // A sequence's items, in order.
  std::vector<Node> items;
  // A mapping's keys and values, in document order; a key written twice is there twice.
  std::vector<Entry> entries;
};

// One key and its value in a mapping. A key is any node (a reader that wants names checks that
// it is a scalar).
struct Entry {
  Node key;
  Node value;
};

// Malformed YAML: what the parser says is wrong, and where. what() is the whole message as the
// readers of job files print it, "origin:line:column: invalid YAML: message" ("origin: invalid
// YAML: message" when the parser gives no place).
class SyntaxError : public util::InvalidInput {
public:
  // A failure at 1-based line and column of origin (0 and 0 for no place).
  SyntaxError(const std::string& origin, int line, int column, const std::string& message);
  // The parser's own words, without origin or place ("end of map flow not found").
  const std::string& message() const { return m_message; }
  // 1-based line of the failure; 0 when the parser gives none.
  int line() const { return m_line; }
  // 1-based column of the failure; 0 when the parser gives none.
  int column() const { return m_column; }

private:
  std::string m_message;
  int m_line;
  int m_column;
};

// Parses the first YAML document of text (a text holding none gives a null root) after checking
// it against every limit of util/input_limits.hpp, counting what its aliases expand to; an alias
// to a node that contains it (an endless expansion) is refused too. Every reader of YAML loads
// through this. Throws util::InvalidInput "origin[:line:column]: ..." for a limit, and
// SyntaxError for malformed YAML.
Node load(const std::string& text, const std::string& origin);

} // namespace util::yaml
