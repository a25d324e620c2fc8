#pragma once

#include "lib/fleet/audit.hpp"

#include <optional>
#include <string>
#include <vector>

#include "render/json.hpp"
#include "render/verdict_cache.hpp"

namespace render {

enum class AuditFormat { table, json, jsonl, csv };

// What an incomplete listing means, one line with its newline, for stderr: "rtcat: warning:
// PATH:LINE:COL: the models listing is incomplete: ... pass every page ... or list with gcloud".
std::string incomplete_listing_warning(const lib::ListPage& page);
// The same for a report's inputs line: " Incomplete listings: models (PATH:LINE:COL) ..." ("" for none).
std::string incomplete_listings_text(const std::vector<lib::ListPage>& pages);

// "table", "json", "jsonl" or "csv" (anything else: table).
AuditFormat audit_format(const std::string& name);

// Audit output, produced piece by piece as the inventory is read so that memory stays flat:
// begin(), then one piece per resource and per malformed record, then end().
//   table  findings in compiler style, then "audited N resources ..." and a table by status
//   csv    a header and one row per record (RFC 4180: CRLF line ends), the columns upper case as in
//          every CSV of rtcat; an unknown value is the empty cell
//   json   {"date", "resources": [...], "findings": [malformed, at most k_kept_malformed],
//          "summary"}
//   jsonl  one resource (or malformed finding) per line, then {"summary": ...}
class AuditWriter {
public:
  static constexpr size_t k_kept_malformed = 1000;

  // `width`: the table's findings and summary fit it (0: no limit).
  AuditWriter(AuditFormat format, catalog::Date on, bool color, size_t width = 0);
  std::string begin() const;
  std::string resource(const lib::Resource& r, const lib::Verdict& v);
  // The same, appended to `out` (no string of its own per resource).
  void append_resource(std::string& out, const lib::Resource& r, const lib::Verdict& v);
  std::string malformed(const lib::Malformed& m);
  // `files`: how many inventories were read; `quiet` leaves out the table's summary.
  std::string end(const lib::AuditSummary& summary, size_t files, bool quiet) const;

private:
  AuditFormat m_format;
  catalog::Date m_on;
  bool m_color;
  size_t m_width;
  bool m_first = true;
  std::vector<lib::Finding> m_malformed; // json: written at the end

  // What a verdict decides, written once per verdict: csv, its columns (status, deadline, its
  // milestone, deadline_earliest, days, action, target); json and jsonl, its members and its
  // findings' fixed parts (prepare_verdict_json).
  VerdictTextCache m_columns;
  VerdictCache<VerdictJson> m_json;
  // csv: the last path and its field (an inventory's records share theirs)
  std::string m_path, m_path_csv;
  const std::string& verdict_columns(const lib::Verdict& v);
};

} // namespace render
