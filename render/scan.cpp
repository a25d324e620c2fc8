#include "render/scan.hpp"

#include "util/escape.hpp"
#include "util/json.hpp"
#include "util/text.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>

#include "render/findings.hpp"
#include "render/json.hpp"

namespace render {

using lib::Finding;
using lib::scan::ScanResult;
using ordered = nlohmann::ordered_json;

namespace {

size_t count(const ScanResult& r, catalog::Severity s) {
  return static_cast<size_t>(
      std::count_if(r.findings.begin(), r.findings.end(), [&](const Finding& f) { return f.severity == s; }));
}

// GitHub's escapes: data escapes % CR LF; property values also ':' and ','.
std::string escape(const std::string& s, bool property) {
  if (property) {
    return util::replace_chars(s, {{'%', "%25"}, {'\r', "%0D"}, {'\n', "%0A"}, {':', "%3A"}, {',', "%2C"}});
  }
  return util::replace_chars(s, {{'%', "%25"}, {'\r', "%0D"}, {'\n', "%0A"}});
}

} // namespace

std::string json_scan(const ScanResult& r, catalog::Date on) {
  ordered j;
  j["date"] = catalog::format_date(on);
  j["files"] = r.files;
  j["skipped"] = {{"binary", r.binary},
                  {"too_large", r.too_large},
                  {"ignored", r.ignored},
                  {"symlinks", r.symlinks},
                  {"unreadable", r.unreadable}};
  j["suppressed"] = r.suppressed;
  j["summary"] = {{"error", count(r, catalog::Severity::error)},
                  {"warning", count(r, catalog::Severity::warning)},
                  {"note", count(r, catalog::Severity::note)}};
  ordered findings = findings_json(r.findings);
  for (size_t i = 0; i < findings.size() && i < r.regions.size(); ++i) {
    if (r.regions[i].cell >= 0) {
      findings[i]["cell"] = r.regions[i].cell;
    }
  }
  j["findings"] = findings;
  ordered refs = ordered::array();
  for (const auto& ref : r.references) {
    ordered e;
    e["path"] = ref.path;
    e["line"] = ref.line;
    e["column"] = ref.column;
    e["form"] = lib::scan::form_name(ref.form);
    e["service"] = lib::service_name(ref.service);
    e["catalog"] = text_or_null(ref.catalog);
    e["runtime"] = text_or_null(ref.runtime); // null for a Python version alone
    e["python"] = text_or_null(ref.python);
    e["status"] = ref.status;
    if (ref.cell >= 0) {
      e["cell"] = ref.cell;
    }
    if (!ref.variable.empty()) {
      e["variable"] = ref.variable;
      e["set_line"] = ref.set_line;
    }
    if (ref.conditional) {
      e["conditional"] = true;
    }
    refs.push_back(e);
  }
  j["references"] = refs;
  return util::json::dump_pretty(j);
}

std::string github_annotations(const ScanResult& r) {
  std::string out;
  for (size_t i = 0; i < r.findings.size(); ++i) {
    const Finding& f = r.findings[i];
    const char* cmd = f.severity == catalog::Severity::error     ? "error"
                      : f.severity == catalog::Severity::warning ? "warning"
                                                                 : "notice";
    std::string msg = message_with_suggestion(f);
    out += std::string("::") + cmd + " file=" + escape(f.path, true) + ",line=" + std::to_string(f.line) +
           ",col=" + std::to_string(f.column) + ",endColumn=" + std::to_string(r.regions[i].end_column) +
           ",title=" + escape("rtcat " + f.rule, true) + "::" + escape(msg, false) + "\n";
  }
  return out;
}

std::string summary_line(const ScanResult& r) {
  std::string s = util::plural(r.files, "file") + " scanned, " + util::plural(r.references.size(), "reference") + ": " +
                  util::plural(count(r, catalog::Severity::error), "error") + ", " +
                  util::plural(count(r, catalog::Severity::warning), "warning") + ", " +
                  util::plural(count(r, catalog::Severity::note), "note");
  if (r.suppressed) {
    s += " (" + std::to_string(r.suppressed) + " suppressed)";
  }
  if (r.baselined || r.baseline_gone) {
    s += "; " + std::to_string(r.baselined) + " in the baseline";
  }
  if (r.baseline_gone) {
    s += ", " + std::to_string(r.baseline_gone) + (r.baseline_gone == 1 ? " baseline entry" : " baseline entries") +
         " no longer found (shrink it: --baseline FILE --write-baseline FILE)";
  }
  return s + "\n";
}

} // namespace render
