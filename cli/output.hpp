#pragma once

#include "lib/finding.hpp"
#include "lib/json_out.hpp"
#include "lib/table.hpp"

#include <string>
#include <vector>

namespace cli {

// The tone a status reads in: green supported, amber expiring or warning, red error.
lib::Tone status_tone(const lib::Lifecycle& lc);

// "tensorflow 2.1.0, scikit-learn 0.22.1" or "PyTorch 2.4"; "-" when none is recorded.
std::string frameworks_text(const catalog::RuntimeEntry& r);
std::string python_text(const catalog::RuntimeEntry& r);
// "2020-03-09", a window "2021-02-26..2021-03-02", ">= 2024-07-11", "<= 2020-08-28" or "unknown".
std::string released_text(const lib::ReleaseWindow& w);
// "deletion 2021-12-19" / "submission_end <= 2021-08-28"; "-" when none is left.
std::string next_text(const lib::Lifecycle& lc);
std::string days_text(const lib::Lifecycle& lc);

// Compiler-style lines: "path:line:col: error: message [rule] (use X)".
std::string findings_text(const std::vector<lib::Finding>& findings, bool color);

// Entries as a table (list, check suggestions).
lib::Table entries_table(const std::vector<lib::EntryView>& entries, bool with_catalog);

lib::TableFormat table_format(const std::string& format);

} // namespace cli
