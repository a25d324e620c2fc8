#include "render/json.hpp"

#include "util/bytes.hpp"
#include "util/json.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <type_traits>

#include "render/upgrade.hpp"

namespace render {

using ordered = nlohmann::ordered_json;
using catalog::format_date;
using lib::EntryView;
using lib::Finding;
using lib::Lifecycle;
using lib::MilestoneDate;

ordered date_or_null(const std::optional<catalog::Date>& d) {
  return d ? ordered(format_date(*d)) : ordered(nullptr);
}

ordered text_or_null(const std::string& s) {
  return s.empty() ? ordered(nullptr) : ordered(s);
}

void set_unless_empty(ordered& j, const char* key, const std::string& value) {
  if (!value.empty()) {
    j[key] = value;
  }
}

namespace {

template <class T, class ToJson> ordered array_of(const std::vector<T>& items, ToJson to_json) {
  ordered a = ordered::array();
  for (const auto& item : items) {
    a.push_back(to_json(item));
  }
  return a;
}

template <class T> ordered number_or_null(const std::optional<T>& n) {
  return n ? ordered(*n) : ordered(nullptr);
}

ordered python_json(const catalog::RuntimeEntry& r) {
  if (!r.python) {
    return nullptr;
  }
  return array_of(*r.python, [](const catalog::Version& p) { return p.str(); });
}

ordered packages_json(const std::vector<catalog::Package>& packages) {
  ordered pk = ordered::object();
  for (const auto& p : packages) {
    pk[p.name] = p.version;
  }
  return pk;
}

// A milestone's window: earliest and latest day it can take effect (equal when certain; null
// where the sources give no bound).
ordered window_json(const MilestoneDate& m) {
  ordered j;
  j["earliest"] = m.at_latest ? date_or_null(m.earliest) : date_or_null(m.date);
  j["latest"] = date_or_null(m.date);
  return j;
}

// An image's framework fields; nothing for a runtime.
void framework_fields(ordered& j, const catalog::RuntimeEntry& r) {
  if (!r.framework.empty()) {
    j["framework"] = r.framework;
    j["framework_version"] = r.framework_version;
    j["accelerator"] = r.accelerator;
  }
}

ordered entry_json(const EntryView& v) {
  const catalog::RuntimeEntry& r = *v.entry;
  ordered j;
  j["catalog"] = v.catalog->name;
  j["id"] = r.id;
  j["version"] = r.version ? ordered(r.version->str()) : ordered(nullptr);
  j["released"] = date_or_null(r.released);
  j["released_after"] = date_or_null(v.lifecycle.release.after);
  j["released_by"] = date_or_null(r.released_by);
  j["python"] = python_json(r);
  j["packages"] = packages_json(r.packages);
  if (!r.package_lines.empty()) {
    j["package_lines"] = packages_json(r.package_lines);
  }
  framework_fields(j, r);
  j["status"] = v.lifecycle.status.name;
  j["expiring"] = v.lifecycle.status.expiring();
  ordered ms = ordered::object();
  ordered bounds = ordered::object();
  ordered windows = ordered::object();
  for (const auto& m : v.lifecycle.milestones) {
    ms[m.name()] = m.at_latest ? ordered(nullptr) : date_or_null(m.date);
    if (m.at_latest) {
      bounds[m.name()] = format_date(*m.date);
    }
    windows[m.name()] = window_json(m);
  }
  j["milestones"] = ms;
  j["milestones_no_later_than"] = bounds;
  j["milestone_windows"] = windows;
  j["next_milestone"] = next_milestone_json(v.lifecycle, true);
  j["python_end_of_life"] = python_end_json(v.python);
  return j;
}

ordered timeline_json(const EntryView& v) {
  const catalog::RuntimeEntry& r = *v.entry;
  ordered tl = ordered::array();
  if (r.released || r.released_by) {
    tl.push_back({{"event", "released"},
                  {"date", format_date(r.released ? *r.released : *r.released_by)},
                  {"at_latest", !r.released},
                  {"earliest", date_or_null(v.lifecycle.release.earliest())}});
  }
  for (const auto& m : v.lifecycle.milestones) {
    ordered e;
    e["event"] = m.name();
    e["date"] = date_or_null(m.date);
    e["at_latest"] = m.at_latest;
    e["earliest"] = m.is_window() ? date_or_null(m.earliest) : ordered(nullptr);
    e["stated"] = m.stated;
    if (m.statement && !m.statement->sources.empty()) {
      e["sources"] = m.statement->sources.views(); // what a stated window's ends rest on
    }
    e["capped_by_sunset"] = m.capped;
    e["severity"] = catalog::to_string(m.policy->severity);
    e["meaning"] = m.policy->meaning;
    tl.push_back(e);
  }
  return tl;
}

ordered change_json(const lib::Change& ch) {
  ordered cj{{"kind", ch.kind},
             {"name", ch.name},
             {"from", text_or_null(ch.from)},
             {"to", text_or_null(ch.to)},
             {"breaking", ch.breaking}};
  set_unless_empty(cj, "note", ch.note);
  return cj;
}

ordered candidate_json(const lib::Candidate& c) {
  ordered j;
  j["catalog"] = c.catalog->name;
  j["id"] = c.entry->id;
  j["version"] = c.entry->version ? ordered(c.entry->version->str()) : ordered(nullptr);
  j["python"] = text_or_null(c.python);
  framework_fields(j, *c.entry);
  j["status"] = c.lifecycle.status.name;
  j["expiring"] = c.lifecycle.status.expiring();
  j["unconfirmed"] = c.unconfirmed;
  j["standing"] = lib::standing_name(c.standing);
  j["downgrade"] = c.downgrade;
  j["next_milestone"] = next_milestone_json(c.lifecycle, false);
  j["usable_until"] = date_or_null(c.usable_until);
  j["usable_until_earliest"] = date_or_null(c.usable_until_earliest);
  j["days_usable"] = number_or_null(c.days_usable);
  j["uris"] = c.uris();
  if (!c.twins.empty()) {
    j["twins"] = array_of(c.twins, [](const catalog::RuntimeEntry* t) {
      return ordered{{"id", t->id}, {"accelerator", t->accelerator}};
    });
  }
  j["python_changes"] = c.python_changes;
  j["python_older"] = c.python_older;
  j["changes"] = array_of(c.changes, change_json);
  return j;
}

} // namespace

ordered python_end_json(const lib::PythonVerdict& v) {
  if (v.end == lib::PythonEnd::no || !v.finding) {
    return nullptr;
  }
  return {{"status", lib::python_end_name(v.end)}, {"message", v.finding->message}};
}

ordered finding_json(const Finding& f) {
  ordered j;
  j["rule"] = f.rule;
  j["severity"] = catalog::to_string(f.severity);
  j["message"] = f.message;
  set_unless_empty(j, "path", f.path);
  if (f.line > 0) {
    j["line"] = f.line;
  }
  if (f.column > 0) {
    j["column"] = f.column;
  }
  set_unless_empty(j, "catalog", f.catalog);
  set_unless_empty(j, "runtime", f.runtime);
  set_unless_empty(j, "python", f.python);
  set_unless_empty(j, "suggestion", f.suggestion);
  return j;
}

ordered findings_json(const std::vector<Finding>& findings) {
  return array_of(findings, finding_json);
}

ordered next_milestone_json(const Lifecycle& lc, bool window) {
  const MilestoneDate* n = lc.next();
  if (!n || lc.status.is(lib::Standing::unreleased)) {
    return nullptr;
  }
  ordered j;
  j["name"] = n->name();
  j["date"] = date_or_null(n->date);
  j["date_earliest"] = n->is_window() ? date_or_null(n->earliest) : ordered(nullptr);
  j["days"] = number_or_null(lc.status.days_left);
  j["at_latest"] = n->at_latest;
  if (window) {
    ordered w = window_json(*n);
    j["earliest"] = w["earliest"];
    j["latest"] = w["latest"];
  }
  return j;
}

ordered candidates_json(const std::vector<lib::Candidate>& candidates) {
  return array_of(candidates, candidate_json);
}

ordered by_status_json(const std::map<std::string, size_t>& by_status) {
  ordered by = ordered::object();
  for (const auto& [status, n] : by_status) {
    by[status] = n;
  }
  return by;
}

std::string json_entries(const std::vector<EntryView>& entries) {
  return util::json::dump_pretty(array_of(entries, entry_json));
}

std::string json_entry_full(const EntryView& v) {
  ordered j = entry_json(v);
  const catalog::RuntimeEntry& r = *v.entry;
  if (r.cuda) {
    j["cuda"] = *r.cuda;
  }
  if (!r.family.empty()) {
    j["family"] = r.family;
  }
  if (!r.uris.empty()) {
    j["uris"] = r.uris;
  }
  j["timeline"] = timeline_json(v);
  j["notes"] = r.notes.view();
  j["sources"] = r.sources.views();
  j["confidence"] = r.confidence;
  return util::json::dump_pretty(j);
}

std::string json_check(const lib::Request& req, const lib::CheckResult& res) {
  ordered j;
  j["ok"] = res.ok();
  j["verdict"] = lib::verdict_name(res.verdict());
  j["status"] = res.lifecycle ? ordered(res.lifecycle->status.name) : ordered(nullptr);
  j["expiring"] = res.lifecycle && res.lifecycle->status.expiring();
  j["date"] = format_date(req.on);
  j["catalog"] = res.target ? ordered(res.target->catalog->name) : ordered(nullptr);
  j["runtime"] = req.runtime;
  j["python"] = req.python ? ordered(req.python->str()) : ordered(nullptr);
  j["service"] = lib::service_name(req.service);
  j["next_milestone"] = res.lifecycle ? next_milestone_json(*res.lifecycle, true) : ordered(nullptr);
  j["findings"] = findings_json(res.findings);
  j["suggestions"] = array_of(res.suggestions, [](const lib::Suggestion& s) { return s.entry->id; });
  j["suggestion_details"] = array_of(res.suggestions, [](const lib::Suggestion& s) {
    ordered d = entry_json(EntryView{s.catalog, s.entry, s.lifecycle, {}});
    d["runs_python"] = text_or_null(s.python);
    d["python_changes"] = s.python_changes;
    d["python_older"] = s.python_older;
    d["unconfirmed"] = s.unconfirmed;
    d["standing"] = lib::standing_name(s.standing);
    d["downgrade"] = s.downgrade;
    d["uris"] = s.uris();
    return d;
  });
  return util::json::dump_pretty(j);
}

std::string json_findings(const std::vector<Finding>& findings) {
  return util::json::dump_pretty(findings_json(findings));
}

std::string json_finding(const Finding& finding) {
  return util::json::dump(finding_json(finding));
}

std::string json_events(const std::vector<lib::Event>& events) {
  return util::json::dump_pretty(array_of(events, [](const lib::Event& e) {
    ordered j;
    j["catalog"] = e.catalog->name;
    j["id"] = e.entry ? ordered(e.entry->id) : ordered(nullptr); // null: the catalog's own event (its sunset)
    j["event"] = e.kind;
    j["date"] = date_or_null(e.date);
    j["at_latest"] = e.at_latest;
    j["earliest"] = date_or_null(e.earliest);
    j["severity"] = catalog::to_string(e.severity);
    j["meaning"] = e.meaning;
    return j;
  }));
}

std::string json_combos(const std::vector<lib::Combo>& combos) {
  return util::json::dump_pretty(array_of(combos, [](const lib::Combo& c) {
    ordered j;
    j["catalog"] = c.catalog->name;
    j["runtime"] = c.entry->id;
    j["python"] = c.python.str();
    j["status"] = c.lifecycle.status.name;
    j["expiring"] = c.lifecycle.status.expiring();
    j["next_milestone"] = next_milestone_json(c.lifecycle, true);
    j["python_end_of_life"] = python_end_json(c.python_end);
    return j;
  }));
}

ordered former_ids_json(const lib::RuleInfo& r) {
  ordered aliases = ordered::array();
  for (auto alias : r.aliases) {
    if (!alias.empty()) {
      aliases.push_back(alias);
    }
  }
  return aliases;
}

std::string json_rules() {
  ordered a = ordered::array();
  for (const auto& r : lib::rule_infos()) {
    a.push_back({{"id", r.id},
                 {"severity", catalog::to_string(r.severity)},
                 {"description", r.description},
                 {"help", r.help},
                 {"aliases", former_ids_json(r)}});
  }
  return util::json::dump_pretty(a);
}

std::string json_upgrade(const lib::UpgradeRequest& req, const lib::UpgradePlan& plan) {
  ordered j;
  j["date"] = format_date(req.base.on);
  j["runtime"] = req.base.runtime;
  j["catalog"] = plan.current ? ordered(plan.current->catalog->name) : ordered(nullptr);
  j["status"] = plan.current_lifecycle ? ordered(plan.current_lifecycle->status.name) : ordered(nullptr);
  j["service"] = lib::service_name(req.base.service);
  j["strategy"] = strategy_name(req.strategy);
  j["min_days"] = req.min_days;
  j["frameworks"] = plan.frameworks;
  j["handoff"] = plan.handoff;
  j["handoff_reason"] = text_or_null(plan.handoff_reason);
  j["candidates"] = candidates_json(plan.candidates);
  j["closest"] = candidates_json(plan.closest);
  j["verdict"] = findings_json(plan.verdict);
  j["findings"] = findings_json(plan.findings);
  return util::json::dump_pretty(j);
}

namespace {

// A buffer written through a raw pointer, each piece copied inline after one comparison (a
// string's append is a call per piece, and a record has a hundred). Kept between records (it
// only grows), so a record costs one copy of its text into the output.
class Scratch {
public:
  Scratch() : m_p(m_buf.data()), m_end(m_buf.data() + m_buf.size()) {}
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  ~Scratch() = default;

  void clear() { m_p = m_buf.data(); }
  size_t size() const { return static_cast<size_t>(m_p - m_buf.data()); }
  std::string_view text() const { return {m_buf.data(), size()}; }
  void put(char c) {
    room(1);
    *m_p++ = c;
  }
  void put(std::string_view s) {
    room(s.size());
    std::memcpy(m_p, s.data(), s.size());
    m_p += s.size();
  }
  // Copies again the n bytes written from offset `from` on.
  void put_again(size_t from, size_t n) {
    room(n);
    std::memcpy(m_p, m_buf.data() + from, n);
    m_p += n;
  }
  void spaces(size_t n) {
    room(n);
    std::memset(m_p, ' ', n);
    m_p += n;
  }
  template <class N> void number(N n) {
    room(k_number);
    if constexpr (std::is_integral_v<N>) {
      if (static_cast<std::make_unsigned_t<N>>(n) < 10U) { // a column, a count: one digit (no sign)
        *m_p++ = static_cast<char>('0' + n);
        return;
      }
    }
    m_p = std::to_chars(m_p, m_p + k_number, n).ptr;
  }
  // A JSON string value, as util::json::append_string writes it.
  void string(std::string_view s) {
    if (util::json_plain(s)) {
      room(s.size() + 2);
      *m_p++ = '"';
      std::memcpy(m_p, s.data(), s.size());
      m_p += s.size();
      *m_p++ = '"';
    } else {
      std::string escaped;
      util::json::append_string(escaped, s);
      put(escaped);
    }
  }

  // Where n more bytes may be written; advance() past what was.
  char* claim(size_t n) {
    room(n);
    return m_p;
  }
  void advance(char* end) { m_p = end; }

private:
  static constexpr size_t k_number = 24;
  // Room for n more bytes: a comparison where the pieces are written, the growth apart.
  [[gnu::always_inline]] void room(size_t n) {
    if (static_cast<size_t>(m_end - m_p) < n) {
      grow(n);
    }
  }
  [[gnu::noinline]] void grow(size_t n) {
    const size_t at = size();
    m_buf.resize((at + n) * 2);
    m_p = m_buf.data() + at;
    m_end = m_buf.data() + m_buf.size();
  }
  std::string m_buf = std::string(4096, '\0');
  char* m_p;
  char* m_end;
};

// JSON written field by field, byte for byte as util::json::dump writes the same object (compact),
// or as util::json::PrettyObjectWriter nests its pretty text `depth` spaces in (an audit or a
// report writes one a record: building the library's object costs ten times the text).
class FieldWriter {
public:
  FieldWriter(Scratch& out, int depth) : m_out(out), m_depth(depth) {}
  void open() {
    m_out.put('{');
    m_first = true;
  }
  // Continues an object whose first members are written already.
  void resume() { m_first = false; }
  void close() {
    if (m_depth >= 0) {
      m_out.put('\n');
      m_out.spaces(static_cast<size_t>(m_depth));
    }
    m_out.put('}');
  }
  // Inlined where they are called, so that a key (a literal) is copied in moves of its size.
  [[gnu::always_inline]] void key(std::string_view k) { m_out.advance(put_key(m_out.claim(key_room(k)), k)); }
  [[gnu::always_inline]] void text(std::string_view k, std::string_view v) {
    if (!util::json_plain(v)) {
      key(k);
      m_out.string(v);
      return;
    }
    plain(k, v);
  }
  // A value util::json_plain was asked about already (`is_plain`: its answer): a record's path,
  // which each of its findings repeats.
  [[gnu::always_inline]] void text(std::string_view k, std::string_view v, bool is_plain) {
    if (is_plain) {
      plain(k, v);
    } else {
      text(k, v);
    }
  }
  // A value util::json_plain says is plain.
  [[gnu::always_inline]] void plain(std::string_view k, std::string_view v) {
    char* p = put_key(m_out.claim(key_room(k) + v.size() + 2), k);
    *p++ = '"';
    std::memcpy(p, v.data(), v.size());
    p += v.size();
    *p++ = '"';
    m_out.advance(p);
  }
  void text_or_null(std::string_view k, std::string_view v) {
    if (v.empty()) {
      null(k);
    } else {
      text(k, v);
    }
  }
  void null(std::string_view k) {
    key(k);
    m_out.put("null");
  }
  template <class N> void number(std::string_view k, N n) {
    key(k);
    m_out.number(n);
  }
  void date_or_null(std::string_view k, const std::optional<catalog::Date>& d) {
    if (d) {
      text(k, format_date(*d));
    } else {
      null(k);
    }
  }
  // An array member: item(i) writes the i-th item's separator and returns the depth to write it
  // at; close_array(n) closes the array of n items.
  void open_array(std::string_view k) {
    key(k);
    m_out.put('[');
  }
  int item(size_t i) {
    if (i > 0) {
      m_out.put(',');
    }
    if (m_depth < 0) {
      return -1;
    }
    m_out.put('\n');
    m_out.spaces(static_cast<size_t>(m_depth) + 4);
    return m_depth + 4;
  }
  void close_array(size_t items) {
    if (m_depth >= 0 && items > 0) {
      m_out.put('\n');
      m_out.spaces(static_cast<size_t>(m_depth) + 2);
    }
    m_out.put(']');
  }

private:
  size_t indent() const { return m_depth >= 0 ? static_cast<size_t>(m_depth) + 2 : 0; }
  // The most a key takes: separator, newline, indent, quotes, colon and space.
  size_t key_room(std::string_view k) const { return k.size() + indent() + 6; }
  // Writes the separator, the indent and `"key":` at p; returns the end.
  [[gnu::always_inline]] char* put_key(char* p, std::string_view k) {
    if (!m_first) {
      *p++ = ',';
    }
    m_first = false;
    if (m_depth >= 0) {
      *p++ = '\n';
      std::memset(p, ' ', indent());
      p += indent();
    }
    *p++ = '"';
    std::memcpy(p, k.data(), k.size());
    p += k.size();
    *p++ = '"';
    *p++ = ':';
    if (m_depth >= 0) {
      *p++ = ' ';
    }
    return p;
  }

  Scratch& m_out;
  int m_depth;
  bool m_first = true;
};

// The scratch every record is written in before it is copied to the output (one a thread).
Scratch& scratch() {
  thread_local Scratch s;
  s.clear();
  return s;
}

// A finding's place: the record's path (`path_plain`: util::json_plain of it, asked once a
// record), line and column.
void write_finding_place(FieldWriter& w, const lib::Resource& r, bool path_plain) {
  if (!r.path.empty()) {
    w.text("path", r.path, path_plain);
  }
  if (r.line > 0) {
    w.number("line", r.line);
  }
  if (r.column > 0) {
    w.number("column", r.column);
  }
}

// A finding's catalog, runtime, Python and suggestion, each when it has one.
void write_finding_tail(FieldWriter& w, const lib::PlacedFinding& p) {
  for (const auto& [k, v] : {std::pair<std::string_view, std::string_view>{"catalog", p.finding.catalog},
                             {"runtime", p.runtime()},
                             {"python", p.python()},
                             {"suggestion", p.finding.suggestion}}) {
    if (!v.empty()) {
      w.text(k, v);
    }
  }
}

// A finding of the record: the fields of findings_json, in its order.
// `path_plain`: util::json_plain of the record's path, asked once a record.
void append_finding(Scratch& out, const lib::PlacedFinding& p, int depth, bool path_plain) {
  const Finding& f = p.finding;
  const lib::Resource& r = p.resource;
  FieldWriter w(out, depth);
  w.open();
  w.text("rule", f.rule);
  w.text("severity", catalog::to_string(f.severity));
  w.key("message");
  if (util::json_plain(p.label) && util::json_plain(p.text)) {
    out.put('"');
    out.put(p.label);
    out.put(": ");
    out.put(p.text);
    out.put('"');
  } else { // escaped whole: a UTF-8 sequence cut between the two parts is the joined text's
    std::string message;
    util::json::append_string(message, std::string(p.label) + ": " + std::string(p.text));
    out.put(message);
  }
  write_finding_place(w, r, path_plain);
  write_finding_tail(w, p);
  w.close();
}

void write_verdict(Scratch& out, const lib::Verdict& v, int depth) {
  FieldWriter w(out, depth);
  w.resume();
  w.text_or_null("catalog", v.catalog);
  w.text("status", lib::status_name(v.status));
  w.date_or_null("deadline", v.deadline);
  w.date_or_null("deadline_earliest", v.deadline_earliest);
  w.text_or_null("deadline_milestone", v.deadline_milestone);
  if (v.days) {
    w.number("days", *v.days);
  } else {
    w.null("days");
  }
  w.text("action", v.action);
  w.text_or_null("target", v.target);
}

} // namespace

void prepare_verdict_json(VerdictJson& out, const lib::Resource& r, const lib::Verdict& v, int depth) {
  out.depth = depth;
  Scratch& members = scratch();
  write_verdict(members, v, depth);
  out.members = members.text();
  out.runtime = r.runtime;
  out.python = r.python;
  const int at = depth < 0 ? -1 : depth + 4; // the findings' items
  for (const Finding& f : v.findings) {
    VerdictJson::FindingParts& parts = out.findings.emplace_back();
    if (f.message.empty() || !util::json_plain(f.message)) {
      continue; // worded for the record, or escaped with the label: written whole
    }
    Scratch& s = scratch();
    FieldWriter w(s, at);
    w.open();
    w.text("rule", f.rule);
    w.text("severity", catalog::to_string(f.severity));
    w.key("message");
    s.put('"');
    parts.head = s.text();
    parts.message = ": " + f.message + '"';
    s.clear();
    FieldWriter t(s, at);
    t.resume();
    lib::PlacedFinding p{f, 0, r, "", f.message};
    write_finding_tail(t, p);
    t.close();
    parts.tail = s.text();
  }
}

namespace {

// The record's own fields, then the verdict's members, then the findings' array opened.
void write_record(Scratch& s, FieldWriter& w, const lib::Resource& r, std::string_view verdict_json, bool path_plain) {
  w.open();
  w.text("kind", lib::kind_name(r.kind));
  w.text("name", r.name);
  w.text_or_null("part", r.part);
  w.text("state", r.state);
  w.text("created", r.created);
  w.text("path", r.path, path_plain);
  w.number("line", r.line);
  w.text_or_null("runtime", r.runtime);
  w.text_or_null("python", r.python);
  w.text_or_null("framework", r.framework);
  w.text_or_null("image_uri", r.image_uri);
  w.text("service", r.service);
  s.put(verdict_json);
  w.open_array("findings");
}

} // namespace

void append_resource_json(std::string& out, const lib::Resource& r, const lib::Verdict& v, const VerdictJson& verdict) {
  Scratch& s = scratch();
  FieldWriter w(s, verdict.depth);
  const bool path_plain = util::json_plain(r.path);
  write_record(s, w, r, verdict.members, path_plain);
  const bool same_record = verdict.findings.size() == v.findings.size() && util::same_text(verdict.runtime, r.runtime) &&
                           util::same_text(verdict.python, r.python);
  size_t n = 0;
  std::optional<bool> label_plain; // util::json_plain of the label, which a record's findings share
  // Where the first finding's place (path, line, column: the record's) was written in the
  // scratch, which the others copy.
  std::optional<std::pair<size_t, size_t>> place;
  lib::Auditor::each_finding(r, v, [&](const lib::PlacedFinding& p) {
    const int at = w.item(n++);
    const VerdictJson::FindingParts* parts = same_record ? &verdict.findings[p.index] : nullptr;
    if (parts && !parts->head.empty() && !label_plain) {
      label_plain = util::json_plain(p.label);
    }
    if (!parts || parts->head.empty() || !*label_plain) {
      append_finding(s, p, at, path_plain);
      return;
    }
    s.put(parts->head);
    s.put(p.label);
    s.put(parts->message);
    if (place) {
      s.put_again(place->first, place->second);
    } else {
      const size_t from = s.size();
      FieldWriter f(s, at);
      f.resume();
      write_finding_place(f, r, path_plain);
      place.emplace(from, s.size() - from);
    }
    s.put(parts->tail);
  });
  w.close_array(n);
  w.close();
  out += s.text();
}

void append_resource_json(std::string& out, const lib::Resource& r, const lib::Verdict& v, int depth) {
  VerdictJson verdict;
  prepare_verdict_json(verdict, r, v, depth);
  append_resource_json(out, r, v, verdict);
}

std::string json_resource(const lib::Resource& r, const lib::Verdict& v) {
  std::string out;
  append_resource_json(out, r, v);
  return out;
}

ordered incomplete_listings_json(const std::vector<lib::ListPage>& pages) {
  return array_of(pages, [](const lib::ListPage& p) {
    return ordered{{"collection", p.collection}, {"path", p.path}, {"line", p.line}, {"column", p.column}};
  });
}

std::string json_summary(const lib::AuditSummary& s) {
  ordered j;
  j["resources"] = s.resources;
  j["malformed"] = s.malformed;
  j["by_status"] = by_status_json(s.by_status);
  j["worst"] = s.worst ? ordered(std::string(catalog::to_string(*s.worst))) : ordered(nullptr);
  j["incomplete_listings"] = incomplete_listings_json(s.incomplete);
  return util::json::dump(j);
}

} // namespace render
