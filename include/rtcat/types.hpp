#pragma once

// The values the rtcat library speaks in: dates, severities, findings and its one exception.
// Only the standard library appears here; nothing of rtcat's internals or its dependencies.

#include <chrono>
#include <stdexcept>
#include <string>
#include <vector>

namespace rtcat {

// A UTC calendar day.
using Date = std::chrono::year_month_day;

// Parses "YYYY-MM-DD" (a real calendar day); throws rtcat::Error otherwise.
Date parse_date(const std::string& text);
// "YYYY-MM-DD".
std::string format_date(Date d);

enum class Severity { note, warning, error };
// "note", "warning" or "error".
const char* to_string(Severity s);

// One problem, with the rule that found it (`rtcat rules` lists them). Fields that do not apply
// stay empty (0 for line and column).
struct Finding {
  std::string rule;
  Severity severity = Severity::error;
  std::string message;
  std::string path; // scan: the file, relative to the working folder as given
  int line = 0;
  int column = 0;
  std::string catalog;
  std::string runtime;
  std::string suggestion;
};

// Malformed input (a date, a version, a catalog file, a path that does not exist): the message
// names it, as the command line would print it.
class Error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

} // namespace rtcat
