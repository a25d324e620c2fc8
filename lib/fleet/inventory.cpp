#include "lib/fleet/inventory.hpp"

#include "catalog/error.hpp"
#include "lib/fleet/inventory_records.hpp"
#include "lib/jobs/parsers.hpp"
#include "util/file.hpp"
#include "util/json_fast.hpp"
#include "util/position.hpp"
#include "util/utf8.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace lib {

namespace {

// A REST list response's members, read for their structure only (each record is then read by
// read_record, which checks it): the elements of the collection's array, handed to `element`
// with their offsets, and whether a nextPageToken that is not empty says more pages follow.
struct PageScan {
  bool more = false;
  size_t error_at = std::string_view::npos; // where the text stops being a list response
};

bool blank_byte(char ch) {
  return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n';
}

// The offset after the string that starts at t[i] ("), or npos.
size_t skip_string(std::string_view t, size_t i) {
  for (++i; i < t.size(); ++i) {
    if (t[i] == '\\') {
      ++i;
    } else if (t[i] == '"') {
      return i + 1;
    }
  }
  return std::string_view::npos;
}

// The offset after the value that starts at t[i], or npos: a string, an object or array (to its
// matching close), or a scalar (to the next delimiter).
size_t skip_value(std::string_view t, size_t i) {
  if (i >= t.size()) {
    return std::string_view::npos;
  }
  if (t[i] == '"') {
    return skip_string(t, i);
  }
  if (t[i] == '{' || t[i] == '[') {
    int depth = 0;
    while (i < t.size()) {
      char ch = t[i];
      if (ch == '"') {
        i = skip_string(t, i);
        if (i == std::string_view::npos) {
          return i;
        }
        continue;
      }
      if (ch == '{' || ch == '[') {
        ++depth;
      } else if ((ch == '}' || ch == ']') && --depth == 0) {
        return i + 1;
      }
      ++i;
    }
    return std::string_view::npos;
  }
  size_t end = i;
  while (end < t.size() && !blank_byte(t[end]) && t[end] != ',' && t[end] != '}' && t[end] != ']') {
    ++end;
  }
  return end == i ? std::string_view::npos : end;
}

PageScan scan_page(std::string_view t, std::string_view collection,
                   const std::function<void(std::string_view, size_t)>& element) {
  PageScan out;
  auto ws = [&](size_t i) {
    while (i < t.size() && blank_byte(t[i])) {
      ++i;
    }
    return i;
  };
  auto at = [&](size_t i, char ch) { return i < t.size() && t[i] == ch; };
  auto fail = [&](size_t i) {
    out.error_at = std::min(i, t.size());
    return out;
  };
  size_t i = ws(0);
  if (!at(i, '{')) {
    return fail(i);
  }
  i = ws(i + 1);
  if (at(i, '}')) {
    return ws(i + 1) == t.size() ? out : fail(ws(i + 1));
  }
  for (;;) {
    size_t key_end = at(i, '"') ? skip_string(t, i) : std::string_view::npos;
    if (key_end == std::string_view::npos) {
      return fail(i);
    }
    std::string_view key = t.substr(i + 1, key_end - i - 2);
    i = ws(key_end);
    if (!at(i, ':')) {
      return fail(i);
    }
    i = ws(i + 1);
    if (key == collection && at(i, '[')) {
      i = ws(i + 1);
      while (!at(i, ']')) {
        size_t end = skip_value(t, i);
        if (end == std::string_view::npos) {
          return fail(i);
        }
        element(t.substr(i, end - i), i);
        i = ws(end);
        if (at(i, ',')) {
          i = ws(i + 1);
        } else if (!at(i, ']')) {
          return fail(i);
        }
      }
      i = ws(i + 1);
    } else {
      size_t end = skip_value(t, i);
      if (end == std::string_view::npos) {
        return fail(i);
      }
      if ((key == "nextPageToken" || key == "NextToken") && t[i] == '"') {
        out.more = end - i > 2;
      }
      i = ws(end);
    }
    if (at(i, ',')) {
      i = ws(i + 1);
    } else if (at(i, '}')) {
      i = ws(i + 1);
      return i == t.size() ? out : fail(i);
    } else {
      return fail(i);
    }
  }
}

// Where the reader is: 1-based line and column (columns count code points, util/position.hpp).
struct Cursor {
  int line = 1;
  int column = 1;
};

// Reads an inventory file in chunks, cutting it into records (array elements or lines) that
// parse_record() reads one at a time.
class InventoryReader {
public:
  InventoryReader(const std::string& path, const std::function<void(const Resource&)>& on_resource,
                  const std::function<void(const Malformed&)>& on_malformed)
      : m_source(path), m_path(util::input_name(path)), m_on_resource(on_resource), m_on_malformed(on_malformed) {}

  InventoryCounts read() {
    util::InputFile file = util::open_input(m_source);
    // The slack after the data lets the JSON reader parse a record where it is (json_fast::walk).
    std::vector<char> buf((1 << 20) + util::json_fast::k_padding);
    m_buf_begin = buf.data();
    m_buf_end = buf.data() + buf.size();
    size_t n = 0;
    while ((n = std::fread(buf.data(), 1, buf.size() - util::json_fast::k_padding, file.get())) > 0) {
      feed(std::string_view(buf.data(), n));
    }
    if (std::ferror(file.get())) {
      throw catalog::InvalidInput(m_path + ": cannot read: " + std::strerror(errno));
    }
    finish();
    return m_counts;
  }

private:
  // A record larger than this is reported, not kept: memory stays bounded whatever the input.
  static constexpr size_t k_max_record = 16u << 20;

  const std::string& m_source; // as given: a path, or "-" for standard input
  const std::string m_path;    // as messages and resources name it
  const std::function<void(const Resource&)>& m_on_resource;
  const std::function<void(const Malformed&)>& m_on_malformed;
  InventoryCounts m_counts;
  const char* m_buf_begin = nullptr; // the read buffer (records read in place are views into it)
  const char* m_buf_end = nullptr;
  Cursor m_at;        // the next byte
  std::string m_rec;  // the current record's text
  Cursor m_rec_at;    // where it starts
  Resource m_res;     // the current record's resource, reused
  std::string m_page; // the collection of the list response read_record found
  bool m_oversized = false;
  // JSON array scanning: nesting inside the current element, strings, the closing ].
  int m_depth = 0;
  bool m_in_string = false;
  bool m_escaped = false;
  bool m_array_closed = false;
  bool m_trailing_reported = false;
  std::string m_first_line; // the first line that is not blank, until the shape is decided
  // YAML: the current document's lines are kept in m_rec; this one starts at m_doc_line_start.
  size_t m_doc_line_start = 0;
  Cursor m_doc_at; // where the document's first line is

  void malformed(const Cursor& at, const std::string& message) {
    ++m_counts.malformed;
    m_on_malformed(Malformed{m_path, at.line, at.column, "malformed record: " + message});
  }

  void feed(std::string_view chunk) {
    for (size_t i = 0; i < chunk.size(); ++i) {
      if (m_counts.shape == InventoryShape::empty) {
        if (!m_first_line.empty() || (chunk[i] != '[' && !blank_byte(chunk[i]))) {
          i += first_line(chunk.substr(i)) - 1; // decides the shape, then reads the line again
          continue;
        }
        if (!detect_shape(chunk[i])) {
          continue; // a blank before the first record, or the opening [
        }
      }
      if (m_counts.shape == InventoryShape::jsonl || m_counts.shape == InventoryShape::yaml) {
        feed_lines(chunk.substr(i));
        return;
      }
      if (m_counts.shape == InventoryShape::json_object) {
        feed_objects(chunk[i]);
      } else {
        feed_array(chunk[i]);
      }
      advance(chunk[i]);
    }
  }

  // Keeps the first line that is not blank until its end (or the end of the file), decides the
  // shape from it and feeds it again. Returns the bytes of chunk used (at least 1).
  size_t first_line(std::string_view chunk) {
    size_t nl = chunk.find('\n');
    size_t take = nl == std::string_view::npos ? chunk.size() : nl + 1;
    m_first_line.append(chunk.substr(0, take));
    if (nl != std::string_view::npos || m_first_line.size() >= k_max_record) {
      decide_shape();
    }
    return std::max<size_t>(take, 1);
  }

  void decide_shape() {
    std::string line;
    line.swap(m_first_line);
    if (line.empty()) {
      return;
    }
    if (line.front() == '{') {
      // gcloud, jq and json.dumps(indent=...) open a pretty object on a line of its own; any
      // other line is a JSON Lines record (a broken one is then one malformed line, not the file).
      m_counts.shape =
          line.find_first_not_of(" \t\r\n", 1) == std::string::npos ? InventoryShape::json_object : InventoryShape::jsonl;
    } else if (yaml_start(line)) {
      m_counts.shape = InventoryShape::yaml;
    } else {
      throw catalog::InvalidInput(m_path + ":" + std::to_string(m_at.line) + ":" + std::to_string(m_at.column) +
                                  ": not an inventory: expected a JSON array (gcloud ... list --format=json), JSON Lines "
                                  "(one object per line), a JSON object (describe --format=json) or YAML documents "
                                  "(gcloud's default output of describe and list)");
    }
    feed(line);
  }

  // "---", "# ..." or "key:" (a plain name, then ':' at the end or before a blank).
  static bool yaml_start(std::string_view line) {
    if (line.starts_with("---") || line[0] == '#') {
      return true;
    }
    size_t name = 0;
    while (name < line.size() && (std::isalnum(static_cast<unsigned char>(line[name])) || line[name] == '_')) {
      ++name;
    }
    return name > 0 && name < line.size() && line[name] == ':' && (name + 1 == line.size() || blank_byte(line[name + 1]));
  }

  void advance(char ch) {
    if (ch == '\n') {
      ++m_at.line;
      m_at.column = 1;
    } else if (!util::utf8::is_continuation(ch)) {
      ++m_at.column;
    }
  }

  // Decides the shape at the first byte that is not blank; false when ch is used up.
  bool detect_shape(char ch) {
    if (ch == '[') {
      m_counts.shape = InventoryShape::json_array;
    } else if (ch == '{') {
      m_counts.shape = InventoryShape::jsonl;
      return true; // read this line again, as JSON Lines
    } else if (!blank_byte(ch)) {
      throw catalog::InvalidInput(m_path + ":" + std::to_string(m_at.line) + ":" + std::to_string(m_at.column) +
                                  ": not an inventory: expected a JSON array (gcloud ... list --format=json) or JSON "
                                  "Lines (one object per line)");
    }
    advance(ch);
    return false;
  }

  void keep(std::string_view data) {
    if (m_rec.size() + data.size() <= k_max_record) {
      m_rec.append(data);
    } else {
      m_oversized = true;
    }
  }

  // How many bytes from text.data() may be read: to the end of the read buffer for a record read
  // in place, else the text's own.
  size_t readable(std::string_view text) const {
    bool in_buffer = !std::less<const char*>()(text.data(), m_buf_begin) && std::less<const char*>()(text.data(), m_buf_end);
    return in_buffer ? static_cast<size_t>(m_buf_end - text.data()) : text.size();
  }

  // A record (a top-level one may be a list response: `top`) that starts at `at`.
  void emit(std::string_view text, const Cursor& at, bool top = true) {
    std::string error;
    size_t offset = 0;
    if (m_oversized) {
      m_oversized = false;
      malformed(at, "larger than 16 MiB");
      return;
    }
    Read got = read_record(text, m_res, error, offset, readable(text), top ? &m_page : nullptr);
    if (got == Read::record) {
      m_res.path = m_path;
      m_res.record = text;
      m_res.line = at.line;
      m_res.column = at.column;
      ++m_counts.records;
      m_on_resource(m_res);
    } else if (got == Read::page) {
      read_page(text, at);
    } else {
      malformed(offset_at(text, offset, at), error);
    }
  }

  // Where text[offset] is, for text that starts at `at`.
  static Cursor offset_at(std::string_view text, size_t offset, const Cursor& at) {
    util::Position p = util::position_at(text, offset);
    return Cursor{at.line + p.line - 1, p.line == 1 ? at.column + p.column - 1 : p.column};
  }

  // A REST list response that starts at `at`: each record of its collection (m_page), where it is.
  void read_page(std::string_view text, const Cursor& at) {
    ++m_counts.pages;
    if (m_page.empty()) {
      return; // {}: a list of nothing
    }
    const std::string collection = m_page;
    size_t last = 0; // positions are counted on from the last element's, not from the page's start
    Cursor last_at = at;
    auto where = [&](size_t offset) {
      last_at = offset_at(text.substr(last), offset - last, last_at);
      last = offset;
      return last_at;
    };
    PageScan scan =
        scan_page(text, collection, [&](std::string_view element, size_t offset) { emit(element, where(offset), false); });
    if (scan.error_at != std::string_view::npos) {
      std::string error;
      size_t error_offset = 0;
      bool syntax = json_syntax_error(text, error, error_offset);
      malformed(syntax ? offset_at(text, error_offset, at) : where(scan.error_at),
                syntax ? error : "not a list response: expected \"" + collection + "\": [records] and a nextPageToken");
    }
    m_counts.last_pages[collection] = ListPage{collection, m_path, at.line, at.column, scan.more};
  }

  // JSON Lines: whole lines at a time, cut at each newline.
  void feed_lines(std::string_view chunk) {
    while (!chunk.empty()) {
      size_t nl = chunk.find('\n');
      std::string_view line = chunk.substr(0, nl);
      if (m_rec.empty()) {
        m_rec_at = m_at;
      }
      bool whole = m_rec.empty() && !m_oversized && nl != std::string_view::npos && line.size() <= k_max_record &&
                   m_counts.shape == InventoryShape::jsonl;
      if (whole) {
        emit_line(line); // the whole line is in the chunk: read in place, not copied
      } else {
        keep(line);
        if (nl == std::string_view::npos) {
          m_at.column += static_cast<int>(util::utf8::length(line));
          return;
        }
        flush_line();
      }
      ++m_at.line;
      m_at.column = 1;
      chunk.remove_prefix(nl + 1);
    }
  }

  // A JSON Lines record ends at its newline (or the end of the file); blank lines are skipped.
  // YAML: lines gather into a document up to a `---` (or `...`) line or the end of the file.
  void flush_line() {
    if (m_counts.shape == InventoryShape::yaml) {
      yaml_line();
      return;
    }
    emit_line(m_rec);
    m_rec.clear();
  }

  // A JSON Lines record (the line without its newline) that starts at m_rec_at.
  void emit_line(std::string_view line) {
    size_t start = line.find_first_not_of(" \t\r");
    if (start != std::string_view::npos || m_oversized) {
      start = std::min(start, line.size());
      emit(line.substr(start), Cursor{m_rec_at.line, m_rec_at.column + static_cast<int>(start)});
    }
  }

  void yaml_line() {
    std::string_view line(m_rec);
    line = line.substr(m_doc_line_start);
    bool separator =
        (line.starts_with("---") || line.starts_with("...")) && (line.size() == 3 || blank_byte(line[3]) || line[3] == '#');
    if (separator) {
      m_rec.resize(m_doc_line_start);
      end_document();
      return;
    }
    if (m_doc_line_start == 0) {
      m_doc_at = Cursor{m_rec_at.line, 1};
    }
    m_rec += '\n';
    m_doc_line_start = m_rec.size();
  }

  // A YAML document: blank or comments only is no record; else JSON for parse_record.
  void end_document() {
    std::string doc = std::move(m_rec);
    m_rec.clear();
    m_doc_line_start = 0;
    bool oversized = std::exchange(m_oversized, false);
    if (!oversized && !has_content(doc)) {
      return;
    }
    if (oversized) {
      malformed(m_doc_at, "larger than 16 MiB");
      return;
    }
    jobs::YamlError error;
    std::optional<jobs::YamlJson> as_json = jobs::yaml_document_json(doc, m_path, error);
    if (!as_json) {
      malformed(within(error.line, error.column), error.message);
      return;
    }
    std::string message;
    size_t offset = 0;
    if (auto r = parse_record(as_json->json, message, offset)) {
      r->path = m_path;
      r->record = as_json->json;
      r->line = m_doc_at.line;
      r->column = m_doc_at.column;
      ++m_counts.records;
      m_on_resource(*r);
    } else {
      malformed(field_at(message, as_json->positions), message);
    }
  }

  static bool has_content(std::string_view doc) {
    for (size_t at = 0; at < doc.size();) {
      size_t nl = std::min(doc.find('\n', at), doc.size());
      std::string_view line = doc.substr(at, nl - at);
      size_t first = line.find_first_not_of(" \t\r");
      if (first != std::string_view::npos && line[first] != '#') {
        return true;
      }
      at = nl + 1;
    }
    return false;
  }

  // A line and column within the current YAML document -> in the file (the document start when unknown).
  Cursor within(int line, int column) const { return line <= 0 ? m_doc_at : Cursor{m_doc_at.line + line - 1, column}; }

  // Where the field a record message names ("field runtimeVersion must be ...") is written.
  Cursor field_at(const std::string& message, const std::map<std::string, jobs::Pos>& positions) const {
    if (message.starts_with("field ")) {
      std::string name = message.substr(6, message.find(' ', 6) - 6);
      for (const auto& [path, p] : positions) {
        if (path == name || path.ends_with("." + name)) {
          return within(p.line, p.column);
        }
      }
    }
    return m_doc_at;
  }

  // JSON objects one after another (a pretty-printed `describe --format=json`): each is a
  // record; text between them is reported once.
  void feed_objects(char ch) {
    if (m_depth == 0 && !m_in_string && m_rec.empty()) {
      if (blank_byte(ch)) {
        return;
      }
      if (ch != '{') {
        if (!m_trailing_reported) {
          m_trailing_reported = true;
          malformed(m_at, "unexpected text after the object");
        }
        return;
      }
      m_rec_at = m_at;
    }
    keep(std::string_view(&ch, 1));
    scan_element(ch);
  }

  // A JSON array: elements are cut at the commas and the ] outside strings and nested values.
  void feed_array(char ch) {
    bool outside = m_depth == 0 && !m_in_string;
    if (m_array_closed) {
      if (!blank_byte(ch) && !m_trailing_reported) {
        m_trailing_reported = true;
        malformed(m_at, "unexpected text after the closing ]");
      }
    } else if (outside && m_rec.empty() && (blank_byte(ch) || ch == ',')) {
      // between elements
    } else if (outside && (ch == ']' || ch == ',')) {
      if (ch == ',' || !m_rec.empty()) {
        end_element();
      }
      m_array_closed = ch == ']';
    } else {
      if (m_rec.empty()) {
        m_rec_at = m_at;
      }
      keep(std::string_view(&ch, 1));
      scan_element(ch);
    }
  }

  void scan_element(char ch) {
    if (m_in_string) {
      if (m_escaped) {
        m_escaped = false;
      } else if (ch == '\\') {
        m_escaped = true;
      } else if (ch == '"') {
        m_in_string = false;
      }
    } else if (ch == '"') {
      m_in_string = true;
    } else if (ch == '{' || ch == '[') {
      ++m_depth;
    } else if ((ch == '}' || ch == ']') && --m_depth <= 0) { // a stray closer is a record of its own, and malformed
      m_depth = 0;
      end_element();
    }
  }

  void end_element() {
    emit(m_rec, m_rec_at);
    m_rec.clear();
  }

  void finish() {
    if (!m_first_line.empty()) {
      decide_shape();
    }
    if (m_counts.shape == InventoryShape::jsonl) {
      flush_line();
    } else if (m_counts.shape == InventoryShape::yaml) {
      if (m_rec.size() > m_doc_line_start) { // a last line without a newline
        flush_line();
      }
      end_document();
    } else if (m_counts.shape == InventoryShape::json_object && !m_rec.empty()) {
      malformed(m_rec_at, "the object is not closed (truncated file?)");
    } else if (m_counts.shape == InventoryShape::json_array && !m_array_closed) {
      malformed(m_rec.empty() ? m_at : m_rec_at, "the array is not closed (truncated file?)");
    }
  }
};

} // namespace

void Listings::add(const InventoryCounts& counts) {
  for (const auto& [collection, page] : counts.last_pages) {
    m_last[collection] = page;
  }
}

std::vector<ListPage> Listings::incomplete() const {
  std::vector<ListPage> out;
  for (const auto& [collection, page] : m_last) {
    if (page.more) {
      out.push_back(page);
    }
  }
  return out;
}

InventoryCounts read_inventory(const std::string& path, const std::function<void(const Resource&)>& on_resource,
                               const std::function<void(const Malformed&)>& on_malformed) {
  return InventoryReader(path, on_resource, on_malformed).read();
}

} // namespace lib
