// PEP 440 versions, specifiers and requirements. The input is split at the first newline:
// the first line is a requirement or specifier set, the rest a version to test against it.
#include "catalog/error.hpp"
#include "catalog/pep440.hpp"

#include <cstdint>
#include <string_view>

using namespace catalog::pep440;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  size_t nl = text.find('\n');
  std::string_view spec = text.substr(0, nl);
  std::string_view version = nl == std::string_view::npos ? text : text.substr(nl + 1);
  auto v = Version::try_parse(version);
  if (v) {
    auto normal = Version::parse(v->str());
    if (!(normal == *v)) {
      __builtin_trap(); // the normalised form compares equal
    }
    (void)v->public_version();
    (void)v->base_version();
  }
  try {
    auto set = SpecifierSet::parse(spec);
    (void)set.str();
    if (v) {
      (void)set.contains(*v);
    }
  } catch (const catalog::InvalidInput&) {
  }
  try {
    auto r = Requirement::parse(spec);
    (void)r.str();
    if (v) {
      (void)r.specifiers.contains(*v);
    }
  } catch (const catalog::InvalidInput&) {
  }
  return 0;
}
