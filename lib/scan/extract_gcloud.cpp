// gcloud command lines: split into words as a shell would (util/shell_words.hpp), so that each
// flag value maps back to its byte offset in the file.

#include "lib/core/frameworks.hpp"
#include "lib/scan/extract.hpp"
#include "util/find.hpp"
#include "util/shell_words.hpp"

#include <cctype>
#include <cstring>

namespace lib::scan {

namespace {

bool is_word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' || c == '/';
}

// Command substitutions opened in the words ("$(" of "tune_$(shell", "$(NAME") and not closed.
int open_substitutions(const std::vector<util::ShellWord>& words) {
  int open = 0;
  for (const auto& w : words) {
    for (size_t i = 0; i < w.text.size(); ++i) {
      if (w.text[i] == '$' && i + 1 < w.text.size() && w.text[i + 1] == '(') {
        ++open;
      } else if (w.text[i] == ')' && open > 0) {
        --open;
      }
    }
  }
  return open;
}

// The words of the command at `start` (util/shell_words.hpp); an unclosed quote ends it.
// A Makefile's $(NAME) or a substitution in a word (JOB_$(shell date +%s), job_$(date +%s))
// ends a shell command at its ')': the command goes on after it. `end`: where the command ends.
std::vector<util::ShellWord> words_at(std::string_view text, size_t start, size_t& end) {
  util::ShellCommand cmd = util::read_shell_command(text, start, 256);
  end = cmd.end;
  std::vector<util::ShellWord> words = std::move(cmd.words);
  for (int more = 0; more < 16 && !words.empty() && cmd.end > 0 && cmd.end <= text.size() && text[cmd.end - 1] == ')'; ++more) {
    if (open_substitutions(words) == 0) {
      break;
    }
    cmd = util::read_shell_command(text, cmd.end, 256);
    end = cmd.end;
    words.insert(words.end(), cmd.words.begin(), cmd.words.end());
  }
  return words;
}

bool at(const std::vector<util::ShellWord>& v, size_t i, std::string_view word) {
  return i < v.size() && v[i].text == word;
}

// The service of the command whose words from toks[i] on follow "gcloud ai-platform" (a
// training job, a batch prediction, a model version); false for any other command.
bool command_kind(const std::vector<util::ShellWord>& toks, size_t i, Reference& r) {
  if (at(toks, i, "jobs") && at(toks, i + 1, "submit") && at(toks, i + 2, "training")) {
    r.service = Service::training;
  } else if (at(toks, i, "jobs") && at(toks, i + 1, "submit") && at(toks, i + 2, "prediction")) {
    r.service = Service::prediction;
    r.whole_job = false; // batch prediction: the runtime is optional
  } else if (at(toks, i, "versions") && at(toks, i + 1, "create")) {
    r.service = Service::prediction;
  } else {
    return false;
  }
  return true;
}

// The value of the flag toks[k] (--name=value, eq the offset of its '=', or --name value) and
// where it stands in text; variable: it is written with a variable.
Value flag_value(std::string_view text, const std::vector<util::ShellWord>& toks, size_t k, size_t eq, bool& variable) {
  const std::string& w = toks[k].text;
  Value v;
  if (eq != std::string::npos) {
    v.text = w.substr(eq + 1);
    v.offset = toks[k].text_offset + eq + 1;
    if (v.offset < text.size() && (text[v.offset] == '"' || text[v.offset] == '\'')) {
      ++v.offset;
    }
  } else if (k + 1 < toks.size() && !toks[k + 1].text.starts_with("--")) {
    v.text = toks[k + 1].text;
    v.offset = toks[k + 1].text_offset;
  }
  v.length = v.text.size();
  // $NAME, ${NAME...}, IPython's {NAME}, a Makefile's $(NAME); not a command's output $(cmd args)
  variable =
      (v.text.find('$') != std::string::npos || v.text.find('{') != std::string::npos) && v.text.find("$(") == std::string::npos;
  // The shell words end at ')': "$(NAME" followed by ')' in the file.
  if (v.text.size() > 2 && v.text.substr(0, 2) == "$(" && v.text.find_first_of(" ()", 2) == std::string::npos &&
      v.offset + v.text.size() < text.size() && text[v.offset + v.text.size()] == ')') {
    v.text += ')';
    v.length = v.text.size();
    variable = true;
  }
  return v;
}

} // namespace

std::vector<Reference> extract_gcloud(std::string_view text) {
  std::vector<Reference> out;
  size_t from = 0;
  static constexpr std::string_view k_gcloud = "gcloud";
  static constexpr util::Finder k_find(k_gcloud);
  for (size_t p = 0; (p = k_find.find(text, from)) != std::string_view::npos;) {
    from = p + k_gcloud.size();
    if ((p > 0 && is_word_char(text[p - 1])) || (from < text.size() && is_word_char(text[from]))) {
      continue;
    }
    size_t end = 0;
    std::vector<util::ShellWord> toks = words_at(text, p, end);
    size_t i = 1;
    while (at(toks, i, "beta") || at(toks, i, "alpha")) {
      ++i;
    }
    if (!at(toks, i, "ai-platform") && !at(toks, i, "ml-engine")) {
      continue;
    }
    ++i;
    Reference r;
    r.form = Form::gcloud;
    r.whole_job = true;
    r.job_offset = p;
    r.job_end = std::min(end, text.size());
    if (!command_kind(toks, i, r)) {
      continue;
    }
    bool runtime_written = false;
    bool readable = true;
    bool opaque = false; // a word that expands to more flags ($FLAGS, "${ARGS[@]}")
    for (size_t k = i; k < toks.size(); ++k) {
      const std::string& w = toks[k].text;
      if (!w.starts_with("--")) {
        const std::string& prev = toks[k - 1].text;
        if (!w.empty() && w[0] == '$' && (!prev.starts_with("--") || prev.find('=') != std::string::npos)) {
          opaque = true;
        }
        continue;
      }
      size_t eq = w.find('=');
      std::string name = w.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
      bool variable = false;
      Value v = flag_value(text, toks, k, eq, variable);
      if (name == "runtime-version") {
        runtime_written = true;
        if (is_version(v.text)) {
          r.runtime = v;
        } else if (variable) {
          // $RUNTIME_VERSION, ${RT:-1.15}, IPython's {RUNTIME_VERSION}: evaluated by extract_all
          r.runtime = Value{"", v.offset, v.length};
          r.expr = v.text;
          r.expr_kind = ExprKind::shell;
        } else {
          readable = false; // a typo or a Makefile $(VAR) we cannot judge
        }
      } else if (name == "python-version") {
        r.python_written = true;
        if (is_version(v.text)) {
          r.python = v;
        } else if (variable) {
          r.python_expr = v.text;
          r.python_expr_kind = ExprKind::shell;
          r.python_at = Value{"", v.offset, v.length};
        }
      } else if (name == "framework" && !v.text.empty()) {
        std::string lower;
        for (char c : v.text) {
          lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        }
        r.frameworks.push_back(framework_key(lower));
      } else if (name == "master-image-uri" || name == "image-uri") {
        r.has_image = true;
      } else if (name == "config") {
        if (variable || v.text.empty()) {
          opaque = true; // a fragment rtcat cannot name: it may set runtimeVersion
        } else {
          r.config = v; // merged by scan() with the flags, as gcloud does
        }
      }
    }
    r.opaque = opaque;
    if (readable && (!runtime_written || !r.runtime.text.empty() || r.expr_kind != ExprKind::none) &&
        (runtime_written || !opaque)) {
      out.push_back(std::move(r));
    }
  }
  return out;
}

} // namespace lib::scan
