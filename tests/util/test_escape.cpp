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

TEST_CASE("Markdown text and table cells") {
  CHECK(util::markdown_text("<script> | x") == "&lt;script> | x");
  CHECK(util::markdown_cell("a|b\nc <d>") == "a\\|b<br>c &lt;d>");
}

TEST_CASE("xml_escape") {
  CHECK(util::xml_escape("<a href=\"x\">&'</a>") == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;");
}
