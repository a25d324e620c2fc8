#include "render/audit.hpp"

#include "util/escape.hpp"
#include "util/json.hpp"
#include "util/text.hpp"

#include <nlohmann/json.hpp>

#include <charconv>
#include <string_view>
#include <utility>

#include "render/findings.hpp"
#include "render/json.hpp"
#include "render/table.hpp"

namespace render {

namespace {

// `"key":` of a JSON object written piece by piece.
std::string key(const std::string& name) {
  return util::json::dump(nlohmann::ordered_json(name)) + ":";
}

std::string plural(size_t n, const std::string& word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

std::string summary_table(const lib::AuditSummary& summary, size_t files, catalog::Date on, bool color, size_t width) {
  Table t;
  t.headers = {"STATUS", "RESOURCES"};
  for (const auto& [status, n] : summary.by_status) {
    t.rows.push_back({{status}, {std::to_string(n)}});
  }
  if (summary.malformed) {
    t.rows.push_back({{"malformed", Tone::bad}, {std::to_string(summary.malformed)}});
  }
  std::string out = "audited " + plural(summary.resources, "resource") + " in " + plural(files, "file") + " on " +
                    catalog::format_date(on) +
                    (summary.malformed ? " (" + std::to_string(summary.malformed) + " malformed records skipped)" : "") + "\n";
  out = fit_lines(out, width, 4);
  return t.rows.empty() ? out : out + table(t, TableFormat::text, color, width);
}

} // namespace

namespace {

// The gcloud command that lists a collection, reading every page ("" where gcloud has none).
std::string_view gcloud_list(std::string_view collection) {
  static constexpr std::pair<std::string_view, std::string_view> k_commands[] = {
      {"models", "gcloud ai models list --region=REGION --format=json"},
      {"endpoints", "gcloud ai endpoints list --region=REGION --format=json"},
      {"customJobs", "gcloud ai custom-jobs list --region=REGION --format=json"},
      {"hyperparameterTuningJobs", "gcloud ai hp-tuning-jobs list --region=REGION --format=json"},
      {"jobs", "gcloud ai-platform jobs list --format=json"},
      {"versions", "gcloud ai-platform versions list --model=MODEL --format=json"}};
  for (const auto& [name, command] : k_commands) {
    if (name == collection) {
      return command;
    }
  }
  return "";
}

} // namespace

std::string incomplete_listing_warning(const lib::ListPage& page) {
  const std::string at = "rtcat: warning: " + page.path + ":" + std::to_string(page.line) + ":" + std::to_string(page.column);
  if (page.collection == "TrainingJobSummaries") {
    return at + ": the " + page.collection +
           " listing is incomplete: this list response has a NextToken and no later page was read; pass every page "
           "(repeat aws sagemaker list-training-jobs with --starting-token set to each NextToken until a response has none), "
           "or list without --max-items, and the AWS CLI reads every page\n";
  }
  std::string gcloud(gcloud_list(page.collection));
  return "rtcat: warning: " + page.path + ":" + std::to_string(page.line) + ":" + std::to_string(page.column) + ": the " +
         page.collection +
         " listing is incomplete: this list response has a nextPageToken and no later page was read; pass every page "
         "(repeat the request with pageToken set to each nextPageToken until a response has none)" +
         (gcloud.empty() ? "" : ", or list with gcloud, which reads every page (" + gcloud + ")") + "\n";
}

std::string incomplete_listings_text(const std::vector<lib::ListPage>& pages) {
  if (pages.empty()) {
    return "";
  }
  std::string out = " Incomplete listings (a last page with a nextPageToken: the pages after it were not read):";
  for (size_t i = 0; i < pages.size(); ++i) {
    const lib::ListPage& p = pages[i];
    out += (i ? ", " : " ") + p.collection + " (" + p.path + ":" + std::to_string(p.line) + ":" + std::to_string(p.column) + ")";
  }
  return out + ".";
}

AuditFormat audit_format(const std::string& name) {
  return name == "json"    ? AuditFormat::json
         : name == "jsonl" ? AuditFormat::jsonl
         : name == "csv"   ? AuditFormat::csv
                           : AuditFormat::table;
}

AuditWriter::AuditWriter(AuditFormat format, catalog::Date on, bool color, size_t width)
    : m_format(format), m_on(on), m_color(color), m_width(width) {}

std::string AuditWriter::begin() const {
  if (m_format == AuditFormat::json) {
    return "{" + key("date") + util::json::dump(date_or_null(m_on)) + "," + key("resources") + "[\n";
  }
  if (m_format == AuditFormat::csv) {
    return "PATH,LINE,KIND,NAME,STATE,RUNTIME,PYTHON,FRAMEWORK,STATUS,DEADLINE,DEADLINE_MILESTONE,DEADLINE_EARLIEST,DAYS,ACTION,"
           "TARGET,PART\r\n";
  }
  return "";
}

const std::string& AuditWriter::verdict_columns(const lib::Verdict& v) {
  return m_columns.get(v, [](std::string& text, const lib::Verdict& verdict) {
    util::append_csv_field(text, lib::status_name(verdict.status));
    text += ',';
    util::append_csv_field(text, verdict.deadline ? catalog::format_date(*verdict.deadline) : "");
    text += ',';
    util::append_csv_field(text, verdict.deadline_milestone);
    text += ',';
    util::append_csv_field(text, verdict.deadline_earliest ? catalog::format_date(*verdict.deadline_earliest) : "");
    text += ',';
    text += verdict.days ? std::to_string(*verdict.days) : "";
    for (const std::string* f : {&verdict.action, &verdict.target}) {
      text += ',';
      util::append_csv_field(text, *f);
    }
  });
}

void AuditWriter::append_resource(std::string& out, const lib::Resource& r, const lib::Verdict& v) {
  switch (m_format) {
  case AuditFormat::table:
    if (!v.findings.empty()) {
      out += findings_text(lib::Auditor::findings_for(r, v), m_color, m_width);
    }
    return;
  case AuditFormat::json:
  case AuditFormat::jsonl:
    if (m_format == AuditFormat::json && !m_first) {
      out += ",\n";
    }
    m_first = false;
    append_resource_json(
        out, r, v, m_json.get(v, [&r](VerdictJson& j, const lib::Verdict& verdict) { prepare_verdict_json(j, r, verdict); }));
    if (m_format == AuditFormat::jsonl) {
      out += '\n';
    }
    return;
  case AuditFormat::csv:
    break;
  }
  // PATH,LINE,KIND,NAME,STATE,RUNTIME,PYTHON,FRAMEWORK,STATUS,DEADLINE,DEADLINE_MILESTONE,DEADLINE_EARLIEST,DAYS,ACTION,TARGET,PART
  if (r.path != m_path || m_path_csv.empty()) {
    m_path = r.path;
    m_path_csv.clear();
    util::append_csv_field(m_path_csv, r.path);
  }
  out += m_path_csv;
  out += ',';
  char number[24];
  out.append(number, std::to_chars(number, number + sizeof number, r.line).ptr);
  out += ',';
  util::append_csv_field(out, lib::kind_name(r.kind));
  for (const std::string* f : {&r.name, &r.state, &r.runtime, &r.python, &r.framework}) {
    out += ',';
    util::append_csv_field(out, *f);
  }
  out += ',';
  out += verdict_columns(v);
  out += ',';
  util::append_csv_field(out, r.part);
  out += "\r\n";
}

std::string AuditWriter::resource(const lib::Resource& r, const lib::Verdict& v) {
  std::string out;
  append_resource(out, r, v);
  return out;
}

std::string AuditWriter::malformed(const lib::Malformed& m) {
  lib::Finding f = lib::malformed_finding(m);
  switch (m_format) {
  case AuditFormat::table:
    return findings_text({f}, m_color, m_width);
  case AuditFormat::csv:
    return csv_line(
        {m.path, std::to_string(m.line), "malformed", "", "", "", "", "", "malformed", "", "", "", "", m.message, "", ""});
  case AuditFormat::jsonl:
    return json_finding(f) + "\n";
  case AuditFormat::json:
    break;
  }
  if (m_malformed.size() < k_kept_malformed) {
    m_malformed.push_back(std::move(f));
  }
  return "";
}

std::string AuditWriter::end(const lib::AuditSummary& summary, size_t files, bool quiet) const {
  switch (m_format) {
  case AuditFormat::json: {
    std::string out = "\n]," + key("findings") + "[";
    for (size_t i = 0; i < m_malformed.size(); ++i) {
      out += (i ? ",\n" : "\n") + json_finding(m_malformed[i]);
    }
    return out + "]," + key("summary") + json_summary(summary) + "}\n";
  }
  case AuditFormat::jsonl:
    return "{" + key("summary") + json_summary(summary) + "}\n";
  case AuditFormat::table:
    return quiet ? "" : summary_table(summary, files, m_on, m_color, m_width);
  case AuditFormat::csv:
    break;
  }
  return "";
}

} // namespace render
