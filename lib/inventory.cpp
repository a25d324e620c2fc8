#include "lib/inventory.hpp"

#include "catalog/error.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

namespace lib {

namespace {

using json = nlohmann::json;

// Which field of a record a string value lands in, by its key path.
enum class Field { none, job_id, name, state, created, runtime, python, framework, image, deployment };

// A SAX handler that keeps only the fields an audit needs: no document tree is built, so a
// record costs a few string copies however many other fields it has.
class RecordHandler {
public:
  Resource res;
  std::string error;
  size_t error_offset = 0;
  bool saw_training = false;
  bool saw_prediction = false;
  bool saw_deployment = false;

  bool null() { return scalar(nullptr, "null"); }
  bool boolean(bool) { return scalar(nullptr, "a boolean"); }
  bool number_integer(json::number_integer_t) { return scalar(nullptr, "a number"); }
  bool number_unsigned(json::number_unsigned_t) { return scalar(nullptr, "a number"); }
  bool number_float(json::number_float_t, const std::string&) { return scalar(nullptr, "a number"); }
  bool string(std::string& val) { return scalar(&val, "a string"); }
  bool binary(json::binary_t&) { return scalar(nullptr, "binary"); }

  bool start_object(std::size_t) {
    if (m_depth == 0) {
      m_started = true;
    } else if (m_depth == 1) {
      saw_training = saw_training || m_key == "trainingInput";
      saw_prediction = saw_prediction || m_key == "predictionInput";
    }
    m_path.push_back(m_depth == 0 ? std::string() : m_key);
    ++m_depth;
    return true;
  }
  bool end_object() {
    --m_depth;
    m_path.pop_back();
    return true;
  }
  bool start_array(std::size_t) {
    if (m_depth == 0) {
      return fail("expected a JSON object (a job or model version), found an array");
    }
    m_path.push_back(m_key);
    ++m_depth;
    ++m_in_array;
    return true;
  }
  bool end_array() {
    --m_depth;
    --m_in_array;
    m_path.pop_back();
    return true;
  }
  bool key(std::string& val) {
    m_key = val;
    return true;
  }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex) {
    error_offset = position > 0 ? position - 1 : 0;
    error = ex.what();
    // "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error ..." -> the reason.
    size_t colon = error.find(": ", error.find("parse error"));
    if (colon != std::string::npos) {
      error = error.substr(colon + 2);
    }
    // The message quotes what was read: keep raw bytes of a binary input off the terminal.
    for (char& c : error) {
      if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) {
        c = '?';
      }
    }
    return false;
  }

  void set_offset(size_t offset) { m_offset = offset; }

private:
  size_t m_depth = 0;
  int m_in_array = 0;
  bool m_started = false;
  std::string m_key;
  std::vector<std::string> m_path; // keys of the enclosing objects, outermost first
  size_t m_offset = 0;

  bool fail(std::string message) {
    error = std::move(message);
    error_offset = m_offset;
    return false;
  }

  Field field() const {
    if (m_in_array > 0) {
      return Field::none;
    }
    if (m_depth == 1) {
      if (m_key == "jobId")
        return Field::job_id;
      if (m_key == "name")
        return Field::name;
      if (m_key == "state")
        return Field::state;
      if (m_key == "createTime")
        return Field::created;
      if (m_key == "runtimeVersion")
        return Field::runtime;
      if (m_key == "pythonVersion")
        return Field::python;
      if (m_key == "framework")
        return Field::framework;
      if (m_key == "deploymentUri")
        return Field::deployment;
      return Field::none;
    }
    const std::string& parent = m_path.back();
    if (m_depth == 2 && (parent == "trainingInput" || parent == "predictionInput")) {
      if (m_key == "runtimeVersion")
        return Field::runtime;
      if (m_key == "pythonVersion")
        return Field::python;
      return Field::none;
    }
    if (m_depth == 2 && parent == "container" && m_key == "image") {
      return Field::image;
    }
    if (m_depth == 3 && parent == "masterConfig" && m_path[1] == "trainingInput" && m_key == "imageUri") {
      return Field::image;
    }
    return Field::none;
  }

  bool scalar(std::string* val, const char* what) {
    if (m_depth == 0) {
      return fail(std::string("expected a JSON object (a job or model version), found ") + what);
    }
    Field f = field();
    if (f == Field::none) {
      return true;
    }
    if (!val) {
      if (std::strcmp(what, "null") == 0) {
        return true; // an explicit null is a missing field
      }
      return fail("field " + m_key + " must be a string, found " + what);
    }
    switch (f) {
    case Field::job_id:
      res.name = std::move(*val);
      res.kind = "job";
      break;
    case Field::name:
      if (res.kind != "job")
        res.name = std::move(*val);
      break;
    case Field::state:
      res.state = std::move(*val);
      break;
    case Field::created:
      res.created = std::move(*val);
      break;
    case Field::runtime:
      res.runtime = std::move(*val);
      break;
    case Field::python:
      res.python = std::move(*val);
      break;
    case Field::framework:
      res.framework = std::move(*val);
      break;
    case Field::image:
      res.image_uri = std::move(*val);
      break;
    case Field::deployment:
      saw_deployment = true;
      break;
    case Field::none:
      break;
    }
    return true;
  }
};

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

// Line and column (1-based) of byte `offset` in text, counted from (line, col) at its start.
std::pair<int, int> advance(std::string_view text, size_t offset, int line, int col) {
  std::string_view head = text.substr(0, std::min(offset, text.size()));
  size_t last_nl = head.rfind('\n');
  if (last_nl == std::string_view::npos) {
    return {line, col + static_cast<int>(head.size())};
  }
  return {line + static_cast<int>(std::count(head.begin(), head.end(), '\n')), static_cast<int>(head.size() - last_nl)};
}

} // namespace

std::optional<Resource> parse_record(std::string_view text, std::string& error, size_t& offset) {
  RecordHandler h;
  bool ok = json::sax_parse(text.begin(), text.end(), &h, json::input_format_t::json, true);
  if (!ok) {
    error = h.error.empty() ? "not valid JSON" : h.error;
    offset = h.error_offset;
    return std::nullopt;
  }
  Resource r = std::move(h.res);
  if (r.kind == "job" || h.saw_training || h.saw_prediction) {
    r.kind = "job";
    r.service = h.saw_prediction && !h.saw_training ? "prediction" : "training";
  } else if (!r.name.empty() &&
             (r.name.find("/versions/") != std::string::npos || h.saw_deployment || !r.framework.empty() || !r.runtime.empty())) {
    r.kind = "model_version";
    r.service = "prediction";
  } else {
    error = "neither a job (no jobId, trainingInput or predictionInput) nor a model version (no name with /versions/)";
    offset = 0;
    return std::nullopt;
  }
  return r;
}

InventoryCounts read_inventory(const std::string& path, const std::function<void(const Resource&)>& on_resource,
                               const std::function<void(const Malformed&)>& on_malformed) {
  std::unique_ptr<std::FILE, FileCloser> file(std::fopen(path.c_str(), "rb"));
  if (!file) {
    throw catalog::InvalidInput(path + ": cannot read: " + std::strerror(errno));
  }
  InventoryCounts counts;
  std::vector<char> buf(1 << 20);
  std::string rec; // the current record's text
  int line = 1;
  int col = 1;
  int rec_line = 0;
  int rec_col = 0;
  // Array scanner state.
  int depth = 0; // nesting inside the current element
  bool in_string = false;
  bool escaped = false;
  bool array_closed = false;
  bool trailing_reported = false;

  // A record larger than this is reported, not kept: memory stays bounded whatever the input.
  const size_t k_max_record = 16u << 20;
  bool oversized = false;
  auto keep = [&](const char* data, size_t len) {
    if (rec.size() + len <= k_max_record) {
      rec.append(data, len);
    } else {
      oversized = true;
    }
  };
  auto emit = [&](std::string_view text, int at_line, int at_col) {
    std::string error;
    size_t offset = 0;
    if (oversized) {
      oversized = false;
      ++counts.malformed;
      on_malformed(Malformed{path, at_line, at_col, "malformed record: larger than 16 MiB"});
      return;
    }
    if (auto r = parse_record(text, error, offset)) {
      r->path = path;
      r->line = at_line;
      r->column = at_col;
      ++counts.records;
      on_resource(*r);
    } else {
      auto [l, c] = advance(text, offset, at_line, at_col);
      ++counts.malformed;
      on_malformed(Malformed{path, l, c, "malformed record: " + error});
    }
  };

  // A JSON Lines record ends at its newline (or the end of the file); blank lines are skipped.
  auto flush_line = [&] {
    size_t start = rec.find_first_not_of(" \t\r");
    if (start != std::string::npos || oversized) {
      start = std::min(start, rec.size());
      emit(std::string_view(rec).substr(start), rec_line, rec_col + static_cast<int>(start));
    }
    rec.clear();
  };

  size_t n = 0;
  while ((n = std::fread(buf.data(), 1, buf.size(), file.get())) > 0) {
    for (size_t i = 0; i < n; ++i) {
      if (counts.shape == InventoryShape::jsonl) {
        // JSON Lines: whole lines at a time, cut at each newline.
        while (i < n) {
          const char* nl = static_cast<const char*>(std::memchr(buf.data() + i, '\n', n - i));
          size_t end = nl ? static_cast<size_t>(nl - buf.data()) : n;
          if (rec.empty()) {
            rec_line = line;
            rec_col = col;
          }
          keep(buf.data() + i, end - i);
          if (!nl) {
            col += static_cast<int>(end - i);
            break;
          }
          flush_line();
          ++line;
          col = 1;
          i = end + 1;
        }
        break;
      }
      char ch = buf[i];
      if (counts.shape == InventoryShape::empty) {
        if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n') {
          // leading blank
        } else if (ch == '[') {
          counts.shape = InventoryShape::json_array;
          col += 1;
          continue;
        } else if (ch == '{') {
          counts.shape = InventoryShape::jsonl;
          --i; // read this line again, as JSON Lines
          continue;
        } else {
          throw catalog::InvalidInput(path + ":" + std::to_string(line) + ":" + std::to_string(col) +
                                      ": not an inventory: expected a JSON array (gcloud ... list --format=json) or JSON "
                                      "Lines (one object per line)");
        }
      }
      if (counts.shape == InventoryShape::json_array) {
        if (array_closed) {
          if (!(ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n') && !trailing_reported) {
            trailing_reported = true;
            ++counts.malformed;
            on_malformed(Malformed{path, line, col, "malformed record: unexpected text after the closing ]"});
          }
        } else if (depth == 0 && !in_string && rec.empty() &&
                   (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == ',')) {
          // between elements
        } else if (depth == 0 && !in_string && ch == ']') {
          if (!rec.empty()) {
            emit(rec, rec_line, rec_col);
            rec.clear();
          }
          array_closed = true;
        } else if (depth == 0 && !in_string && ch == ',') {
          emit(rec, rec_line, rec_col);
          rec.clear();
        } else {
          if (rec.empty()) {
            rec_line = line;
            rec_col = col;
          }
          keep(&ch, 1);
          if (in_string) {
            if (escaped) {
              escaped = false;
            } else if (ch == '\\') {
              escaped = true;
            } else if (ch == '"') {
              in_string = false;
            }
          } else if (ch == '"') {
            in_string = true;
          } else if (ch == '{' || ch == '[') {
            ++depth;
          } else if (ch == '}' || ch == ']') {
            --depth;
            if (depth <= 0) { // a stray closer is a record of its own, and malformed
              depth = 0;
              emit(rec, rec_line, rec_col);
              rec.clear();
            }
          }
        }
      }
      if (ch == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    }
  }
  if (std::ferror(file.get())) {
    throw catalog::InvalidInput(path + ": cannot read: " + std::strerror(errno));
  }
  if (counts.shape == InventoryShape::jsonl) {
    flush_line();
  } else if (counts.shape == InventoryShape::json_array && !array_closed) {
    ++counts.malformed;
    on_malformed(Malformed{path, rec.empty() ? line : rec_line, rec.empty() ? col : rec_col,
                           "malformed record: the array is not closed (truncated file?)"});
  }
  return counts;
}

} // namespace lib
