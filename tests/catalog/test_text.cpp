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

TEST_CASE("Texts: a static array as a view, or owned strings; iterated and indexed as views") {
  static constexpr std::string_view k_items[] = {"https://a", "https://b"};
  catalog::Texts literal = catalog::Texts::literal(k_items);
  REQUIRE(literal.size() == 2);
  CHECK(literal[1].data() == k_items[1].data()); // not copied
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
  CHECK(catalog::Texts::literal(std::span<const std::string_view>(k_items, 0)).empty());
}
