#include "tests/support/statuses.hpp"
#include "util/json.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "render/json.hpp"

// The audit's JSON record is written field by field (append_resource_json); it must be byte for
// byte what the library writes for the same object (resource_json), whatever the text holds.
TEST_CASE("append_resource_json: the library's bytes, for every kind of text in every field") {
  // Sweep: each string field of the record and of its finding takes each tricky value.
  const std::vector<std::string> texts{"",
                                       "plain",
                                       "quote \" and backslash \\",
                                       "tab\tnew\nline\rbell\x07 nul-free \x1f",
                                       "caf\xc3\xa9 \xe2\x9c\x93 \xf0\x9f\x98\x80",
                                       "bad \xff byte",
                                       "cut \xe2\x9c",
                                       "\xc3",
                                       "del \x7f",
                                       "/ slash </script>"};
  int cases = 0;
  for (size_t field = 0; field < 12; ++field) {
    for (const auto& t : texts) {
      lib::Resource r;
      r.path = "inv.jsonl";
      r.line = 7;
      r.kind = lib::ResourceKind::model_version;
      r.name = "m/v1";
      r.state = "READY";
      r.created = "2020-01-01T00:00:00Z";
      r.runtime = "2.1";
      r.service = "prediction";
      lib::Verdict v;
      v.status = test::lifecycle_status(lib::Standing::milestone, "deletion");
      v.catalog = "ai-platform";
      v.action = "none";
      lib::Finding f;
      f.rule = "deletion";
      f.severity = catalog::Severity::error;
      f.message = "runtime 2.1 had its model versions deleted";
      f.catalog = "ai-platform";
      if (field % 3 == 0) {
        v.deadline = catalog::parse_date("2021-03-09");
        v.deadline_earliest = catalog::parse_date("2021-03-01");
        v.days = -10;
      }
      std::string* slots[12] = {&r.name,      &r.state, &r.created, &r.path,   &r.runtime, &r.python,
                                &r.framework, &r.part,  &v.action,  &v.target, &f.message, &f.suggestion};
      *slots[field] = t;
      v.findings = {f, f};
      std::string fast;
      render::append_resource_json(fast, r, v);
      CHECK_MESSAGE(fast == util::json::dump(render::resource_json(r, v)), "field " << field << ": " << t);
      ++cases;
    }
  }
  CHECK(cases == 120);
}

TEST_CASE("util::json::append_string: as dump writes a string") {
  for (const std::string& t :
       std::vector<std::string>{"", "a", "\"", "\\", "\x01", "\x7f", "\xc3\xa9", "\xff", std::string("nul\0in", 6)}) {
    std::string out;
    util::json::append_string(out, t);
    CHECK(out == util::json::dump(nlohmann::json(t)));
  }
}
