#include "lib/core/compatibility.hpp"

#include "lib/core/frameworks.hpp"
#include "util/text.hpp"

#include <algorithm>

namespace lib {

Finding entry_finding(std::string rule, Severity severity, std::string message, const Catalog& c, const RuntimeEntry& r) {
  Finding f;
  f.rule = std::move(rule);
  f.severity = severity;
  f.message = std::move(message);
  f.catalog = c.name;
  f.runtime = r.id;
  return f;
}

Finding entry_finding(RuleId id, std::string message, const Catalog& c, const RuntimeEntry& r) {
  return entry_finding(rule_id(id), rule(id).severity, std::move(message), c, r);
}

Finding entry_finding(RuleId id, Severity severity, std::string message, const Catalog& c, const RuntimeEntry& r) {
  return entry_finding(rule_id(id), severity, std::move(message), c, r);
}

std::string python_list(const RuntimeEntry& r) {
  return util::join(r.python.value_or(std::vector<catalog::Version>{}), ", ", [](const auto& p) { return p.str(); });
}

Request request_from_text(std::string runtime, const std::string& python, const std::vector<std::string>& frameworks,
                          const std::vector<std::string>& requirements) {
  Request req;
  req.runtime = std::move(runtime);
  if (!python.empty()) {
    req.python = catalog::Version::parse(python);
  }
  for (const auto& f : frameworks) {
    req.frameworks.push_back(framework_key(f));
  }
  for (const auto& line : requirements) {
    req.requires_.push_back(catalog::pep440::Requirement::parse(line));
  }
  return req;
}

std::vector<Finding> compatibility(const Catalog& c, const RuntimeEntry& r, const Request& req) {
  std::vector<Finding> out;
  const std::string who = c.entry_noun + " " + r.id;
  if (req.python) {
    if (!r.python) {
      out.push_back(entry_finding(
          RuleId::python_unknown,
          "the sources do not say which Python " + who + " has; Python " + req.python->str() + " is unverified", c, r));
    } else if (std::find(r.python->begin(), r.python->end(), *req.python) == r.python->end()) {
      out.push_back(entry_finding(
          RuleId::python_unsupported,
          "Python " + req.python->str() + " is not available on " + who + " (available: " + python_list(r) + ")", c, r));
    }
  }
  for (const auto& fw : req.frameworks) {
    bool ruled = false;
    for (const auto& rule : c.rules) {
      if (rule.framework != fw || rule.service != service_name(req.service)) {
        continue;
      }
      ruled = true;
      if (!r.version || *r.version < rule.min_runtime) {
        std::string msg =
            rule.message.empty() ? fw + " needs " + c.entry_noun + " " + rule.min_runtime.str() + " or later" : rule.message;
        out.push_back(entry_finding(rule.id, Severity::error, msg + "; " + who + " is older", c, r));
      }
    }
    auto own = entry_framework(r);
    if (own && *own != fw) {
      out.push_back(entry_finding(RuleId::framework_mismatch, who + " is a " + r.framework + " image, not " + fw, c, r));
    } else if (!own && !ruled && !package_version(r, fw)) {
      out.push_back(entry_finding(RuleId::framework_not_included,
                                  who + " has no recorded " + fw + " version; " + unrecorded_framework_advice(fw, req.service), c,
                                  r));
    }
  }
  for (const auto& req_pkg : req.requires_) {
    auto pv = package_version(r, req_pkg.name);
    std::string spec = req_pkg.str();
    if (!pv) {
      out.push_back(entry_finding(RuleId::require_unpinned,
                                  who + " has no recorded " + req_pkg.name + " version; " + spec +
                                      (req.service == Service::prediction ? " must come with the model version's own package"
                                                                          : " is installed when the job starts"),
                                  c, r));
      continue;
    }
    auto pin = catalog::pep440::Version::try_parse(pv->version);
    auto holds = !pin                                ? catalog::pep440::LineHolds::maybe
                 : pv->line                          ? req_pkg.specifiers.on_line(pin->release())
                 : req_pkg.specifiers.contains(*pin) ? catalog::pep440::LineHolds::always
                                                     : catalog::pep440::LineHolds::never;
    if (holds == catalog::pep440::LineHolds::maybe) {
      out.push_back(entry_finding(RuleId::require_unverified,
                                  who + " is known only to carry " + req_pkg.name + " " + pv->version + ".x; " + spec +
                                      " holds on some " + pv->version + ".x releases only, so it is unconfirmed",
                                  c, r));
      continue;
    }
    if (holds == catalog::pep440::LineHolds::never) {
      std::string msg = spec + " is not satisfied by " + who + "'s " + req_pkg.name + " " + pv->version + (pv->line ? ".x" : "");
      if (req.service == Service::prediction) {
        out.push_back(entry_finding(RuleId::require_over_pin, Severity::error,
                                    msg + "; a model version cannot install packages over the runtime's pins", c, r));
      } else {
        out.push_back(entry_finding(RuleId::require_over_pin,
                                    msg + "; it is installed over the pin when the job starts (allowed for training)", c, r));
      }
    }
  }
  return out;
}
} // namespace lib
