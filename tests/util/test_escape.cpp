#include "util/escape.hpp"

#include <doctest/doctest.h>

TEST_CASE("csv_field quotes only when it must") {
  CHECK(util::csv_field("plain") == "plain");
  CHECK(util::csv_field("a,b") == "\"a,b\"");
  CHECK(util::csv_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
  CHECK(util::csv_field("two\nlines") == "\"two\nlines\"");
}

TEST_CASE("Markdown text and table cells") {
  CHECK(util::markdown_text("<script> | x") == "&lt;script> | x");
  CHECK(util::markdown_cell("a|b\nc <d>") == "a\\|b<br>c &lt;d>");
}

TEST_CASE("xml_escape") {
  CHECK(util::xml_escape("<a href=\"x\">&'</a>") == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;");
}
