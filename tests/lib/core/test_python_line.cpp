// The Python under every entry: the python catalog bounds each entry's release by the first
// release of the Pythons it pins, and their end of life is a finding. Unit cases first, then the
// sweep over every month from 2018 to 2026 and every entry of the embedded catalogs.
#include "catalog/json_io.hpp"
#include "lib/core/check.hpp"
#include "lib/core/python_line.hpp"
#include "lib/core/targets.hpp"
#include "lib/core/timeline.hpp"
#include "tests/support/fixtures.hpp"
#include "tests/support/sweep.hpp"

#include <doctest/doctest.h>

#include <algorithm>

using catalog::Date;
using catalog::parse_date;

namespace {

const catalog::Catalog& python_catalog() {
  return *sweep::embedded().get(catalog::k_python_catalog);
}

// The first release of Python line v (or the day after its released_after bound).
Date first_possible(const catalog::Version& v) {
  const auto* line = python_catalog().find(v.str());
  REQUIRE(line);
  return line->released ? *line->released : catalog::add_days(*line->released_after, 1);
}

bool has_rule(const std::vector<lib::Finding>& fs, lib::RuleId id) {
  return std::any_of(fs.begin(), fs.end(), [&](const lib::Finding& f) { return f.rule == lib::rule_id(id); });
}

lib::CheckResult check_on(const char* runtime, const char* python, const char* on) {
  lib::Request req = lib::request_from_text(runtime, python, {}, {});
  req.on = parse_date(on);
  return lib::check(sweep::embedded(), req);
}

} // namespace

TEST_CASE("the python catalog: windows where a month or two sources leave the day open") {
  const auto& c = python_catalog();
  const auto* py310 = c.find("3.10");
  REQUIRE(py310);
  CHECK(py310->released == parse_date("2021-10-04"));
  const auto* end = py310->stated("end_of_life");
  REQUIRE(end);
  CHECK(end->is_window());
  CHECK(end->from == parse_date("2026-10-01"));
  CHECK(end->date == parse_date("2026-10-31"));
  CHECK(end->sources.size() == 2);
  // Two sources that disagree by days: the window spans both (3.12's bugfix end).
  const auto* bugfix312 = c.find("3.12")->stated("bugfix_end");
  CHECK(bugfix312->from == parse_date("2025-04-02"));
  CHECK(bugfix312->date == parse_date("2025-04-08"));
  // A past day both give: a date.
  CHECK_FALSE(c.find("2.7")->stated("end_of_life")->is_window());
  // Expected, not released, at the source's date: a lower bound only.
  const auto* py315 = c.find("3.15");
  CHECK_FALSE(py315->released);
  CHECK(py315->released_after == parse_date("2026-08-22"));
  CHECK_FALSE(py315->released_by);
  CHECK(lib::evaluate(c, *py315, parse_date("2026-08-22"), 0).status.name == "unreleased");
  CHECK(lib::evaluate(c, *py315, parse_date("2026-12-01"), 0).status.name == "unknown");
  // The python catalog is not judged against itself.
  CHECK(c.python == nullptr);
  CHECK_FALSE(lib::python_end_of_life(c, *py310, std::nullopt, parse_date("2026-12-01")));
}

TEST_CASE("an entry's release is bounded by its newest Python's first release") {
  const auto& vt = *sweep::embedded().get("vertex-training");
  REQUIRE(vt.python == &python_catalog());
  const auto* ray = vt.find("ray-cpu.2-42.py311");
  REQUIRE(ray);
  auto floor = lib::python_floor(vt, *ray);
  REQUIRE(floor);
  CHECK(floor->after == parse_date("2022-10-23"));
  CHECK(floor->line->id == "3.11");
  auto w = lib::release_window(vt, *ray);
  CHECK(w.python == floor->line);
  CHECK(w.unreleased_on(parse_date("2022-10-23")));
  CHECK_FALSE(w.unreleased_on(parse_date("2022-10-24")));
  auto res = check_on("ray-cpu.2-42.py311", "", "2021-06-01");
  CHECK(res.verdict() == lib::CheckVerdict::invalid);
  REQUIRE_FALSE(res.findings.empty());
  CHECK(res.findings[0].message ==
        "image ray-cpu.2-42.py311 is not released before 2022-10-24: it runs Python 3.11, first released on 2022-10-24");
  // Without a python catalog in the set, no bound and no finding: nothing is invented.
  catalog::Catalog alone = vt;
  alone.python = nullptr;
  CHECK_FALSE(lib::python_floor(alone, *alone.find("ray-cpu.2-42.py311")));
}

TEST_CASE("python-end-of-life: the entry's Pythons, or the job's own; a window says so") {
  const auto& ai = *sweep::embedded().get("ai-platform");
  // Runtime 1.15 offers 2.7 and 3.7: on 2021-01-01 only 2.7 is past its end of life.
  CHECK_FALSE(lib::python_end_of_life(ai, *ai.find("1.15"), std::nullopt, parse_date("2021-01-01")));
  auto job27 = lib::python_end_of_life(ai, *ai.find("1.15"), catalog::Version::parse("2.7"), parse_date("2021-01-01"));
  REQUIRE(job27);
  CHECK(job27->severity == catalog::Severity::warning);
  CHECK(job27->message == "Python 2.7 reached its end of life on 2020-01-01: no more security fixes (the job asks for it on "
                          "runtime 1.15)");
  auto both = lib::judge_python(ai, *ai.find("1.15"), std::nullopt, parse_date("2023-07-01"));
  CHECK(both.end == lib::PythonEnd::reached);
  CHECK(both.finding->message == "Python 3.7 reached its end of life on 2023-06-27: no more security fixes; runtime 1.15 runs "
                                 "it, the newest of its Pythons");
  const auto& vt = *sweep::embedded().get("vertex-training");
  const auto* tf = vt.find("tf-cpu.2-17.py310");
  auto inside = lib::judge_python(vt, *tf, std::nullopt, parse_date("2026-10-15"));
  CHECK(inside.end == lib::PythonEnd::possibly);
  CHECK(inside.finding->message == "Python 3.10 reaches its end of life between 2026-10-01 and 2026-10-31, so on 2026-10-15 it "
                                   "may have none; image tf-cpu.2-17.py310 runs it");
  auto after = lib::judge_python(vt, *tf, std::nullopt, parse_date("2026-11-01"));
  CHECK(after.end == lib::PythonEnd::reached);
  CHECK(after.finding->message == "Python 3.10 reached its end of life between 2026-10-01 and 2026-10-31: no more security "
                                  "fixes; image tf-cpu.2-17.py310 runs it");
  CHECK(lib::judge_python(vt, *tf, std::nullopt, parse_date("2026-09-30")).end == lib::PythonEnd::no);
  CHECK(lib::python_end_name(lib::PythonEnd::possibly) == std::string("possible"));
}

TEST_CASE("a Python the python catalog does not list is named once, never dated") {
  auto c = fixtures::images();
  catalog::Catalog py = python_catalog();
  c.python = &py;
  c.runtimes[0].python = std::vector<catalog::Version>{catalog::Version::parse("3.99")};
  c.runtimes[1].python = std::vector<catalog::Version>{catalog::Version::parse("3.99"), catalog::Version::parse("3.10")};
  CHECK(lib::unlisted_pythons(c) == std::vector<catalog::Version>{catalog::Version::parse("3.99")});
  CHECK_FALSE(lib::python_floor(c, c.runtimes[0]));
  CHECK_FALSE(lib::python_end_of_life(c, c.runtimes[0], std::nullopt, parse_date("2040-01-01")));
}

namespace {

// Every entry that pins a Python, of every embedded catalog but the python catalog, on every month
// from 2018 to 2026: fn(catalog, entry, date); after each catalog's month, month(catalog, date).
template <typename Entry, typename Month> void for_each_pinned(Entry fn, Month month) {
  for (const catalog::Catalog* cp : sweep::embedded().all()) {
    if (cp->name == catalog::k_python_catalog) {
      continue;
    }
    for (Date on : sweep::months()) {
      for (const auto& r : cp->runtimes) {
        if (r.python) {
          CAPTURE(cp->name);
          CAPTURE(r.id);
          CAPTURE(catalog::format_date(on));
          fn(*cp, r, on);
        }
      }
      month(*cp, on);
    }
  }
}

} // namespace

TEST_CASE("sweep: nothing runs a Python before that Python's release, in any command's answer") {
  size_t bounded = 0;
  for_each_pinned(
      [&](const catalog::Catalog& c, const catalog::RuntimeEntry& r, Date on) {
        lib::Lifecycle lc = lib::evaluate(c, r, on, 90);
        if (on < first_possible(*std::max_element(r.python->begin(), r.python->end()))) {
          ++bounded;
          CHECK(lc.status.is(lib::Standing::unreleased));
          CHECK_FALSE(lc.usable());
        }
      },
      [](const catalog::Catalog& c, Date on) {
        for (const auto& combo : lib::combos({&c}, on, 90)) {
          CHECK(first_possible(combo.python) <= on);
        }
      });
  CHECK(bounded > 0);
}

TEST_CASE("sweep: on every month, an entry whose Pythons are all past end of life carries python-end-of-life") {
  for_each_pinned(
      [](const catalog::Catalog& c, const catalog::RuntimeEntry& r, Date on) {
        bool all_past = true;
        for (const auto& v : *r.python) {
          const auto* end = python_catalog().find(v.str())->stated("end_of_life");
          all_past = all_past && end->date && (end->is_window() ? *end->from <= on : *end->date <= on);
        }
        CHECK(lib::view_of(c, r, on, 90).python.finding.has_value() == all_past);
      },
      [](const catalog::Catalog&, Date) {});
}

TEST_CASE("on 2026-12-01 every available image on Python 3.10 carries the end-of-life finding, and ranks after") {
  const Date on = parse_date("2026-12-01");
  size_t images = 0;
  for (const catalog::Catalog* cp : sweep::embedded().all()) {
    const catalog::Catalog& c = *cp;
    for (const auto& r : c.runtimes) {
      if (!r.python || std::find(r.python->begin(), r.python->end(), catalog::Version::parse("3.10")) == r.python->end() ||
          c.name == catalog::k_python_catalog) {
        continue;
      }
      lib::Lifecycle lc = lib::evaluate(c, r, on, 90);
      if (!lc.usable()) {
        continue;
      }
      ++images;
      CAPTURE(r.id);
      auto res = check_on((c.name + ":" + r.id).c_str(), "3.10", "2026-12-01");
      CHECK(has_rule(res.findings, lib::RuleId::python_end_of_life));
      CHECK(res.verdict() != lib::CheckVerdict::valid);
      // What to move to: a target on an end-of-life Python has that standing, after the rest.
      for (size_t i = 0; i < res.suggestions.size(); ++i) {
        const auto& t = res.suggestions[i];
        auto runs = catalog::Version::try_parse(t.python);
        bool eol = lib::judge_python(*t.catalog, *t.entry, runs, on).end != lib::PythonEnd::no;
        CHECK(eol == (t.standing == lib::TargetStanding::python_end_of_life));
        if (i > 0) {
          CHECK(res.suggestions[i - 1].standing <= t.standing);
        }
      }
    }
  }
  CHECK(images >= 7);
}
