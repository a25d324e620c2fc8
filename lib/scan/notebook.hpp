#pragma once

// Jupyter notebooks (.ipynb) and Markdown: the code a scan should read, and where each byte of it
// sits in the file as written, so that findings point into the raw file.

#include "lib/scan/markdown.hpp"

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lib::scan {

// Code taken out of a file: `text` is what the extractors read; raw[i] is the byte offset in the
// file of text[i] (raw has text.size() + 1 entries, the last one just past the code's end).
// cells[i] is the 0-based index of the notebook cell text[i] comes from.
struct CodeView {
  std::string text;
  std::vector<size_t> raw;
  std::vector<int> cells;

  size_t raw_offset(size_t offset) const { return raw[std::min(offset, raw.size() - 1)]; }
  int cell(size_t offset) const { return cells.empty() ? -1 : cells[std::min(offset, cells.size() - 1)]; }
};

// A notebook that is not the JSON of a notebook: why, and the byte offset where reading stopped.
struct NotebookError {
  std::string reason;
  size_t offset = 0;
};

// Reads a notebook's JSON (nbformat 4: "cells", each with "cell_type" and "source" as a string or
// a list of strings; nbformat 3's "worksheets" too) and returns its code, cell after cell:
// - code cells: Python as written; "!cmd" lines as the shell command; "%%bash", "%%sh",
//   "%%script bash" and "%%writefile FILE" cells as their body; "%env NAME VALUE" and
//   "%env NAME=VALUE" as the shell assignment export NAME=VALUE (an environment variable, which
//   os.getenv reads); other magic lines are left out;
// - Markdown cells: only the bodies of fenced code blocks that are code (markdown.hpp);
// - outputs, metadata and raw cells: never.
// Each cell ends with a newline. Returns the error instead for text that is not a notebook.
struct NotebookCode {
  std::optional<CodeView> code;
  NotebookError error;
};
NotebookCode notebook_code(std::string_view json, const MarkdownRules& rules = {});

// Whether a path names a notebook (by its extension).
bool is_notebook_path(std::string_view path);

} // namespace lib::scan
