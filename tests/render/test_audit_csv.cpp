#include "tests/support/statuses.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "render/audit.hpp"

namespace {

// The fields of one CSV row (RFC 4180 quoting), for checking what the writer quotes.
std::vector<std::string> parse_row(const std::string& row) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (size_t i = 0; i < row.size(); ++i) {
    char c = row[i];
    if (quoted && c == '"' && i + 1 < row.size() && row[i + 1] == '"') {
      fields.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      fields.emplace_back();
    } else if (c == '\r' && !quoted) {
      REQUIRE(i + 2 == row.size()); // the row's end: CRLF
      REQUIRE(row[i + 1] == '\n');
      break;
    } else {
      fields.back() += c;
    }
  }
  return fields;
}

lib::Resource resource() {
  lib::Resource r;
  r.path = "inv.jsonl";
  r.line = 7;
  r.kind = lib::ResourceKind::job;
  r.name = "train-1";
  r.state = "RUNNING";
  r.runtime = "2.1";
  r.python = "3.7";
  r.framework = "TENSORFLOW";
  r.part = "";
  return r;
}

lib::Verdict verdict() {
  lib::Verdict v;
  v.status = test::lifecycle_status(lib::Standing::milestone, "deletion");
  v.deadline = catalog::parse_date("2021-03-09");
  v.deadline_milestone = "deletion";
  v.days = -10;
  v.action = "migrate to vertex-training:tf-cpu.2-17.py310";
  v.target = "vertex-training:tf-cpu.2-17.py310";
  return v;
}

std::vector<std::string> fields_of(const lib::Resource& r, const lib::Verdict& v) {
  return {r.path,
          std::to_string(r.line),
          std::string(lib::kind_name(r.kind)),
          r.name,
          r.state,
          r.runtime,
          r.python,
          r.framework,
          std::string(lib::status_name(v.status)),
          v.deadline ? catalog::format_date(*v.deadline) : "",
          v.deadline_milestone,
          v.deadline_earliest ? catalog::format_date(*v.deadline_earliest) : "",
          v.days ? std::to_string(*v.days) : "",
          v.action,
          v.target,
          r.part};
}

} // namespace

TEST_CASE("audit CSV: every column quoted where it must be, whatever it holds") {
  const std::vector<std::string> values = {"", "plain", "a,b", "say \"hi\"", "two\nlines", "cr\rhere", "\"", ",", "x\"\",y"};
  render::AuditWriter writer(render::AuditFormat::csv, catalog::parse_date("2024-12-01"), false);
  lib::Verdict v = verdict();
  for (const std::string& value : values) {
    // Every column that holds text (a kind is one of a few words); the status a lifecycle's.
    for (int column = 0; column < 12; ++column) {
      lib::Resource r = resource();
      lib::Verdict w = v;
      std::string* targets[] = {
          &r.path,   &r.name, &r.state, &r.runtime,           &r.python, &r.framework, &w.status.lifecycle->name, &w.action,
          &w.target, &r.part, &r.name,  &w.deadline_milestone};
      *targets[column] = value;
      CAPTURE(column);
      CAPTURE(value);
      std::string row;
      writer.append_resource(row, r, w);
      CHECK(parse_row(row) == fields_of(r, w));
      CHECK(writer.resource(r, w) == row); // the string form is the same row
    }
  }
}

TEST_CASE("audit CSV: a verdict changed at the same address is written as it is now") {
  render::AuditWriter writer(render::AuditFormat::csv, catalog::parse_date("2024-12-01"), false);
  lib::Resource r = resource();
  lib::Verdict v = verdict();
  std::string first;
  writer.append_resource(first, r, v);
  CHECK(parse_row(first) == fields_of(r, v));
  // Each column the verdict decides, changed in turn on the same object.
  v.status = test::lifecycle_status(lib::Standing::supported, "supported");
  v.deadline.reset();
  v.days.reset();
  for (int step = 0; step < 6; ++step) {
    if (step == 5) {
      v.deadline_milestone = "support_end";
    } else if (step == 1) {
      v.deadline = catalog::parse_date("2030-01-01");
    } else if (step == 4) {
      v.deadline_earliest = catalog::parse_date("2029-11-01");
    } else if (step == 2) {
      v.days = 42;
    } else if (step == 3) {
      v.action = "none";
      v.target = "";
    }
    std::string row;
    writer.append_resource(row, r, v);
    CAPTURE(step);
    CHECK(parse_row(row) == fields_of(r, v));
  }
  // Another inventory's path after the first one's.
  r.path = "other, inventory.json";
  std::string row;
  writer.append_resource(row, r, v);
  CHECK(parse_row(row) == fields_of(r, v));
}

TEST_CASE("audit CSV: verdicts at ever new addresses are written right past the writer's memory of them") {
  render::AuditWriter writer(render::AuditFormat::csv, catalog::parse_date("2024-12-01"), false);
  lib::Resource r = resource();
  std::vector<lib::Verdict> verdicts(10000, verdict());
  for (size_t i = 0; i < verdicts.size(); ++i) {
    verdicts[i].days = static_cast<long>(i);
  }
  for (size_t pass = 0; pass < 2; ++pass) {
    for (size_t i = 0; i < verdicts.size(); i += 7) {
      std::string row;
      writer.append_resource(row, r, verdicts[i]);
      REQUIRE(parse_row(row)[12] == std::to_string(i));
    }
  }
}
