#pragma once

#include <string>
#include <vector>

namespace lib {

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

// Renders a table: aligned columns (text, with ANSI colours when color is set), RFC 4180
// CSV, or a GitHub-flavoured Markdown table (pipes escaped).
std::string render(const Table& t, TableFormat format, bool color);

// Wraps text in the ANSI colour of a tone (no-op for plain).
std::string paint(const std::string& text, Tone tone, bool color);

} // namespace lib
