#include "lib/scan/extract.hpp"

#include "lib/core/image_ref.hpp"
#include "lib/scan/brackets.hpp"
#include "lib/scan/vars.hpp"
#include "util/find.hpp"
#include "util/text.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>

namespace lib::scan {

namespace {

size_t sort_key(const Reference& r) {
  return r.python_only ? r.python->offset : r.runtime.text.empty() ? r.job_offset : r.runtime.offset;
}

} // namespace

const char* form_name(Form f) {
  switch (f) {
  case Form::gcloud:
    return "gcloud";
  case Form::key:
    return "key";
  case Form::image:
    break;
  }
  return "image";
}

bool is_version(std::string_view text) {
  if (text.empty() || text.size() > 16 || text.front() == '.' || text.back() == '.') {
    return false;
  }
  bool dot = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '.') {
      if (text[i - 1] == '.') {
        return false;
      }
      dot = true;
    } else if (c < '0' || c > '9') {
      return false;
    }
  }
  return dot;
}

std::optional<Value> expression_at(std::string_view t, size_t i, ExprKind& kind) {
  if (i >= t.size()) {
    return std::nullopt;
  }
  auto ident_start = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; };
  size_t start = i;
  if (t[i] == '$' || (t[i] == '{' && i + 1 < t.size() && ident_start(t[i + 1]))) {
    kind = ExprKind::shell;
    int depth = 0;
    while (i < t.size()) {
      char c = t[i];
      if (c == '{') {
        ++depth;
      } else if (c == '}') {
        if (--depth < 0) {
          break;
        }
      } else if (depth == 0 && (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '"' || c == '\'' || c == ',' ||
                                c == ')' || c == ']' || c == ';')) {
        break;
      }
      ++i;
    }
  } else if (ident_start(t[i])) {
    kind = ExprKind::python;
    Brackets b;
    b.line_ends_string = true;
    while (i < t.size()) {
      if (b.code(t, i)) {
        char c = t[i];
        if (b.depth < 0 || ((c == ',' || c == '#') && b.depth == 0) || c == '\n') {
          break;
        }
      }
      ++i;
    }
    while (i > start && (t[i - 1] == ' ' || t[i - 1] == '\t' || t[i - 1] == '\r')) {
      --i;
    }
  } else {
    return std::nullopt;
  }
  if (i == start || i - start > 300) {
    return std::nullopt;
  }
  return Value{std::string(t.substr(start, i - start)), start, i - start};
}

namespace {

// The images a get_prebuilt_prediction_container_uri call written with variables names.
void sdk_values(const Reference& r, const Vars& vars, Alts& values, std::vector<Reference>& images) {
  std::vector<std::string_view> parts = util::split(r.expr, '\x1f');
  Alts fw = parts.size() > 0 && !parts[0].empty() ? vars.python(parts[0], r.runtime.offset) : Alts{};
  Alts ver = parts.size() > 1 && !parts[1].empty() ? vars.python(parts[1], r.runtime.offset) : Alts{};
  Alts acc = parts.size() > 2 && !parts[2].empty() ? vars.python(parts[2], r.runtime.offset)
                                                   : Alts{Alt{"cpu", true, false, false, "", 0}};
  for (const auto& f : fw) {
    for (const auto& v : ver) {
      for (const auto& a : acc) {
        if (!f.known || !v.known || !a.known) {
          continue;
        }
        std::string id = prebuilt_prediction_image(f.text, v.text, a.text);
        if (id.empty()) {
          continue;
        }
        const Alt& via = v.via ? v : f.via ? f : a;
        Alt x = via;
        x.text = id;
        x.conditional = f.conditional || v.conditional || a.conditional;
        values.push_back(x);
        Reference img;
        img.catalog = "vertex-prediction";
        img.service = image_service(img.catalog);
        images.push_back(std::move(img));
      }
    }
  }
}

// The prebuilt images a templated image URI names.
void image_values(const Reference& r, const Vars& vars, Alts& values, std::vector<Reference>& images) {
  Alts uris = r.expr_kind == ExprKind::shell_image ? vars.shell(r.expr, r.runtime.offset, true)
                                                   : vars.python(r.expr, r.runtime.offset, true);
  for (auto& u : uris) {
    if (!u.known) {
      continue;
    }
    // An ECR image's account says nothing of the image (each region has its own): one that could
    // not be evaluated is left a valid account, so that the repository and tag still count.
    static constexpr std::string_view k_unknown_account = ".dkr.ecr.";
    if (u.text.starts_with(k_unknown_part) &&
        std::string_view(u.text).substr(k_unknown_part.size()).starts_with(k_unknown_account)) {
      u.text.replace(0, k_unknown_part.size(), "000000000000");
    }
    auto found = extract_images(u.text);
    if (found.empty() || found[0].runtime.text.empty() || found[0].runtime.text.find(k_unknown_part) != std::string::npos) {
      continue; // the image's own name is what rtcat could not evaluate
    }
    u.text = found[0].runtime.text;
    images.push_back(std::move(found[0]));
    values.push_back(u);
  }
}

// The values a written expression can have (vars.hpp), as the references they make.
void resolve(const Reference& r, const Vars& vars, std::vector<Reference>& out) {
  auto eval = [&](const std::string& expr, ExprKind kind, size_t at) {
    return kind == ExprKind::shell ? vars.shell(expr, at) : vars.python(expr, at);
  };
  Alts values;
  std::vector<Reference> images; // per value: the image it names (its catalog, service, ecr)
  if (r.expr_kind == ExprKind::sdk) {
    sdk_values(r, vars, values, images);
  } else if (r.expr_kind == ExprKind::shell_image || r.expr_kind == ExprKind::python_image) {
    image_values(r, vars, values, images);
  } else {
    for (auto& v : eval(r.expr, r.expr_kind, r.runtime.offset)) {
      if (v.known && is_version(v.text)) {
        values.push_back(v);
        images.emplace_back();
      }
    }
  }
  std::optional<Value> python;
  bool python_via = false;
  if (!r.python_expr.empty() && r.python_at) {
    for (const auto& v : eval(r.python_expr, r.python_expr_kind, r.python_at->offset)) {
      if (v.known && is_version(v.text)) {
        python = Value{v.text, r.python_at->offset, r.python_at->length};
        python_via = v.via;
        break;
      }
    }
  }
  if (values.empty() && (python || (r.python && r.python_expr.empty()))) {
    // The runtime cannot be evaluated: the Python version written beside it still counts.
    Reference x = r;
    x.expr.clear();
    x.expr_kind = ExprKind::none;
    x.python_expr.clear();
    x.python_only = true;
    x.python_written = true;
    if (python) {
      x.python = python;
      x.via = python_via;
    }
    out.push_back(std::move(x));
    return;
  }
  for (size_t k = 0; k < values.size(); ++k) {
    const Alt& v = values[k];
    Reference x = r;
    x.expr.clear();
    x.expr_kind = ExprKind::none;
    x.python_expr.clear();
    x.runtime.text = v.text;
    if (!images[k].catalog.empty() || images[k].ecr) {
      x.catalog = images[k].catalog;
      x.service = images[k].service;
      x.ecr = images[k].ecr;
    }
    if (python) {
      x.python = python;
      x.python_written = true;
    } else if (!r.python_expr.empty()) {
      x.python_written = true;
    }
    x.via = v.via || python_via;
    x.conditional = v.conditional;
    x.variable = v.variable;
    x.set_offset = v.set_offset;
    out.push_back(std::move(x));
  }
}

} // namespace

namespace {

// The references with their written values evaluated (the file's assignments read once).
std::vector<Reference> evaluated(std::string_view text, std::vector<Reference>& refs) {
  Vars vars(text);
  std::vector<Reference> done;
  std::vector<size_t> used_at; // where values that reached a use were set
  for (auto& r : refs) {
    if (r.expr_kind == ExprKind::none && r.python_expr.empty()) {
      done.push_back(std::move(r));
      continue;
    }
    if (r.expr_kind == ExprKind::none) {
      // A literal runtime with its Python version through a variable.
      Reference x = r;
      x.python_expr.clear();
      x.python_written = true;
      if (r.python_at) {
        for (const auto& v : r.python_expr_kind == ExprKind::shell ? vars.shell(r.python_expr, r.python_at->offset)
                                                                   : vars.python(r.python_expr, r.python_at->offset)) {
          if (v.known && is_version(v.text)) {
            x.python = Value{v.text, r.python_at->offset, r.python_at->length};
            break;
          }
        }
      }
      done.push_back(std::move(x));
      continue;
    }
    size_t before = done.size();
    resolve(r, vars, done);
    for (size_t k = before; k < done.size(); ++k) {
      if (done[k].via) {
        used_at.push_back(done[k].set_offset);
      }
    }
  }
  // A literal keyed value (runtime_version = "1.15") or image URI (IMAGE = "...") that reaches a
  // use is reported there.
  if (!used_at.empty()) {
    done.erase(std::remove_if(done.begin(), done.end(),
                              [&](const Reference& r) {
                                // set_offset is where the value starts (its opening quote)
                                return (r.form == Form::key || (r.form == Form::image && r.expr_kind == ExprKind::none)) &&
                                       !r.via && std::any_of(used_at.begin(), used_at.end(), [&](size_t at) {
                                         return r.runtime.offset == at || r.runtime.offset == at + 1;
                                       });
                              }),
               done.end());
  }
  return done;
}

// Python's docstrings and other bare string statements ('''...''' or """...""" standing alone,
// first on their line outside brackets): prose about values ("Supported images: ..."), not a use.
std::vector<std::pair<size_t, size_t>> bare_strings(std::string_view text) {
  std::vector<std::pair<size_t, size_t>> out;
  int depth = 0;
  bool first = true; // nothing but blanks yet on this logical line
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\n') {
      first = depth == 0 && !(i > 0 && text[i - 1] == '\\') ? true : first;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r') {
      continue;
    }
    if (c == '#') {
      while (i + 1 < text.size() && text[i + 1] != '\n') {
        ++i;
      }
      continue;
    }
    size_t q = i;
    while (q < text.size() && q - i < 2 && std::strchr("rRuU", text[q]) != nullptr && text[q] != '\0') {
      ++q;
    }
    if (q < text.size() && (text[q] == '"' || text[q] == '\'')) {
      char quote = text[q];
      bool triple = text.substr(q, 3) == std::string(3, quote);
      size_t k = q + (triple ? 3 : 1);
      while (k < text.size()) {
        if (text[k] == '\\') {
          k += 2;
          continue;
        }
        if (text[k] == quote && (!triple || text.substr(k, 3) == std::string(3, quote))) {
          k += triple ? 3 : 1;
          break;
        }
        if (!triple && text[k] == '\n') {
          break;
        }
        ++k;
      }
      k = std::min(k, text.size());
      size_t after = k;
      while (after < text.size() && (text[after] == ' ' || text[after] == '\t' || text[after] == '\r')) {
        ++after;
      }
      if (triple && first && depth == 0 &&
          (after >= text.size() || text[after] == '\n' || text[after] == '#' || text[after] == ';')) {
        out.emplace_back(i, k);
      }
      first = false;
      i = k - 1;
      continue;
    }
    if (is_open_bracket(c)) {
      ++depth;
    } else if (is_close_bracket(c) && depth > 0) {
      --depth;
    }
    first = false;
  }
  return out;
}

} // namespace

std::vector<Reference> extract_all(std::string_view text) {
  // Each extractor is one pass of a util::Finder for its own needle, so none needs a pre-check of its own;
  // the --runtime-version flags are looked for only when the keys' pass saw one.
  std::vector<Reference> out = extract_gcloud(text);
  bool flags = false;
  auto keys = extract_keys(text, &flags);
  out.insert(out.end(), keys.begin(), keys.end());
  if (flags) {
    // Flags that no gcloud command above took: a string of flags, an argument list.
    std::vector<size_t> taken;
    for (const auto& r : out) {
      if (r.form == Form::gcloud && (!r.runtime.text.empty() || r.expr_kind != ExprKind::none)) {
        taken.push_back(r.runtime.offset);
      }
    }
    for (auto& r : extract_flags(text)) {
      if (std::find(taken.begin(), taken.end(), r.runtime.offset) == taken.end()) {
        out.push_back(std::move(r));
      }
    }
  }
  auto sdk = extract_sdk(text);
  out.insert(out.end(), sdk.begin(), sdk.end());
  auto images = extract_images(text);
  out.insert(out.end(), images.begin(), images.end());
  auto image_args = extract_image_args(text);
  out.insert(out.end(), image_args.begin(), image_args.end());
  if (out.empty()) {
    return out;
  }
  // A Colab form's option list (X = "2.1"  # @param ["1.15", "2.1"]) is not a reference: only
  // the value assigned is.
  if (util::contains(text, "@param")) {
    out.erase(std::remove_if(out.begin(), out.end(),
                             [&](const Reference& r) {
                               size_t at = r.runtime.offset;
                               size_t line = text.rfind('\n', at == 0 ? 0 : at - 1);
                               line = line == std::string_view::npos ? 0 : line + 1;
                               std::string_view before = text.substr(line, at - line);
                               size_t hash = before.find('#');
                               return hash != std::string_view::npos && before.find("@param", hash) != std::string_view::npos;
                             }),
              out.end());
  }
  // An image or key written in a docstring documents a value; it is no use of one.
  if (util::contains(text, "\"\"\"") || util::contains(text, "'''")) {
    auto prose = bare_strings(text);
    out.erase(std::remove_if(out.begin(), out.end(),
                             [&](const Reference& r) {
                               size_t at = r.runtime.offset;
                               return r.form != Form::gcloud && std::any_of(prose.begin(), prose.end(), [&](const auto& s) {
                                        return at >= s.first && at < s.second;
                                      });
                             }),
              out.end());
  }
  // Values written as variables or expressions: evaluate the file's assignments once.
  if (std::any_of(out.begin(), out.end(),
                  [](const Reference& r) { return r.expr_kind != ExprKind::none || !r.python_expr.empty(); })) {
    out = evaluated(text, out);
  }
  std::stable_sort(out.begin(), out.end(), [](const Reference& a, const Reference& b) { return sort_key(a) < sort_key(b); });
  return out;
}

std::vector<Suppression> find_suppressions(std::string_view text) {
  static constexpr std::string_view k_marker = "rtcat: ignore[";
  static constexpr util::Finder k_find(k_marker);
  std::vector<Suppression> out;
  size_t from = 0;
  int line = 1;
  size_t counted = 0;
  for (size_t at = 0; (at = k_find.find(text, from)) != std::string_view::npos;) {
    line += static_cast<int>(std::count(text.begin() + static_cast<long>(counted), text.begin() + static_cast<long>(at), '\n'));
    counted = at;
    size_t start = at + k_marker.size();
    size_t end = start;
    while (end < text.size() && text[end] != ']' && text[end] != '\n') {
      ++end;
    }
    from = end;
    if (end >= text.size() || text[end] != ']') {
      continue;
    }
    Suppression s;
    s.line = line;
    for (std::string_view item : util::split(text.substr(start, end - start), ',')) {
      if (item = util::trim(item); !item.empty()) {
        s.rules.emplace_back(item);
      }
    }
    out.push_back(std::move(s));
  }
  return out;
}

} // namespace lib::scan
