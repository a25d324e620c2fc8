#include "util/text.hpp"
#include "util/utf8.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "render/findings.hpp"
#include "render/table.hpp"

namespace {

using util::utf8::length;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  for (auto line : util::split(text, '\n')) {
    out.emplace_back(line);
  }
  out.pop_back(); // after the last newline
  return out;
}

// Rows like `rtcat list`'s and `rtcat rules`'s: ids, a list of versions, a long description
// with a URL in it, a status.
std::vector<std::vector<render::Cell>> sample_rows(size_t count) {
  const std::vector<std::string> ids = {"1.15", "tf-cpu.2-17.py310", "sklearn-cpu.1-6", "pytorch-gpu.2-4.py310"};
  const std::vector<std::string> pythons = {"3.7", "2.7, 3.5, 3.6, 3.7", "3.10, 3.11"};
  const std::vector<std::string> texts = {
      "Closed to new training jobs and to new model versions; existing versions keep serving until deletion",
      "see https://cloud.google.com/vertex-ai/docs/training/pre-built-containers#tensorflow for the images", "short", ""};
  std::vector<std::vector<render::Cell>> rows;
  for (size_t i = 0; i < count; ++i) {
    rows.push_back({{ids[i % ids.size()]},
                    {"2020-0" + std::to_string(1 + i % 9) + "-19"},
                    {pythons[i % pythons.size()]},
                    {texts[i % texts.size()]},
                    {i % 2 ? "submission_end" : "supported", render::Tone::warn}});
  }
  return rows;
}

render::Table sample_table(size_t rows) {
  render::Table t;
  t.headers = {"ID", "RELEASED", "PYTHON", "DESCRIPTION", "STATUS"};
  t.rows = sample_rows(rows);
  t.fits = {render::Fit::keep, render::Fit::keep, render::Fit::words, render::Fit::text, render::Fit::keep};
  return t;
}

} // namespace

TEST_CASE("a text table fits the width, its ids whole, at every width from 40 to 200") {
  for (size_t rows : {1U, 3U, 8U}) {
    const render::Table t = sample_table(rows);
    const std::string full = render::table(t, render::TableFormat::text, false);
    for (size_t width = 40; width <= 200; ++width) {
      CAPTURE(rows);
      CAPTURE(width);
      const std::string out = render::table(t, render::TableFormat::text, false, width);
      for (const auto& line : lines_of(out)) {
        CHECK(length(line) <= width); // no id here is wider than 40 alone
        CHECK(line.find_last_not_of(' ') + 1 == line.size());
      }
      // Every id, date and status is on a line whole; every word of a `words` cell too.
      for (const auto& row : t.rows) {
        for (size_t i : {0U, 1U, 4U}) {
          CHECK(out.find(row[i].text) != std::string::npos);
        }
        for (auto word : util::split(row[2].text, ' ')) {
          CHECK(out.find(word) != std::string::npos);
        }
      }
      // Nothing is lost: every character of every cell is there.
      auto letters = [](const std::string& text) {
        std::string kept;
        for (char c : text) {
          kept += c == ' ' || c == '\n' ? "" : std::string(1, c);
        }
        return kept.size();
      };
      size_t cells = 0;
      for (const auto& row : t.rows) {
        for (const auto& c : row) {
          cells += letters(c.text);
        }
      }
      CHECK(letters(out) >= cells);
      size_t widest = 0;
      for (const auto& line : lines_of(full)) {
        widest = std::max(widest, length(line));
      }
      if (widest <= width) {
        CHECK(out == full);
      }
    }
    CHECK(render::table(t, render::TableFormat::text, false, 0) == full);
    CHECK(render::table(t, render::TableFormat::text, false, 1000) == full);
  }
}

TEST_CASE("a wrapped cell goes on under its own column") {
  render::Table t;
  t.headers = {"ID", "NOTE"};
  t.rows = {{{"tf-cpu.2-17"}, {"one two three four five six"}}, {{"1.15"}, {"-"}}};
  t.fits = {render::Fit::keep, render::Fit::text};
  CHECK(render::table(t, render::TableFormat::text, false, 26) == "ID           NOTE\n"
                                                                  "tf-cpu.2-17  one two three\n"
                                                                  "             four five six\n"
                                                                  "1.15         -\n");
  CHECK(render::column_widths(t, 26) == std::vector<size_t>{11, 13});
  CHECK(render::column_widths(t, 0) == std::vector<size_t>{11, 27});
  // Too narrow for the ids: they stay whole and the text column keeps its narrowest; the
  // table goes one record after another.
  CHECK(render::column_widths(t, 20) == std::vector<size_t>{11, render::k_min_text_width});
  CHECK(render::table(t, render::TableFormat::text, false, 20) == "ID    tf-cpu.2-17\n"
                                                                  "NOTE  one two three\n"
                                                                  "      four five six\n"
                                                                  "\n"
                                                                  "ID    1.15\n"
                                                                  "NOTE  -\n");
}

TEST_CASE("a kept value too wide beside its header but not for the line goes under it") {
  render::Table t;
  t.headers = {"ID", "RELEASED"};
  t.rows = {{{"sagemaker-scikit-learn.1.4-2-py312"}, {"2025-10-30"}}, {{"1.15"}, {"2019-12-19"}}};
  t.fits = {render::Fit::keep, render::Fit::keep};
  CHECK(render::table(t, render::TableFormat::text, false, 36) == "ID\n"
                                                                  "sagemaker-scikit-learn.1.4-2-py312\n"
                                                                  "RELEASED  2025-10-30\n"
                                                                  "\n"
                                                                  "ID        1.15\n"
                                                                  "RELEASED  2019-12-19\n");
  // Wider than the line: beside its header, whole.
  CHECK(render::table(t, render::TableFormat::text, false, 30).starts_with("ID        sagemaker-scikit-learn.1.4-2-py312\n"));
}

TEST_CASE("CSV headers join words with '_' and an unknown value is the empty cell") {
  render::Table t;
  t.headers = {"NAME", "AS OF"};
  t.rows = {{{"a"}, {std::string(render::k_unknown)}}};
  CHECK(render::table(t, render::TableFormat::csv, false) == "NAME,AS_OF\r\na,\r\n");
  CHECK(render::table(t, render::TableFormat::text, false) == "NAME  AS OF\na     -\n");
  CHECK(render::csv_header("next milestone") == "NEXT_MILESTONE");
}

TEST_CASE("finding lines fit the width with the location, the severity and the rule whole") {
  std::vector<lib::Finding> findings;
  lib::Finding a;
  a.rule = "submission-end";
  a.message = "runtime 1.15 stopped accepting new training jobs on 2021-08-28 (3 years ago); "
              "see https://cloud.google.com/ai-platform/training/docs/runtime-version-list for the versions";
  a.path = "trainer/config.yaml";
  a.line = 12;
  a.column = 20;
  a.suggestion = "tf-cpu.2-17.py310";
  lib::Finding b = a;
  b.path = "a/very/long/path/to/somewhere/deep/inside/the/repository/of/the/project/job.yaml";
  b.severity = catalog::Severity::warning;
  lib::Finding c = a;
  c.path.clear();
  c.message = "short";
  findings = {a, b, c};
  const std::string full = render::findings_text(findings, false);
  CHECK(render::findings_text(findings, false, 0) == full);
  CHECK(render::findings_text(findings, false, 2000) == full);
  for (size_t width = 40; width <= 200; ++width) {
    CAPTURE(width);
    const std::string out = render::findings_text(findings, false, width);
    const auto lines = lines_of(out);
    for (const auto& line : lines) {
      // Only a whole location (with nothing after it) or one whole word may be wider.
      bool whole = line.find(' ', line.find_first_not_of(' ')) == std::string::npos || line.ends_with(": error:") ||
                   line.ends_with(": warning:");
      CHECK((length(line) <= width || whole));
    }
    CHECK(out.starts_with("trainer/config.yaml:12:20: error:"));
    CHECK(out.find("\n" + b.path + ":12:20: warning:") != std::string::npos);
    CHECK(out.find("[submission-end]") != std::string::npos);
    CHECK(out.find("tf-cpu.2-17.py310)") != std::string::npos);
    CHECK(out.find("\nerror: short [submission-end]") != std::string::npos);
  }
}
