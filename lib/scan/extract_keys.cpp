// Keyed values (runtimeVersion: '2.11', "pythonVersion": "3.7", runtime_version='2.8') and
// Vertex AI prebuilt image URIs.

#include "lib/scan/extract.hpp"
#include "util/position.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>

namespace lib::scan {

namespace {

bool is_ident(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

bool ends_with_at(std::string_view text, size_t end, std::string_view word) {
  return end >= word.size() && text.substr(end - word.size(), word.size()) == word;
}

// The value after a key that ends at `i`: [quote] spaces (':' | '=') spaces value.
std::optional<Value> value_after(std::string_view t, size_t i) {
  if (i < t.size() && (t[i] == '"' || t[i] == '\'')) {
    ++i;
  }
  while (i < t.size() && (t[i] == ' ' || t[i] == '\t')) {
    ++i;
  }
  if (i >= t.size() || (t[i] != ':' && t[i] != '=') || (i + 1 < t.size() && t[i + 1] == '=')) {
    return std::nullopt;
  }
  ++i;
  while (i < t.size() && (t[i] == ' ' || t[i] == '\t')) {
    ++i;
  }
  if (i >= t.size()) {
    return std::nullopt;
  }
  Value v;
  if (t[i] == '"' || t[i] == '\'') {
    size_t close = t.find(t[i], i + 1);
    size_t nl = t.find('\n', i + 1);
    if (close == std::string_view::npos || (nl != std::string_view::npos && nl < close) || close - i > 40) {
      return std::nullopt;
    }
    v.offset = i + 1;
    v.text = std::string(t.substr(i + 1, close - i - 1));
  } else {
    size_t end = i;
    while (end < t.size() && (std::isdigit(static_cast<unsigned char>(t[end])) || t[end] == '.')) {
      ++end;
    }
    if (end < t.size() && (is_ident(t[end]) || t[end] == '-')) {
      return std::nullopt;
    }
    v.offset = i;
    v.text = std::string(t.substr(i, end - i));
  }
  v.length = v.text.size();
  return v;
}

} // namespace

std::vector<Reference> extract_keys(std::string_view text) {
  std::vector<Reference> runtimes;
  std::vector<Value> pythons;
  std::vector<size_t> python_keys; // offsets of Python keys with an unreadable value
  static constexpr std::string_view k_needle = "ersion";
  size_t from = 0;
  while (const void* hit = ::memmem(text.data() + from, text.size() - from, k_needle.data(), k_needle.size())) {
    size_t p = static_cast<size_t>(static_cast<const char*>(hit) - text.data());
    from = p + k_needle.size();
    if (p == 0 || (from < text.size() && is_ident(text[from]))) {
      continue;
    }
    char v = text[p - 1];
    size_t stem_end = v == 'V' ? p - 1 : (v == 'v' && p >= 2 && text[p - 2] == '_') ? p - 2 : 0;
    if (stem_end == 0) {
      continue;
    }
    bool runtime = ends_with_at(text, stem_end, "runtime");
    bool python = !runtime && ends_with_at(text, stem_end, "python");
    if (!runtime && !python) {
      continue;
    }
    size_t key_start = stem_end - (runtime ? 7 : 6);
    if (key_start > 0 && is_ident(text[key_start - 1])) {
      continue;
    }
    auto value = value_after(text, from);
    if (!value) {
      continue;
    }
    if (!is_version(value->text)) {
      if (python) {
        python_keys.push_back(key_start);
      }
      continue;
    }
    if (python) {
      pythons.push_back(*value);
      continue;
    }
    Reference r;
    r.form = "key";
    r.runtime = *value;
    r.job_offset = key_start;
    runtimes.push_back(std::move(r));
  }
  if (runtimes.empty()) {
    return runtimes;
  }
  bool job = ::memmem(text.data(), text.size(), "trainingInput", 13) != nullptr;
  bool model = ::memmem(text.data(), text.size(), "deploymentUri", 13) != nullptr;
  for (auto& r : runtimes) {
    r.whole_job = job || model;
    r.service = model && !job ? "prediction" : "training";
  }
  // Each Python version goes to the nearest runtime (within 30 lines), one per runtime: the
  // closest Python wins. Runtimes are in file order, so the nearest is found by bisection.
  util::LineIndex index(text);
  std::vector<int> lines;
  for (const auto& r : runtimes) {
    lines.push_back(index.line(r.runtime.offset));
  }
  std::vector<int> best(runtimes.size(), 31);
  auto attach = [&](size_t offset, const Value* value) {
    int line = index.line(offset);
    auto it = std::lower_bound(lines.begin(), lines.end(), line);
    size_t nearest = std::string::npos;
    int distance = 31;
    if (it != lines.end()) {
      nearest = static_cast<size_t>(it - lines.begin());
      distance = *it - line;
    }
    if (it != lines.begin()) {
      // The closest runtime before: the first one on its line (ties go to the earlier one).
      auto before = std::lower_bound(lines.begin(), lines.end(), *(it - 1));
      if (line - *before <= distance) {
        nearest = static_cast<size_t>(before - lines.begin());
        distance = line - *before;
      }
    }
    if (nearest == std::string::npos || distance > 30) {
      return;
    }
    Reference& r = runtimes[nearest];
    r.python_written = true;
    if (value && distance < best[nearest]) {
      best[nearest] = distance;
      r.python = *value;
    }
  };
  for (const auto& v : pythons) {
    attach(v.offset, &v);
  }
  for (size_t off : python_keys) {
    attach(off, nullptr);
  }
  return runtimes;
}

namespace {

bool is_host_char(char c) {
  return std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '-';
}

// A region written as a template before "-docker.pkg.dev": {REGION}, ${REGION}, $REGION, {}.
size_t template_start(std::string_view text, size_t p) {
  if (p > 0 && text[p - 1] == '}') {
    size_t open = text.rfind('{', p - 1);
    if (open == std::string_view::npos || p - open > 40) {
      return p;
    }
    for (size_t k = open + 1; k + 1 < p; ++k) {
      if (!is_ident(text[k]) && text[k] != '.' && text[k] != ':' && text[k] != '-' && text[k] != '[' && text[k] != ']' &&
          text[k] != '"' && text[k] != '\'') {
        return p;
      }
    }
    return open > 0 && text[open - 1] == '$' ? open - 1 : open;
  }
  size_t k = p;
  while (k > 0 && is_ident(text[k - 1])) {
    --k;
  }
  return k < p && k > 0 && text[k - 1] == '$' ? k - 1 : p;
}

// The image after "/training/" or "/prediction/" at i (the catalog's id) and its tag.
std::optional<Reference> image_at(std::string_view text, size_t start, size_t i) {
  std::string_view rest = text.substr(i);
  std::string catalog;
  if (rest.substr(0, 10) == "/training/") {
    catalog = "vertex-training";
    i += 10;
  } else if (rest.substr(0, 12) == "/prediction/") {
    catalog = "vertex-prediction";
    i += 12;
  } else {
    return std::nullopt;
  }
  size_t name_start = i;
  while (i < text.size() &&
         (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '.' || text[i] == '_' || text[i] == '-')) {
    ++i;
  }
  if (i == name_start) {
    return std::nullopt;
  }
  std::string image(text.substr(name_start, i - name_start));
  if ((i < text.size() && (text[i] == ':' || text[i] == '@'))) {
    ++i;
    while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '.' || text[i] == '_' ||
                               text[i] == '-' || text[i] == ':')) {
      ++i;
    }
  }
  Reference r;
  r.form = "image";
  r.catalog = catalog;
  r.service = catalog == "vertex-prediction" ? "prediction" : "training";
  r.runtime = Value{image, start, i - start};
  r.job_offset = start;
  return r;
}

} // namespace

std::vector<Reference> extract_images(std::string_view text) {
  std::vector<Reference> out;
  // Vertex AI: REGION-docker.pkg.dev/vertex-ai[-restricted]/..., the region possibly a template.
  static constexpr std::string_view k_host = "-docker.pkg.dev/vertex-ai";
  size_t from = 0;
  while (const void* hit = ::memmem(text.data() + from, text.size() - from, k_host.data(), k_host.size())) {
    size_t p = static_cast<size_t>(static_cast<const char*>(hit) - text.data());
    from = p + k_host.size();
    size_t start = p;
    while (start > 0 && is_host_char(text[start - 1])) {
      --start;
    }
    if (start == p) {
      start = template_start(text, p);
    }
    if (start == p) {
      continue;
    }
    size_t i = from;
    if (text.substr(i, 11) == "-restricted") {
      i += 11;
    }
    if (auto r = image_at(text, start, i)) {
      from = r->runtime.offset + r->runtime.length;
      out.push_back(std::move(*r));
    }
  }
  // AI Platform's former host for the same images: [us.|eu.|asia.]gcr.io/cloud-aiplatform/...
  static constexpr std::string_view k_gcr = "gcr.io/cloud-aiplatform";
  from = 0;
  while (const void* hit = ::memmem(text.data() + from, text.size() - from, k_gcr.data(), k_gcr.size())) {
    size_t p = static_cast<size_t>(static_cast<const char*>(hit) - text.data());
    from = p + k_gcr.size();
    size_t start = p;
    while (start > 0 && (std::islower(static_cast<unsigned char>(text[start - 1])) || text[start - 1] == '.')) {
      --start;
    }
    std::string_view prefix = text.substr(start, p - start);
    if ((!prefix.empty() && prefix != "us." && prefix != "eu." && prefix != "asia.") ||
        (start > 0 && is_host_char(text[start - 1]))) {
      continue; // mygcr.io, x.us.gcr.io
    }
    if (auto r = image_at(text, start, from)) {
      from = r->runtime.offset + r->runtime.length;
      out.push_back(std::move(*r));
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const Reference& a, const Reference& b) { return a.job_offset < b.job_offset; });
  return out;
}

} // namespace lib::scan
