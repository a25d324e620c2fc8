#include "util/utf8.hpp"

#include <doctest/doctest.h>

TEST_CASE("sequence_length accepts UTF-8 and rejects the rest") {
  CHECK(util::utf8::sequence_length("a", 0) == 1);
  CHECK(util::utf8::sequence_length("\xC3\xA9", 0) == 2);         // é
  CHECK(util::utf8::sequence_length("\xE2\x82\xAC", 0) == 3);     // €
  CHECK(util::utf8::sequence_length("\xF0\x9F\x98\x80", 0) == 4); // 😀
  CHECK(util::utf8::sequence_length("\x80", 0) == 0);             // stray continuation
  CHECK(util::utf8::sequence_length("\xC3", 0) == 0);             // truncated
  CHECK(util::utf8::sequence_length("\xC0\xAF", 0) == 0);         // overlong
  CHECK(util::utf8::sequence_length("\xED\xA0\x80", 0) == 0);     // surrogate
  CHECK(util::utf8::sequence_length("\xF4\x90\x80\x80", 0) == 0); // above U+10FFFF
}

TEST_CASE("first_invalid, length and replace_invalid") {
  CHECK(util::utf8::first_invalid("caf\xC3\xA9") == std::string_view::npos);
  CHECK(util::utf8::first_invalid("ab\xFF"
                                  "c") == 2);
  CHECK(util::utf8::length("caf\xC3\xA9 \xF0\x9F\x98\x80") == 6);
  CHECK(util::utf8::length("a\xFF\xFE") == 3); // each bad byte counts one
  CHECK(util::utf8::replace_invalid("a\xFF"
                                    "b") == "a\xEF\xBF\xBD"
                                            "b");
  CHECK(util::utf8::is_continuation('\x80'));
  CHECK_FALSE(util::utf8::is_continuation('a'));
}

TEST_CASE("one_line makes any text one printable line") {
  CHECK(util::utf8::one_line("a\nb\tc  \n") == "a b c");
  CHECK(util::utf8::one_line("bad \xFF byte") == "bad \\xff byte");
  CHECK(util::utf8::one_line(std::string("nul\0here", 8)) == "nul\\x00here");
  CHECK(util::utf8::one_line("caf\xC3\xA9") == "caf\xC3\xA9");
}

TEST_CASE("wrap breaks text at spaces, and a word longer than the width every width code points") {
  using V = std::vector<std::string>;
  CHECK(util::utf8::wrap("use tf-cpu.2-17 now", 8) == V{"use", "tf-cpu.2", "-17 now"});
  CHECK(util::utf8::wrap("", 5) == V{""});
  CHECK(util::utf8::wrap("fits", 10) == V{"fits"});
  CHECK(util::utf8::wrap("a b c d", 3) == V{"a b", "c d"});
  CHECK(util::utf8::wrap("caf\xC3\xA9 caf\xC3\xA9", 4) == V{"caf\xC3\xA9", "caf\xC3\xA9"}); // code points, not bytes
  CHECK(util::utf8::wrap("abc", 0) == V{"a", "b", "c"});
  CHECK(util::utf8::offset_of("caf\xC3\xA9!", 4) == 5);
  CHECK(util::utf8::offset_of("ab", 9) == 2);
  for (size_t width = 1; width < 12; ++width) {
    for (const auto& line : util::utf8::wrap("https://cloud.google.com/vertex-ai/docs/release-notes and more", width)) {
      CHECK(util::utf8::length(line) <= width);
    }
  }
}
