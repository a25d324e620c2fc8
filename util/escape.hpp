#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

namespace util {

// Text with each character that `table` lists replaced by its text: the one loop behind every
// escape below (and any other one-character-at-a-time escape, such as a CI log's).
std::string replace_chars(std::string_view text, std::initializer_list<std::pair<char, std::string_view>> table);

// One CSV field (RFC 4180): as is, or in double quotes with each " doubled when it holds a
// comma, a double quote, CR or LF.
std::string csv_field(std::string_view text);
// The same, appended to out (no string per field: CSV written a row at a time).
void append_csv_field(std::string& out, std::string_view text);

// Markdown prose: '<' becomes &lt;, so that input cannot open an HTML tag in the rendered page.
std::string markdown_text(std::string_view text);

// One Markdown table cell: markdown_text(), and '|' becomes \| and a newline <br>, so that the
// cell stays one cell on one row.
std::string markdown_cell(std::string_view text);

// HTML and XML (SVG) content and attribute values: & < > " ' become entities.
std::string xml_escape(std::string_view text);

} // namespace util
