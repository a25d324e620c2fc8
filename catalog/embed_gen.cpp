// Build-time tool: validates catalog JSON files and writes them as the tables of
// catalog/embedded_tables.hpp, so that the rtcat binary carries its default catalogs without
// parsing JSON at start-up (catalog/embedded.cpp builds them from the tables).
//   rtcat_embed OUT.cpp data/a.json data/b.json ...

#include "catalog/error.hpp"
#include "catalog/json_io.hpp"

#include <fstream>
#include <iostream>
#include <map>
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

// The tables of catalog/embedded_tables.hpp, as C++ initialisers, built row by row.
class Tables {
public:
  void add(const Catalog& c) {
    std::string row =
        "{" + str(c.name) + "," + str(c.title) + "," + str(c.entry_noun) + "," + date(c.as_of) + "," + str(c.as_of_note) + ",";
    uint32_t first = static_cast<uint32_t>(m_policy_milestones.size());
    for (const auto& m : c.policy.milestones) {
      m_policy_milestones.push_back("{" + str(m.name) + "," + (m.after_months ? std::to_string(*m.after_months) : "k_none") +
                                    "," + date(m.not_before) + "," + std::to_string(static_cast<int>(m.severity)) + "," +
                                    (m.deployed_severity ? std::to_string(static_cast<int>(*m.deployed_severity)) : "-1") + "," +
                                    str(m.meaning) + "," + str(m.reached) + "," + str(m.upcoming) + "}");
    }
    row += range(first, m_policy_milestones.size()) + "," + date(c.policy.sunset) + "," + str(c.policy.sunset_meaning) + "," +
           pairs(c.policy.successor) + ",";
    if (const auto& rf = c.policy.required_fields) {
      row += "true," + std::to_string(rf->from.time_since_epoch().count()) + "," + strs(rf->fields) + "," + pairs(rf->defaults) +
             "," + str(rf->source) + ",";
    } else {
      row += "false,k_none,{},{},{},";
    }
    row += str(c.policy.service) + "," + str(c.policy.uri_note) + "," + strs(c.policy.sources) + ",";
    first = static_cast<uint32_t>(m_rules.size());
    for (const auto& r : c.rules) {
      m_rules.push_back("{" + str(r.id) + "," + str(r.service) + "," + str(r.framework) + "," + version(r.min_runtime) + "," +
                        str(r.message) + "," + str(r.source) + "}");
    }
    row += range(first, m_rules.size()) + ",";
    first = static_cast<uint32_t>(m_releases.size());
    for (const auto& f : c.framework_releases) {
      m_releases.push_back("{" + str(f.framework) + "," + version(f.version) + "," + date(f.released) + "," +
                           date(f.released_after) + "," + date(f.released_by) + "," + str(f.notes) + "," + strs(f.sources) + "}");
    }
    row += range(first, m_releases.size()) + ",";
    first = static_cast<uint32_t>(m_entries.size());
    for (const auto& r : c.runtimes) {
      m_entries.push_back(entry(r));
    }
    row += range(first, m_entries.size()) + ",";
    std::vector<std::string_view> ids;
    for (const auto& r : c.runtimes) {
      ids.emplace_back(r.id);
    }
    m_catalogs.push_back(row + strs(ids) + "}");
  }

  void write(std::ostream& o) const {
    o << "constexpr char k_text[] =";
    for (size_t at = 0; at < m_text.size(); at += 96) {
      o << "\n    " << lit(std::string_view(m_text).substr(at, 96));
    }
    o << (m_text.empty() ? " \"\"" : "") << ";\n";
    table(o, "Str", "k_strs", m_strs);
    table(o, "Pair", "k_pairs", m_pairs);
    table(o, "Ver", "k_versions", m_versions);
    table(o, "PolicyMilestone", "k_policy_milestones", m_policy_milestones);
    table(o, "Rule", "k_rules", m_rules);
    table(o, "Release", "k_releases", m_releases);
    table(o, "Stated", "k_stated", m_stated);
    table(o, "Entry", "k_entries", m_entries);
    table(o, "Catalog", "k_catalogs", m_catalogs);
  }

private:
  // A text of the string table, each distinct one once.
  std::string str(std::string_view s) {
    if (s.empty()) {
      return "{}";
    }
    auto [it, added] = m_seen.try_emplace(std::string(s), m_text.size());
    if (added) {
      m_text += s;
    }
    return "{" + std::to_string(it->second) + "," + std::to_string(s.size()) + "}";
  }
  static std::string range(uint32_t first, size_t end) {
    return end == first ? "{}" : "{" + std::to_string(first) + "," + std::to_string(end - first) + "}";
  }
  template <typename List> std::string strs(const List& items) {
    auto first = static_cast<uint32_t>(m_strs.size());
    for (std::string_view s : items) {
      m_strs.push_back(str(s));
    }
    return range(first, m_strs.size());
  }
  // Rows of the pairs table, for key-value lists and packages alike.
  template <typename List, typename First, typename Second>
  std::string pairs(const List& items, First first_of, Second second_of) {
    auto first = static_cast<uint32_t>(m_pairs.size());
    for (const auto& item : items) {
      m_pairs.push_back("{" + str(first_of(item)) + "," + str(second_of(item)) + "}");
    }
    return range(first, m_pairs.size());
  }
  std::string pairs(const std::vector<std::pair<std::string, std::string>>& items) {
    return pairs(
        items, [](const auto& p) { return p.first; }, [](const auto& p) { return p.second; });
  }
  std::string packages(const std::vector<Package>& items) {
    return pairs(
        items, [](const Package& p) { return p.name; }, [](const Package& p) { return p.version; });
  }
  static std::string version(const Version& v) {
    std::string out = "{" + std::to_string(v.parts().size()) + ",{";
    for (int part : v.parts()) {
      out += std::to_string(part) + ",";
    }
    return out + "}}";
  }
  static std::string date(const std::optional<Date>& d) { return d ? std::to_string(d->time_since_epoch().count()) : "k_none"; }
  std::string entry(const RuntimeEntry& r) {
    std::string row = "{" + str(r.id) + "," + (r.version ? "true," + version(*r.version) : "false,{}") + "," + date(r.released) +
                      "," + date(r.released_after) + "," + date(r.released_by) + ",";
    if (r.python) {
      auto first = static_cast<uint32_t>(m_versions.size());
      for (const auto& p : *r.python) {
        m_versions.push_back(version(p));
      }
      row += "true," + range(first, m_versions.size()) + ",";
    } else {
      row += "false,{},";
    }
    row += packages(r.packages) + "," + packages(r.package_lines) + ",";
    auto first = static_cast<uint32_t>(m_stated.size());
    for (const auto& m : r.milestones) {
      m_stated.push_back("{" + str(m.name) + "," + date(m.date) + "," + date(m.from) + "," + strs(m.sources) + "}");
    }
    row += range(first, m_stated.size()) + "," + str(r.framework) + "," + str(r.framework_version) + "," + str(r.accelerator) +
           "," + (r.cuda ? "true," + str(*r.cuda) : "false,{}") + "," + str(r.family) + "," + str(r.service) + "," +
           strs(r.uris) + "," + str(r.notes.view()) + "," + strs(r.sources) + "," + str(r.confidence) + "}";
    return row;
  }
  static void table(std::ostream& o, const char* type, const char* name, const std::vector<std::string>& rows) {
    o << "constexpr std::array<" << type << ", " << rows.size() << "> " << name << " = {{\n";
    for (const auto& row : rows) {
      o << "    " << row << ",\n";
    }
    o << "}};\n";
  }

  std::string m_text;
  std::map<std::string, size_t, std::less<>> m_seen;
  std::vector<std::string> m_strs, m_pairs, m_versions, m_policy_milestones, m_rules, m_releases, m_stated, m_entries, m_catalogs;
};

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
  Tables tables;
  for (const auto& c : catalogs) {
    tables.add(c);
  }
  std::ostringstream o;
  o << "// Generated by rtcat_embed from data/*.json. Do not edit.\n"
    << "#include \"catalog/embedded_tables.hpp\"\n\n#include <array>\n\n"
    << "// The string table is one literal, longer than the 65,536 characters a compiler must take in\n"
    << "// one; GCC and clang take it whole.\n"
    << "#pragma GCC diagnostic ignored \"-Woverlength-strings\"\n\n"
    << "namespace catalog::tables {\nnamespace {\n\n";
  tables.write(o);
  o << "\n} // namespace\n\nconst Tables& embedded() {\n"
    << "  static constexpr Tables t{std::string_view(k_text, sizeof k_text - 1), k_strs, k_pairs, k_versions,\n"
    << "                            k_policy_milestones, k_rules, k_releases, k_stated, k_entries, k_catalogs};\n"
    << "  return t;\n}\n\n} // namespace catalog::tables\n";
  std::ofstream out(argv[1], std::ios::binary | std::ios::trunc);
  out << o.str();
  return out ? 0 : 2;
}
