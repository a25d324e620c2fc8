#include "catalog/embedded.hpp"
#include "lib/core/lifecycle.hpp"
#include "lib/core/rules.hpp"

#include <doctest/doctest.h>

#include <set>
#include <string>

TEST_CASE("rule registry: ids are unique kebab-case, each with a description, help and distinct aliases") {
  std::set<std::string> ids;
  for (const auto& r : lib::rule_infos()) {
    CAPTURE(r.id.view());
    CHECK(&lib::rule(r.key) == &r);
    CHECK(ids.insert(std::string(r.id)).second);
    CHECK(r.id.view().find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") == std::string_view::npos);
    CHECK(lib::find_rule(r.id) == &r);
    CHECK_FALSE(r.description.empty());
    CHECK(r.description.view().find('\n') == std::string_view::npos);
    CHECK(r.description.view().back() == '.');
    CHECK(r.help.size() > r.description.size() / 2);
  }
  for (const auto& r : lib::rule_infos()) {
    for (auto alias : r.aliases) {
      CAPTURE(alias.view());
      CHECK_FALSE(ids.contains(std::string(alias))); // an alias is never also a current id
    }
  }
}

TEST_CASE("rule registry: merged ids keep matching through their former ids") {
  CHECK(lib::rule_id(lib::RuleId::runtime_version_required) == "runtime-version-required");
  CHECK(lib::rule(lib::RuleId::runtime_version_required).severity == catalog::Severity::error);
  CHECK(lib::rule_matches("runtime-version-required", "runtime-version-required"));
  CHECK(lib::rule_matches("required-field", "runtime-version-required"));
  CHECK(lib::rule_matches("missing-runtime", "runtime-version-required"));
  CHECK(lib::rule_matches("required-field", "python-version-required"));
  CHECK(lib::rule_matches("required-field", "runtime-version-defaulted"));
  CHECK_FALSE(lib::rule_matches("missing-runtime", "python-version-required"));
  CHECK_FALSE(lib::rule_matches("required-field", "unknown-runtime"));
  CHECK_FALSE(lib::rule_matches("", "unknown-runtime"));
  CHECK(lib::rule_matches("*", "my-own-rule"));
  CHECK(lib::rule_matches("my-own-rule", "my-own-rule"));
  CHECK(lib::is_rule_or_alias("missing-runtime"));
  CHECK(lib::is_rule_or_alias("deletion"));
  CHECK_FALSE(lib::is_rule_or_alias("expring"));
  CHECK_FALSE(lib::is_rule_or_alias(""));
  CHECK_FALSE(lib::find_rule("required-field"));
}

TEST_CASE("rule registry: every milestone and compatibility rule of the shipped catalogs is registered") {
  for (auto name : catalog::embedded_names()) {
    auto c = catalog::embedded_catalog(name);
    REQUIRE(c);
    for (const auto& m : c->policy.milestones) {
      CAPTURE(m.name);
      const lib::RuleInfo* r = lib::find_rule(lib::milestone_rule(m.name));
      REQUIRE(r);
      CHECK(r->severity == m.severity);
    }
    for (const auto& rule : c->rules) {
      CAPTURE(rule.id);
      CHECK(lib::find_rule(rule.id));
    }
  }
}
