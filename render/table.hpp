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

// The one spelling of an unknown or absent value in a table; CSV writes it as the empty cell.
inline constexpr std::string_view k_unknown = "-";

// How a column of a text table may give way to fit a width: `keep` never (ids, catalogs, dates,
// statuses, numbers), `words` wraps at spaces with every word whole (lists of versions and
// names), `text` wraps at spaces and cuts a word longer than the column (descriptions,
// meanings, sources, URLs). A wrapped cell goes on in continuation lines under its column.
enum class Fit { keep, words, text };

struct Table {
  std::vector<std::string> headers;
  std::vector<std::vector<Cell>> rows;
  std::vector<Fit> fits = {}; // by column; a column without one keeps its width
};

enum class TableFormat { text, csv, markdown };

// The narrowest a `text` column becomes (unless its header or cells are narrower).
inline constexpr size_t k_min_text_width = 12;

// The width of each column of a text table that fits `width` columns (0: no limit): the
// widest cell or header, except that `words` and `text` columns give way, as evenly as they can,
// down to their header and their longest word (`words`) or k_min_text_width (`text`). When the
// columns cannot give way enough, each is at that narrowest (and table() stacks the records).
std::vector<size_t> column_widths(const Table& t, size_t width);

// The table format of an output format name: "csv", "markdown", anything else text.
TableFormat table_format(const std::string& format);

// Renders a table: aligned columns (text, with ANSI colours when color is set, fitted to
// `width` columns as column_widths says when width > 0; a table that cannot, even at its
// narrowest, goes one record after another, "HEADER  value" a line, a blank line between
// records), RFC 4180 CSV (headers with spaces as
// underscores: NEXT_MILESTONE; k_unknown as the empty cell), or a GitHub-flavoured Markdown
// table (pipes escaped).
std::string table(const Table& t, TableFormat format, bool color, size_t width = 0);

// A CSV header as every CSV of rtcat spells it: upper case, words joined by '_' ("AS OF" -> "AS_OF").
std::string csv_header(std::string_view header);

// Lines of prose (each ending in a newline) fitted to `width` (0: no limit): a line wider than
// that wraps at spaces, its continuation lines indented by `indent` spaces.
std::string fit_lines(const std::string& text, size_t width, size_t indent);

// One RFC 4180 CSV line of a table (fields quoted as needed, CRLF at the end), for tables
// written a row at a time.
std::string csv_line(std::initializer_list<std::string_view> fields);

// Wraps text in the ANSI colour of a tone (no-op for plain).
std::string paint(const std::string& text, Tone tone, bool color);

// The tone of a severity: errors bad, warnings warn, notes `note`.
Tone severity_tone(catalog::Severity severity, Tone note);

} // namespace render
