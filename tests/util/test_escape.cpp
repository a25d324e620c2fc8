#include "util/escape.hpp"

#include <doctest/doctest.h>

TEST_CASE("csv_field quotes only when it must") {
  CHECK(util::csv_field("plain") == "plain");
  CHECK(util::csv_field("a,b") == "\"a,b\"");
  CHECK(util::csv_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
  CHECK(util::csv_field("two\nlines") == "\"two\nlines\"");
  CHECK(util::csv_field("cr\r") == "\"cr\r\"");
  CHECK(util::csv_field("") == "");
  CHECK(util::csv_field("\xc3\xa9t\xc3\xa9") == "\xc3\xa9t\xc3\xa9");
  std::string row = "x";
  util::append_csv_field(row, "a,b");
  util::append_csv_field(row, "c");
  CHECK(row == "x\"a,b\"c");
}

TEST_CASE("csv_field: a special byte at every position of fields of every length up to 24 is quoted") {
  // Fields are checked eight bytes at a time: a special byte in any lane, or in the tail.
  for (size_t length = 1; length <= 24; ++length) {
    for (size_t at = 0; at < length; ++at) {
      for (char special : {',', '"', '\n', '\r'}) {
        std::string text(length, 'a');
        text[at] = special;
        std::string field = util::csv_field(text);
        CAPTURE(text);
        CHECK(field.front() == '"');
      }
      // Bytes next to the special ones, and above 0x7f, need no quotes.
      for (char other : {'+', '-', '!', '#', '\t', '\x0b', '\x0c', '\x0e', '\xac', '\xa2', '\x8a', '\xff', '\x80'}) {
        std::string text(length, 'a');
        text[at] = other;
        CAPTURE(text);
        CHECK(util::csv_field(text) == text);
      }
    }
  }
}

TEST_CASE("Markdown text and table cells") {
  CHECK(util::markdown_text("<script> | x") == "&lt;script> | x");
  CHECK(util::markdown_cell("a|b\nc <d>") == "a\\|b<br>c &lt;d>");
}

TEST_CASE("xml_escape") {
  CHECK(util::xml_escape("<a href=\"x\">&'</a>") == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;");
}

TEST_CASE("csv_field: each special character at every position of fields up to 40 bytes") {
  // The scan reads eight bytes at a time and the rest one by one: every alignment is swept.
  for (char special : {',', '"', '\n', '\r'}) {
    for (size_t length = 1; length <= 40; ++length) {
      for (size_t at = 0; at < length; ++at) {
        std::string field(length, 'x');
        field[at] = special;
        std::string quoted = util::csv_field(field);
        CAPTURE(length);
        CAPTURE(at);
        REQUIRE(quoted.size() >= field.size() + 2);
        CHECK(quoted.front() == '"');
        CHECK(quoted.back() == '"');
      }
      std::string plain(length, special == ',' ? '+' : 'y'); // near misses stay plain
      plain[length / 2] = static_cast<char>(special + 1);
      CHECK(util::csv_field(plain) == plain);
    }
  }
}
