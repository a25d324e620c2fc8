#include "render/show.hpp"

#include "lib/core/lifecycle.hpp"
#include "util/text.hpp"

#include <algorithm>

#include "render/text.hpp"

namespace render {

namespace {

// Why the status is what it is, when the dates leave it open: " (...)" or nothing.
std::string status_reason(const lib::EntryView& v, catalog::Date on) {
  const catalog::RuntimeEntry& r = *v.entry;
  const lib::ReleaseWindow& w = v.lifecycle.release;
  const lib::Status& st = v.lifecycle.status;
  auto existed = lib::existed_by(*v.catalog, r);
  bool in_release = st.is(lib::Standing::unreleased) || (st.is(lib::Standing::unknown) && existed && on < *existed);
  if (in_release && !w.released && (w.after || w.by)) {
    return " (" + lib::describe_release(w) + ")";
  }
  if (st.is(lib::Standing::unknown) && v.lifecycle.next() && v.lifecycle.next()->maybe_reached_by(on)) {
    return " (it " + lib::describe_upcoming(*v.lifecycle.next()) + ")";
  }
  if (v.lifecycle.status.later_possible) {
    return " (a later milestone may also be in effect: its date is unknown)";
  }
  return "";
}

std::string packages_text(const catalog::RuntimeEntry& r) {
  std::vector<std::string> pkgs;
  for (const auto& p : r.packages) {
    pkgs.push_back(p.name + " " + p.version);
  }
  for (const auto& p : r.package_lines) {
    pkgs.push_back(p.name + " " + p.version + ".x");
  }
  return pkgs.empty() ? "none recorded" : util::join(pkgs);
}

// "  name         value" lines; empty values are left out.
std::string fields_text(const lib::EntryView& v, catalog::Date on, bool color) {
  const catalog::RuntimeEntry& r = *v.entry;
  std::string out;
  auto field = [&](const std::string& name, const std::string& value) {
    if (!value.empty()) {
      out += "  " + name + std::string(13 - name.size(), ' ') + value + "\n";
    }
  };
  field("version", r.version ? r.version->str() : "-");
  field("released", released_text(v.lifecycle.release));
  field("python", with_python_end(python_text(r), v.python.end));
  if (v.python.finding) {
    field("python eol", v.python.finding->message);
  }
  field("packages", packages_text(r));
  if (!r.framework.empty()) {
    field("framework", r.framework + " " + r.framework_version);
    field("accelerator", r.accelerator + (r.cuda ? " (CUDA " + *r.cuda + ")" : ""));
  }
  field("family", r.family);
  for (const auto& u : r.uris) {
    field("uri", u);
  }
  field("status", paint(v.lifecycle.status.name, status_tone(v.lifecycle), color) + " on " + catalog::format_date(on) +
                      status_reason(v, on));
  field("confidence", r.confidence);
  return out;
}

// How sure a milestone's date is: "stated", "policy", "sunset", "at the latest", "window" or
// "unknown".
std::string milestone_tag(const lib::MilestoneDate& m) {
  if (!m.date) {
    return "unknown";
  }
  if (m.is_window() && !m.stated) {
    return m.capped ? "window, sunset" : "window";
  }
  if (m.is_window()) {
    return "stated window";
  }
  return m.stated ? "stated" : (m.capped ? "sunset" : (!m.at_latest ? "policy" : "at the latest"));
}

// The release and each milestone, one line each, the names aligned.
std::string timeline_text(const lib::EntryView& v) {
  struct Line {
    std::string date, name, tag, text;
  };
  std::vector<Line> lines;
  const lib::ReleaseWindow& w = v.lifecycle.release;
  if (w.released || w.after || w.by) {
    bool exact = w.released || (w.earliest() && w.by && *w.earliest() == *w.by);
    lines.push_back({released_text(w), "released", exact ? "" : "window", exact ? "" : lib::describe_release(w)});
  }
  for (const auto& m : v.lifecycle.milestones) {
    lines.push_back({lib::short_date(m), m.name(), milestone_tag(m), m.policy->meaning});
    // A stated window names what each of its ends rests on.
    if (m.statement) {
      for (std::string_view src : m.statement->sources) {
        lines.push_back({"", "", "", "from " + std::string(src)});
      }
    }
  }
  size_t width = 16;
  for (const auto& l : lines) {
    width = std::max(width, l.date.size() + 2);
  }
  std::string out;
  for (const auto& l : lines) {
    std::string tagged = l.tag.empty() ? l.text : "(" + l.tag + ") " + l.text;
    if (l.name.empty()) {
      out += "  " + std::string(width + 18, ' ') + tagged + "\n";
      continue;
    }
    out += "  " + l.date + std::string(width - l.date.size(), ' ') + l.name +
           (tagged.empty() ? "" : std::string(l.name.size() < 18 ? 18 - l.name.size() : 1, ' ') + tagged) + "\n";
  }
  return out;
}

} // namespace

std::string show_text(const lib::EntryView& v, catalog::Date on, bool color, size_t width) {
  const catalog::RuntimeEntry& r = *v.entry;
  std::string out = v.catalog->entry_noun + " " + r.id + "  (" + v.catalog->name + ": " + v.catalog->title + ")\n";
  out += fields_text(v, on, color);
  out += "\ntimeline\n" + timeline_text(v);
  if (!r.notes.empty()) {
    out += "\nnotes\n  " + r.notes + "\n";
  }
  if (!r.sources.empty()) {
    out += "\nsources\n";
    for (std::string_view s : r.sources) {
      out.append("  ").append(s).append("\n");
    }
  }
  return fit_lines(out, width, 4);
}

} // namespace render
