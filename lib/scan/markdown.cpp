// Fenced code blocks of Markdown (README files, notebooks' Markdown cells), and the rules that
// tell example output from code (lib/scan/markdown.hpp).

#include "lib/scan/markdown.hpp"

#include "util/text.hpp"

#include <algorithm>
#include <array>

namespace lib::scan {

namespace {

using util::lower;
using util::trim;

// Labels of a block that shows output.
constexpr std::array<std::string_view, 9> k_output_labels{"output", "out",    "text", "txt", "plaintext",
                                                          "plain",  "stdout", "log",  "logs"};
// Labels of a block a reader runs or writes: code whatever leads into it.
constexpr std::array<std::string_view, 21> k_command_labels{
    "bash", "sh",         "shell", "zsh", "console", "shell-session", "python", "py",       "python3", "ipython", "ipython3",
    "r",    "powershell", "ps1",   "bat", "cmd",     "dockerfile",    "docker", "makefile", "make",    "hcl"};
// Phrases of the line before a block that lead into output (compared in lower case, after
// emphasis and heading marks are removed).
constexpr std::array<std::string_view, 20> k_output_lead_ins{
    "example output", "sample output", "expected output",  "output looks",         "output should",
    "output will",    "output is",     "output similar",   "response looks",       "response should",
    "response will",  "response is",   "example response", "sample response",      "returns something like",
    "you should see", "you will see",  "you'll see",       "prints the following", "returns the following"};
// A whole lead-in line that is one of these words leads into output too ("Output:", "## Response").
constexpr std::array<std::string_view, 4> k_output_words{"output", "response", "result", "results"};

template <class List> bool has(const List& list, std::string_view s) {
  return std::find(list.begin(), list.end(), s) != list.end();
}

// A fence line (``` or ~~~ after at most three spaces): its marker, else empty.
std::string_view fence(std::string_view line) {
  size_t i = 0;
  while (i < line.size() && i < 3 && line[i] == ' ') {
    ++i;
  }
  std::string_view rest = line.substr(i);
  if (rest.starts_with("```")) {
    return "```";
  }
  if (rest.starts_with("~~~")) {
    return "~~~";
  }
  return {};
}

// The label of the fence line: the first word of its info string, lower case ({.json} is json).
std::string label_of(std::string_view line) {
  std::string_view s = trim(line);
  s.remove_prefix(std::min(s.find_first_not_of("`~"), s.size()));
  s = trim(s);
  while (!s.empty() && (s.front() == '{' || s.front() == '.')) {
    s.remove_prefix(1);
  }
  size_t end = s.find_first_of(" \t{},");
  return lower(s.substr(0, end));
}

// A lead-in line as compared: lower case, without emphasis, heading or quote marks; `heading`
// says it was a heading.
std::string plain_lead_in(std::string_view line, bool& heading) {
  std::string_view s = trim(line);
  heading = s.starts_with('#');
  std::string out;
  for (char c : s) {
    if (c != '*' && c != '_' && c != '`' && c != '#' && c != '>') {
      out += c;
    }
  }
  return lower(trim(out));
}

bool has_gcloud_line(std::string_view body) {
  for (std::string_view line : util::split(body, '\n')) {
    std::string_view s = trim(line);
    if (s.starts_with("$ ") || s.starts_with("!")) {
      s = trim(s.substr(1));
    }
    if (s.starts_with("gcloud ")) {
      return true;
    }
  }
  return false;
}

} // namespace

bool is_example_output(std::string_view label, std::string_view lead_in, std::string_view body, const MarkdownRules& rules) {
  if (has(k_output_labels, label) || has(rules.output_labels, label)) {
    return true;
  }
  if (has(k_command_labels, label) || has_gcloud_line(body)) {
    return false;
  }
  bool heading = false;
  std::string s = plain_lead_in(lead_in, heading);
  bool colon = !s.empty() && s.back() == ':';
  if (colon) {
    s.pop_back();
    s = std::string(trim(s));
  }
  if (s.empty() || (!colon && !heading)) {
    return false;
  }
  auto in = [&](std::string_view phrase) { return s.find(phrase) != std::string::npos; };
  return has(k_output_words, s) || std::any_of(k_output_lead_ins.begin(), k_output_lead_ins.end(), in) ||
         std::any_of(rules.output_lead_ins.begin(), rules.output_lead_ins.end(), in);
}

namespace {

// The fenced blocks that are code, in order; the lines outside fences into *prose.
std::vector<Span> read_blocks(std::string_view text, const MarkdownRules& rules, std::vector<Span>* prose) {
  std::vector<Span> out;
  std::string_view open;    // the marker of the open fence; empty outside blocks
  std::string label;        // the open block's label
  std::string_view lead_in; // the last line of prose before the open block
  std::string_view last_prose;
  size_t body = 0;
  size_t line_start = 0;
  while (line_start < text.size()) {
    size_t nl = text.find('\n', line_start);
    size_t line_end = nl == std::string_view::npos ? text.size() : nl + 1;
    std::string_view line = text.substr(line_start, line_end - line_start);
    std::string_view f = fence(line);
    if (!open.empty()) {
      if (f == open) {
        if (!is_example_output(label, lead_in, text.substr(body, line_start - body), rules)) {
          out.push_back(Span{body, line_start});
        }
        open = {};
        last_prose = {};
      }
    } else if (!f.empty()) {
      open = f;
      label = label_of(line);
      lead_in = last_prose;
      body = line_end;
    } else {
      if (!trim(line).empty()) {
        last_prose = line;
      }
      if (prose) {
        prose->push_back(Span{line_start, line_end});
      }
    }
    line_start = line_end;
  }
  if (!open.empty() && !is_example_output(label, lead_in, text.substr(body), rules)) {
    out.push_back(Span{body, text.size()}); // a block left open runs to the end
  }
  return out;
}

} // namespace

std::vector<Span> code_blocks(std::string_view text, const MarkdownRules& rules) {
  return read_blocks(text, rules, nullptr);
}

std::string markdown_code(std::string_view text, const MarkdownRules& rules) {
  std::string out(text.size(), ' ');
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' || text[i] == '\r') {
      out[i] = text[i];
    }
  }
  std::vector<Span> prose;
  for (const Span& s : read_blocks(text, rules, &prose)) {
    std::copy(text.begin() + static_cast<long>(s.from), text.begin() + static_cast<long>(s.to),
              out.begin() + static_cast<long>(s.from));
  }
  // Prose: only `inline code` spans that hold a whole command or image URI stay.
  for (const Span& p : prose) {
    std::string_view line = text.substr(p.from, p.to - p.from);
    for (size_t i = 0; i < line.size(); ++i) {
      if (line[i] != '`') {
        continue;
      }
      size_t run = 0;
      while (i + run < line.size() && line[i + run] == '`') {
        ++run;
      }
      size_t close = line.find(std::string(run, '`'), i + run);
      if (close == std::string_view::npos) {
        break;
      }
      std::string_view span = line.substr(i + run, close - i - run);
      // A whole command or image URI in `code` is one; a lone flag or key ("replace
      // `--runtime-version 1.15`") is prose about it.
      if (span.find("gcloud ") != std::string_view::npos || span.find("docker.pkg.dev/") != std::string_view::npos ||
          span.find("gcr.io/") != std::string_view::npos) {
        std::copy(line.begin() + static_cast<long>(i), line.begin() + static_cast<long>(close + run),
                  out.begin() + static_cast<long>(p.from + i));
      }
      i = close + run - 1;
    }
  }
  return out;
}

bool is_markdown_path(std::string_view path) {
  std::string tail = lower(path.substr(path.size() > 9 ? path.size() - 9 : 0));
  return tail.ends_with(".md") || tail.ends_with(".markdown") || tail.ends_with(".mdx");
}

} // namespace lib::scan
