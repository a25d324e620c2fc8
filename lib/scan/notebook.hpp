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

// Where each byte of code taken out of a file was written, as runs: in a run that is copied, byte
// k of the run is the file's byte raw + k; in one that is not (an escape such as \" or \u00e9,
// text rtcat adds), every byte stands for the one place raw. Each run is of one notebook cell.
class OffsetMap {
public:
  // Byte `code` (the next one: runs are added in order) and those after it, until the next run.
  void add(size_t code, size_t raw, bool copied, int cell) {
    if (!m_runs.empty()) {
      Run& last = m_runs.back();
      if (last.cell == cell && last.copied == copied && (copied ? last.raw + (code - last.code) == raw : last.raw == raw)) {
        return; // it continues the last run
      }
      if (last.code == code) {
        last = Run{code, raw, copied, cell};
        return;
      }
    }
    m_runs.push_back(Run{code, raw, copied, cell});
  }
  // The runs of `src` over its bytes [begin, end), as bytes `at`... of this map, in `cell`.
  void append(const OffsetMap& src, size_t begin, size_t end, size_t at, int cell) {
    if (src.m_runs.empty()) {
      return;
    }
    for (auto it = src.find(begin); it != src.m_runs.end() && it->code < end; ++it) {
      const size_t from = std::max(it->code, begin);
      add(at + (from - begin), it->copied ? it->raw + (from - it->code) : it->raw, it->copied, cell);
    }
  }
  // The raw offset of code byte `offset` (which must be at or after the first run's start).
  size_t raw(size_t offset) const {
    const Run& r = run(offset);
    return r.copied ? r.raw + (offset - r.code) : r.raw;
  }
  int cell(size_t offset) const { return m_runs.empty() ? -1 : run(offset).cell; }
  size_t runs() const { return m_runs.size(); }

private:
  struct Run {
    size_t code;
    size_t raw;
    bool copied;
    int cell;
  };
  // The run that holds byte `offset` (the first one for an offset before it).
  std::vector<Run>::const_iterator find(size_t offset) const {
    auto it = std::upper_bound(m_runs.begin(), m_runs.end(), offset, [](size_t o, const Run& r) { return o < r.code; });
    return it == m_runs.begin() ? it : it - 1;
  }
  const Run& run(size_t offset) const { return *find(offset); }
  std::vector<Run> m_runs;
};

// Code taken out of a file: `text` is what the extractors read; raw_offset(i) is the byte offset
// in the file of text[i] (for i at or past the end, `end`: just past the code's end), cell(i) the
// 0-based index of the notebook cell text[i] comes from (the last one past the end; -1 when
// there is no code).
struct CodeView {
  std::string text;
  OffsetMap map;
  size_t end = 0;

  size_t raw_offset(size_t offset) const { return offset >= text.size() ? end : map.raw(offset); }
  int cell(size_t offset) const { return text.empty() ? -1 : map.cell(std::min(offset, text.size() - 1)); }
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
