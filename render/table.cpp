#include "render/table.hpp"

#include "util/escape.hpp"
#include "util/utf8.hpp"

#include <algorithm>

namespace render {

namespace {

// Display width of UTF-8 text: one column per code point.
size_t width(const std::string& s) {
  return util::utf8::length(s);
}

} // namespace

std::string paint(const std::string& text, Tone tone, bool color) {
  if (!color || tone == Tone::plain) {
    return text;
  }
  const char* code = tone == Tone::good ? "32" : tone == Tone::warn ? "33" : tone == Tone::bad ? "31" : "2";
  return std::string("\033[") + code + "m" + text + "\033[0m";
}

Tone severity_tone(catalog::Severity severity, Tone note) {
  return severity == catalog::Severity::error ? Tone::bad : severity == catalog::Severity::warning ? Tone::warn : note;
}

TableFormat table_format(const std::string& format) {
  if (format == "csv") {
    return TableFormat::csv;
  }
  if (format == "markdown") {
    return TableFormat::markdown;
  }
  return TableFormat::text;
}

namespace {

template <class Fields, class Text> std::string csv_line_of(const Fields& fields, Text text) {
  std::string out;
  out.reserve(128);
  bool first = true;
  for (const auto& f : fields) {
    if (!first) {
      out += ',';
    }
    first = false;
    util::append_csv_field(out, text(f));
  }
  return out + "\r\n";
}

} // namespace

std::string csv_line(std::initializer_list<std::string_view> fields) {
  return csv_line_of(fields, [](std::string_view f) { return f; });
}

std::string table(const Table& t, TableFormat format, bool color) {
  std::string out;
  if (format == TableFormat::csv) {
    out += csv_line_of(t.headers, [](const std::string& h) { return std::string_view(h); });
    for (const auto& row : t.rows) {
      out += csv_line_of(row, [](const Cell& c) { return std::string_view(c.text); });
    }
    return out;
  }
  if (format == TableFormat::markdown) {
    out += "|";
    for (const auto& h : t.headers) {
      out += " " + util::markdown_cell(h) + " |";
    }
    out += "\n|";
    for (size_t i = 0; i < t.headers.size(); ++i) {
      out += " --- |";
    }
    out += "\n";
    for (const auto& row : t.rows) {
      out += "|";
      for (const auto& c : row) {
        out += " " + util::markdown_cell(c.text) + " |";
      }
      out += "\n";
    }
    return out;
  }
  std::vector<size_t> widths(t.headers.size());
  for (size_t i = 0; i < t.headers.size(); ++i) {
    widths[i] = width(t.headers[i]);
  }
  for (const auto& row : t.rows) {
    for (size_t i = 0; i < row.size() && i < widths.size(); ++i) {
      widths[i] = std::max(widths[i], width(row[i].text));
    }
  }
  auto line = [&](const std::vector<Cell>& cells, bool header) {
    std::string l;
    for (size_t i = 0; i < cells.size(); ++i) {
      bool last = i + 1 == cells.size();
      std::string text = header ? paint(cells[i].text, Tone::dim, color) : paint(cells[i].text, cells[i].tone, color);
      l += text;
      if (!last) {
        l += std::string(widths[i] - width(cells[i].text) + 2, ' ');
      }
    }
    out += l + "\n";
  };
  std::vector<Cell> header;
  for (const auto& h : t.headers) {
    header.push_back({h});
  }
  line(header, true);
  for (const auto& row : t.rows) {
    line(row, false);
  }
  return out;
}

} // namespace render
