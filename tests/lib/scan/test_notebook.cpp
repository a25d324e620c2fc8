#include "lib/scan/extract.hpp"
#include "lib/scan/notebook.hpp"
#include "tests/support/predicates.hpp"
#include "util/position.hpp"

#include <doctest/doctest.h>

using namespace lib::scan;

namespace {

// The 1-based line and column in the raw file of code offset `offset`.
std::pair<int, int> raw_at(std::string_view raw, const CodeView& code, size_t offset) {
  util::LineIndex index(raw);
  size_t at = code.raw_offset(offset);
  return {index.line(at), index.column(at)};
}

} // namespace

TEST_CASE("notebook_code: code cells, shell lines and cell magics") {
  std::string nb = R"({
 "cells": [
  {"cell_type": "markdown", "source": ["runtimeVersion: 1.15 in prose\n", "```sh\n", "gcloud x --runtime-version 1.14\n", "```\n"]},
  {"cell_type": "code", "outputs": [{"text": ["runtimeVersion: '1.13'\n"]}],
   "source": ["!gcloud ai-platform jobs submit training j \\\n", "  --runtime-version 1.15\n"]},
  {"cell_type": "code", "source": ["%%bash\n", "echo \"runtimeVersion: 2.1\"\n"]},
  {"cell_type": "code", "source": "%env RT 2.3\n%env PY=3.7\n%matplotlib inline\nx = 1"},
  {"cell_type": "raw", "source": ["runtimeVersion: 9.9\n"]}
 ],
 "metadata": {"k": [1, 2.5, true, null, {}]}, "nbformat": 4, "nbformat_minor": 5
})";
  NotebookCode out = notebook_code(nb);
  REQUIRE(out.code);
  const CodeView& code = *out.code;
  CHECK(code.text == "gcloud x --runtime-version 1.14\n"
                     "gcloud ai-platform jobs submit training j \\\n  --runtime-version 1.15\n"
                     "echo \"runtimeVersion: 2.1\"\n"
                     "export RT=2.3\nexport PY=3.7\nx = 1\n");
  CHECK(code.raw_offset(code.text.size()) == nb.size());
  // Each byte maps to where it is written, escapes included.
  size_t g = code.text.find("gcloud ai");
  CHECK(raw_at(nb, code, g) == std::pair{5, 17});
  CHECK(code.cell(g) == 1);
  size_t quote = code.text.find("\"runtimeVersion: 2.1");
  CHECK(nb.substr(code.raw_offset(quote), 2) == "\\\"");
  CHECK(code.cell(quote) == 2);
  size_t rt = code.text.find("RT=");
  CHECK(nb.substr(code.raw_offset(rt), 2) == "RT");
  CHECK(code.cell(code.text.find("x = 1")) == 3);
}

TEST_CASE("notebook_code: escapes map to the escape as written") {
  std::string nb = R"({"cells": [{"cell_type": "code", "source": ["s = \"\u00e9\ud83d\ude00\" # \t\\ \/\n"]}]})";
  NotebookCode out = notebook_code(nb);
  REQUIRE(out.code);
  CHECK(out.code->text == "s = \"\xC3\xA9\xF0\x9F\x98\x80\" # \t\\ /\n");
  size_t e = out.code->text.find("\xC3\xA9");
  CHECK(nb.substr(out.code->raw_offset(e), 6) == "\\u00e9");
  CHECK(out.code->raw_offset(e + 1) == out.code->raw_offset(e));
}

TEST_CASE("notebook_code: every byte of code maps to where it is written, over generated cells") {
  // Notebooks of code cells whose sources mix plain runs and every kind of escape, written here
  // with the raw offset of each byte they decode to: the reader must give the same, byte by byte.
  static constexpr std::string_view k_pieces[] = {"abc xyz", "=",   "\\n",     "\\\"",           "\\\\",
                                                  "\\t",     "\\/", "\\u00e9", "\\ud83d\\ude00", "q"};
  static constexpr std::string_view k_decoded[] = {"abc xyz",          "=", "\n", "\"", "\\", "\t", "/", "\xC3\xA9",
                                                   "\xF0\x9F\x98\x80", "q"};
  uint32_t seed = 20261203;
  auto next = [&](uint32_t n) {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 16) % n;
  };
  for (int round = 0; round < 40; ++round) {
    CAPTURE(round);
    std::string nb = "{\"cells\": [";
    std::string code;
    std::vector<size_t> raw;
    std::vector<int> cells;
    const int cell_count = 1 + static_cast<int>(next(4));
    for (int cell = 0; cell < cell_count; ++cell) {
      nb += cell ? ", " : "";
      nb += R"({"cell_type": "code", "outputs": [{"text": ["x\"y"]}], "source": [)";
      size_t last_raw = 0;
      const uint32_t strings = next(4);
      for (uint32_t k = 0; k < strings; ++k) {
        nb += k ? ", \"" : "\"";
        for (uint32_t p = next(6); p > 0; --p) {
          const uint32_t which = next(std::size(k_pieces));
          const bool plain = which == 0 || which == 1 || which == 9;
          for (size_t b = 0; b < k_decoded[which].size(); ++b) {
            raw.push_back(nb.size() + (plain ? b : 0));
            cells.push_back(cell);
            last_raw = raw.back();
          }
          code += k_decoded[which];
          nb += k_pieces[which];
        }
        nb += "\"";
      }
      nb += "]}";
      if (!code.empty() && code.back() != '\n') { // the cell ends without a newline: one is added, at its last byte
        code += '\n';
        raw.push_back(last_raw);
        cells.push_back(cell);
      }
    }
    nb += "]}";
    NotebookCode out = notebook_code(nb);
    INFO(nb);
    REQUIRE(out.code);
    REQUIRE(out.code->text == code);
    for (size_t i = 0; i < code.size(); ++i) {
      CAPTURE(i);
      REQUIRE(out.code->raw_offset(i) == raw[i]);
      REQUIRE(out.code->cell(i) == cells[i]);
    }
    CHECK(out.code->raw_offset(code.size()) == nb.size());
  }
}

TEST_CASE("notebook_code: plain code is one run, whatever its length; each escape splits it") {
  const std::string line(5000, 'x');
  NotebookCode out = notebook_code(R"({"cells": [{"cell_type": "code", "source": [")" + line + R"(\n", ")" + line + R"("]}]})");
  REQUIRE(out.code);
  CHECK(out.code->text == line + "\n" + line + "\n");
  // The first line, its escaped newline, the second line, the newline the cell ends with.
  CHECK(out.code->map.runs() == 4);
}

TEST_CASE("notebook_code: nbformat 3 worksheets") {
  NotebookCode out = notebook_code(R"({"worksheets": [{"cells": [{"cell_type": "code", "input": "runtime_version='2.1'"}]}]})");
  REQUIRE(out.code);
  CHECK(out.code->text == "runtime_version='2.1'\n");
}

TEST_CASE("notebook_code: what is not a notebook") {
  struct Case {
    const char* text;
    const char* reason;
    size_t offset;
  };
  for (const Case& c :
       {Case{"", "unexpected end of file", 0}, Case{"[]", "expected '{'", 0},
        Case{R"({"cells": [{"source": "x)", "unclosed string", 24}, Case{R"({"cells": [], "a": tru})", "invalid value", 19},
        Case{R"({"cells": [] "x": 1})", "expected ','", 13},
        Case{R"({"cells": [{"source": "\q"}]})", "invalid escape in a string", 23},
        Case{R"({"nbformat": 4})", "no \"cells\" list", 0}, Case{R"({"cells": []} x)", "text after the notebook", 14}}) {
    NotebookCode out = notebook_code(c.text);
    INFO(c.text);
    CHECK_FALSE(out.code);
    CHECK(out.error.reason == c.reason);
    CHECK(out.error.offset == c.offset);
  }
}

TEST_CASE("notebook_code: deep nesting outside cells costs no stack") {
  std::string deep = "{\"cells\": [], \"metadata\": " + std::string(200000, '[') + std::string(200000, ']') + "}";
  NotebookCode out = notebook_code(deep);
  CHECK(out.code);
}

TEST_CASE("markdown_code: prose is blanked, code blocks and whole commands in inline code stay") {
  std::string md = "Use runtimeVersion: 1.15 or 2.1.\n```yaml\nruntimeVersion: '2.1'\n```\nRun `gcloud ai-platform jobs "
                   "submit training j --runtime-version 1.14` é, not `runtime_version='1.13'`.\n";
  std::string code = markdown_code(md);
  CHECK(code.size() == md.size());
  CHECK(code.substr(0, 33) == std::string(32, ' ') + "\n");
  CHECK(code.find("`gcloud ai-platform jobs submit training j --runtime-version 1.14`") != std::string::npos);
  CHECK(code.find("1.13") == std::string::npos);
  auto refs = extract_all(code);
  REQUIRE(refs.size() == 2);
  CHECK(refs[0].runtime.text == "2.1");
  CHECK(refs[1].runtime.text == "1.14");
}

TEST_CASE("notebook and markdown paths") {
  fixtures::check_predicate(is_notebook_path, {"a/b.ipynb", "B.IPYNB"}, {"ipynb"});
  fixtures::check_predicate(is_markdown_path, {"README.md", "x.markdown"}, {"x.mdl"});
}
