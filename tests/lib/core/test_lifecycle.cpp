#include "catalog/json_io.hpp"
#include "lib/core/lifecycle.hpp"
#include "tests/support/fixtures.hpp"

#include <doctest/doctest.h>

using catalog::parse_date;

using fixtures::images;
using fixtures::legacy;

namespace {
std::string status(const catalog::Catalog& c, const char* id, const char* on, int warn = 90) {
  return lib::evaluate(c, *c.find(id), parse_date(on), warn).status.name;
}
std::string milestone(const catalog::Catalog& c, const char* id, size_t i) {
  return lib::short_date(lib::resolve_milestones(c, *c.find(id)).at(i));
}
// Adds a copy of the catalog's 1.13 (its second runtime) as `id`, released on `released`.
void add_runtime(catalog::Catalog& c, const char* id, const char* released) {
  c.runtimes.push_back(c.runtimes[1]);
  c.runtimes.back().id = id;
  c.runtimes.back().released = parse_date(released);
}
} // namespace

TEST_CASE("milestones derive from the release, with the retroactive floor and the sunset cap") {
  CHECK(milestone(legacy(), "1.13", 0) == "2020-03-06");
  CHECK(milestone(legacy(), "1.13", 1) == "2021-03-06");
  CHECK(milestone(legacy(), "1.15", 0) == "2020-12-19");
  SUBCASE("stated dates win over the policy") {
    CHECK(milestone(legacy(), "1.0", 0) == "2020-01-13");
  }
  SUBCASE("the sunset caps a later date") {
    // 2.1 released 2020-03-09: +24 months = 2022-03-09, before the sunset; 9.9 has no date.
    CHECK(milestone(legacy(), "2.1", 1) == "2022-03-09");
    CHECK(milestone(legacy(), "9.9", 0) == "<= 2025-02-01");
  }
  SUBCASE("released_by makes no-later-than dates") {
    CHECK(milestone(legacy(), "2.2", 0) == "<= 2021-08-28");
    CHECK(milestone(legacy(), "2.2", 1) == "<= 2022-08-28");
  }
}

TEST_CASE("the published retirement table is reproduced by the real policy") {
  // 1.12 released 2018-12-19: +12 months = 2019-12-19, floored to 2020-01-13.
  auto text = fixtures::legacy_json();
  auto c = catalog::parse_catalog(text, "legacy.json");
  add_runtime(c, "1.12", "2018-12-19");
  add_runtime(c, "1.6", "2018-03-20");
  CHECK(milestone(c, "1.12", 0) == "2020-01-13");
  CHECK(milestone(c, "1.6", 1) == "2020-04-13");
  CHECK(milestone(c, "1.12", 1) == "2020-12-19");
}

TEST_CASE("status on the day before, of and after each milestone") {
  // 1.15: released 2019-12-19, submission_end 2020-12-19, deletion 2021-12-19.
  CHECK(status(legacy(), "1.15", "2019-12-18") == "unreleased");
  CHECK(status(legacy(), "1.15", "2019-12-19", 0) == "supported");
  CHECK(status(legacy(), "1.15", "2020-12-18", 0) == "supported");
  CHECK(status(legacy(), "1.15", "2020-12-18", 1) == "expiring");
  CHECK(status(legacy(), "1.15", "2020-12-19") == "submission_end");
  CHECK(status(legacy(), "1.15", "2021-12-18") == "submission_end");
  CHECK(status(legacy(), "1.15", "2021-12-19") == "deletion");
  CHECK(status(legacy(), "1.15", "2021-12-20") == "deletion");
  SUBCASE("images: support_end then availability_end") {
    CHECK(status(images(), "tf-cpu.2-17.py310", "2025-07-10", 0) == "supported");
    CHECK(status(images(), "tf-cpu.2-17.py310", "2025-07-11") == "support_end");
    CHECK(status(images(), "tf-cpu.2-17.py310", "2026-07-10") == "support_end");
    CHECK(status(images(), "tf-cpu.2-17.py310", "2026-07-11") == "availability_end");
  }
  SUBCASE("warn-days counts whole days to the milestone") {
    CHECK(status(legacy(), "1.15", "2020-09-20", 90) == "expiring");  // 90 days before
    CHECK(status(legacy(), "1.15", "2020-09-19", 90) == "supported"); // 91 days before
  }
}

TEST_CASE("leap days and month ends") {
  auto c = legacy();
  add_runtime(c, "leap", "2020-02-29");
  add_runtime(c, "monthend", "2019-08-31");
  c.policy.milestones[0].after_months = 6;
  CHECK(milestone(c, "leap", 0) == "2020-08-29");
  CHECK(milestone(c, "monthend", 0) == "2020-02-29");
  c.policy.milestones[0].after_months = 12;
  CHECK(milestone(c, "leap", 0) == "2021-02-28");
  CHECK(status(c, "leap", "2021-02-27", 0) == "supported");
  CHECK(status(c, "leap", "2021-02-28", 0) == "submission_end");
}

TEST_CASE("unknown stays unknown until a bound makes it certain") {
  CHECK(status(legacy(), "2.2", "2020-06-01") == "unknown");
  CHECK(status(legacy(), "2.2", "2021-08-27") == "unknown");
  auto lc = lib::evaluate(legacy(), *legacy().find("2.2"), parse_date("2021-08-28"), 90);
  CHECK(lc.status.name == "submission_end");
  CHECK(lc.status.later_possible);
  CHECK(lib::describe_reached(*lc.reached()) == "closed to new jobs by 2021-08-28 at the latest");
  CHECK(status(legacy(), "2.2", "2022-08-28") == "deletion");
  SUBCASE("no date at all: unknown until the sunset") {
    CHECK(status(legacy(), "9.9", "2025-01-31") == "unknown");
    CHECK(status(legacy(), "9.9", "2025-02-01") == "deletion");
  }
  SUBCASE("an image with no stated dates") {
    CHECK(status(images(), "tf_opt-cpu.nightly", "2025-01-01") == "unknown");
  }
}

TEST_CASE("severity and usability follow the milestone") {
  auto lc = lib::evaluate(legacy(), *legacy().find("1.15"), parse_date("2021-01-01"), 90);
  CHECK(lc.severity() == catalog::Severity::error);
  CHECK(lc.severity(true) == catalog::Severity::warning);
  CHECK_FALSE(lc.usable());
  auto img = lib::evaluate(images(), *images().find("tf-cpu.2-17.py310"), parse_date("2025-08-01"), 90);
  CHECK(img.severity() == catalog::Severity::warning);
  CHECK(img.usable());
  CHECK(lib::milestone_rule("availability_end") == "availability-end");
}

TEST_CASE("an entry with no release date existed by the catalog's as_of date") {
  // images: as_of 2024-06-01; tf-cpu.2-17.py310 has no release date, support_end 2025-07-11.
  CHECK(status(images(), "tf-cpu.2-17.py310", "2024-05-31") == "unknown");
  CHECK(status(images(), "tf-cpu.2-17.py310", "2024-06-01", 0) == "supported");
  // A milestone already reached is certain whatever the release date.
  CHECK(status(images(), "tf-cpu.2-11", "2023-11-15") == "support_end");
}

namespace {
// The legacy fixture with runtime 2.4 known to lie in [2021-02-26, 2021-03-02].
catalog::Catalog with_window(const char* after, const char* by) {
  auto c = legacy();
  catalog::RuntimeEntry r = c.runtimes[1];
  r.id = "2.4";
  r.version = catalog::Version::parse("2.4");
  r.released.reset();
  r.released_after = parse_date(after);
  r.released_by = parse_date(by);
  c.runtimes.push_back(r);
  return c;
}
} // namespace

TEST_CASE("a release window: unreleased through released_after, unknown inside, certain from released_by") {
  auto c = with_window("2021-02-25", "2021-03-02");
  CHECK(status(c, "2.4", "2021-02-24") == "unreleased");
  CHECK(status(c, "2.4", "2021-02-25") == "unreleased"); // on released_after itself
  CHECK(status(c, "2.4", "2021-02-26") == "unknown");    // released_after + 1: the window opens
  CHECK(status(c, "2.4", "2021-03-01") == "unknown");
  CHECK(status(c, "2.4", "2021-03-02", 0) == "supported"); // released_by
  CHECK(status(c, "2.4", "2021-03-03", 0) == "supported");
  auto lc = lib::evaluate(c, *c.find("2.4"), parse_date("2021-02-25"), 0);
  CHECK(lib::describe_release(lc.release) == "released between 2021-02-26 and 2021-03-02");
  CHECK(lc.release.earliest() == parse_date("2021-02-26"));
  CHECK(lc.release.latest() == parse_date("2021-03-02"));
  CHECK_FALSE(lc.usable());
}

TEST_CASE("derived milestones are windows: both ends move by after_months") {
  auto c = with_window("2021-02-25", "2021-03-02");
  auto ms = lib::resolve_milestones(c, *c.find("2.4"));
  CHECK(lib::short_date(ms[0]) == "2022-02-26..2022-03-02");
  CHECK(lib::short_date(ms[1]) == "2023-02-26..2023-03-02");
  CHECK(lib::describe_upcoming(ms[0]) == "closes to new jobs between 2022-02-26 and 2022-03-02");
  CHECK(status(c, "2.4", "2022-02-25", 0) == "supported"); // the day before the window
  CHECK(status(c, "2.4", "2022-02-26") == "unknown");      // its first day
  CHECK(status(c, "2.4", "2022-03-01") == "unknown");
  CHECK(status(c, "2.4", "2022-03-02") == "submission_end"); // its last day: certain
  CHECK(status(c, "2.4", "2022-03-03") == "submission_end");
  auto lc = lib::evaluate(c, *c.find("2.4"), parse_date("2022-03-02"), 90);
  CHECK(lib::describe_reached(*lc.reached()) == "closed to new jobs by 2022-03-02 at the latest");
  CHECK_FALSE(lc.status.later_possible);
  SUBCASE("the deletion window, after submission_end is certain") {
    CHECK_FALSE(lib::evaluate(c, *c.find("2.4"), parse_date("2023-02-25"), 90).status.later_possible);
    CHECK(lib::evaluate(c, *c.find("2.4"), parse_date("2023-02-26"), 90).status.later_possible);
    CHECK(lib::evaluate(c, *c.find("2.4"), parse_date("2023-03-01"), 90).status.later_possible);
    CHECK(status(c, "2.4", "2023-03-02") == "deletion");
  }
  SUBCASE("month ends clamp each end") {
    auto m = with_window("2019-12-30", "2020-02-29");
    CHECK(lib::short_date(lib::resolve_milestones(m, *m.find("2.4"))[0]) == "2020-12-31..2021-02-28");
  }
  SUBCASE("the policy floor closes a window into a date") {
    auto m = with_window("2018-01-01", "2018-06-01");
    auto fl = lib::resolve_milestones(m, *m.find("2.4"));
    CHECK(lib::short_date(fl[0]) == "2020-01-13");
    CHECK_FALSE(fl[0].at_latest);
  }
  SUBCASE("the sunset caps the latest end") {
    auto m = with_window("2023-06-01", "2023-09-01");
    CHECK(lib::short_date(lib::resolve_milestones(m, *m.find("2.4"))[1]) == "2025-02-01");
  }
}

namespace {
catalog::Catalog images_with_frameworks() {
  auto c = images();
  c.as_of = parse_date("2026-01-01");
  c.framework_releases.push_back({"tensorflow",
                                  catalog::Version::parse("2.17"),
                                  std::nullopt,
                                  parse_date("2024-07-10"),
                                  std::nullopt,
                                  "",
                                  {"https://github.com/tensorflow/tensorflow/releases"}});
  c.framework_releases.push_back({"tensorflow",
                                  catalog::Version::parse("2.11"),
                                  std::nullopt,
                                  std::nullopt,
                                  parse_date("2022-11-20"),
                                  "upper bound only",
                                  {"https://example.org/"}});
  c.framework_releases.push_back({"scikit-learn",
                                  catalog::Version::parse("1.6"),
                                  parse_date("2024-12-09"),
                                  std::nullopt,
                                  std::nullopt,
                                  "",
                                  {"https://scikit-learn.org/"}});
  return c;
}
} // namespace

TEST_CASE("an entry cannot predate the framework it ships") {
  auto c = images_with_frameworks();
  CHECK(status(c, "tf-cpu.2-17.py310", "2019-11-30") == "unreleased");
  CHECK(status(c, "tf-cpu.2-17.py310", "2024-07-10") == "unreleased");
  CHECK(status(c, "tf-cpu.2-17.py310", "2024-07-11") == "unknown"); // exists by as_of at the latest
  CHECK(status(c, "tf-cpu.2-17.py310", "2025-07-11") == "support_end");
  auto lc = lib::evaluate(c, *c.find("tf-cpu.2-17.py310"), parse_date("2024-01-01"), 90);
  REQUIRE(lc.release.framework);
  CHECK(lib::describe_release(lc.release) == "not released before 2024-07-11");
  SUBCASE("an exact framework release: the entry can come out that very day") {
    CHECK(status(c, "sklearn-cpu.1-6", "2024-12-08") == "unreleased");
    CHECK(status(c, "sklearn-cpu.1-6", "2024-12-09") == "unknown");
  }
  SUBCASE("a framework's upper bound is no lower bound") {
    CHECK(status(c, "tf-cpu.2-11", "2019-01-01") == "unknown");
  }
  SUBCASE("the later lower bound counts") {
    auto own = c;
    own.runtimes[1].released_after = parse_date("2024-09-30");
    auto w = lib::release_window(own, own.runtimes[1]);
    CHECK(w.after == parse_date("2024-09-30"));
    CHECK(w.framework == nullptr);
    own.runtimes[1].released_after = parse_date("2024-01-01");
    CHECK(lib::release_window(own, own.runtimes[1]).after == parse_date("2024-07-10"));
  }
  SUBCASE("the major.minor of the framework's pin finds the release") {
    auto pin = c;
    pin.runtimes[1].framework_version = "";
    pin.runtimes[1].packages = {{"tensorflow", "2.17.1"}};
    CHECK(lib::release_window(pin, pin.runtimes[1]).after == parse_date("2024-07-10"));
  }
  SUBCASE("no version, no bound") {
    CHECK(lib::release_window(c, *c.find("tf_opt-cpu.nightly")).after == std::nullopt);
  }
}

TEST_CASE("the next milestone makes an entry expiring, whatever it reached before") {
  // tf-cpu.2-17.py310: support_end 2025-07-11 (a warning), availability_end 2026-07-11.
  const auto& r = *images().find("tf-cpu.2-17.py310");
  auto lc = lib::evaluate(images(), r, parse_date("2026-05-01"), 90);
  CHECK(lc.status.name == "support_end"); // the status names the milestone reached
  CHECK(lc.status.expiring());
  REQUIRE(lc.due());
  CHECK(lc.due()->name() == "availability_end");
  CHECK(lc.status.days_left == 71);
  CHECK(lib::in_days(*lc.due(), parse_date("2026-05-01")) == "in 71 days");
  // 91 days before it: not yet; 90 days: expiring.
  CHECK_FALSE(lib::evaluate(images(), r, parse_date("2026-04-11"), 90).status.expiring());
  CHECK(lib::evaluate(images(), r, parse_date("2026-04-12"), 90).status.expiring());
  SUBCASE("past no milestone, the status is expiring") {
    auto before = lib::evaluate(images(), r, parse_date("2025-06-01"), 90);
    CHECK(before.status.name == "expiring");
    CHECK(before.due()->name() == "support_end");
  }
  SUBCASE("a legacy runtime closed to new jobs, its deletion near") {
    // 1.15: submission_end 2020-12-19, deletion 2021-12-19.
    auto old = lib::evaluate(legacy(), *legacy().find("1.15"), parse_date("2021-10-01"), 90);
    CHECK(old.status.name == "submission_end");
    REQUIRE(old.due());
    CHECK(old.due()->name() == "deletion");
    CHECK(old.severity(true) == catalog::Severity::warning); // deployed: still serving, a warning
  }
}

TEST_CASE("a window counts to its first day") {
  auto c = with_window("2021-02-25", "2021-03-02");
  const auto& r = *c.find("2.4");
  // submission_end 2022-02-26..2022-03-02.
  auto lc = lib::evaluate(c, r, parse_date("2021-12-01"), 90);
  CHECK(lc.next()->is_window());
  CHECK(lc.next()->first_day() == parse_date("2022-02-26"));
  CHECK(lc.status.days_left == 87);
  CHECK(lc.status.days_latest == 91);
  CHECK(lc.status.name == "expiring"); // 87 days to the first day, though 91 to the last
  CHECK(lib::in_days(*lc.next(), parse_date("2021-12-01")) == "in 87 to 91 days");
  CHECK(lib::in_days(*lc.next(), parse_date("2022-02-27")) == "within 3 days");
  SUBCASE("a bound is no window: counted to the bound") {
    // 2.2: released by 2020-08-28, no lower bound: submission_end by 2021-08-28 at the latest.
    auto b = lib::evaluate(legacy(), *legacy().find("2.2"), parse_date("2021-06-01"), 90);
    CHECK_FALSE(b.next()->is_window());
    CHECK(b.status.days_left == 88);
    CHECK_FALSE(b.status.days_latest);
    CHECK(lib::in_days(*b.next(), parse_date("2021-06-01")) == "within 88 days");
  }
  CHECK(lib::when_text(parse_date("2024-12-09"), parse_date("2025-02-01"), true) == "between 2024-12-09 and 2025-02-01");
  CHECK(lib::when_text(std::nullopt, parse_date("2025-02-01"), true) == "by 2025-02-01 at the latest");
  CHECK(lib::when_text(std::nullopt, parse_date("2025-02-01"), false) == "on 2025-02-01");
}

TEST_CASE("a milestone reached proves that the entry exists") {
  // tf-cpu.2-11 has no release date; the sources list it as of 2024-06-01; it left support on
  // 2023-11-15, so it existed then.
  const auto& r = *images().find("tf-cpu.2-11");
  CHECK(lib::existed_by(images(), r) == parse_date("2024-06-01"));
  auto exists = [&](const char* on) {
    return lib::exists_on(images(), r, lib::evaluate(images(), r, parse_date(on), 90), parse_date(on));
  };
  CHECK_FALSE(exists("2023-11-14"));
  CHECK(exists("2023-11-15"));
  CHECK(exists("2024-06-01"));
  const auto& old = *legacy().find("1.15"); // released 2019-12-19
  CHECK_FALSE(
      lib::exists_on(legacy(), old, lib::evaluate(legacy(), old, parse_date("2019-12-18"), 90), parse_date("2019-12-18")));
  CHECK(lib::exists_on(legacy(), old, lib::evaluate(legacy(), old, parse_date("2019-12-19"), 90), parse_date("2019-12-19")));
}

TEST_CASE("an entry exists from its release, its released_by or as_of bound, or the first milestone it states") {
  const auto& r = *images().find("tf-cpu.2-11"); // no release date; support_end stated 2023-11-15
  auto lc = lib::evaluate(images(), r, parse_date("2023-01-01"), 90);
  CHECK(lib::exists_from(images(), r, lc) == parse_date("2023-11-15"));
  const auto& nightly = *images().find("tf_opt-cpu.nightly"); // no dates at all
  CHECK(lib::exists_from(images(), nightly, lib::evaluate(images(), nightly, parse_date("2023-01-01"), 90)) ==
        parse_date("2024-06-01"));
  const auto& two = *legacy().find("2.2"); // released by 2020-08-28; derived milestones are later bounds
  CHECK(lib::exists_from(legacy(), two, lib::evaluate(legacy(), two, parse_date("2020-01-01"), 90)) == parse_date("2020-08-28"));
}

TEST_CASE("a stated window: not reached before its first day, unknown inside, reached from its last") {
  // images: tf-cpu.2-17.py310 states support_end 2025-07-11; make it a window of July 2025, as a
  // month-only source would give it, with its own sources.
  auto c = images();
  auto& r = const_cast<catalog::RuntimeEntry&>(*c.find("tf-cpu.2-17.py310"));
  r.milestones.at(0).from = parse_date("2025-07-01");
  r.milestones.at(0).date = parse_date("2025-07-31");
  r.milestones.at(0).sources = {"release-cycle.toml", "eol.md"};
  auto ms = lib::resolve_milestones(c, r);
  REQUIRE(ms.at(0).stated);
  CHECK(ms.at(0).statement == &r.milestones.at(0));
  CHECK(ms.at(0).is_window());
  CHECK(lib::short_date(ms.at(0)) == "2025-07-01..2025-07-31");
  CHECK(lib::describe_upcoming(ms.at(0)) == "leaves support between 2025-07-01 and 2025-07-31");
  CHECK(status(c, "tf-cpu.2-17.py310", "2025-03-01", 0) == "supported");
  CHECK(status(c, "tf-cpu.2-17.py310", "2025-06-30", 0) == "supported");
  CHECK(status(c, "tf-cpu.2-17.py310", "2025-07-01", 0) == "unknown");
  CHECK(status(c, "tf-cpu.2-17.py310", "2025-07-30", 0) == "unknown");
  CHECK(status(c, "tf-cpu.2-17.py310", "2025-07-31", 0) == "support_end");
  // Warned of from its first day's distance, not its last.
  auto lc = lib::evaluate(c, r, parse_date("2025-06-01"), 30);
  CHECK(lc.status.name == "expiring");
  CHECK(lc.status.days_left == 30);
  CHECK(lc.status.days_latest == 60);
}

TEST_CASE("an entry its sources list as expected is not proven to exist by their date") {
  // images: as_of 2024-06-01. An entry not out on that day (released_after reaches it) does not
  // exist by as_of; one whose bound is earlier does.
  auto c = images();
  auto& r = const_cast<catalog::RuntimeEntry&>(*c.find("tf-cpu.2-17.py310"));
  r.released_after = parse_date("2024-06-01");
  CHECK_FALSE(lib::existed_by(c, r));
  CHECK(status(c, "tf-cpu.2-17.py310", "2024-06-01", 0) == "unreleased");
  CHECK(status(c, "tf-cpu.2-17.py310", "2024-09-01", 0) == "unknown");
  r.released_after = parse_date("2024-05-31");
  CHECK(lib::existed_by(c, r) == parse_date("2024-06-01"));
}
