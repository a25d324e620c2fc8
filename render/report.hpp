#pragma once

#include "lib/report.hpp"

#include <string>

namespace render {

// The migration report. HTML is one self-contained page (inline CSS and SVG, no script, a CSP
// that forbids any) with every user-supplied string escaped; CSV lists the affected resources.
std::string report_markdown(const lib::Report& r);
std::string report_html(const lib::Report& r);
std::string report_csv(const lib::Report& r);
// JSON: date, headline, summary {resources, affected, broken, malformed, by_status,
// next_deadline}, runtimes [{catalog, runtime, service, status, resources, affected,
// next_milestone, targets}], migrated [{catalog, runtime, service, resource, kind, spec, gcloud,
// findings, not_migrated}] (render/report_parts.hpp), resources [...as audit], findings.
std::string report_json(const lib::Report& r);

} // namespace render
