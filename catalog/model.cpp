#include "catalog/model.hpp"

#include "util/names.hpp"

#include <algorithm>

namespace catalog {

namespace {

constexpr util::Names<Severity, 3> k_severity_names{
    {{{Severity::note, "note"}, {Severity::warning, "warning"}, {Severity::error, "error"}}}};

} // namespace

std::string_view to_string(Severity s) {
  return k_severity_names.name(s);
}

std::optional<Severity> parse_severity(std::string_view text) {
  return k_severity_names.parse(text);
}

const StatedMilestone* RuntimeEntry::stated(std::string_view name) const {
  for (const auto& m : milestones) {
    if (m.name == name) {
      return &m;
    }
  }
  return nullptr;
}

const RuntimeEntry* Catalog::find(std::string_view id) const {
  for (const auto& r : runtimes) {
    if (r.id == id) {
      return &r;
    }
  }
  return nullptr;
}

const FrameworkRelease* Catalog::framework_release(std::string_view framework, const Version& v) const {
  for (const auto& f : framework_releases) {
    if (f.framework == framework && std::ranges::equal(f.version.parts(), v.parts())) {
      return &f;
    }
  }
  return nullptr;
}

const MilestonePolicy* Catalog::milestone(std::string_view milestone_name) const {
  for (const auto& m : policy.milestones) {
    if (m.name == milestone_name) {
      return &m;
    }
  }
  return nullptr;
}

std::string Catalog::successor_for(std::string_view service) const {
  for (const auto& [svc, target] : policy.successor) {
    if (svc == service) {
      return target;
    }
  }
  return {};
}

} // namespace catalog
