#include "tests/support/limits.hpp"
#include "util/yaml.hpp"

#include <doctest/doctest.h>

#include <string>

using fixtures::refusal;
using fixtures::repeat;
using util::yaml::load;
using util::yaml::Node;

namespace {

// Nine anchors, each a list of nine aliases of the one before: 9^9 scalars once expanded.
std::string billion_laughs() {
  std::string text = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
  for (char c = 'b'; c <= 'i'; ++c) {
    std::string alias = std::string("*") + static_cast<char>(c - 1);
    text += std::string(1, c) + ": &" + c + " [" + alias;
    for (int k = 1; k < 9; ++k) {
      text += ", " + alias;
    }
    text += "]\n";
  }
  return text;
}

// The value of `key` in a mapping (its first entry of that key).
const Node& value(const Node& mapping, const std::string& key) {
  for (const auto& entry : mapping.entries) {
    if (entry.key.text == key) {
      return entry.value;
    }
  }
  FAIL("no key " << key);
  return mapping;
}

// "line:column" of a node.
std::string place(const Node& n) {
  return std::to_string(n.line) + ":" + std::to_string(n.column);
}

// The SyntaxError load throws for text (a failed check when it accepts it).
util::yaml::SyntaxError syntax_error(const std::string& text) {
  try {
    load(text, "m.yaml");
  } catch (const util::yaml::SyntaxError& e) {
    return e;
  }
  FAIL("accepted: " << text);
  return util::yaml::SyntaxError("m.yaml", 0, 0, "(accepted)");
}

} // namespace

TEST_CASE("yaml::load: kinds") {
  Node root = load("s: text\nn:\nt: ~\nl: [a, b]\nm: {k: v}\n", "k.yaml");
  CHECK(root.kind == Node::Kind::mapping);
  REQUIRE(root.entries.size() == 5);
  CHECK(value(root, "s").kind == Node::Kind::scalar);
  CHECK(value(root, "s").text == "text");
  CHECK(value(root, "n").kind == Node::Kind::null);
  CHECK(value(root, "t").kind == Node::Kind::null);
  CHECK(value(root, "l").kind == Node::Kind::sequence);
  CHECK(value(root, "l").items.size() == 2);
  CHECK(value(root, "l").items[1].text == "b");
  CHECK(value(root, "m").kind == Node::Kind::mapping);
  CHECK(value(value(root, "m"), "k").text == "v");
  // Only scalars have text.
  CHECK(value(root, "l").text.empty());
  // A key that is not a scalar is kept as it is, for the reader to refuse.
  Node complex = load("? [a]\n: v\n", "k.yaml");
  REQUIRE(complex.entries.size() == 1);
  CHECK(complex.entries[0].key.kind == Node::Kind::sequence);
}

TEST_CASE("yaml::load: an empty document, and only the first one") {
  for (const char* text : {"", "# nothing\n", "---\n"}) {
    CAPTURE(text);
    Node root = load(text, "e.yaml");
    CHECK(root.kind == Node::Kind::null);
    CHECK(root.entries.empty());
  }
  CHECK(load("", "e.yaml").line == 0);
  CHECK(load("", "e.yaml").column == 0);
  Node first = load("a: 1\n---\nb: [\n", "d.yaml");
  REQUIRE(first.entries.size() == 1);
  CHECK(first.entries[0].key.text == "a");
}

TEST_CASE("yaml::load: plain, quoted and tagged scalars") {
  Node root = load("plain: 2.10\nsingle: '2.10'\ndouble: \"2.10\"\nstr: !!str 2.10\nbang: ! 2.10\nmine: !x 5\n", "v.yaml");
  CHECK(value(root, "plain").style == Node::Style::plain);
  CHECK(value(root, "single").style == Node::Style::quoted);
  CHECK(value(root, "double").style == Node::Style::quoted);
  CHECK(value(root, "str").style == Node::Style::tagged);
  CHECK(value(root, "bang").style == Node::Style::quoted);
  CHECK(value(root, "mine").style == Node::Style::tagged);
  // The text is as written, whatever the style: typing it is the reader's.
  for (const char* key : {"plain", "single", "double", "str", "bang"}) {
    CAPTURE(key);
    CHECK(value(root, key).text == "2.10");
  }
  CHECK(value(root, "plain").line == 1);
  // Escapes are resolved in double quotes only.
  Node escaped = load("d: \"a\\tb\"\ns: 'a\\tb'\n", "e.yaml");
  CHECK(value(escaped, "d").text == "a\tb");
  CHECK(value(escaped, "s").text == "a\\tb");
}

TEST_CASE("yaml::load: positions") {
  Node root = load("job:\n  args:\n    - one\n    - 'two'\n  x: {k: v}\n", "p.yaml");
  CHECK(place(root) == "1:1");
  CHECK(place(root.entries[0].key) == "1:1");
  const Node& job = value(root, "job");
  CHECK(place(job) == "2:3");
  CHECK(place(job.entries[0].key) == "2:3");
  CHECK(place(value(job, "args").items[0]) == "3:7");
  CHECK(place(value(job, "args").items[1]) == "4:7");
  CHECK(place(value(value(job, "x"), "k")) == "5:10");
}

TEST_CASE("yaml::load: an alias is a copy of its node, with that node's place") {
  Node root = load("a: &x [1, 2]\nb: *x\nc: *x\n", "a.yaml");
  const Node& b = value(root, "b");
  CHECK(b.kind == Node::Kind::sequence);
  CHECK(b.items.size() == 2);
  CHECK(b.items[1].text == "2");
  CHECK(place(b) == "1:4"); // the anchored node starts at its anchor
  CHECK(place(value(root, "c").items[0]) == "1:8");
}

TEST_CASE("yaml::load: a key written twice is there twice, in order") {
  Node root = load("k: 1\nj: 2\nk: 3\n", "k.yaml");
  REQUIRE(root.entries.size() == 3);
  CHECK(root.entries[0].value.text == "1");
  CHECK(root.entries[2].key.text == "k");
  CHECK(root.entries[2].value.text == "3");
}

TEST_CASE("yaml::load: malformed YAML is a SyntaxError with the parser's words and place") {
  CHECK_THROWS_AS(load("a: [1, 2\n", "m.yaml"), util::yaml::SyntaxError);
  // A SyntaxError is an InvalidInput, worded as the job readers print it.
  CHECK_THROWS_AS(load("a: [1, 2\n", "m.yaml"), catalog::InvalidInput);
  util::yaml::SyntaxError flow = syntax_error("a: [1, 2\n");
  CHECK(flow.message() == "end of sequence flow not found");
  CHECK(flow.line() == 2);
  CHECK(flow.column() == 1);
  CHECK(std::string(flow.what()) == "m.yaml:2:1: invalid YAML: end of sequence flow not found");
  util::yaml::SyntaxError alias = syntax_error("a: *nowhere\n");
  CHECK(alias.message() == "the referenced anchor is not defined");
  CHECK(alias.line() == 1);
  CHECK(alias.column() == 4);
  util::yaml::SyntaxError indent = syntax_error("a:\n  b: 1\n c: 2\n");
  CHECK(indent.line() == 3);
  CHECK(indent.column() == 2);
  // Without a place, what() names the origin alone.
  CHECK(std::string(util::yaml::SyntaxError("m.yaml", 0, 0, "bad").what()) == "m.yaml: invalid YAML: bad");
}

TEST_CASE("yaml::load: document size") {
  std::string at_limit = "a: " + std::string(1048576 - 3, 'x');
  CHECK(value(load(at_limit, "s.yaml"), "a").text.size() == 1048573);
  CHECK(refusal(load, at_limit + "x", "s.yaml") == "s.yaml: more than 1048576 bytes; refusing");
}

TEST_CASE("yaml::load: the billion laughs are refused before anything expands them") {
  CHECK(refusal(load, billion_laughs(), "laughs.yaml") ==
        "laughs.yaml:6:8: more than 100000 nodes once aliases are expanded; refusing");
  // The same shape three levels deep is a normal document.
  std::string small = billion_laughs().substr(0, billion_laughs().find("d: "));
  CHECK(value(load(small, "small.yaml"), "c").items[8].items[8].items[8].text == "lol");
}

TEST_CASE("yaml::load: nodes in one document") {
  // A list of 99,999 scalars is 100,000 nodes; one more is refused where it starts.
  CHECK(load("[x" + repeat(",x", 99998) + "]", "n.yaml").items.size() == 99999);
  CHECK(refusal(load, "[x" + repeat(",x", 99999) + "]", "n.yaml") ==
        "n.yaml:1:200000: more than 100000 nodes once aliases are expanded; refusing");
}

TEST_CASE("yaml::load: nesting depth, aliases included") {
  CHECK_NOTHROW(load(std::string(64, '[') + std::string(64, ']'), "d.yaml"));
  CHECK(refusal(load, std::string(65, '[') + std::string(65, ']'), "d.yaml") == "d.yaml:1:65: nesting deeper than 64 levels");
  // 40 levels anchored, used 24 and 25 levels down.
  std::string anchored = "- &d " + std::string(40, '[') + std::string(40, ']') + "\n";
  CHECK_NOTHROW(load(anchored + "- " + std::string(23, '[') + "*d" + std::string(23, ']'), "d.yaml"));
  CHECK(refusal(load, anchored + "- " + std::string(24, '[') + "*d" + std::string(24, ']'), "d.yaml") ==
        "d.yaml:2:27: nesting deeper than 64 levels once aliases are expanded");
}

TEST_CASE("yaml::load: alias uses") {
  CHECK_NOTHROW(load("- &s x\n" + repeat("- *s\n", 10000), "a.yaml"));
  CHECK(refusal(load, "- &s x\n" + repeat("- *s\n", 10001), "a.yaml") ==
        "a.yaml:10002:3: more than 10000 alias uses once aliases are expanded; refusing");
  // An alias inside an aliased node is used each time that node is: each *p is 3 uses, and
  // 2 + 3 * 3333 is one too many.
  CHECK(refusal(load, "- &s x\n- &p [*s, *s]\n" + repeat("- *p\n", 5000), "a.yaml") ==
        "a.yaml:3335:3: more than 10000 alias uses once aliases are expanded; refusing");
}

TEST_CASE("yaml::load: bytes of text once expanded") {
  std::string big = "- &s " + std::string(800000, 'x') + "\n";
  CHECK_NOTHROW(load(big + repeat("- *s\n", 9), "b.yaml"));
  CHECK(refusal(load, big + repeat("- *s\n", 10), "b.yaml") ==
        "b.yaml:11:3: more than 8388608 bytes of text once aliases are expanded; refusing");
}

TEST_CASE("yaml::load: keys in one mapping") {
  auto mapping = [](int keys) {
    std::string text;
    for (int i = 0; i < keys; ++i) {
      text += "k" + std::to_string(i) + ": [a, b]\n";
    }
    return text;
  };
  CHECK(load(mapping(1000), "k.yaml").entries.size() == 1000);
  CHECK(refusal(load, mapping(1001), "k.yaml") == "k.yaml:1001:1: more than 1000 keys in one mapping; refusing");
}

TEST_CASE("yaml::load: an alias to a node that contains it") {
  CHECK(refusal(load, "args: &x [a, *x]\n", "c.yaml") ==
        "c.yaml:1:14: alias *x refers to a node that contains it (an endless expansion); refusing");
  CHECK(refusal(load, "&m {a: *m}\n", "c.yaml") ==
        "c.yaml:1:8: alias *m refers to a node that contains it (an endless expansion); refusing");
}
