#pragma once

#include "lib/core/check.hpp"
#include "lib/core/rules.hpp"
#include "lib/core/timeline.hpp"

#include <string>
#include <vector>

#include "render/table.hpp"

namespace render {

// The tone a status reads in: green supported, amber expiring or warning, red error.
Tone status_tone(const lib::Lifecycle& lc);

// "tensorflow 2.1.0, scikit-learn 0.22.1" or "PyTorch 2.4"; "-" when none is recorded.
std::string frameworks_text(const catalog::RuntimeEntry& r);
// "3.7, 3.8" or "unknown".
std::string python_text(const catalog::RuntimeEntry& r);
// The Python text with lib's judgement of its end of life: "3.10 (end of life)", or
// "3.10 (end of life?)" when the day falls in its end-of-life window.
std::string with_python_end(std::string text, lib::PythonEnd end);
// "2020-03-09", a window "2021-02-26..2021-03-02", ">= 2024-07-11", "<= 2020-08-28" or "unknown".
std::string released_text(const lib::ReleaseWindow& w);
// "deletion 2021-12-19" / "submission_end <= 2021-08-28"; "-" when none is left.
std::string next_text(const lib::Lifecycle& lc);
// The days to the next milestone: "48", a window "8..62" (to its first day, then its last), "<= 62"
// (a bound, or a window that may have begun), "-" when unknown.
std::string days_text(const lib::Lifecycle& lc);
// The same with its unit: "48 days", "1 day", "8..62 days".
std::string days_phrase(const lib::Lifecycle& lc);

// Entries as a table (list, check suggestions). For CSV the release is two columns, RELEASED
// (the day, else the last it can have been) and RELEASED_EARLIEST (else the first), and the next milestone three,
// NEXT_MILESTONE (its name), NEXT_DATE (its day; a window's or a bound's last) and
// NEXT_DATE_EARLIEST (a window's first day); for a text table or Markdown one, "NEXT MILESTONE".
Table entries_table(const std::vector<lib::EntryView>& entries, bool with_catalog, TableFormat format = TableFormat::text);
// Runtime x Python pairs (combos), the next milestone as entries_table gives it.
Table combos_table(const std::vector<lib::Combo>& combos, TableFormat format = TableFormat::text);
// Events (timeline): past milestones in their severity's tone, dates before `on` dimmed. For
// CSV the date is two columns: DATE (the day; a window's or a bound's last) and DATE_EARLIEST
// (a window's first day); for text and Markdown one ("2021-02-26..2021-03-02", "<= 2020-08-28").
Table events_table(const std::vector<lib::Event>& events, catalog::Date on, TableFormat format = TableFormat::text);
// The rule registry (rules).
Table rules_table();

// The check answer for a terminal: the findings, then (unless quiet) the verdict on the entry
// and what to use instead. `python` is the Python version as the user gave it.
// `width`: the findings fit it as findings_text says, the rest as fit_lines does (0: no limit).
std::string check_text(const lib::Request& req, const lib::CheckResult& res, const std::string& python, bool quiet, bool color,
                       size_t width = 0);

} // namespace render
