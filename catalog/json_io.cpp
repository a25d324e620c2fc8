#include "catalog/json_io.hpp"

#include "catalog/error.hpp"
#include "catalog/json_node.hpp"
#include "catalog/pep440.hpp"
#include "util/json.hpp"
#include "util/text.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

namespace catalog {

using json = nlohmann::json;
using ordered = nlohmann::ordered_json;

using detail::Node;

namespace {

MilestonePolicy read_milestone_policy(const Node& n) {
  n.expect_object({"name", "severity", "meaning"}, {"after_months", "not_before", "deployed_severity", "reached", "upcoming"});
  MilestonePolicy m;
  m.name = n.at("name").str();
  if (m.name.empty()) {
    n.at("name").fail("a milestone needs a name");
  }
  if (n.has("after_months")) {
    m.after_months = n.at("after_months").integer(0, 1200);
  }
  m.not_before = n.at("not_before").opt_date();
  m.severity = n.at("severity").severity();
  if (n.has("deployed_severity")) {
    m.deployed_severity = n.at("deployed_severity").severity();
  }
  m.meaning = n.at("meaning").str();
  m.reached = n.at("reached").str_or("reached " + m.name);
  m.upcoming = n.at("upcoming").str_or("reaches " + m.name);
  return m;
}

std::vector<std::pair<std::string, std::string>> read_string_map(const Node& n) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [key, value] : n.members()) {
    out.emplace_back(key, value.str());
  }
  return out;
}

// A release is a date, or a window (released_after, released_by]: the bounds are only for an
// unknown date, and the window must not be empty.
void check_window(const Node& n, const std::optional<Date>& released, const std::optional<Date>& after,
                  const std::optional<Date>& by) {
  if (released && after) {
    n.at("released_after").fail("released_after is only for an unknown release date, but released is set");
  }
  if (released && by) {
    n.at("released_by").fail("released_by is only for an unknown release date, but released is set");
  }
  if (after && by && !(*after < *by)) {
    n.at("released_after")
        .fail("released_after (" + format_date(*after) + ") must be before released_by (" + format_date(*by) + ")");
  }
}

std::vector<FrameworkRelease> read_framework_releases(const Node& n) {
  std::vector<FrameworkRelease> out;
  for (const auto& [name, versions] : n.members()) {
    if (name.empty() || pep440::normalize_name(name) != name) {
      versions.fail("a framework is named by its normalised package name (\"" + pep440::normalize_name(name) + "\", not \"" +
                    name + "\")");
    }
    for (const auto& [version, e] : versions.members()) {
      e.expect_object({}, {"released", "released_after", "released_by", "notes", "sources"});
      FrameworkRelease f;
      f.framework = name;
      auto v = Version::try_parse(version);
      if (!v) {
        e.fail("invalid version \"" + version + "\" (expected numbers separated by dots, like 2.17)");
      }
      f.version = *v;
      f.released = e.at("released").opt_date();
      f.released_after = e.at("released_after").opt_date();
      f.released_by = e.at("released_by").opt_date();
      check_window(e, f.released, f.released_after, f.released_by);
      f.notes = e.at("notes").str_or("");
      if (e.has("sources")) {
        f.sources = e.at("sources").strings();
      }
      out.push_back(std::move(f));
    }
  }
  // Canonical order: by name, then numerically by version (2.9 before 2.10).
  std::stable_sort(out.begin(), out.end(), [](const FrameworkRelease& a, const FrameworkRelease& b) {
    return a.framework != b.framework ? a.framework < b.framework : a.version < b.version;
  });
  for (std::size_t i = 1; i < out.size(); ++i) {
    if (out[i].framework == out[i - 1].framework && out[i].version == out[i - 1].version) {
      n.at(out[i].framework).fail("versions " + out[i - 1].version.str() + " and " + out[i].version.str() + " are the same");
    }
  }
  return out;
}

void read_header(const Node& root, Catalog& c, bool with_runtimes) {
  if (with_runtimes) {
    root.expect_object({"format", "catalog", "policy", "runtimes"},
                       {"title", "entry_noun", "as_of", "as_of_note", "rules", "framework_releases"});
  } else {
    root.expect_object({"format", "catalog", "policy"},
                       {"title", "entry_noun", "as_of", "as_of_note", "rules", "framework_releases"});
  }
  if (root.at("format").str() != k_catalog_format) {
    root.at("format").fail("unsupported format \"" + root.at("format").str() + "\" (expected \"" + std::string(k_catalog_format) +
                           "\")");
  }
  c.name = root.at("catalog").str();
  if (c.name.empty() || c.name.find_first_of(" :/\\") != std::string::npos) {
    root.at("catalog").fail("a catalog name must be non-empty, without spaces, ':' or slashes");
  }
  c.title = root.at("title").str_or("");
  c.entry_noun = root.at("entry_noun").str_or("runtime");
  c.as_of = root.at("as_of").opt_date();
  c.as_of_note = root.at("as_of_note").str_or("");

  Node p = root.at("policy");
  p.expect_object({"milestones"}, {"sunset", "sunset_meaning", "successor", "required_fields", "service", "uri_note", "sources"});
  std::set<std::string> names;
  for (const auto& m : p.at("milestones").elements()) {
    c.policy.milestones.push_back(read_milestone_policy(m));
    if (!names.insert(c.policy.milestones.back().name).second) {
      m.at("name").fail("duplicate milestone \"" + c.policy.milestones.back().name + "\"");
    }
  }
  c.policy.sunset = p.at("sunset").opt_date();
  c.policy.sunset_meaning = p.at("sunset_meaning").str_or("");
  if (p.has("successor")) {
    c.policy.successor = read_string_map(p.at("successor"));
  }
  if (p.has("required_fields")) {
    Node r = p.at("required_fields");
    r.expect_object({"from", "fields"}, {"defaults", "source"});
    RequiredFields rf;
    rf.from = r.at("from").date();
    rf.fields = r.at("fields").strings();
    if (r.has("defaults")) {
      rf.defaults = read_string_map(r.at("defaults"));
    }
    rf.source = r.at("source").str_or("");
    c.policy.required_fields = rf;
  }
  c.policy.service = p.at("service").str_or("");
  if (!c.policy.service.empty() && c.policy.service != "training" && c.policy.service != "prediction") {
    p.at("service").fail("invalid service \"" + c.policy.service + "\" (valid: training, prediction)");
  }
  c.policy.uri_note = p.at("uri_note").str_or("");
  if (p.has("sources")) {
    c.policy.sources = p.at("sources").strings();
  }
  if (root.has("rules")) {
    std::set<std::string> ids;
    for (const auto& rn : root.at("rules").elements()) {
      rn.expect_object({"id", "service", "framework", "min_runtime"}, {"message", "source"});
      Rule rule;
      rule.id = rn.at("id").str();
      if (!ids.insert(rule.id).second) {
        rn.at("id").fail("duplicate rule id \"" + rule.id + "\"");
      }
      rule.service = rn.at("service").str();
      if (rule.service != "training" && rule.service != "prediction") {
        rn.at("service").fail("invalid service \"" + rule.service + "\" (valid: training, prediction)");
      }
      rule.framework = pep440::normalize_name(rn.at("framework").str());
      rule.min_runtime = rn.at("min_runtime").version();
      rule.message = rn.at("message").str_or("");
      rule.source = rn.at("source").str_or("");
      c.rules.push_back(std::move(rule));
    }
  }
  if (root.has("framework_releases")) {
    c.framework_releases = read_framework_releases(root.at("framework_releases"));
  }
}

std::vector<Package> read_packages(const Node& n, bool pins) {
  std::vector<Package> out;
  for (const auto& [name, value] : n.members()) {
    std::string v = value.str();
    if (pins && !pep440::Version::try_parse(v)) {
      value.fail("invalid version \"" + v + "\" (not a PEP 440 version)");
    }
    if (!pins && !Version::try_parse(v)) {
      value.fail("invalid version line \"" + v + "\" (expected major.minor, like 1.15)");
    }
    out.push_back({pep440::normalize_name(name), v});
  }
  // Canonical order is by the normalised name (PEP 503), so that writing what was read gives the
  // same order again whatever the spelling; two spellings of one name are ambiguous.
  std::stable_sort(out.begin(), out.end(), [](const Package& a, const Package& b) { return a.name < b.name; });
  for (std::size_t i = 1; i < out.size(); ++i) {
    if (out[i].name == out[i - 1].name) {
      std::vector<std::string> spellings;
      for (const auto& [name, value] : n.members()) {
        if (pep440::normalize_name(name) == out[i].name) {
          spellings.push_back("\"" + name + "\"");
        }
      }
      n.fail("package names " + spellings.at(0) + " and " + spellings.at(1) + " both normalise to \"" + out[i].name + "\"");
    }
  }
  return out;
}

// A stated milestone: a date, null (stated unknown), or a window {"from", "to", "sources"} whose
// first day is before its last.
StatedMilestone read_stated_milestone(const std::string& name, const Node& value) {
  StatedMilestone m;
  m.name = name;
  if (!value.raw().is_object()) {
    m.date = value.opt_date();
    return m;
  }
  value.expect_object({"from", "to"}, {"sources"});
  m.from = value.at("from").date();
  m.date = value.at("to").date();
  if (!(*m.from < *m.date)) {
    value.at("from").fail("a window's from (" + format_date(*m.from) + ") must be before its to (" + format_date(*m.date) +
                          "); a single day is written as a date");
  }
  if (value.has("sources")) {
    m.sources = value.at("sources").strings();
  }
  return m;
}

RuntimeEntry read_runtime(const Node& n, const Catalog& c) {
  n.expect_object({"id"}, {"version", "released", "released_after", "released_by", "python", "packages", "package_lines",
                           "milestones", "framework", "framework_version", "accelerator", "cuda", "family", "service", "uris",
                           "notes", "sources", "confidence"});
  RuntimeEntry r;
  r.id = n.at("id").str();
  if (r.id.empty() || r.id.find_first_of(" \t\n:") != std::string::npos) {
    n.at("id").fail("an id must be non-empty, without spaces or ':'");
  }
  if (!n.at("version").is_null()) {
    r.version = n.at("version").version();
  }
  r.released = n.at("released").opt_date();
  r.released_after = n.at("released_after").opt_date();
  r.released_by = n.at("released_by").opt_date();
  check_window(n, r.released, r.released_after, r.released_by);
  if (!n.at("python").is_null()) {
    std::vector<Version> py;
    for (const auto& e : n.at("python").elements()) {
      py.push_back(e.version());
    }
    r.python = py;
  }
  if (n.has("packages")) {
    r.packages = read_packages(n.at("packages"), true);
  }
  if (n.has("package_lines")) {
    r.package_lines = read_packages(n.at("package_lines"), false);
  }
  if (n.has("milestones")) {
    std::vector<StatedMilestone> stated;
    for (const auto& [name, value] : n.at("milestones").members()) {
      if (!c.milestone(name)) {
        std::string valid = util::join(c.policy.milestones, ", ", [](const MilestonePolicy& m) { return m.name; });
        value.fail("unknown milestone \"" + name + "\" (valid: " + valid + ")");
      }
      stated.push_back(read_stated_milestone(name, value));
    }
    // Keep policy order so that output is canonical.
    for (const auto& m : c.policy.milestones) {
      for (auto& e : stated) {
        if (e.name == m.name) {
          r.milestones.push_back(std::move(e));
        }
      }
    }
  }
  r.framework = n.at("framework").str_or("");
  r.framework_version = n.at("framework_version").str_or("");
  r.accelerator = n.at("accelerator").str_or("");
  r.cuda = n.at("cuda").opt_str();
  r.family = n.at("family").str_or("");
  r.service = n.at("service").str_or("");
  if (!r.service.empty() && r.service != "training" && r.service != "prediction") {
    n.at("service").fail("invalid service \"" + r.service + "\" (valid: training, prediction)");
  }
  if (!r.service.empty() && !c.policy.service.empty() && r.service != c.policy.service) {
    n.at("service").fail("the entry's service \"" + r.service + "\" contradicts the catalog's (\"" + c.policy.service + "\")");
  }
  if (n.has("uris")) {
    r.uris = n.at("uris").strings();
  }
  r.notes = n.at("notes").str_or("");
  if (n.has("sources")) {
    r.sources = n.at("sources").strings();
  }
  r.confidence = n.at("confidence").str_or("");
  return r;
}

// --- Writing ---

ordered date_or_null(const std::optional<Date>& d) {
  return d ? ordered(format_date(*d)) : ordered(nullptr);
}

ordered header_json(const Catalog& c) {
  ordered j;
  j["format"] = k_catalog_format;
  j["catalog"] = c.name;
  j["title"] = c.title;
  j["entry_noun"] = c.entry_noun;
  j["as_of"] = date_or_null(c.as_of);
  if (!c.as_of_note.empty()) {
    j["as_of_note"] = c.as_of_note;
  }
  ordered p;
  p["milestones"] = ordered::array();
  for (const auto& m : c.policy.milestones) {
    ordered mj;
    mj["name"] = m.name;
    if (m.after_months) {
      mj["after_months"] = *m.after_months;
    }
    if (m.not_before) {
      mj["not_before"] = format_date(*m.not_before);
    }
    mj["severity"] = to_string(m.severity);
    if (m.deployed_severity) {
      mj["deployed_severity"] = to_string(*m.deployed_severity);
    }
    mj["meaning"] = m.meaning;
    mj["reached"] = m.reached;
    mj["upcoming"] = m.upcoming;
    p["milestones"].push_back(mj);
  }
  if (c.policy.sunset) {
    p["sunset"] = format_date(*c.policy.sunset);
  }
  if (!c.policy.sunset_meaning.empty()) {
    p["sunset_meaning"] = c.policy.sunset_meaning;
  }
  if (!c.policy.successor.empty()) {
    ordered s = ordered::object();
    for (const auto& [k, v] : c.policy.successor) {
      s[k] = v;
    }
    p["successor"] = s;
  }
  if (c.policy.required_fields) {
    const auto& rf = *c.policy.required_fields;
    ordered r;
    r["from"] = format_date(rf.from);
    r["fields"] = rf.fields;
    ordered d = ordered::object();
    for (const auto& [k, v] : rf.defaults) {
      d[k] = v;
    }
    r["defaults"] = d;
    r["source"] = rf.source;
    p["required_fields"] = r;
  }
  if (!c.policy.service.empty()) {
    p["service"] = c.policy.service;
  }
  if (!c.policy.uri_note.empty()) {
    p["uri_note"] = c.policy.uri_note;
  }
  p["sources"] = c.policy.sources;
  j["policy"] = p;
  j["rules"] = ordered::array();
  for (const auto& r : c.rules) {
    ordered rj;
    rj["id"] = r.id;
    rj["service"] = r.service;
    rj["framework"] = r.framework;
    rj["min_runtime"] = r.min_runtime.str();
    rj["message"] = r.message;
    rj["source"] = r.source;
    j["rules"].push_back(rj);
  }
  if (!c.framework_releases.empty()) {
    ordered fr = ordered::object();
    for (const auto& f : c.framework_releases) {
      ordered e;
      e["released"] = date_or_null(f.released);
      e["released_after"] = date_or_null(f.released_after);
      e["released_by"] = date_or_null(f.released_by);
      e["notes"] = f.notes;
      e["sources"] = f.sources;
      fr[f.framework][f.version.str()] = e;
    }
    j["framework_releases"] = fr;
  }
  return j;
}

ordered runtime_json(const RuntimeEntry& r) {
  ordered j;
  j["id"] = r.id;
  j["version"] = r.version ? ordered(r.version->str()) : ordered(nullptr);
  j["released"] = date_or_null(r.released);
  if (r.released_after) {
    j["released_after"] = format_date(*r.released_after);
  }
  j["released_by"] = date_or_null(r.released_by);
  if (r.python) {
    ordered py = ordered::array();
    for (const auto& v : *r.python) {
      py.push_back(v.str());
    }
    j["python"] = py;
  } else {
    j["python"] = nullptr;
  }
  auto pkgs = [](const std::vector<Package>& v) {
    ordered o = ordered::object();
    for (const auto& p : v) {
      o[p.name] = p.version;
    }
    return o;
  };
  j["packages"] = pkgs(r.packages);
  if (!r.package_lines.empty()) {
    j["package_lines"] = pkgs(r.package_lines);
  }
  ordered ms = ordered::object();
  for (const auto& m : r.milestones) {
    if (m.is_window()) {
      ordered w = ordered::object();
      w["from"] = format_date(*m.from);
      w["to"] = date_or_null(m.date);
      w["sources"] = m.sources.views();
      ms[m.name] = w;
    } else {
      ms[m.name] = date_or_null(m.date);
    }
  }
  j["milestones"] = ms;
  if (!r.framework.empty()) {
    j["framework"] = r.framework;
    j["framework_version"] = r.framework_version;
    j["accelerator"] = r.accelerator;
    j["cuda"] = r.cuda ? ordered(*r.cuda) : ordered(nullptr);
  }
  if (!r.family.empty()) {
    j["family"] = r.family;
  }
  if (!r.service.empty()) {
    j["service"] = r.service;
  }
  if (!r.uris.empty()) {
    j["uris"] = r.uris;
  }
  j["notes"] = r.notes.view();
  j["sources"] = r.sources.views();
  if (!r.confidence.empty()) {
    j["confidence"] = r.confidence;
  }
  return j;
}

} // namespace

Catalog parse_catalog(std::string_view text, const std::string& origin) {
  json j = util::json::parse(text, origin);
  Node root(j, origin, "");
  Catalog c;
  read_header(root, c, true);
  std::set<std::string> ids;
  for (const auto& rn : root.at("runtimes").elements()) {
    c.runtimes.push_back(read_runtime(rn, c));
    if (!ids.insert(c.runtimes.back().id).second) {
      rn.at("id").fail("duplicate id \"" + c.runtimes.back().id + "\"");
    }
  }
  return c;
}

Catalog parse_catalog_header(std::string_view text, const std::string& origin) {
  json j = util::json::parse(text, origin);
  Catalog c;
  read_header(Node(j, origin, ""), c, false);
  return c;
}

RuntimeEntry parse_runtime(std::string_view text, const Catalog& owner, const std::string& origin) {
  json j = util::json::parse(text, origin);
  return read_runtime(Node(j, origin, ""), owner);
}

std::string write_catalog(const Catalog& c) {
  ordered j = header_json(c);
  j["runtimes"] = ordered::array();
  for (const auto& r : c.runtimes) {
    j["runtimes"].push_back(runtime_json(r));
  }
  return util::json::dump_pretty(j);
}

std::string write_catalog_header(const Catalog& c) {
  return util::json::dump(header_json(c));
}

std::string write_runtime(const RuntimeEntry& r) {
  return util::json::dump(runtime_json(r));
}

} // namespace catalog
