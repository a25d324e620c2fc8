// The embedded catalogs, built from the tables the build wrote (catalog/embedded_tables.hpp).

#include "catalog/embedded.hpp"

#include "catalog/embedded_tables.hpp"

namespace catalog {

namespace {

using tables::k_none;
using tables::Range;
using tables::Str;

// Reads rows of the tables into the model's types.
class Reader {
public:
  explicit Reader(const tables::Tables& t) : m_t(t) {}

  // Offsets the generator wrote into the text it wrote: in range.
  std::string_view view(Str s) const { return {m_t.text.data() + s.offset, s.size}; }
  std::string str(Str s) const { return std::string(view(s)); }
  // Into a string that a new object holds empty: an empty text builds nothing.
  void set(std::string& out, Str s) const {
    if (s.size != 0) {
      out.assign(m_t.text.data() + s.offset, s.size);
    }
  }
  static std::optional<Date> date(int32_t days) { return days == k_none ? std::nullopt : std::optional(date_of_day(days)); }
  static Version version(const tables::Ver& v) { return Version::of(std::span<const int>(v.parts, v.size)); }
  template <typename Row> static std::span<const Row> rows(std::span<const Row> all, Range r) {
    return all.subspan(r.first, r.count);
  }

  std::vector<std::string> strings(Range r) const {
    std::vector<std::string> out;
    out.reserve(r.count);
    for (Str s : rows(m_t.strs, r)) {
      out.emplace_back(view(s));
    }
    return out;
  }
  Texts texts(Range r) const { return Texts::table(m_t.text, rows(m_t.strs, r)); }
  // Rows of pairs as T{first, second}: a std::pair of strings, or a Package.
  template <typename T> std::vector<T> pairs(Range r) const {
    std::vector<T> out;
    out.reserve(r.count);
    for (const auto& p : rows(m_t.pairs, r)) {
      out.push_back(T{str(p.first), str(p.second)});
    }
    return out;
  }

  Catalog catalog(const tables::Catalog& row) const;

private:
  void entry(const tables::Entry& row, RuntimeEntry& r) const;
  const tables::Tables& m_t;
};

void Reader::entry(const tables::Entry& row, RuntimeEntry& r) const {
  set(r.id, row.id);
  if (row.has_version) {
    r.version = version(row.version);
  }
  r.released = date(row.released);
  r.released_after = date(row.released_after);
  r.released_by = date(row.released_by);
  if (row.python_known) {
    auto& python = r.python.emplace();
    python.reserve(row.python.count);
    for (const auto& v : rows(m_t.versions, row.python)) {
      python.push_back(version(v));
    }
  }
  if (row.packages.count != 0) {
    r.packages = pairs<Package>(row.packages);
  }
  if (row.package_lines.count != 0) {
    r.package_lines = pairs<Package>(row.package_lines);
  }
  r.milestones.reserve(row.milestones.count);
  for (const auto& m : rows(m_t.stated, row.milestones)) {
    r.milestones.push_back(StatedMilestone{str(m.name), date(m.date), date(m.from), texts(m.sources)});
  }
  set(r.framework, row.framework);
  set(r.framework_version, row.framework_version);
  set(r.accelerator, row.accelerator);
  if (row.has_cuda) {
    r.cuda = str(row.cuda);
  }
  set(r.family, row.family);
  set(r.service, row.service);
  if (row.uris.count != 0) {
    r.uris = strings(row.uris);
  }
  r.notes = Text::literal(view(row.notes));
  r.sources = texts(row.sources);
  set(r.confidence, row.confidence);
}

Catalog Reader::catalog(const tables::Catalog& row) const {
  Catalog c;
  set(c.name, row.name);
  set(c.title, row.title);
  c.entry_noun = str(row.entry_noun);
  c.as_of = date(row.as_of);
  set(c.as_of_note, row.as_of_note);
  Policy& p = c.policy;
  p.milestones.reserve(row.milestones.count);
  for (const auto& m : rows(m_t.policy_milestones, row.milestones)) {
    MilestonePolicy& out = p.milestones.emplace_back();
    set(out.name, m.name);
    if (m.after_months != k_none) {
      out.after_months = m.after_months;
    }
    out.not_before = date(m.not_before);
    out.severity = static_cast<Severity>(m.severity);
    if (m.deployed_severity >= 0) {
      out.deployed_severity = static_cast<Severity>(m.deployed_severity);
    }
    set(out.meaning, m.meaning);
    set(out.reached, m.reached);
    set(out.upcoming, m.upcoming);
  }
  p.sunset = date(row.sunset);
  set(p.sunset_meaning, row.sunset_meaning);
  p.successor = pairs<std::pair<std::string, std::string>>(row.successor);
  if (row.has_required_fields) {
    p.required_fields =
        RequiredFields{date_of_day(row.required_from), strings(row.required_fields),
                       pairs<std::pair<std::string, std::string>>(row.required_defaults), str(row.required_source)};
  }
  set(p.service, row.service);
  set(p.uri_note, row.uri_note);
  p.sources = strings(row.sources);
  c.rules.reserve(row.rules.count);
  for (const auto& r : rows(m_t.rules, row.rules)) {
    c.rules.push_back(Rule{str(r.id), str(r.service), str(r.framework), version(r.min_runtime), str(r.message), str(r.source)});
  }
  c.framework_releases.reserve(row.releases.count);
  for (const auto& f : rows(m_t.releases, row.releases)) {
    c.framework_releases.push_back(FrameworkRelease{str(f.framework), version(f.version), date(f.released),
                                                    date(f.released_after), date(f.released_by), str(f.notes),
                                                    strings(f.sources)});
  }
  c.runtimes.reserve(row.entries.count);
  for (const auto& e : rows(m_t.entries, row.entries)) {
    entry(e, c.runtimes.emplace_back());
  }
  return c;
}

} // namespace

const std::vector<std::string_view>& embedded_names() {
  static const std::vector<std::string_view> names = [] {
    const auto& t = tables::embedded();
    Reader read(t);
    std::vector<std::string_view> out;
    for (const auto& c : t.catalogs) {
      out.push_back(read.view(c.name));
    }
    return out;
  }();
  return names;
}

const std::vector<EmbeddedIndex>& embedded_index() {
  static const std::vector<EmbeddedIndex> index = [] {
    const auto& t = tables::embedded();
    Reader read(t);
    std::vector<EmbeddedIndex> out;
    for (const auto& c : t.catalogs) {
      out.push_back(EmbeddedIndex{read.view(c.name), read.view(c.service), read.texts(c.ids)});
    }
    return out;
  }();
  return index;
}

std::optional<Catalog> embedded_catalog(std::string_view name) {
  const auto& t = tables::embedded();
  Reader read(t);
  for (const auto& c : t.catalogs) {
    if (read.view(c.name) == name) {
      return read.catalog(c);
    }
  }
  return std::nullopt;
}

} // namespace catalog
