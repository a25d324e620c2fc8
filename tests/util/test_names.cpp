#include "util/names.hpp"

#include <doctest/doctest.h>

#include <cstring>

namespace {

enum class Colour { red, green, blue, unnamed };
constexpr util::Names<Colour, 3> k_colours{{{{Colour::red, "red"}, {Colour::green, "green"}, {Colour::blue, "blue"}}}};

} // namespace

TEST_CASE("names: every value's word parses back to the value, and only the table's words parse") {
  for (const auto& [value, word] : k_colours.entries) {
    CHECK(k_colours.name(value) == word);
    CHECK(k_colours.parse(word) == value);
  }
  CHECK_FALSE(k_colours.parse("Red").has_value());
  CHECK_FALSE(k_colours.parse("").has_value());
  CHECK_FALSE(k_colours.parse("re").has_value());
}

TEST_CASE("names: a value the table leaves out is named \"\", a C string") {
  CHECK(k_colours.name(Colour::unnamed).empty());
  REQUIRE(k_colours.name(Colour::unnamed).data() != nullptr);
  CHECK(std::strlen(k_colours.name(Colour::unnamed).data()) == 0);
  CHECK(std::strcmp(k_colours.name(Colour::green).data(), "green") == 0);
}

TEST_CASE("names: the words in table order, and the table works at compile time") {
  auto words = k_colours.words();
  CHECK(words[0] == "red");
  CHECK(words[1] == "green");
  CHECK(words[2] == "blue");
  static_assert(k_colours.name(Colour::blue) == "blue");
  static_assert(k_colours.parse("green") == Colour::green);
}
