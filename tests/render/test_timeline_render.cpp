#include "catalog/json_io.hpp"
#include "tests/support/fixtures.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <regex>
#include <set>

#include "render/ics.hpp"
#include "render/svg.hpp"

using catalog::parse_date;

namespace {

std::vector<lib::EntryView> views_of(const catalog::Catalog& c, catalog::Date on) {
  std::vector<lib::EntryView> out;
  for (auto it = c.runtimes.rbegin(); it != c.runtimes.rend(); ++it) { // reversed: the chart orders them
    out.push_back(lib::view_of(c, *it, on, 90));
  }
  return out;
}

// Every <text> with its x, anchor and content.
struct Label {
  double x = 0;
  std::string anchor;
  std::string text;
};

std::vector<Label> labels(const std::string& svg) {
  std::vector<Label> out;
  static const std::regex k_text(R"re(<text x="([-0-9.]+)"([^>]*)>([^<]*)</text>)re");
  static const std::regex k_anchor(R"re(text-anchor="(\w+)")re");
  for (std::sregex_iterator it(svg.begin(), svg.end(), k_text), end; it != end; ++it) {
    std::smatch anchor;
    std::string attrs = (*it)[2];
    std::regex_search(attrs, anchor, k_anchor);
    out.push_back(Label{std::stod((*it)[1]), anchor.empty() ? "start" : std::string(anchor[1]), (*it)[3]});
  }
  return out;
}

// A catalog with a 1.1 beside 1.13 and 1.15, and a CPU/GPU twin among the images.
catalog::Catalog legacy_with_1_1() {
  auto c = catalog::parse_catalog(fixtures::legacy_json(), "legacy.json");
  catalog::RuntimeEntry one = c.runtimes[0];
  one.id = "1.1";
  one.version = catalog::Version::parse("1.1");
  c.runtimes.push_back(one);
  return c;
}

catalog::Catalog images_with_twin() {
  auto c = catalog::parse_catalog(fixtures::images_json(), "images.json");
  c.runtimes[0].accelerator = "cpu";
  catalog::RuntimeEntry gpu = c.runtimes[0];
  gpu.id = "tf-gpu.2-11";
  gpu.accelerator = "gpu";
  c.runtimes.push_back(gpu);
  return c;
}

} // namespace

TEST_CASE("timeline SVG: entries in numeric version order under their catalog's heading") {
  auto c = legacy_with_1_1();
  auto on = parse_date("2020-01-01");
  std::string svg = render::timeline_svg(views_of(c, on), on, "T");
  size_t heading = svg.find(">Legacy");
  size_t v1_0 = svg.find(">1.0<");
  size_t v1_1 = svg.find(">1.1<");
  size_t v1_13 = svg.find(">1.13<");
  size_t v1_15 = svg.find(">1.15<");
  size_t v2_1 = svg.find(">2.1<");
  REQUIRE(v1_1 != std::string::npos);
  CHECK(heading < v1_0);
  CHECK(v1_0 < v1_1);
  CHECK(v1_1 < v1_13);
  CHECK(v1_13 < v1_15);
  CHECK(v1_15 < v2_1);
}

TEST_CASE("timeline SVG: shutdown and date lines labelled, a legend entry for each paint used") {
  auto c = legacy_with_1_1();
  auto on = parse_date("2021-06-01");
  std::string svg = render::timeline_svg(views_of(c, on), on, "T");
  CHECK(svg.find(">shutdown 2025-02-01</text>") != std::string::npos);
  CHECK(svg.find(">2021-06-01</text>") != std::string::npos);
  CHECK(svg.find("stroke-dasharray") != std::string::npos);
  std::set<std::string> fills;
  static const std::regex k_fill(R"re(<rect x="[-0-9.]+" y="\d+" width="[-0-9.]+" height="10" fill="([^"]+)"/>)re");
  for (std::sregex_iterator it(svg.begin(), svg.end(), k_fill), end; it != end; ++it) {
    fills.insert((*it)[1]);
  }
  // Each bar paint appears once more, as a legend swatch (which has a stroke).
  for (const auto& f : fills) {
    INFO(f);
    CHECK(svg.find("stroke-width=\"0.5\" fill=\"" + f + "\"") != std::string::npos);
  }
  CHECK(fills.count("url(#fade)") == 1); // 2.2 and 9.9: no lower bound to their release, they fade in
  CHECK(svg.find(">after a warning milestone<") == std::string::npos); // no such milestone: no legend entry
}

TEST_CASE("timeline SVG: every label stays inside the canvas, whatever the date or crop") {
  auto c = legacy_with_1_1();
  for (int year = 2014; year <= 2030; ++year) {
    for (const char* md : {"-01-01", "-06-15", "-12-31"}) {
      auto on = parse_date(std::to_string(year) + md);
      for (int crop = 0; crop < 3; ++crop) {
        render::ChartRange range;
        if (crop == 1) {
          range.since = parse_date("2019-01-01");
        } else if (crop == 2) {
          range.until = parse_date("2022-06-30");
        }
        std::string svg = render::timeline_svg(views_of(c, on), on, "Runtime lifecycle", range);
        for (const auto& l : labels(svg)) {
          double w = static_cast<double>(l.text.size()) * 6.5; // a wide character at font-size 11
          double left = l.anchor == "end" ? l.x - w : l.anchor == "middle" ? l.x - w / 2 : l.x;
          double right = left + w;
          std::string where = std::to_string(year) + md + " crop " + std::to_string(crop) + ": " + l.text;
          INFO(where);
          CHECK(left >= 0);
          CHECK(right <= 980);
        }
      }
    }
  }
}

TEST_CASE("timeline SVG: --since/--until crop the years drawn") {
  auto c = legacy_with_1_1();
  auto on = parse_date("2021-06-01");
  std::string svg = render::timeline_svg(views_of(c, on), on, "T", {parse_date("2019-06-01"), parse_date("2023-06-01")});
  CHECK(svg.find(">2018<") == std::string::npos);
  CHECK(svg.find(">2020<") != std::string::npos);
  CHECK(svg.find(">2023<") != std::string::npos);
  CHECK(svg.find(">2024<") == std::string::npos);
}

TEST_CASE("timeline SVG: CPU and GPU twins are one row") {
  auto c = images_with_twin();
  auto on = parse_date("2024-01-01");
  std::string svg = render::timeline_svg(views_of(c, on), on, "T");
  CHECK(svg.find(">tf-cpu.2-11 +gpu<") != std::string::npos);
  CHECK(svg.find(">tf-gpu.2-11") == std::string::npos);
}

TEST_CASE("iCalendar: future milestones by default, twins merged, alarms, stable UIDs") {
  auto c = images_with_twin();
  auto events = lib::timeline({&c});
  render::IcsOptions o;
  o.on = parse_date("2024-01-01");
  std::string ics = render::timeline_ics(events, o);
  CHECK(ics.find("DTSTART;VALUE=DATE:20231115") == std::string::npos); // tf 2.11 support_end is past
  CHECK(ics.find("DTSTART;VALUE=DATE:20241115") != std::string::npos); // its availability_end is ahead
  CHECK(ics.find("UID:images/tf-cpu.2-11/availability_end@rtcat") != std::string::npos);
  CHECK(ics.find("UID:images/tf-gpu.2-11") == std::string::npos);
  CHECK(ics.find("Applies to: tf-cpu.2-11\\, tf-gpu.2-11.") != std::string::npos);
  CHECK(ics.find("BEGIN:VALARM") == std::string::npos);
  SUBCASE("--include-past") {
    o.include_past = true;
    CHECK(render::timeline_ics(events, o).find("DTSTART;VALUE=DATE:20231115") != std::string::npos);
  }
  SUBCASE("--alarm") {
    o.alarm = 30;
    std::string with = render::timeline_ics(events, o);
    CHECK(with.find("BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-P30D\r\n") != std::string::npos);
  }
  SUBCASE("UIDs depend on catalog, entry and milestone, not on order") {
    auto reversed = events;
    std::reverse(reversed.begin(), reversed.end());
    auto uids = [](const std::string& text) {
      std::set<std::string> out;
      static const std::regex k_uid("UID:([^\r]+)");
      for (std::sregex_iterator it(text.begin(), text.end(), k_uid), end; it != end; ++it) {
        out.insert((*it)[1]);
      }
      return out;
    };
    auto forward = uids(ics);
    auto backward = uids(render::timeline_ics(reversed, o));
    CHECK(forward == backward);
  }
}

namespace {

// The markup of one entry's row: from its <g><title>CATALOG ID: to its </g>.
std::string row_of(const std::string& svg, const std::string& catalog_and_id) {
  size_t at = svg.find("<g><title>" + catalog_and_id + ": ");
  REQUIRE(at != std::string::npos);
  return svg.substr(at, svg.find("</g>", at) - at);
}

} // namespace

TEST_CASE("timeline SVG: a release is drawn as the data gives it, never from an invented date") {
  auto on = parse_date("2021-06-01");
  SUBCASE("known only by its upper bound: it fades in up to that day") {
    auto c = legacy_with_1_1();
    std::string svg = render::timeline_svg(views_of(c, on), on, "T");
    std::string row = row_of(svg, "legacy 2.2");
    CHECK(row.find("released by 2020-08-28 at the latest") != std::string::npos);
    CHECK(row.find("fill=\"url(#fade)\"") != std::string::npos);
    CHECK(row.find("hatch-supported") == std::string::npos);
    CHECK(svg.find(">release date unknown: it existed by the day the fade ends<") != std::string::npos);
    CHECK(svg.find("<linearGradient id=\"fade\">") != std::string::npos);
  }
  SUBCASE("a release window: hatched from its first day to the day it certainly existed") {
    // tf-cpu.2-17.py310 ships TensorFlow 2.17 (released 2024-07-11) and left support on 2025-07-11:
    // it existed by then, so it was released in [2024-07-11, 2025-07-11].
    auto c = catalog::parse_catalog(fixtures::images_json(), "images.json");
    c.as_of = parse_date("2026-01-01");
    c.framework_releases.push_back(
        {"tensorflow", catalog::Version::parse("2.17"), parse_date("2024-07-11"), std::nullopt, std::nullopt, "", {}});
    auto at = parse_date("2025-01-01");
    std::string svg = render::timeline_svg(views_of(c, at), at, "T");
    std::string row = row_of(svg, "images tf-cpu.2-17.py310");
    CHECK(row.find("not released before 2024-07-11, released by 2025-07-11 at the latest") != std::string::npos);
    CHECK(row.find("fill=\"url(#hatch-supported)\"") != std::string::npos);
    CHECK(row.find("url(#fade)") == std::string::npos);
    std::string nightly = row_of(svg, "images tf_opt-cpu.nightly"); // no bound at all, no dates: fades in to as_of
    CHECK(nightly.find("url(#fade)") != std::string::npos);
  }
}

TEST_CASE("timeline SVG: a catalog with no entry shown keeps its heading and shutdown line") {
  auto on = parse_date("2025-01-15");
  std::string svg =
      render::timeline_svg({}, on, "T", {parse_date("2025-01-01"), parse_date("2025-03-01")}, {&fixtures::legacy()});
  CHECK(svg.find(">Legacy test platform<") != std::string::npos);
  CHECK(svg.find(">shutdown 2025-02-01</text>") != std::string::npos);
}

TEST_CASE("iCalendar: the platform's sunset is an event") {
  auto events = lib::timeline({&fixtures::legacy()});
  render::IcsOptions o;
  o.on = parse_date("2024-12-01");
  std::string ics = render::timeline_ics(events, o);
  CHECK(ics.find("UID:legacy/sunset@rtcat\r\n") != std::string::npos);
  CHECK(ics.find("SUMMARY:legacy: the platform shuts down (sunset)\r\n") != std::string::npos);
  CHECK(ics.find("DESCRIPTION:the platform shut down.\r\n") != std::string::npos);
  CHECK(ics.find("DTSTART;VALUE=DATE:20250201\r\nDTEND;VALUE=DATE:20250202") != std::string::npos);
}
