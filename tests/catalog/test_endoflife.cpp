#include "catalog/endoflife.hpp"
#include "catalog/error.hpp"
#include "catalog/json_io.hpp"
#include "util/file.hpp"

#include <doctest/doctest.h>

using catalog::Date;
using catalog::parse_date;
using catalog::parse_endoflife;

namespace {

std::string fixture() {
  return util::read_file(std::string(RTCAT_SOURCE_DIR) + "/tests/fixtures/endoflife/python.json");
}

// The message of the InvalidInput that reading `text` throws.
std::string error_of(const std::string& text) {
  try {
    parse_endoflife(text, "p.json");
  } catch (const catalog::InvalidInput& e) {
    return e.what();
  }
  return "(no error)";
}

// A product of one release (its fields as JSON members), in the envelope dated `modified`.
std::string product(const std::string& release, const std::string& modified = "\"2026-08-22T10:00:00Z\"") {
  return R"({"schema_version": "1.2.0", "generated_at": "2026-08-23T00:00:00Z", "last_modified": )" + modified +
         R"(, "result": {"name": "tool", "label": "Tool", "links": {"html": "https://endoflife.date/tool", "releasePolicy": null},
       "releases": [{"name": "1.0", "releaseDate": "2020-01-01", )" +
         release + "}]}}";
}

} // namespace

TEST_CASE("an instant's UTC date") {
  CHECK(catalog::parse_date_time_utc("2026-08-14T01:30:00+02:00") == parse_date("2026-08-13"));
  CHECK(catalog::parse_date_time_utc("2026-08-13T22:30:00-02:00") == parse_date("2026-08-14"));
  CHECK(catalog::parse_date_time_utc("2026-08-14T00:00:00Z") == parse_date("2026-08-14"));
  CHECK(catalog::parse_date_time_utc("2026-12-31T23:59:59.123-01:00") == parse_date("2027-01-01"));
  CHECK(catalog::parse_date_time_utc("2026-08-14") == parse_date("2026-08-14"));
  CHECK_FALSE(catalog::parse_date_time_utc("2026-08-14T01:30:00"));
  CHECK_FALSE(catalog::parse_date_time_utc("2026-08-14 01:30:00Z"));
  CHECK_FALSE(catalog::parse_date_time_utc("2026-02-30T00:00:00Z"));
  CHECK_FALSE(catalog::parse_date_time_utc("2026-08-14T25:00:00Z"));
}

TEST_CASE("an endoflife.date product reads into a catalog named after it") {
  const auto c = parse_endoflife(fixture(), "python.json");
  CHECK(c.name == "python");
  CHECK(c.title == "Python");
  CHECK(c.as_of == parse_date("2026-08-13")); // last_modified 2026-08-14T01:30:00+02:00, in UTC
  CHECK(c.as_of_note.find("last_modified") != std::string::npos);
  REQUIRE(c.policy.milestones.size() == 2); // no release has an extended support phase
  CHECK(c.policy.milestones[0].name == "support_end");
  CHECK(c.policy.milestones[0].severity == catalog::Severity::warning);
  CHECK(c.policy.milestones[1].name == "end_of_life");
  CHECK(c.policy.milestones[1].severity == catalog::Severity::error);
  CHECK_FALSE(c.policy.milestones[1].meaning.empty());
  CHECK(c.policy.sources == std::vector<std::string>{"https://devguide.python.org/versions/", "python.json"});
  REQUIRE(c.runtimes.size() == 6);

  const auto* r = c.find("3.12");
  REQUIRE(r);
  CHECK(r->version == catalog::Version::parse("3.12"));
  CHECK(r->released == parse_date("2023-10-02"));
  CHECK(r->stated("support_end")->date == parse_date("2025-04-02"));
  CHECK_FALSE(r->stated("support_end")->is_window());
  CHECK(r->stated("end_of_life")->date == parse_date("2028-10-31"));
  CHECK(r->notes.view() == "latest: 3.12.14 (2026-08-12)");
  CHECK(r->sources.views() == std::vector<std::string_view>{"python.json"});

  SUBCASE("reached on a day not known: the window from the release to the file's date") {
    const auto* old = c.find("2.7");
    REQUIRE(old);
    const auto* eoas = old->stated("support_end");
    REQUIRE(eoas);
    CHECK(eoas->is_window());
    CHECK(eoas->from == parse_date("2010-07-03"));
    CHECK(eoas->date == parse_date("2026-08-13"));
    REQUIRE(eoas->sources.size() == 1);
    CHECK(eoas->sources[0].find("/result/releases/5") != std::string::npos);
    CHECK(old->stated("end_of_life")->date == parse_date("2020-01-01"));
  }
  SUBCASE("what it reads, a catalog file keeps") {
    const std::string written = catalog::write_catalog(c);
    CHECK(catalog::write_catalog(catalog::parse_catalog(written, "again.json")) == written);
  }
}

TEST_CASE("a bare ProductDetails reads too, without a file date") {
  const std::string text = R"({"name": "tool", "label": "Tool", "releases": [
    {"name": "2", "releaseDate": "2021-01-01", "isEol": false, "eolFrom": "2031-01-01"}]})";
  const auto c = parse_endoflife(text, "tool.json");
  CHECK_FALSE(c.as_of);
  CHECK(c.policy.sources == std::vector<std::string>{"tool.json"});
  REQUIRE(c.runtimes.size() == 1);
  CHECK(c.runtimes[0].version == catalog::Version::parse("2"));
}

TEST_CASE("each phase pair maps to a milestone, or to none") {
  SUBCASE("a date wins over the boolean") {
    auto c = parse_endoflife(product(R"("isEol": true, "eolFrom": "2024-05-01")"), "p.json");
    CHECK(c.runtimes[0].stated("end_of_life")->date == parse_date("2024-05-01"));
  }
  SUBCASE("not reached and no date: stated unknown") {
    auto c = parse_endoflife(product(R"("isEol": false, "eolFrom": null)"), "p.json");
    const auto* m = c.runtimes[0].stated("end_of_life");
    REQUIRE(m);
    CHECK_FALSE(m->date);
    CHECK_FALSE(m->is_window());
  }
  SUBCASE("extended support: its own milestone, after end of life") {
    auto c = parse_endoflife(product(R"("isEol": true, "eolFrom": "2024-05-01", "isEoes": false, "eoesFrom": "2027-05-01")"),
                             "p.json");
    REQUIRE(c.policy.milestones.size() == 2);
    CHECK(c.policy.milestones[1].name == "extended_support_end");
    CHECK(c.policy.milestones[1].severity == catalog::Severity::error);
    CHECK(c.runtimes[0].stated("extended_support_end")->date == parse_date("2027-05-01"));
  }
  SUBCASE("not eligible for extended support: nothing stated, and the notes say why") {
    auto c = parse_endoflife(product(R"("isEol": true, "eolFrom": "2024-05-01", "isEoes": null, "eoesFrom": null)"), "p.json");
    CHECK(c.milestone("extended_support_end"));
    CHECK_FALSE(c.runtimes[0].stated("extended_support_end"));
    CHECK(c.runtimes[0].notes.view().find("isEoes null") != std::string_view::npos);
  }
  SUBCASE("a name that is not dotted numeric has no version") {
    auto c = parse_endoflife(R"({"name": "os", "releases": [{"name": "jammy-22.04", "releaseDate": "2022-04-21", "isEol": false,
                                 "eolFrom": null}]})",
                             "p.json");
    CHECK(c.runtimes[0].id == "jammy-22.04");
    CHECK_FALSE(c.runtimes[0].version);
  }
  SUBCASE("the first day of a window rtcat wrote in custom comes back as the window") {
    auto c = parse_endoflife(
        product(R"("isEol": false, "eolFrom": "2032-10-31", "custom": {"eolFrom_earliest": "2032-10-01", "pep": "PEP-1"})"),
        "p.json");
    const auto* m = c.runtimes[0].stated("end_of_life");
    CHECK(m->from == parse_date("2032-10-01"));
    CHECK(m->date == parse_date("2032-10-31"));
  }
  SUBCASE("a bound rtcat wrote (first day null) comes back as a window from the release") {
    auto c =
        parse_endoflife(product(R"("isEol": false, "eolFrom": "2025-02-01", "custom": {"eolFrom_earliest": null})"), "p.json");
    const auto* m = c.runtimes[0].stated("end_of_life");
    CHECK(m->from == parse_date("2020-01-01"));
    CHECK(m->date == parse_date("2025-02-01"));
  }
  SUBCASE("a release date rtcat wrote as a bound comes back as the release window") {
    auto c = parse_endoflife(product(R"("isEol": false, "eolFrom": null, "custom": {"releaseDate_earliest": "2019-12-01"})"),
                             "p.json");
    const auto& r = c.runtimes[0];
    CHECK_FALSE(r.released);
    CHECK(r.released_after == parse_date("2019-11-30"));
    CHECK(r.released_by == parse_date("2020-01-01"));
  }
}

TEST_CASE("bad endoflife.date input names the file and the place") {
  CHECK(error_of(R"({"result": {"name": "x", "releases": [{"name": "1 0", "releaseDate": "2020-01-01"}]}})") ==
        "p.json: /result/releases/0/name: release name \"1 0\" cannot be an entry id (it must be non-empty, without spaces or "
        "':')");
  CHECK(error_of(R"({"name": "x", "releases": [{"name": "a:b", "releaseDate": null}]})")
            .rfind("p.json: /releases/0/name: release name \"a:b\"", 0) == 0);
  CHECK(error_of(product(R"("isEol": false, "eolFrom": "2024-13-01")")) ==
        "p.json: /result/releases/0/eolFrom: invalid date \"2024-13-01\" (expected YYYY-MM-DD)");
  CHECK(error_of(product(R"("isEol": "yes", "eolFrom": null)")) ==
        "p.json: /result/releases/0/isEol: expected true, false or null");
  CHECK(error_of(product(R"("isEol": true, "eolFrom": null)", "\"yesterday\"")) ==
        "p.json: /last_modified: invalid date-time \"yesterday\" (expected RFC 3339, like 2025-06-03T14:05:52+01:00)");
  CHECK(error_of(R"({"name": "x", "releases": [{"name": "1", "releaseDate": "2020-01-01", "isEol": true, "eolFrom": null}]})") ==
        "p.json: /releases/0/isEol: reached on an unknown day, and the file gives no last_modified or generated_at to bound it");
  CHECK(error_of(R"({"schema_version": "1", "result": {"name": "x", "releases": [{"name": "1", "releaseDate": "2020-01-01"},
                   {"name": "1", "releaseDate": "2021-01-01"}]}})") ==
        "p.json: /result/releases/1/name: duplicate release name \"1\"");
  CHECK(error_of(R"({"result": []})") == "p.json: /result: expected an object");
  CHECK(error_of(R"({"products": []})").rfind("p.json: /: expected an endoflife.date product", 0) == 0);
  CHECK(error_of("{\"name\": ").rfind("p.json:1:", 0) == 0);
}
