#pragma once

// Pieces of the migration report shared by its sections (render/report.cpp and
// render/report_migrated.cpp), and the names both use unqualified; not an interface of its own.

#include "lib/fleet/report.hpp"

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace render {

using lib::Report;
using lib::ReportGroup;
using ordered = nlohmann::ordered_json;

// "ai-platform runtime 2.1 (training)", "custom container (training)".
std::string group_title(const lib::ReportGroup& g);

// "training job", "batch prediction job", "model version", "custom job", ...
std::string kind_words(const lib::Resource& r);

// Escaped text with a break opportunity after every / . - _ : (long ids and paths wrap at a
// segment, not mid-word).
std::string breakable(const std::string& text);

// The section "Migrated spec per runtime": for each runtime with a legacy resource, the one chosen,
// what `rtcat migrate` writes for it (the gcloud snippet) and its findings, one line each. Empty
// when no runtime has one.
std::string migrated_markdown(const lib::Report& r);
// The same in HTML: one <details> per runtime, the snippet in a box that scrolls on its own.
std::string migrated_html(const lib::Report& r);
// The JSON array "migrated": [{catalog, runtime, service, resource {name, kind, source}, kind,
// spec, gcloud, findings, not_migrated}].
nlohmann::ordered_json migrated_json(const lib::Report& r);

} // namespace render
