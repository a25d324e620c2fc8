// gcloud command lines: tokenised like a shell would (quotes, backslash continuations), so
// that each flag value maps back to its byte offset in the file.

#include "lib/frameworks.hpp"
#include "lib/scan/extract.hpp"

#include <cctype>
#include <cstring>

namespace lib::scan {

namespace {

struct Token {
  std::string text;
  size_t offset = 0; // of the first character of the value (after an opening quote)
};

bool is_word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' || c == '/';
}

// Skips a backslash-newline continuation at i; true when there was one.
bool skip_continuation(std::string_view t, size_t& i) {
  if (i < t.size() && t[i] == '\\') {
    if (i + 1 < t.size() && t[i + 1] == '\n') {
      i += 2;
      return true;
    }
    if (i + 2 < t.size() && t[i + 1] == '\r' && t[i + 2] == '\n') {
      i += 3;
      return true;
    }
  }
  return false;
}

// The words of one command from `start`, up to the end of its logical line or a shell operator.
std::vector<Token> tokenize(std::string_view t, size_t start) {
  std::vector<Token> out;
  size_t i = start;
  while (i < t.size() && out.size() < 256) {
    if (t[i] == ' ' || t[i] == '\t' || t[i] == '\r') {
      ++i;
      continue;
    }
    if (skip_continuation(t, i)) {
      continue;
    }
    char c = t[i];
    if (c == '\n' || c == ';' || c == '|' || c == '&' || c == ')' || c == '`' || c == '#') {
      break;
    }
    Token tok;
    tok.offset = i;
    bool first = true;
    while (i < t.size()) {
      c = t[i];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ';' || c == '|' || c == '&' || c == ')' || c == '`') {
        break;
      }
      if (c == '\\') {
        size_t j = i;
        if (skip_continuation(t, j)) {
          break;
        }
        if (i + 1 < t.size()) {
          tok.text += t[i + 1];
        }
        i += 2;
        first = false;
        continue;
      }
      if (c == '\'' || c == '"') {
        size_t close = t.find(c, i + 1);
        size_t nl = t.find('\n', i + 1);
        if (close == std::string_view::npos || (nl != std::string_view::npos && nl < close)) {
          return out; // an unclosed quote: not a command we can read
        }
        if (first || tok.text.empty()) {
          tok.offset = i + 1;
        }
        tok.text += t.substr(i + 1, close - i - 1);
        i = close + 1;
        first = false;
        continue;
      }
      tok.text += c;
      ++i;
      first = false;
    }
    out.push_back(std::move(tok));
  }
  return out;
}

bool at(const std::vector<Token>& v, size_t i, std::string_view word) {
  return i < v.size() && v[i].text == word;
}

} // namespace

std::vector<Reference> extract_gcloud(std::string_view text) {
  std::vector<Reference> out;
  size_t from = 0;
  static constexpr std::string_view k_gcloud = "gcloud";
  while (const void* hit = ::memmem(text.data() + from, text.size() - from, k_gcloud.data(), k_gcloud.size())) {
    size_t p = static_cast<size_t>(static_cast<const char*>(hit) - text.data());
    from = p + k_gcloud.size();
    if ((p > 0 && is_word_char(text[p - 1])) || (from < text.size() && is_word_char(text[from]))) {
      continue;
    }
    std::vector<Token> toks = tokenize(text, p);
    size_t i = 1;
    while (at(toks, i, "beta") || at(toks, i, "alpha")) {
      ++i;
    }
    if (!at(toks, i, "ai-platform") && !at(toks, i, "ml-engine")) {
      continue;
    }
    ++i;
    Reference r;
    r.form = "gcloud";
    r.whole_job = true;
    r.job_offset = p;
    if (at(toks, i, "jobs") && at(toks, i + 1, "submit") && at(toks, i + 2, "training")) {
      r.service = "training";
    } else if (at(toks, i, "versions") && at(toks, i + 1, "create")) {
      r.service = "prediction";
    } else {
      continue;
    }
    bool runtime_written = false;
    bool readable = true;
    for (size_t k = i; k < toks.size(); ++k) {
      const std::string& w = toks[k].text;
      if (w.rfind("--", 0) != 0) {
        continue;
      }
      size_t eq = w.find('=');
      std::string name = w.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
      Value v;
      if (eq != std::string::npos) {
        v.text = w.substr(eq + 1);
        v.offset = toks[k].offset + eq + 1;
        if (v.offset < text.size() && (text[v.offset] == '"' || text[v.offset] == '\'')) {
          ++v.offset;
        }
      } else if (k + 1 < toks.size() && toks[k + 1].text.rfind("--", 0) != 0) {
        v.text = toks[k + 1].text;
        v.offset = toks[k + 1].offset;
      }
      v.length = v.text.size();
      if (name == "runtime-version") {
        runtime_written = true;
        if (is_version(v.text)) {
          r.runtime = v;
        } else {
          readable = false; // a variable or a typo we cannot judge
        }
      } else if (name == "python-version") {
        r.python_written = true;
        if (is_version(v.text)) {
          r.python = v;
        }
      } else if (name == "framework" && !v.text.empty()) {
        std::string lower;
        for (char c : v.text) {
          lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        }
        r.frameworks.push_back(framework_key(lower));
      } else if (name == "master-image-uri" || name == "image-uri") {
        r.has_image = true;
      }
    }
    if (readable && (!runtime_written || !r.runtime.text.empty())) {
      out.push_back(std::move(r));
    }
  }
  return out;
}

} // namespace lib::scan
