#include "catalog/json_io.hpp"
#include "tests/support/fixtures.hpp"
#include "util/escape.hpp"

#include <doctest/doctest.h>

#include "render/ics.hpp"
#include "render/json.hpp"
#include "render/svg.hpp"
#include "render/table.hpp"
#include "render/upgrade.hpp"

using catalog::parse_date;

TEST_CASE("tables render as aligned text, CSV and Markdown") {
  render::Table t{{"A", "LONGER"}, {{{"x,y"}, {"1"}}, {{"a|b"}, {"2\"q"}}}};
  CHECK(render::table(t, render::TableFormat::text, false) == "A    LONGER\nx,y  1\na|b  2\"q\n");
  CHECK(render::table(t, render::TableFormat::csv, false) == "A,LONGER\r\n\"x,y\",1\r\na|b,\"2\"\"q\"\r\n");
  CHECK(render::table(t, render::TableFormat::markdown, false) ==
        "| A | LONGER |\n| --- | --- |\n| x,y | 1 |\n| a\\|b | 2\"q |\n");
  CHECK(render::paint("x", render::Tone::bad, true) == "\033[31mx\033[0m");
  CHECK(render::paint("x", render::Tone::bad, false) == "x");
}

TEST_CASE("user strings are escaped in SVG") {
  CHECK(util::xml_escape("<a href=\"x\">&'") == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
  auto c = catalog::parse_catalog(fixtures::legacy_json(), "legacy.json");
  c.runtimes[0].id = "<script>";
  std::vector<lib::EntryView> views{lib::view_of(c, c.runtimes[0], parse_date("2020-01-01"), 90)};
  std::string svg = render::timeline_svg(views, parse_date("2020-01-01"), "T & <b>");
  CHECK(svg.find("<script>") == std::string::npos);
  CHECK(svg.find("&lt;script&gt;") != std::string::npos);
  CHECK(svg.find("<title>T &amp; &lt;b&gt;</title>") != std::string::npos);
  CHECK(svg.rfind("<svg ", 0) == 0);
}

TEST_CASE("iCalendar output follows RFC 5545") {
  auto c = catalog::parse_catalog(fixtures::legacy_json(), "legacy.json");
  render::IcsOptions all;
  all.on = parse_date("2020-01-01");
  all.include_past = true;
  auto ics = render::timeline_ics(lib::timeline({&c}), all);
  CHECK(ics.rfind("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n", 0) == 0);
  CHECK(ics.find("UID:legacy/1.15/submission_end@rtcat\r\n") != std::string::npos);
  CHECK(ics.find("DTSTART;VALUE=DATE:20201219\r\n") != std::string::npos);
  CHECK(ics.find("DTSTAMP:20240101T000000Z\r\n") != std::string::npos);
  CHECK(ics.find("SUMMARY:legacy runtime 2.2: submission end (at the latest)\r\n") != std::string::npos);
  size_t pos = 0;
  while ((pos = ics.find("\r\n", pos)) != std::string::npos) {
    size_t start = ics.rfind("\r\n", pos == 0 ? 0 : pos - 1);
    start = start == std::string::npos ? 0 : start + 2;
    CHECK(pos - start <= 75);
    pos += 2;
  }
  CHECK(ics.substr(ics.size() - 15) == "END:VCALENDAR\r\n");
}

TEST_CASE("JSON output keeps the contract's field names") {
  auto c = catalog::parse_catalog(fixtures::legacy_json(), "legacy.json");
  const auto& r = *c.find("2.2");
  std::string j = render::json_entries({lib::view_of(c, r, parse_date("2021-01-01"), 90)});
  for (const char* field : {"\"catalog\": \"legacy\"", "\"id\": \"2.2\"", "\"version\": \"2.2\"", "\"released\": null",
                            "\"python\": [", "\"packages\": {}", "\"status\": \"unknown\"", "\"submission_end\": null",
                            "\"milestones_no_later_than\": {", "\"next_milestone\": {", "\"at_latest\": true"}) {
    CAPTURE(field);
    CHECK(j.find(field) != std::string::npos);
  }
}

TEST_CASE("a breaking change reads the same in upgrade and in the report") {
  lib::Change c;
  c.kind = "framework";
  c.name = "tensorflow";
  c.from = "1.15.0";
  c.to = "2.1.0";
  c.breaking = true;
  c.note = "port with tf_upgrade_v2";
  CHECK(render::change_text(c) == "tensorflow 1.15.0 -> 2.1.0 (breaking): port with tf_upgrade_v2");
  c.kind = "platform";
  c.from = "ai-platform";
  c.to = "vertex-training";
  c.note.clear();
  CHECK(render::change_text(c) == "platform ai-platform -> vertex-training (breaking)");
  c.breaking = false;
  CHECK(render::breaking_mark(c).empty());
}
