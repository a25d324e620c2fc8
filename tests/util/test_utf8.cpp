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
