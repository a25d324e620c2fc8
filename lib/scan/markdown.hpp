#pragma once

// Markdown's code: fenced code blocks, and which of them show example output (a response, a
// command's output) rather than code a reader runs or writes.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace lib::scan {

// What marks a fenced block as example output beyond the built-in rules (k_output_labels,
// k_output_lead_ins in markdown.cpp): the scan config's exclude-fences (labels) and
// exclude-after (phrases of the line before the fence). Compared in lower case.
struct MarkdownRules {
  std::vector<std::string> output_labels;
  std::vector<std::string> output_lead_ins;
};

// A byte range [from, to).
struct Span {
  size_t from = 0;
  size_t to = 0;
};

// Whether a fenced block is example output, not code:
// - its label (the info string's first word) is an output label (output, text, log...); else
// - it is not labelled as a language a reader runs (bash, sh, shell, python...), no line of it is
//   a gcloud command, and the last line of prose before it leads into output ("Example output:",
//   "The response looks like:", "*Sample output*:", a heading "Output").
bool is_example_output(std::string_view label, std::string_view lead_in, std::string_view body, const MarkdownRules& rules);

// The bodies of a Markdown text's fenced code blocks that are code (not example output), in order.
std::vector<Span> code_blocks(std::string_view text, const MarkdownRules& rules);

// Markdown: the same text with everything that is not code blanked out with spaces, so that
// offsets stay those of the file. Code is the fenced blocks code_blocks() keeps, and `inline code`
// spans that hold a whole gcloud command or image URI (a lone flag or key in a sentence is prose
// about it).
std::string markdown_code(std::string_view text, const MarkdownRules& rules = {});

// Whether a path names a Markdown file (by its extension).
bool is_markdown_path(std::string_view path);

} // namespace lib::scan
