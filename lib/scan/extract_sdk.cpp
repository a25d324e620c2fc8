// Forms outside a gcloud command line: --runtime-version flags in a string or an argument list
// (FLAGS="--runtime-version 1.10 ...", ["gcloud", ..., "--runtime-version", "1.15"]) and the
// Vertex AI SDK's aiplatform.helpers.get_prebuilt_prediction_container_uri(...), resolved to the
// image it names; the SageMaker Python SDK's image_uri= keyword argument written as a variable.

#include "lib/core/frameworks.hpp"
#include "lib/scan/extract.hpp"
#include "util/find.hpp"
#include "util/text.hpp"

#include <cctype>
#include <cstring>

namespace lib::scan {

namespace {

using util::is_ident;
using util::lower;

// The literal value after a flag ending at i: ["|'] (= | spaces, commas, quotes) ["|'] value.
std::optional<Value> flag_value(std::string_view t, size_t i) {
  size_t limit = std::min(t.size(), i + 24);
  if (i < t.size() && t[i] == '=') {
    ++i;
  }
  while (i < limit && (t[i] == ' ' || t[i] == '\t' || t[i] == ',' || t[i] == '"' || t[i] == '\'' || t[i] == '\n' ||
                       t[i] == '\r' || t[i] == '\\')) {
    ++i;
  }
  size_t end = i;
  while (end < t.size() && (std::isdigit(static_cast<unsigned char>(t[end])) || t[end] == '.')) {
    ++end;
  }
  if (end == i || (end < t.size() && (is_ident(t[end]) || t[end] == '-'))) {
    return std::nullopt;
  }
  Value v{std::string(t.substr(i, end - i)), i, end - i};
  if (!is_version(v.text)) {
    return std::nullopt;
  }
  return v;
}

// The offset of the occurrence of `needle` nearest to `at` within `window` bytes, or npos.
size_t nearest(std::string_view t, std::string_view needle, size_t at, size_t window) {
  size_t lo = at > window ? at - window : 0;
  size_t hi = std::min(t.size(), at + window);
  size_t best = std::string_view::npos;
  size_t best_d = window + 1;
  for (size_t p = t.find(needle, lo); p != std::string_view::npos && p < hi; p = t.find(needle, p + 1)) {
    size_t d = p > at ? p - at : at - p;
    if (d < best_d) {
      best_d = d;
      best = p;
    }
  }
  return best;
}

// The string literal at i (after spaces): its text and place.
std::optional<Value> string_at(std::string_view t, size_t i) {
  while (i < t.size() && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n')) {
    ++i;
  }
  if (i >= t.size() || (t[i] != '"' && t[i] != '\'')) {
    return std::nullopt;
  }
  size_t close = t.find(t[i], i + 1);
  if (close == std::string_view::npos || close - i > 40) {
    return std::nullopt;
  }
  return Value{std::string(t.substr(i + 1, close - i - 1)), i + 1, close - i - 1};
}

} // namespace

std::vector<Reference> extract_flags(std::string_view text) {
  std::vector<Reference> out;
  static constexpr std::string_view k_flag = "--runtime-version";
  static constexpr util::Finder k_find(k_flag);
  size_t from = 0;
  for (size_t p = 0; (p = k_find.find(text, from)) != std::string_view::npos;) {
    from = p + k_flag.size();
    auto v = flag_value(text, from);
    Reference r;
    r.form = Form::gcloud;
    if (v) {
      r.runtime = *v;
    } else {
      // "--runtime-version", RUNTIME_VERSION / --runtime-version=$RT / f"--runtime-version={RT}" /
      // " --runtime-version " + RUNTIME_VERSION
      size_t i = from;
      size_t limit = std::min(text.size(), i + 24);
      if (i < text.size() && text[i] == '=') {
        ++i;
      }
      while (i < limit && (text[i] == ' ' || text[i] == '\t' || text[i] == ',' || text[i] == '"' || text[i] == '\'' ||
                           text[i] == '\n' || text[i] == '\r' || text[i] == '\\' || text[i] == '+')) {
        ++i;
      }
      ExprKind kind = ExprKind::none;
      auto e = expression_at(text, i, kind);
      if (!e) {
        continue;
      }
      r.runtime = Value{"", e->offset, e->length};
      r.expr = e->text;
      r.expr_kind = kind;
    }
    r.job_offset = p;
    size_t lo = p > 400 ? p - 400 : 0;
    std::string_view before = text.substr(lo, p - lo);
    if (before.find("submit prediction") != std::string_view::npos || before.find("\"prediction\"") != std::string_view::npos ||
        before.find("'prediction'") != std::string_view::npos ||
        (before.find("versions") != std::string_view::npos && before.find("create") != std::string_view::npos)) {
      r.service = Service::prediction;
    }
    size_t py = nearest(text, "--python-version", p, 300);
    if (py != std::string_view::npos) {
      r.python_written = true;
      r.python = flag_value(text, py + 16);
    }
    size_t fw = nearest(text, "--framework", p, 300);
    if (fw != std::string_view::npos) {
      size_t i = fw + 11;
      while (i < text.size() && (text[i] == '=' || text[i] == ' ' || text[i] == ',' || text[i] == '"' || text[i] == '\'')) {
        ++i;
      }
      size_t e = i;
      while (e < text.size() && (is_ident(text[e]) || text[e] == '-')) {
        ++e;
      }
      if (e > i) {
        r.frameworks.push_back(framework_key(lower(text.substr(i, e - i))));
      }
    }
    out.push_back(std::move(r));
  }
  return out;
}

std::string prebuilt_prediction_image(std::string_view framework, std::string_view version, std::string_view accelerator) {
  std::string fw = lower(framework);
  if (!is_version(version)) {
    return "";
  }
  std::string name;
  if (fw == "tensorflow" || fw == "tf") {
    name = version.substr(0, 2) == "1." ? "tf" : "tf2";
  } else if (fw == "sklearn" || fw == "scikit-learn") {
    name = "sklearn";
  } else if (fw == "xgboost") {
    name = "xgboost";
  } else if (fw == "pytorch" || fw == "torch") {
    name = "pytorch";
  } else {
    return "";
  }
  std::string v(version);
  size_t dot2 = v.find('.', v.find('.') + 1);
  if (dot2 != std::string::npos) {
    v.resize(dot2); // 2.8.0 is 2-8
  }
  for (char& c : v) {
    if (c == '.') {
      c = '-';
    }
  }
  return name + "-" + (accelerator.empty() ? std::string("cpu") : lower(accelerator)) + "." + v;
}

namespace {

// The arguments of a call in text[from, close), split at commas: f(slot, value_at, arg_end) for
// each one that gives the framework (slot 0), framework_version (1) or accelerator (2), by keyword
// or as one of the first two positional arguments. strict_keys: an '=' makes a keyword argument
// only when no quote stands before it.
template <class F> void sdk_args(std::string_view text, size_t from, size_t close, bool strict_keys, F&& f) {
  size_t positional = 0;
  for (size_t i = from; i < close;) {
    size_t comma = text.find(',', i);
    size_t arg_end = comma == std::string_view::npos || comma > close ? close : comma;
    std::string_view arg = text.substr(i, arg_end - i);
    size_t eq = arg.find('=');
    int slot = -1;
    size_t value_at = i;
    if (eq != std::string_view::npos && (!strict_keys || (arg.find('"') > eq && arg.find('\'') > eq))) {
      std::string key(arg.substr(0, eq));
      key.erase(0, key.find_first_not_of(" \t\n"));
      key.erase(key.find_last_not_of(" \t\n") + 1);
      slot = key == "framework" ? 0 : key == "framework_version" ? 1 : key == "accelerator" ? 2 : -1;
      value_at = i + eq + 1;
    } else if (positional < 2) {
      slot = static_cast<int>(positional++);
    }
    if (slot >= 0) {
      f(slot, value_at, arg_end);
    }
    i = arg_end + 1;
  }
}

Reference prediction_image(size_t call_at) {
  Reference r;
  r.form = Form::image;
  r.catalog = "vertex-prediction";
  r.service = Service::prediction;
  r.job_offset = call_at;
  return r;
}

// A call whose framework or version is not a literal: extract_all evaluates the arguments as
// written. Nothing when either is missing.
std::optional<Reference> written_call(std::string_view text, size_t p, size_t from, size_t close, size_t name_len) {
  std::string exprs[3];
  size_t version_at = p;
  size_t version_len = name_len;
  sdk_args(text, from, close, true, [&](int slot, size_t value_at, size_t arg_end) {
    std::string_view value = text.substr(value_at, arg_end - value_at);
    size_t b = value.find_first_not_of(" \t\n");
    size_t e = value.find_last_not_of(" \t\n");
    if (b != std::string_view::npos) {
      exprs[slot] = std::string(value.substr(b, e - b + 1));
      if (slot == 1) {
        version_at = value_at + b;
        version_len = e - b + 1;
      }
    }
  });
  if (exprs[0].empty() || exprs[1].empty()) {
    return std::nullopt;
  }
  Reference r = prediction_image(p);
  r.runtime = Value{"", version_at, version_len};
  r.expr = exprs[0] + '\x1f' + exprs[1] + '\x1f' + exprs[2];
  r.expr_kind = ExprKind::sdk;
  return r;
}

} // namespace

std::vector<Reference> extract_sdk(std::string_view text) {
  std::vector<Reference> out;
  static constexpr std::string_view k_call = "get_prebuilt_prediction_container_uri(";
  size_t from = 0;
  // memchr for '(' (rare outside code), then the name before it: faster than a memmem pass.
  while (const void* hit = std::memchr(text.data() + from, '(', text.size() - from)) {
    size_t paren = static_cast<size_t>(static_cast<const char*>(hit) - text.data());
    from = paren + 1;
    if (paren + 1 < k_call.size() || text.substr(paren + 1 - k_call.size(), k_call.size()) != k_call) {
      continue;
    }
    size_t p = paren + 1 - k_call.size();
    size_t close = text.find(')', from);
    if (close == std::string_view::npos || close - from > 400) {
      continue;
    }
    std::optional<Value> args[3]; // framework, framework_version, accelerator
    sdk_args(text, from, close, false,
             [&](int slot, size_t value_at, size_t /*arg_end*/) { args[slot] = string_at(text, value_at); });
    if (!args[0] || !args[1]) {
      if (auto r = written_call(text, p, from, close, k_call.size() - 1)) {
        out.push_back(std::move(*r));
      }
      continue;
    }
    std::string image = prebuilt_prediction_image(args[0]->text, args[1]->text, args[2] ? args[2]->text : "");
    if (image.empty()) {
      continue;
    }
    Reference r = prediction_image(p);
    r.runtime = Value{image, args[1]->offset, args[1]->length};
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<Reference> extract_image_args(std::string_view text) {
  static constexpr std::string_view k_key = "image_uri";
  static constexpr util::Finder k_find(k_key);
  std::vector<Reference> out;
  size_t from = 0;
  for (size_t at = 0; (at = k_find.find(text, from)) != std::string_view::npos;) {
    from = at + k_key.size();
    // A keyword argument: after '(' or ',' (across spaces and lines), a whole name.
    size_t before = at;
    while (before > 0 &&
           (text[before - 1] == ' ' || text[before - 1] == '\t' || text[before - 1] == '\n' || text[before - 1] == '\r')) {
      --before;
    }
    if (before == 0 || (text[before - 1] != '(' && text[before - 1] != ',') || (at > 0 && is_ident(text[at - 1]))) {
      continue;
    }
    size_t i = from;
    while (i < text.size() && text[i] == ' ') {
      ++i;
    }
    if (i + 1 >= text.size() || text[i] != '=' || text[i + 1] == '=') {
      continue;
    }
    ++i;
    while (i < text.size() && text[i] == ' ') {
      ++i;
    }
    // A string (an f-string too) is found as the image it is, or the template it builds.
    auto quote = [&](size_t k) { return k < text.size() && (text[k] == '"' || text[k] == '\''); };
    if (quote(i) || (i < text.size() && std::strchr("fFrRbBuU", text[i]) && quote(i + 1))) {
      continue;
    }
    ExprKind kind = ExprKind::none;
    auto value = expression_at(text, i, kind);
    if (!value || kind != ExprKind::python) {
      continue;
    }
    Reference r;
    r.form = Form::image;
    r.job_offset = value->offset;
    r.runtime = Value{"", value->offset, value->length};
    r.expr = value->text;
    r.expr_kind = ExprKind::python_image;
    out.push_back(std::move(r));
  }
  return out;
}

} // namespace lib::scan
