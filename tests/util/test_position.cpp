#include "util/position.hpp"

#include <doctest/doctest.h>

TEST_CASE("position_at counts lines and code-point columns from 1") {
  CHECK(util::position_text("ab\ncd", 0, "f") == "f:1:1");
  CHECK(util::position_text("ab\ncd", 4, "f") == "f:2:2");
  CHECK(util::position_text("ab", 99, "f") == "f:1:3"); // past the end: the end
  SUBCASE("é and an emoji before the place are one column each") {
    std::string text = "x: \"caf\xC3\xA9 \xF0\x9F\x98\x80\" !";
    size_t bang = text.find('!');
    CHECK(util::position_at(text, bang).column == 13); // x : space " c a f é space 😀 " space: 12 before it
  }
  SUBCASE("a byte that is not UTF-8 counts one") {
    CHECK(util::position_at("\xFF\xFEz", 2).column == 3);
  }
}

TEST_CASE("LineIndex agrees with position_at") {
  std::string text = "line one\n\xC3\xA9t\xC3\xA9 x\r\nlast";
  util::LineIndex index(text);
  for (size_t i = 0; i <= text.size(); ++i) {
    util::Position a = util::position_at(text, i);
    util::Position b = index.position(i);
    CHECK(a.line == b.line);
    CHECK(a.column == b.column);
  }
  CHECK(index.line_text(text.find('x')) == "\xC3\xA9t\xC3\xA9 x");
  CHECK(index.line_text(text.size()) == "last");
}
