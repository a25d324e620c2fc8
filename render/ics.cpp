#include "render/ics.hpp"

#include "util/utf8.hpp"

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

} // namespace

std::string timeline_ics(const std::vector<Event>& events) {
  std::string out;
  out += fold("BEGIN:VCALENDAR");
  out += fold("VERSION:2.0");
  out += fold("PRODID:-//rtcat//runtime lifecycle//EN");
  out += fold("CALSCALE:GREGORIAN");
  out += fold("X-WR-CALNAME:Runtime lifecycle milestones");
  for (const auto& e : events) {
    if (!e.date || e.kind == "released") {
      continue;
    }
    std::string who = e.catalog->entry_noun + " " + e.entry->id;
    Date stamp = e.catalog->as_of.value_or(Date{});
    out += fold("BEGIN:VEVENT");
    out += fold("UID:" + e.catalog->name + "/" + e.entry->id + "/" + e.kind + "@rtcat");
    out += fold("DTSTAMP:" + compact(stamp) + "T000000Z");
    // A window is one all-day event over every day it can fall on.
    out += fold("DTSTART;VALUE=DATE:" + compact(e.earliest.value_or(*e.date)));
    out += fold("DTEND;VALUE=DATE:" + compact(*e.date + date::days{1}));
    std::string when = e.earliest
                           ? " (between " + catalog::format_date(*e.earliest) + " and " + catalog::format_date(*e.date) + ")"
                       : e.at_latest ? " (at the latest)"
                                     : "";
    out += fold("SUMMARY:" + ics_text(e.catalog->name + " " + who + ": " + e.kind + when));
    out += fold("DESCRIPTION:" + ics_text(e.meaning));
    out += fold("CATEGORIES:" + ics_text(std::string(catalog::to_string(e.severity))));
    out += fold("TRANSP:TRANSPARENT");
    out += fold("END:VEVENT");
  }
  out += fold("END:VCALENDAR");
  return out;
}

} // namespace render
