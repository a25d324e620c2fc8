#include "lib/fleet/audit.hpp"
#include "tests/support/statuses.hpp"
#include "util/json.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "render/json.hpp"

namespace {

using ordered = nlohmann::ordered_json;

ordered text_or_null(const std::string& s) {
  return s.empty() ? ordered(nullptr) : ordered(s);
}

ordered date_or_null(const std::optional<catalog::Date>& d) {
  return d ? ordered(catalog::format_date(*d)) : ordered(nullptr);
}

// The record as the library's object: the fields and their order that the JSON reference
// documents, the findings as findings_for places them.
ordered library_object(const lib::Resource& r, const lib::Verdict& v) {
  ordered findings = ordered::array();
  for (const lib::Finding& f : lib::Auditor::findings_for(r, v)) {
    ordered j{{"rule", f.rule}, {"severity", catalog::to_string(f.severity)}, {"message", f.message}};
    if (!f.path.empty()) {
      j["path"] = f.path;
    }
    if (f.line > 0) {
      j["line"] = f.line;
    }
    if (f.column > 0) {
      j["column"] = f.column;
    }
    for (const auto& [k, value] : {std::pair<const char*, const std::string*>{"catalog", &f.catalog},
                                   {"runtime", &f.runtime},
                                   {"python", &f.python},
                                   {"suggestion", &f.suggestion}}) {
      if (!value->empty()) {
        j[k] = *value;
      }
    }
    findings.push_back(j);
  }
  return ordered{{"kind", lib::kind_name(r.kind)},
                 {"name", r.name},
                 {"part", text_or_null(r.part)},
                 {"state", r.state},
                 {"created", r.created},
                 {"path", r.path},
                 {"line", r.line},
                 {"runtime", text_or_null(r.runtime)},
                 {"python", text_or_null(r.python)},
                 {"framework", text_or_null(r.framework)},
                 {"image_uri", text_or_null(r.image_uri)},
                 {"service", r.service},
                 {"catalog", text_or_null(v.catalog)},
                 {"status", lib::status_name(v.status)},
                 {"deadline", date_or_null(v.deadline)},
                 {"deadline_earliest", date_or_null(v.deadline_earliest)},
                 {"deadline_milestone", text_or_null(v.deadline_milestone)},
                 {"days", v.days ? ordered(*v.days) : ordered(nullptr)},
                 {"action", v.action},
                 {"target", text_or_null(v.target)},
                 {"findings", findings}};
}

} // namespace

// The audit's and the report's JSON records are written field by field (append_resource_json);
// they must be byte for byte what the library writes for the same object, compact (audit,
// jsonl) and nested in a pretty document's array (report --format json), whatever the text
// holds.
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
      // Two findings, one about the record itself (worded from its fields), or none.
      lib::Finding stale = f;
      stale.rule = "stale-export";
      stale.message.clear();
      v.sunset = catalog::parse_date("2025-02-01");
      v.findings = field % 4 == 1 ? std::vector<lib::Finding>{} : std::vector<lib::Finding>{f, stale};
      const ordered object = library_object(r, v);
      std::string compact;
      render::append_resource_json(compact, r, v);
      CHECK_MESSAGE(compact == util::json::dump(object), "field " << field << ": " << t);
      std::string pretty;
      render::append_resource_json(pretty, r, v, 4);
      util::json::PrettyObjectWriter doc;
      (void)doc.open_array("resources");
      CHECK_MESSAGE("\n    " + pretty == doc.item(object), "field " << field << ": " << t);
      // The same through what a writer keeps per verdict (its findings' fixed parts), made from
      // this record or from another one of other runtime and Python (then not used).
      lib::Resource other = r;
      other.runtime = "9.9";
      other.python = "";
      for (const lib::Resource* made_from : {&r, &other}) {
        for (int depth : {-1, 4}) {
          render::VerdictJson kept;
          render::prepare_verdict_json(kept, *made_from, v, depth);
          std::string out;
          render::append_resource_json(out, r, v, kept);
          CHECK_MESSAGE(out == (depth < 0 ? compact : pretty), "field " << field << ", depth " << depth << ": " << t);
        }
      }
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

TEST_CASE("append_resource_json: a finding's message joins the record's label and the message, for every pair of kinds of text") {
  // The label (from the name) and the message are written as two parts where both are plain and
  // escaped joined otherwise: a UTF-8 sequence split between them is the joined text's.
  const std::vector<std::string> texts{"", "a", "\"", "\\", "\x01", "\x7f", "\xc3\xa9", "\xff", "\xe2\x9c", "\x93"};
  for (const auto& a : texts) {
    for (const auto& b : texts) {
      lib::Resource r;
      r.path = "inv.jsonl";
      r.line = 3;
      r.kind = lib::ResourceKind::job;
      r.name = a;
      r.runtime = "1.15";
      lib::Verdict v;
      v.status = test::lifecycle_status(lib::Standing::milestone, "deletion");
      lib::Finding f;
      f.rule = "deletion";
      f.severity = catalog::Severity::error;
      f.message = b;
      v.findings = {f};
      CAPTURE(a);
      CAPTURE(b);
      std::string compact;
      render::append_resource_json(compact, r, v);
      CHECK(compact == util::json::dump(library_object(r, v)));
    }
  }
}
