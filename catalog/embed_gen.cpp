// Build-time tool: validates catalog JSON files and writes C++ that builds them, so that the
// rtcat binary carries its default catalogs without parsing JSON at start-up.
//   rtcat_embed OUT.cpp data/a.json data/b.json ...

#include "catalog/error.hpp"
#include "catalog/json_io.hpp"

#include <fstream>
#include <iostream>
#include <sstream>

namespace {

using namespace catalog;

std::string lit(std::string_view s) {
  std::string out = "\"";
  for (unsigned char ch : s) {
    if (ch == '"' || ch == '\\') {
      out += '\\';
      out += static_cast<char>(ch);
    } else if (ch == '\n') {
      out += "\\n";
    } else if (ch < 0x20 || ch >= 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\%03o", ch);
      out += buf;
    } else {
      out += static_cast<char>(ch);
    }
  }
  return out + "\"";
}

std::string date_expr(const std::optional<Date>& d) {
  return d ? "D(" + std::to_string(d->time_since_epoch().count()) + ")" : "std::nullopt";
}

// The generated helpers S, P and M build each string once from a literal (an initializer list of
// std::string would build every string twice).
std::string strings_expr(const std::vector<std::string>& v) {
  std::string out = "S({";
  for (const auto& s : v) {
    out += lit(s) + ",";
  }
  return out + "})";
}

std::string packages_expr(const std::vector<Package>& v) {
  std::string out = "P({";
  for (const auto& p : v) {
    out += "{" + lit(p.name) + "," + lit(p.version) + "},";
  }
  return out + "})";
}

std::string pairs_expr(const std::vector<std::pair<std::string, std::string>>& v) {
  std::string out = "SP({";
  for (const auto& [a, b] : v) {
    out += "{" + lit(a) + "," + lit(b) + "},";
  }
  return out + "})";
}

// A version as the parts it is made of: no parsing at start-up.
std::string version_expr(const Version& v) {
  std::string out = "V({";
  for (int part : v.parts()) {
    out += std::to_string(part) + ",";
  }
  return out + "})";
}

std::string sev(Severity s) {
  return "Severity::" + std::string(to_string(s));
}

void emit(std::ostream& o, const Catalog& c, size_t index) {
  o << "Catalog make_" << index << "() {\n  Catalog c;\n";
  o << "  c.name = " << lit(c.name) << ";\n  c.title = " << lit(c.title) << ";\n";
  o << "  c.entry_noun = " << lit(c.entry_noun) << ";\n";
  o << "  c.as_of = " << date_expr(c.as_of) << ";\n  c.as_of_note = " << lit(c.as_of_note) << ";\n";
  for (const auto& m : c.policy.milestones) {
    o << "  { auto& m = c.policy.milestones.emplace_back(); m.name = " << lit(m.name) << ";";
    if (m.after_months) {
      o << " m.after_months = " << *m.after_months << ";";
    }
    o << " m.not_before = " << date_expr(m.not_before) << "; m.severity = " << sev(m.severity) << ";";
    if (m.deployed_severity) {
      o << " m.deployed_severity = " << sev(*m.deployed_severity) << ";";
    }
    o << " m.meaning = " << lit(m.meaning) << "; m.reached = " << lit(m.reached) << "; m.upcoming = " << lit(m.upcoming)
      << "; }\n";
  }
  o << "  c.policy.sunset = " << date_expr(c.policy.sunset) << ";\n";
  o << "  c.policy.sunset_meaning = " << lit(c.policy.sunset_meaning) << ";\n";
  o << "  c.policy.successor = " << pairs_expr(c.policy.successor) << ";\n";
  if (c.policy.required_fields) {
    const auto& rf = *c.policy.required_fields;
    o << "  c.policy.required_fields = RequiredFields{D(" << rf.from.time_since_epoch().count() << "), "
      << strings_expr(rf.fields) << ", " << pairs_expr(rf.defaults) << ", " << lit(rf.source) << "};\n";
  }
  o << "  c.policy.service = " << lit(c.policy.service) << ";\n";
  o << "  c.policy.uri_note = " << lit(c.policy.uri_note) << ";\n";
  o << "  c.policy.sources = " << strings_expr(c.policy.sources) << ";\n";
  for (const auto& r : c.rules) {
    o << "  c.rules.push_back(Rule{" << lit(r.id) << "," << lit(r.service) << "," << lit(r.framework) << ","
      << version_expr(r.min_runtime) << "," << lit(r.message) << "," << lit(r.source) << "});\n";
  }
  for (const auto& f : c.framework_releases) {
    o << "  c.framework_releases.push_back(FrameworkRelease{" << lit(f.framework) << "," << version_expr(f.version) << ","
      << date_expr(f.released) << "," << date_expr(f.released_after) << "," << date_expr(f.released_by) << "," << lit(f.notes)
      << "," << strings_expr(f.sources) << "});\n";
  }
  o << "  c.runtimes.reserve(" << c.runtimes.size() << ");\n";
  for (const auto& r : c.runtimes) {
    o << "  { auto& r = c.runtimes.emplace_back(); r.id = " << lit(r.id) << ";";
    if (r.version) {
      o << " r.version = " << version_expr(*r.version) << ";";
    }
    o << " r.released = " << date_expr(r.released) << "; r.released_after = " << date_expr(r.released_after)
      << "; r.released_by = " << date_expr(r.released_by) << ";";
    if (r.python) {
      o << " r.python = std::vector<Version>{";
      for (const auto& p : *r.python) {
        o << version_expr(p) << ",";
      }
      o << "};";
    }
    o << "\n   ";
    if (!r.packages.empty()) {
      o << " r.packages = " << packages_expr(r.packages) << ";";
    }
    if (!r.package_lines.empty()) {
      o << " r.package_lines = " << packages_expr(r.package_lines) << ";";
    }
    // A window's sources: a static array each, kept as a view (catalog::Texts).
    for (size_t i = 0; i < r.milestones.size(); ++i) {
      if (!r.milestones[i].sources.empty()) {
        o << "\n    static constexpr SV ms" << i << "[] = {";
        for (std::string_view src : r.milestones[i].sources) {
          o << lit(src) << ",";
        }
        o << "};";
      }
    }
    o << "\n    r.milestones = M({";
    for (size_t i = 0; i < r.milestones.size(); ++i) {
      const auto& m = r.milestones[i];
      o << "{" << lit(m.name) << "," << date_expr(m.date) << "," << date_expr(m.from) << ","
        << (m.sources.empty() ? std::string("{}") : "ms" + std::to_string(i)) << "},";
    }
    o << "});\n   ";
    // Empty strings and lists are what a new entry already holds: nothing to build.
    const std::pair<const char*, const std::string*> strings[] = {{"framework", &r.framework},
                                                                  {"framework_version", &r.framework_version},
                                                                  {"accelerator", &r.accelerator},
                                                                  {"service", &r.service},
                                                                  {"family", &r.family}};
    for (const auto& [field, value] : strings) {
      if (!value->empty()) {
        o << " r." << field << " = " << lit(*value) << ";";
      }
    }
    if (r.cuda) {
      o << " r.cuda = std::string(" << lit(*r.cuda) << ");";
    }
    if (!r.uris.empty()) {
      o << "\n    r.uris = " << strings_expr(r.uris) << ";";
    }
    o << "\n    r.notes = T(" << lit(r.notes) << ");\n"
      << "    static constexpr SV sources[] = {";
    for (const auto& source : r.sources) {
      o << lit(source) << ",";
    }
    o << (r.sources.empty() ? "\"\"" : "") << "};\n    r.sources = Texts::literal(std::span(sources, " << r.sources.size()
      << ")); r.confidence = " << lit(r.confidence) << "; }\n";
  }
  o << "  return c;\n}\n\n";
}

} // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: rtcat_embed OUT.cpp CATALOG.json...\n";
    return 2;
  }
  std::vector<Catalog> catalogs;
  for (int i = 2; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    if (!in) {
      std::cerr << "rtcat_embed: error: cannot read " << argv[i] << "\n";
      return 2;
    }
    std::stringstream buf;
    buf << in.rdbuf();
    try {
      catalogs.push_back(parse_catalog(buf.str(), argv[i]));
    } catch (const Error& e) {
      std::cerr << "rtcat_embed: error: " << e.what() << "\n";
      return 2;
    }
  }
  std::ostringstream o;
  o << "// Generated by rtcat_embed from data/*.json. Do not edit.\n"
    << "#include \"catalog/embedded.hpp\"\n\n"
    << "namespace catalog {\nnamespace {\n"
    << "Date D(int days) { return date_of_day(days); }\n"
    << "Version V(std::initializer_list<int> parts) { return Version::of(parts); }\n"
    << "using SV = std::string_view;\n"
    << "std::vector<std::string> S(std::initializer_list<SV> v) {\n"
    << "  std::vector<std::string> out; out.reserve(v.size());\n  for (SV s : v) { out.emplace_back(s); }\n  return out;\n}\n"
    << "// Notes and sources stay in these string literals (catalog/text.hpp).\n"
    << "Text T(SV s) { return Text::literal(s); }\n"
    << "std::vector<std::pair<std::string, std::string>> SP(std::initializer_list<std::pair<SV, SV>> v) {\n"
    << "  std::vector<std::pair<std::string, std::string>> out; out.reserve(v.size());\n"
    << "  for (const auto& p : v) { out.emplace_back(p.first, p.second); }\n  return out;\n}\n"
    << "std::vector<Package> P(std::initializer_list<std::pair<SV, SV>> v) {\n"
    << "  std::vector<Package> out; out.reserve(v.size());\n"
    << "  for (const auto& p : v) { out.push_back(Package{std::string(p.first), std::string(p.second)}); }\n  return out;\n}\n"
    << "struct MS { SV name; std::optional<Date> date; std::optional<Date> from; std::span<const SV> sources; };\n"
    << "std::vector<StatedMilestone> M(std::initializer_list<MS> v) {\n"
    << "  std::vector<StatedMilestone> out; out.reserve(v.size());\n"
    << "  for (const auto& m : v) { out.push_back(StatedMilestone{std::string(m.name), m.date, m.from, "
       "Texts::literal(m.sources)}); }\n"
    << "  return out;\n}\n\n";
  for (size_t i = 0; i < catalogs.size(); ++i) {
    emit(o, catalogs[i], i);
  }
  o << "} // namespace\n\nconst std::vector<EmbeddedIndex>& embedded_index() {\n  static const std::vector<EmbeddedIndex> index "
       "= {\n";
  for (const auto& c : catalogs) {
    o << "    {" << lit(c.name) << ", " << lit(c.policy.service) << ", {";
    for (const auto& r : c.runtimes) {
      o << lit(r.id) << ",";
    }
    o << "}},\n";
  }
  o << "  };\n  return index;\n}\n\nnamespace {\n";
  o << "struct Builder { std::string_view name; Catalog (*make)(); };\n"
    << "const Builder k_builders[] = {\n";
  for (size_t i = 0; i < catalogs.size(); ++i) {
    o << "  {" << lit(catalogs[i].name) << ", make_" << i << "},\n";
  }
  o << "};\n} // namespace\n\n"
    << "const std::vector<std::string_view>& embedded_names() {\n"
    << "  static const std::vector<std::string_view> names = [] {\n"
    << "    std::vector<std::string_view> v;\n    for (const auto& b : k_builders) v.push_back(b.name);\n    return v;\n  }();\n"
    << "  return names;\n}\n\n"
    << "std::optional<Catalog> embedded_catalog(std::string_view name) {\n"
    << "  for (const auto& b : k_builders) if (b.name == name) return b.make();\n"
    << "  return std::nullopt;\n}\n\n} // namespace catalog\n";
  std::ofstream out(argv[1], std::ios::binary | std::ios::trunc);
  out << o.str();
  return out ? 0 : 2;
}
