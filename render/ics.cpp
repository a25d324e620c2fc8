#include "render/ics.hpp"

#include "util/text.hpp"
#include "util/utf8.hpp"

#include <algorithm>

namespace render {

using catalog::Date;
using lib::Event;

namespace {

std::string ics_text(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '\\' || c == ';' || c == ',') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c != '\r') {
      out += c;
    }
  }
  return out;
}

// Folds a content line at 75 octets without splitting a UTF-8 sequence.
std::string fold(const std::string& line) {
  std::string out;
  size_t count = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    if (!util::utf8::is_continuation(line[i]) && count >= 74) {
      out += "\r\n ";
      count = 1;
    }
    out += line[i];
    ++count;
  }
  return out + "\r\n";
}

std::string compact(Date d) {
  std::string s = catalog::format_date(d);
  return s.substr(0, 4) + s.substr(5, 2) + s.substr(8, 2);
}

// The same image for another accelerator (of the same family), with the same milestone date.
bool twin_events(const Event& a, const Event& b) {
  if (!a.entry || !b.entry) {
    return false; // a catalog's own event
  }
  const catalog::RuntimeEntry& x = *a.entry;
  const catalog::RuntimeEntry& y = *b.entry;
  return a.catalog == b.catalog && a.kind == b.kind && a.date == b.date && a.earliest == b.earliest &&
         a.at_latest == b.at_latest && !x.accelerator.empty() && x.accelerator != y.accelerator && x.framework == y.framework &&
         x.framework_version == y.framework_version && x.family == y.family && x.python == y.python;
}

// One calendar event: a milestone of one entry and of its twins.
struct Merged {
  const Event* first = nullptr;
  std::vector<const catalog::RuntimeEntry*> entries;
};

std::vector<Merged> merge(const std::vector<Event>& events, const IcsOptions& o) {
  std::vector<Merged> out;
  for (const auto& e : events) {
    if (!e.date || e.kind == "released" || (!o.include_past && *e.date < o.on)) {
      continue;
    }
    auto twin = std::find_if(out.begin(), out.end(), [&](const Merged& m) { return twin_events(*m.first, e); });
    if (twin != out.end()) {
      twin->entries.push_back(e.entry);
      continue;
    }
    out.push_back(Merged{&e, {}});
    if (e.entry) {
      out.back().entries.push_back(e.entry);
    }
  }
  for (auto& m : out) {
    std::sort(m.entries.begin(), m.entries.end(),
              [](const catalog::RuntimeEntry* a, const catalog::RuntimeEntry* b) { return a->id < b->id; });
  }
  return out;
}

std::string vevent(const Merged& m, const IcsOptions& o) {
  const Event& e = *m.first;
  // The entry and its twins, or the catalog itself (its sunset).
  std::string ids = util::join(m.entries, ", ", [](const catalog::RuntimeEntry* r) { return r->id; });
  std::string who = m.entries.empty() ? "" : " " + e.catalog->entry_noun + " " + m.entries.front()->id;
  for (size_t i = 1; i < m.entries.size(); ++i) {
    who += " +" + m.entries[i]->accelerator;
  }
  std::string what = m.entries.empty() ? "the platform shuts down (" + e.kind + ")" : e.kind;
  std::replace(what.begin(), what.end(), '_', ' ');
  std::string out;
  out += fold("BEGIN:VEVENT");
  // Stable: the catalog, the first twin's id and the milestone, whatever the order or the time.
  out += fold("UID:" + e.catalog->name + (m.entries.empty() ? "" : "/" + m.entries.front()->id) + "/" + e.kind + "@rtcat");
  out += fold("DTSTAMP:" + compact(e.catalog->as_of.value_or(Date{})) + "T000000Z");
  // A window is one all-day event over every day it can fall on.
  out += fold("DTSTART;VALUE=DATE:" + compact(e.earliest.value_or(*e.date)));
  out += fold("DTEND;VALUE=DATE:" + compact(catalog::add_days(*e.date, 1)));
  std::string when = e.earliest ? " (between " + catalog::format_date(*e.earliest) + " and " + catalog::format_date(*e.date) + ")"
                     : e.at_latest ? " (at the latest)"
                                   : "";
  out += fold("SUMMARY:" + ics_text(e.catalog->name + who + ": " + what + when));
  std::string desc = e.meaning.empty() || e.meaning.back() == '.' ? e.meaning : e.meaning + ".";
  if (m.entries.size() > 1) {
    desc += "\nApplies to: " + ids + ".";
  }
  out += fold("DESCRIPTION:" + ics_text(desc));
  out += fold("CATEGORIES:" + ics_text(std::string(catalog::to_string(e.severity))));
  out += fold("TRANSP:TRANSPARENT");
  if (o.alarm) {
    out += fold("BEGIN:VALARM");
    out += fold("ACTION:DISPLAY");
    out += fold("TRIGGER:-P" + std::to_string(*o.alarm) + "D");
    out += fold("DESCRIPTION:" +
                ics_text(e.catalog->name + who + ": " + what + " in " + util::plural(static_cast<size_t>(*o.alarm), "day")));
    out += fold("END:VALARM");
  }
  out += fold("END:VEVENT");
  return out;
}

} // namespace

std::string timeline_ics(const std::vector<Event>& events, const IcsOptions& o) {
  std::string out;
  out += fold("BEGIN:VCALENDAR");
  out += fold("VERSION:2.0");
  out += fold("PRODID:-//rtcat//runtime lifecycle//EN");
  out += fold("CALSCALE:GREGORIAN");
  out += fold("X-WR-CALNAME:Runtime lifecycle milestones");
  for (const auto& m : merge(events, o)) {
    out += vevent(m, o);
  }
  out += fold("END:VCALENDAR");
  return out;
}

} // namespace render
