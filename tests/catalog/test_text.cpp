#include "catalog/text.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

TEST_CASE("Text: a literal is a view, owned text is a copy; both read the same") {
  static constexpr std::string_view k_literal = "release note";
  catalog::Text literal = catalog::Text::literal(k_literal);
  CHECK(literal.view().data() == k_literal.data()); // not copied
  std::string source = "release note";
  catalog::Text owned = source;
  source = "changed";
  CHECK(owned.view() == "release note"); // a copy, not a view of the caller's string
  CHECK(owned == literal);
  CHECK(std::string(owned.view()) == "release note");
  CHECK(std::string("notes: ") + literal == "notes: release note");
  catalog::Text copy = owned; // copying owned text keeps its own copy
  owned = catalog::Text("other");
  CHECK(copy.view() == "release note");
  CHECK(catalog::Text().empty());
  CHECK(catalog::Text::literal("").empty());
}

TEST_CASE("Texts: rows of a static table as views, or owned strings; iterated and indexed as views") {
  static constexpr std::string_view k_text = "xhttps://ahttps://b";
  static constexpr catalog::TextRef k_refs[] = {{1, 9}, {10, 9}};
  catalog::Texts literal = catalog::Texts::table(k_text, k_refs);
  REQUIRE(literal.size() == 2);
  CHECK(literal[0] == "https://a");
  CHECK(literal[1] == "https://b");
  CHECK(literal[1].data() == k_text.data() + 10); // not copied
  std::vector<std::string> strings{"https://a", "https://b"};
  catalog::Texts owned = strings;
  strings.clear();
  CHECK(owned.views() == literal.views());
  std::vector<std::string> seen;
  for (std::string_view s : owned) {
    seen.emplace_back(s);
  }
  CHECK(seen == std::vector<std::string>{"https://a", "https://b"});
  catalog::Texts copy = owned;
  owned = catalog::Texts{"x"};
  CHECK(copy.views() == literal.views());
  CHECK(owned.size() == 1);
  CHECK(catalog::Texts().empty());
  CHECK(catalog::Texts::table(k_text, std::span<const catalog::TextRef>(k_refs, 0)).empty());
}
