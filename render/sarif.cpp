#include "render/sarif.hpp"

#include "lib/core/rules.hpp"
#include "util/json.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>

#include "render/findings.hpp"
#include "render/json.hpp"

namespace render {

using lib::Finding;
using ordered = nlohmann::ordered_json;

std::string uri_path(const std::string& path) {
  std::string out;
  for (char ch : path) {
    auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
      out += ch;
    } else {
      char buf[4];
      std::snprintf(buf, sizeof buf, "%%%02X", c);
      out += buf;
    }
  }
  return out;
}

namespace {

std::string level(catalog::Severity s) {
  return std::string(catalog::to_string(s));
}

// A reportingDescriptor from the registry; former ids of the rule are its deprecatedIds.
ordered rule_json(const lib::RuleInfo& r) {
  ordered j;
  j["id"] = r.id;
  j["shortDescription"] = {{"text", r.description}};
  j["fullDescription"] = {{"text", std::string(r.description) + " " + std::string(r.help)}};
  j["help"] = {{"text", r.help}};
  j["defaultConfiguration"] = {{"level", level(r.severity)}};
  ordered former = former_ids_json(r);
  if (!former.empty()) {
    j["deprecatedIds"] = former;
  }
  return j;
}

// A rule only catalog data defines: a user catalog's milestone or compatibility rule.
ordered catalog_rule_json(const std::string& id, catalog::Severity severity) {
  const std::string text = "A rule of a user catalog (a milestone or compatibility rule; see the catalog).";
  ordered j;
  j["id"] = id;
  j["shortDescription"] = {{"text", text}};
  j["fullDescription"] = {{"text", text}};
  j["defaultConfiguration"] = {{"level", level(severity)}};
  return j;
}

} // namespace

std::string sarif_log(const lib::scan::ScanResult& result, const std::string& tool_version) {
  ordered rule_list = ordered::array();
  std::vector<std::string> ids;
  for (const auto& r : lib::rule_infos()) {
    rule_list.push_back(rule_json(r));
    ids.emplace_back(r.id);
  }
  auto index_of = [&](const Finding& f) {
    auto it = std::find(ids.begin(), ids.end(), f.rule);
    if (it != ids.end()) {
      return static_cast<size_t>(it - ids.begin());
    }
    rule_list.push_back(catalog_rule_json(f.rule, f.severity));
    ids.push_back(f.rule);
    return ids.size() - 1;
  };
  ordered results = ordered::array();
  for (size_t i = 0; i < result.findings.size(); ++i) {
    const Finding& f = result.findings[i];
    const lib::scan::Region& reg = result.regions[i];
    ordered r;
    r["ruleId"] = f.rule;
    r["ruleIndex"] = index_of(f);
    r["level"] = level(f.severity);
    r["message"] = {{"text", message_with_suggestion(f)}};
    ordered artifact;
    if (!f.path.empty() && f.path[0] == '/') {
      artifact["uri"] = "file://" + uri_path(f.path);
    } else {
      std::string p = f.path.starts_with("./") ? f.path.substr(2) : f.path;
      artifact["uri"] = uri_path(p);
      artifact["uriBaseId"] = "%SRCROOT%";
    }
    ordered region;
    region["startLine"] = f.line;
    region["startColumn"] = f.column;
    region["endLine"] = f.line;
    region["endColumn"] = std::max(reg.end_column, f.column + 1);
    r["locations"] = ordered::array({{{"physicalLocation", {{"artifactLocation", artifact}, {"region", region}}}}});
    r["partialFingerprints"] = {{"rtcatFinding/v1", reg.fingerprint}};
    ordered props;
    set_unless_empty(props, "runtime", f.runtime);
    set_unless_empty(props, "python", f.python);
    set_unless_empty(props, "catalog", f.catalog);
    set_unless_empty(props, "suggestion", f.suggestion);
    if (!props.empty()) {
      r["properties"] = props;
    }
    results.push_back(r);
  }
  ordered driver;
  driver["name"] = "rtcat";
  driver["version"] = tool_version;
  driver["semanticVersion"] = tool_version;
  driver["rules"] = rule_list;
  ordered run;
  run["tool"] = {{"driver", driver}};
  run["columnKind"] = "unicodeCodePoints";
  run["results"] = results;
  ordered log;
  log["$schema"] = "https://json.schemastore.org/sarif-2.1.0.json";
  log["version"] = "2.1.0";
  log["runs"] = ordered::array({run});
  return util::json::dump_pretty(log);
}

} // namespace render
