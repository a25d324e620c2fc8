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
  CHECK(code.raw.size() == code.text.size() + 1);
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
