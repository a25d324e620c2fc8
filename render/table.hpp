#pragma once

#include "catalog/model.hpp"

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace render {

// How a cell reads at a glance; terminals show it as colour.
enum class Tone { plain, good, warn, bad, dim };

struct Cell {
  std::string text;
  Tone tone = Tone::plain;
};

struct Table {
  std::vector<std::string> headers;
  std::vector<std::vector<Cell>> rows;
};

enum class TableFormat { text, csv, markdown };

// The table format of an output format name: "csv", "markdown", anything else text.
TableFormat table_format(const std::string& format);

// Renders a table: aligned columns (text, with ANSI colours when color is set), RFC 4180
// CSV, or a GitHub-flavoured Markdown table (pipes escaped).
std::string table(const Table& t, TableFormat format, bool color);

// One RFC 4180 CSV line of a table (fields quoted as needed, CRLF at the end), for tables
// written a row at a time.
std::string csv_line(std::initializer_list<std::string_view> fields);

// Wraps text in the ANSI colour of a tone (no-op for plain).
std::string paint(const std::string& text, Tone tone, bool color);

// The tone of a severity: errors bad, warnings warn, notes `note`.
Tone severity_tone(catalog::Severity severity, Tone note);

} // namespace render
