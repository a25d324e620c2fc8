#include "render/findings.hpp"

#include "util/text.hpp"
#include "util/utf8.hpp"

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

namespace {

// The message of a finding in lines of at most `room` code points: the message wraps (a word
// longer than the room is cut), then "[rule]" and each word of the hint follow whole, on the
// last line when they fit, else on a line of their own.
std::vector<std::string> message_lines(const lib::Finding& f, size_t room) {
  std::vector<std::string> lines = util::utf8::wrap(f.message, room);
  std::vector<std::string> whole = {"[" + f.rule + "]"};
  const std::string hint = use_hint(f);
  for (auto word : util::split(hint, ' ')) {
    if (!word.empty()) {
      whole.emplace_back(word);
    }
  }
  for (const auto& word : whole) {
    std::string& last = lines.back();
    if (last.empty() || util::utf8::length(last) + 1 + util::utf8::length(word) <= room) {
      last += (last.empty() ? "" : " ") + word;
    } else {
      lines.push_back(word);
    }
  }
  return lines;
}

} // namespace

std::string findings_text(const std::vector<lib::Finding>& findings, bool color, size_t width) {
  std::string out;
  for (const auto& f : findings) {
    Tone tone = severity_tone(f.severity, Tone::dim);
    const std::string severity(catalog::to_string(f.severity));
    const std::string head = location(f) + paint(severity, tone, color) + ": ";
    const std::string body = f.message + " [" + f.rule + "]" + use_hint(f);
    const size_t head_width = util::utf8::length(location(f)) + severity.size() + 2;
    if (width == 0 || head_width + util::utf8::length(body) <= width) {
      out += head + body + "\n";
      continue;
    }
    // Beside the location when there is room, else below it, indented.
    const bool beside = width >= head_width + k_min_message_width;
    const size_t indent = beside ? head_width : 4;
    const std::vector<std::string> lines = message_lines(f, width > indent ? width - indent : 1);
    out += beside ? head + lines.front() + "\n"
                  : head.substr(0, head.size() - 1) + "\n" + std::string(indent, ' ') + lines.front() + "\n";
    for (size_t i = 1; i < lines.size(); ++i) {
      out += std::string(indent, ' ') + lines[i] + "\n";
    }
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
