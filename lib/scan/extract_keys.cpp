// Keyed values (runtimeVersion: '2.11', "pythonVersion": "3.7", runtime_version='2.8') and
// Vertex AI prebuilt image URIs (recognised by lib/core/image_ref).

#include "lib/core/image_ref.hpp"
#include "lib/scan/extract.hpp"
#include "util/find.hpp"
#include "util/position.hpp"
#include "util/text.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>

namespace lib::scan {

namespace {

using util::is_ident;

bool ends_with_at(std::string_view text, size_t end, std::string_view word) {
  return end >= word.size() && text.substr(end - word.size(), word.size()) == word;
}

// The offset of the ')' that closes the '(' at text[k]; text.size() when none does.
size_t closing_paren(std::string_view text, size_t k) {
  int depth = 0;
  for (; k < text.size(); ++k) {
    if (text[k] == '(') {
      ++depth;
    } else if (text[k] == ')' && --depth == 0) {
      break;
    }
  }
  return k;
}

// Where the value after a key that ends at `i` starts: past [quote] spaces (':' | '=') spaces;
// npos when no ':' or '=' (or an '==') follows.
size_t value_start(std::string_view t, size_t i) {
  if (i < t.size() && (t[i] == '"' || t[i] == '\'')) {
    ++i;
    if (i < t.size() && t[i] == ']') {
      ++i; // a subscript assignment: body['runtimeVersion'] = ...
    }
  }
  while (i < t.size() && (t[i] == ' ' || t[i] == '\t')) {
    ++i;
  }
  if (i >= t.size() || (t[i] != ':' && t[i] != '=') || (i + 1 < t.size() && t[i + 1] == '=')) {
    return std::string_view::npos;
  }
  ++i;
  while (i < t.size() && (t[i] == ' ' || t[i] == '\t')) {
    ++i;
  }
  return i;
}

// The value after a key that ends at `i`: [quote] spaces (':' | '=') spaces value.
std::optional<Value> value_after(std::string_view t, size_t i) {
  i = value_start(t, i);
  if (i >= t.size()) { // npos too
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

// Whether the key at key_start, after a prefix (model_runtime_version), still names the runtime
// a job or model uses: a prefix and '_', the prefix no bound (min_, max_, supported_...), as an
// argument of a call or a key of a mapping (after '(', ',', '{' or a quote), not a variable of
// its own (my_runtime_version = ... starting a statement).
bool named_for_use(std::string_view text, size_t key_start) {
  if (text[key_start - 1] != '_') {
    return false;
  }
  size_t p = key_start - 1;
  while (p > 0 && is_ident(text[p - 1])) {
    --p;
  }
  std::string_view prefix = text.substr(p, key_start - 1 - p);
  size_t before = p;
  while (before > 0 && std::isspace(static_cast<unsigned char>(text[before - 1]))) {
    --before;
  }
  if (before == 0 || std::string_view("(,{\"'").find(text[before - 1]) == std::string_view::npos) {
    return false;
  }
  for (std::string_view bound : {"min", "max", "minimum", "maximum", "supported", "latest"}) {
    if (prefix == bound || prefix.ends_with(std::string("_") + std::string(bound))) {
      return false;
    }
  }
  return !prefix.empty() && std::islower(static_cast<unsigned char>(prefix.front()));
}

// What the keys of a file give: runtime references, and the Python versions to attach to them.
struct Keys {
  std::vector<Reference> runtimes;
  std::vector<Value> pythons;
  std::vector<ExprKind> python_kinds; // per Python value: none for a version, else an expression's kind
  std::vector<size_t> python_keys;    // offsets of Python keys with an unreadable value
};

// The value of the runtime or Python key at key_start, whose name ends at `from`.
void read_key(std::string_view text, size_t key_start, size_t from, bool python, Keys& keys) {
  auto value = value_after(text, from);
  if (!value) {
    // A variable or an expression: evaluated by extract_all.
    size_t i = value_start(text, from);
    if (i == std::string_view::npos) {
      return;
    }
    ExprKind kind = ExprKind::none;
    auto e = expression_at(text, i, kind);
    if (!e) {
      return;
    }
    if (python) {
      keys.pythons.push_back(*e);
      keys.python_kinds.push_back(kind);
      return;
    }
    Reference r;
    r.form = Form::key;
    r.runtime = Value{"", e->offset, e->length};
    r.expr = e->text;
    r.expr_kind = kind;
    r.job_offset = key_start;
    keys.runtimes.push_back(std::move(r));
    return;
  }
  if (!is_version(value->text)) {
    if (python) {
      keys.python_keys.push_back(key_start);
    }
    return;
  }
  if (python) {
    keys.pythons.push_back(*value);
    keys.python_kinds.push_back(ExprKind::none);
    return;
  }
  Reference r;
  r.form = Form::key;
  r.runtime = *value;
  r.job_offset = key_start;
  keys.runtimes.push_back(std::move(r));
}

// Each Python version goes to the nearest runtime (within 30 lines), one per runtime: the
// closest Python wins. Runtimes are in file order, so the nearest is found by bisection.
void attach_pythons(std::string_view text, Keys& keys) {
  std::vector<Reference>& runtimes = keys.runtimes;
  util::LineIndex index(text);
  std::vector<int> lines;
  for (const auto& r : runtimes) {
    lines.push_back(index.line(r.runtime.offset));
  }
  std::vector<int> best(runtimes.size(), 31);
  auto attach = [&](size_t offset, const Value* value, ExprKind kind) {
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
      if (kind == ExprKind::none) {
        r.python = *value;
        r.python_expr.clear();
      } else {
        r.python.reset();
        r.python_expr = value->text;
        r.python_expr_kind = kind;
        r.python_at = Value{"", value->offset, value->length};
      }
    }
  };
  for (size_t k = 0; k < keys.pythons.size(); ++k) {
    attach(keys.pythons[k].offset, &keys.pythons[k], keys.python_kinds[k]);
  }
  for (size_t off : keys.python_keys) {
    attach(off, nullptr, ExprKind::none);
  }
}

} // namespace

std::vector<Reference> extract_keys(std::string_view text, bool* runtime_flag) {
  Keys keys;
  static constexpr util::Finder k_needle("ersion");
  size_t from = 0;
  for (size_t p = 0; (p = k_needle.find(text, from)) != std::string_view::npos;) {
    from = p + k_needle.needle().size();
    if (p == 0 || (from < text.size() && is_ident(text[from]))) {
      continue;
    }
    char v = text[p - 1];
    if (runtime_flag && v == 'v' && p >= 10 && text.substr(p - 10, 9) == "-runtime-") {
      *runtime_flag = true;
    }
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
    if (key_start > 0 && is_ident(text[key_start - 1]) && !named_for_use(text, key_start)) {
      continue;
    }
    read_key(text, key_start, from, python, keys);
  }
  if (keys.runtimes.empty()) {
    return std::move(keys.runtimes);
  }
  bool job = util::contains(text, "trainingInput");
  bool model = util::contains(text, "deploymentUri");
  for (auto& r : keys.runtimes) {
    r.whole_job = job || model;
    r.service = model && !job ? Service::prediction : Service::training;
  }
  attach_pythons(text, keys);
  return std::move(keys.runtimes);
}

namespace {

// The end of the operand of the % at text[percent]: a tuple in parentheses, or a name with
// attributes, calls and subscripts (TF.replace(".", "-")[0]); npos when a bracket stays open.
size_t percent_operand_end(std::string_view text, size_t percent) {
  size_t k = percent + 1;
  while (k < text.size() && text[k] == ' ') {
    ++k;
  }
  if (k < text.size() && text[k] == '(') {
    k = closing_paren(text, k);
    return k >= text.size() ? std::string_view::npos : k + 1;
  }
  while (k < text.size() && (is_ident(text[k]) || text[k] == '.' || text[k] == '(' || text[k] == '[')) {
    if (text[k] == '(' || text[k] == '[') {
      char opener = text[k];
      char closer = opener == '(' ? ')' : ']';
      int depth = 0;
      for (; k < text.size() && text[k] != '\n'; ++k) {
        if (text[k] == opener) {
          ++depth;
        } else if (text[k] == closer && --depth == 0) {
          break;
        }
      }
      if (k >= text.size() || text[k] != closer) {
        return std::string_view::npos;
      }
    }
    ++k;
  }
  return k;
}

// The reference an image URI makes, without its value.
Reference image_reference(const ImageRef& img) {
  Reference r;
  r.form = Form::image;
  r.catalog = img.catalog;
  r.service = img.service;
  r.ecr = img.ecr;
  r.job_offset = img.offset;
  return r;
}

// An image URI whose image is a template (.../training/{}:latest, .../{TRAIN_VERSION}:latest,
// .../${IMAGE}): the expression that builds it, for extract_all to evaluate. In Python the
// string literal with its f prefix, .format(...) or % operand; in shell the word.
std::optional<Reference> templated_image(std::string_view text, const ImageRef& img) {
  const size_t start = img.offset;
  const size_t end = img.offset + img.length;
  size_t line_start = text.rfind('\n', start);
  line_start = line_start == std::string_view::npos ? 0 : line_start + 1;
  size_t q = start;
  while (q > line_start && text[q - 1] != '"' && text[q - 1] != '\'' && text[q - 1] != ' ' && text[q - 1] != '=' &&
         text[q - 1] != '(') {
    --q;
  }
  std::string expr;
  ExprKind kind = ExprKind::python_image;
  if (q > line_start && (text[q - 1] == '"' || text[q - 1] == '\'')) {
    char quote = text[q - 1];
    size_t close = text.find(quote, end);
    if (close == std::string_view::npos || text.substr(end, close - end).find('\n') != std::string_view::npos) {
      return std::nullopt;
    }
    size_t expr_start = q - 1;
    bool f = expr_start > line_start && (text[expr_start - 1] == 'f' || text[expr_start - 1] == 'F');
    if (f) {
      --expr_start;
    }
    size_t after = close + 1;
    while (after < text.size() && text[after] == ' ') {
      ++after;
    }
    size_t expr_end = close + 1;
    if (text.substr(after, 8) == ".format(") {
      size_t k = closing_paren(text, after + 7);
      if (k >= text.size()) {
        return std::nullopt;
      }
      expr_end = k + 1;
    } else if (after < text.size() && text[after] == '%') {
      expr_end = percent_operand_end(text, after);
      if (expr_end == std::string_view::npos) {
        return std::nullopt;
      }
    } else if (!f) {
      if (text.substr(q, close - q).find('$') == std::string_view::npos) {
        return std::nullopt; // a template filled elsewhere
      }
      expr = std::string(text.substr(q, close - q));
      kind = ExprKind::shell_image;
    }
    if (expr.empty()) {
      expr = std::string(text.substr(expr_start, expr_end - expr_start));
    }
  } else {
    expr = std::string(text.substr(q, end - q));
    kind = ExprKind::shell_image;
  }
  Reference r = image_reference(img);
  r.runtime = Value{"", start, end - start};
  r.expr = std::move(expr);
  r.expr_kind = kind;
  return r;
}

} // namespace

std::vector<Reference> extract_images(std::string_view text) {
  std::vector<Reference> out;
  size_t covered = 0; // the end of the last templated image taken: what its expression covers
  for (const ImageRef& img : find_image_refs(text)) {
    if (img.image_offset < covered) {
      continue;
    }
    if (!img.templated) {
      Reference r = image_reference(img);
      r.runtime = Value{img.image, img.offset, img.length};
      out.push_back(std::move(r));
    } else if (auto r = templated_image(text, img)) {
      covered = img.offset + img.length;
      out.push_back(std::move(*r));
    }
  }
  return out;
}

} // namespace lib::scan
