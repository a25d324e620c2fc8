#include "render/baseline.hpp"

#include "util/json.hpp"

#include <nlohmann/json.hpp>

namespace render {

std::string baseline_file(const std::vector<lib::Finding>& findings, const std::vector<lib::scan::Region>& regions) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (size_t i = 0; i < findings.size() && i < regions.size(); ++i) {
    const auto& f = findings[i];
    list.push_back(nlohmann::ordered_json{
        {"fingerprint", regions[i].fingerprint}, {"rule", f.rule}, {"path", f.path}, {"line", f.line}, {"message", f.message}});
  }
  nlohmann::ordered_json doc{{"format", "rtcat-baseline/1"},
                             {"note", "Findings accepted for now: rtcat scan --baseline FILE reports only the others."},
                             {"findings", std::move(list)}};
  return util::json::dump_pretty(doc);
}

} // namespace render
