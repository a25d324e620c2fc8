#include "render/table.hpp"

#include "util/escape.hpp"
#include "util/text.hpp"
#include "util/utf8.hpp"

#include <algorithm>
#include <numeric>

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

std::string fit_lines(const std::string& text, size_t limit, size_t indent) {
  if (limit == 0) {
    return text;
  }
  std::string out;
  for (auto line : util::split(text, '\n')) {
    if (width(std::string(line)) <= limit) {
      out += line;
      out += '\n';
      continue;
    }
    const size_t lead = line.find_first_not_of(' ');
    const std::string_view body = line.substr(lead == std::string_view::npos ? line.size() : lead);
    const size_t first = lead == std::string_view::npos ? 0 : lead;
    const std::vector<std::string> pieces = util::utf8::wrap(body, limit > first + indent ? limit - first - indent : 1);
    for (size_t i = 0; i < pieces.size(); ++i) {
      out += std::string(first + (i > 0 ? indent : 0), ' ') + pieces[i] + "\n";
    }
  }
  out.pop_back(); // split gave the piece after the last newline
  return out;
}

std::string csv_header(std::string_view header) {
  std::string out = util::upper(header);
  std::replace(out.begin(), out.end(), ' ', '_');
  return out;
}

namespace {

Fit fit_of(const Table& t, size_t column) {
  return column < t.fits.size() ? t.fits[column] : Fit::keep;
}

// The widest word of a cell (its width when it has no space).
size_t longest_word(const std::string& text) {
  size_t longest = 0;
  for (auto word : util::split(text, ' ')) {
    longest = std::max(longest, width(std::string(word)));
  }
  return longest;
}

} // namespace

std::vector<size_t> column_widths(const Table& t, size_t limit) {
  const size_t n = t.headers.size();
  std::vector<size_t> natural(n);
  std::vector<size_t> narrowest(n);
  for (size_t i = 0; i < n; ++i) {
    natural[i] = narrowest[i] = width(t.headers[i]);
  }
  for (const auto& row : t.rows) {
    for (size_t i = 0; i < row.size() && i < n; ++i) {
      natural[i] = std::max(natural[i], width(row[i].text));
      if (fit_of(t, i) == Fit::words) {
        narrowest[i] = std::max(narrowest[i], longest_word(row[i].text));
      }
    }
  }
  const size_t gaps = n == 0 ? 0 : 2 * (n - 1);
  if (limit == 0 || std::accumulate(natural.begin(), natural.end(), gaps) <= limit) {
    return natural;
  }
  for (size_t i = 0; i < n; ++i) {
    Fit fit = fit_of(t, i);
    narrowest[i] = fit == Fit::keep   ? natural[i]
                   : fit == Fit::text ? std::min(natural[i], std::max(narrowest[i], k_min_text_width))
                                      : narrowest[i];
  }
  const size_t least = std::accumulate(narrowest.begin(), narrowest.end(), gaps);
  if (least >= limit) {
    return narrowest;
  }
  // The columns that give way share what is left: each rises from its narrowest to a common
  // level (capped at its natural width), the level as high as the width allows.
  size_t spare = limit - least;
  std::vector<size_t> widths = narrowest;
  while (spare > 0) {
    size_t growing = 0;
    for (size_t i = 0; i < n; ++i) {
      growing += widths[i] < natural[i] ? 1 : 0;
    }
    if (growing == 0) {
      break;
    }
    size_t step = std::max<size_t>(1, spare / growing);
    size_t level = SIZE_MAX;
    for (size_t i = 0; i < n; ++i) {
      if (widths[i] < natural[i]) {
        level = std::min(level, widths[i]);
      }
    }
    for (size_t i = 0; i < n && spare > 0; ++i) {
      if (widths[i] < natural[i] && widths[i] < level + step) {
        size_t add = std::min({level + step - widths[i], natural[i] - widths[i], spare});
        widths[i] += add;
        spare -= add;
      }
    }
  }
  return widths;
}

namespace {

// A table too wide for `limit` even at its narrowest, one record after another: a line per
// column, "HEADER  value", the value wrapped under itself (a kept one whole, on the line below
// its header when only there it fits), a blank line between records.
std::string stacked(const Table& t, bool color, size_t limit) {
  size_t label = 0;
  for (const auto& h : t.headers) {
    label = std::max(label, width(h));
  }
  label += 2;
  const size_t room = limit > label ? limit - label : 1;
  std::string out;
  for (size_t r = 0; r < t.rows.size(); ++r) {
    out += r > 0 ? "\n" : "";
    const auto& row = t.rows[r];
    for (size_t i = 0; i < row.size() && i < t.headers.size(); ++i) {
      const std::string& text = row[i].text;
      const bool whole = fit_of(t, i) == Fit::keep || width(text) <= room;
      const std::vector<std::string> pieces = whole ? std::vector<std::string>{text} : util::utf8::wrap(text, room);
      std::string head = paint(t.headers[i], Tone::dim, color);
      if (whole && width(text) > room && width(text) <= limit) {
        // A kept value too wide beside its header but not for the line: under it, from the margin.
        out += head + "\n" + paint(text, row[i].tone, color) + "\n";
        continue;
      }
      for (size_t at = 0; at < pieces.size(); ++at) {
        const std::string lead = at == 0 ? head + std::string(label - width(t.headers[i]), ' ') : std::string(label, ' ');
        out += pieces[at].empty() ? (at == 0 ? head : std::string()) : lead + paint(pieces[at], row[i].tone, color);
        out += "\n";
      }
    }
  }
  return out;
}

} // namespace

std::string table(const Table& t, TableFormat format, bool color, size_t limit) {
  std::string out;
  if (format == TableFormat::csv) {
    out += csv_line_of(t.headers, [](const std::string& h) { return csv_header(h); });
    for (const auto& row : t.rows) {
      out += csv_line_of(row, [](const Cell& c) { return c.text == k_unknown ? std::string_view() : std::string_view(c.text); });
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
  const std::vector<size_t> widths = column_widths(t, limit);
  if (limit > 0 && std::accumulate(widths.begin(), widths.end(), widths.empty() ? size_t{0} : 2 * (widths.size() - 1)) > limit) {
    return stacked(t, color, limit);
  }
  // One line of cells, each padded to its column but the last; a continuation line (`pieces`
  // beyond a cell's first) stops after its last piece, with no trailing spaces.
  auto line = [&](const std::vector<Cell>& cells, const std::vector<std::vector<std::string>>& pieces, size_t at, bool header) {
    size_t last = cells.size();
    if (at > 0) {
      last = 0;
      for (size_t i = 0; i < cells.size(); ++i) {
        last = at < pieces[i].size() && !pieces[i][at].empty() ? i + 1 : last;
      }
    }
    std::string l;
    for (size_t i = 0; i < last; ++i) {
      const std::string& text = at < pieces[i].size() ? pieces[i][at] : std::string();
      l += paint(text, header ? Tone::dim : cells[i].tone, color && (at == 0 || !text.empty()));
      if (i + 1 < last) {
        size_t column = i < widths.size() ? widths[i] : width(text);
        l += std::string(column - std::min(column, width(text)) + 2, ' ');
      }
    }
    out += l + "\n";
  };
  auto row_out = [&](const std::vector<Cell>& cells, bool header) {
    std::vector<std::vector<std::string>> pieces;
    size_t height = 1;
    for (size_t i = 0; i < cells.size(); ++i) {
      bool fits = i >= widths.size() || fit_of(t, i) == Fit::keep || width(cells[i].text) <= widths[i];
      pieces.push_back(fits ? std::vector<std::string>{cells[i].text} : util::utf8::wrap(cells[i].text, widths[i]));
      height = std::max(height, pieces.back().size());
    }
    for (size_t at = 0; at < height; ++at) {
      line(cells, pieces, at, header);
    }
  };
  std::vector<Cell> header;
  for (const auto& h : t.headers) {
    header.push_back({h});
  }
  row_out(header, true);
  for (const auto& row : t.rows) {
    row_out(row, false);
  }
  return out;
}

} // namespace render
