#pragma once

#include "lib/fleet/report.hpp"
#include "util/json.hpp"

#include <string>
#include <vector>

#include "render/json.hpp"
#include "render/verdict_cache.hpp"

namespace render {

// The migration report. HTML is one self-contained page (inline CSS and SVG, no script, a CSP
// that forbids any) with every user-supplied string escaped.
std::string report_markdown(const lib::Report& r);
std::string report_html(const lib::Report& r);

enum class ReportListFormat { csv, json, jsonl };

// The report with its full per-resource list (CSV, JSON, JSON Lines), written as the inventory is
// read so that memory holds none of the resources: begin(), then append_row() for each affected
// resource as lib::build_report hands it over (ReportOptions::on_row: inventory order; the
// aggregates say what is most urgent), then end() with the finished report.
//   csv    the header, then one line per affected resource: RESOURCE, KIND, RUNTIME, PYTHON,
//          STATUS, DEADLINE (a date), DEADLINE_MILESTONE (its name), DEADLINE_EARLIEST, DAYS,
//          ACTION, SOURCE, an unknown value as the empty cell; end() adds nothing
//   json   one pretty object: date, inputs, resources [...as audit], then what needs every
//          resource read: headline, summary {resources, affected, broken, malformed, by_status,
//          next_deadline}, runtimes [{catalog, runtime, service, status, resources, affected,
//          next_milestone, targets, ...}], migrated [{catalog, runtime, service, resource, kind,
//          spec, gcloud, findings, not_migrated}] (render/report_parts.hpp), findings
//   jsonl  one resource a line (the objects of json's resources, compact), then one line with
//          the rest of json's object: {date, inputs, headline, summary, runtimes, migrated,
//          findings}
class ReportListWriter {
public:
  explicit ReportListWriter(ReportListFormat format) : m_format(format) {}
  std::string begin(catalog::Date on, const std::vector<std::string>& inputs);
  // Appends the row of an affected resource to `out`.
  void append_row(std::string& out, const lib::Resource& r, const lib::Verdict& v);
  std::string end(const lib::Report& r);

private:
  ReportListFormat m_format;
  util::json::PrettyObjectWriter m_json;
  catalog::Date m_on;
  std::vector<std::string> m_inputs;    // jsonl: written at the end
  VerdictCache<VerdictJson> m_verdicts; // json, jsonl: written once per verdict (prepare_verdict_json)
};

} // namespace render
