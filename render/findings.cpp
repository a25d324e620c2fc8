#include "render/findings.hpp"

#include "util/text.hpp"

#include <algorithm>

#include "render/table.hpp"

namespace render {

namespace {

// " (use X)" for a suggestion, except on a note.
std::string use_hint(const lib::Finding& f) {
  if (f.suggestion.empty() || f.severity == catalog::Severity::note) {
    return "";
  }
  return " (use " + f.suggestion + ")";
}

// "path:line:col: " with what is known; nothing without a path.
std::string location(const lib::Finding& f) {
  if (f.path.empty()) {
    return "";
  }
  std::string out = f.path;
  if (f.line > 0) {
    out += ":" + std::to_string(f.line);
    if (f.column > 0) {
      out += ":" + std::to_string(f.column);
    }
  }
  return out + ": ";
}

} // namespace

std::string message_with_suggestion(const lib::Finding& f) {
  return f.message + use_hint(f);
}

std::string findings_text(const std::vector<lib::Finding>& findings, bool color) {
  std::string out;
  for (const auto& f : findings) {
    Tone tone = severity_tone(f.severity, Tone::dim);
    out += location(f) + paint(std::string(catalog::to_string(f.severity)), tone, color) + ": " + f.message + " [" + f.rule +
           "]" + use_hint(f) + "\n";
  }
  return out;
}

std::string counts_text(const std::vector<lib::Finding>& findings) {
  if (findings.empty()) {
    return "ok";
  }
  std::vector<std::string> out;
  for (auto severity : {catalog::Severity::error, catalog::Severity::warning, catalog::Severity::note}) {
    auto n = static_cast<size_t>(
        std::count_if(findings.begin(), findings.end(), [&](const lib::Finding& f) { return f.severity == severity; }));
    if (n > 0) {
      out.push_back(util::plural(n, catalog::to_string(severity)));
    }
  }
  return util::join(out);
}

std::string finding_line(const lib::Finding& f) {
  std::string line = findings_text({f}, false);
  line.pop_back(); // the newline
  return line;
}

} // namespace render
