#include "catalog/error.hpp"
#include "catalog/pep440.hpp"

#include <doctest/doctest.h>

using namespace catalog::pep440;

namespace {
Version v(const char* s) {
  return Version::parse(s);
}
bool in(const char* spec, const char* version) {
  return SpecifierSet::parse(spec).contains(v(version));
}
} // namespace

TEST_CASE("PEP 440 ordering") {
  // The ordering example from PEP 440, ascending.
  const char* order[] = {"1.0.dev456",    "1.0a1",         "1.0a2.dev456", "1.0a12.dev456",
                         "1.0a12",        "1.0b1.dev456",  "1.0b2",        "1.0b2.post345.dev456",
                         "1.0b2.post345", "1.0rc1.dev456", "1.0rc1",       "1.0",
                         "1.0+abc.5",     "1.0+abc.7",     "1.0+5",        "1.0.post456.dev34",
                         "1.0.post456",   "1.1.dev1"};
  for (size_t i = 0; i + 1 < std::size(order); ++i) {
    CAPTURE(order[i]);
    CAPTURE(order[i + 1]);
    CHECK(v(order[i]) < v(order[i + 1]));
  }
  CHECK(v("1!0.1") > v("2.0"));
  CHECK(v("1.0") == v("1.0.0"));
  CHECK(v("0.22rc1") < v("0.22"));
  CHECK(v("2.10.0") > v("2.9.3"));
}

TEST_CASE("PEP 440 normalisation") {
  CHECK(v("1.0-1").str() == "1.0.post1");
  CHECK(v("1.0alpha2").str() == "1.0a2");
  CHECK(v("v1.0").str() == "1.0");
  CHECK(v("1.0_RC1").str() == "1.0rc1");
  CHECK(v("1.0.POST1").str() == "1.0.post1");
  CHECK(v("1.0-dev3").str() == "1.0.dev3");
  CHECK(v("1.0+Ubuntu-1").str() == "1.0+ubuntu.1");
  CHECK(v("\u202f1.0\t\u2029\n ").str() == "1.0"); // white space as Unicode defines it, not only ASCII
  for (const char* bad : {"", "abc", "1.0+", "1.0++a", "1..0", "1.0-", "1.0 beta", "1.0#"}) {
    CAPTURE(bad);
    CHECK_FALSE(Version::try_parse(bad));
  }
}

TEST_CASE("PEP 440 specifiers") {
  SUBCASE("comparison") {
    CHECK(in(">=2.11", "2.11.0"));
    CHECK_FALSE(in(">=2.11", "2.8.0"));
    CHECK(in("<2,>=1.13", "1.15.0"));
    CHECK_FALSE(in("<2,>=1.13", "2.1.0"));
    CHECK(in("!=0.23.0", "0.22.1"));
    CHECK_FALSE(in("!=0.23.0", "0.23"));
  }
  SUBCASE("compatible release") {
    CHECK(in("~=1.4", "1.9"));
    CHECK_FALSE(in("~=1.4", "2.0"));
    CHECK(in("~=1.4.5", "1.4.9"));
    CHECK_FALSE(in("~=1.4.5", "1.5.0"));
  }
  SUBCASE("prefix match") {
    CHECK(in("==1.15.*", "1.15.0"));
    CHECK(in("==1.15.*", "1.15.5rc1"));
    CHECK_FALSE(in("==1.15.*", "1.16.0"));
    CHECK(in("!=1.15.*", "2.1.0"));
  }
  SUBCASE("pre-releases are allowed, as for an installed distribution") {
    CHECK(in(">=2.0", "2.1rc1"));
    CHECK_FALSE(in("<2.1", "2.1rc1"));
    CHECK(in("<2.1rc2", "2.1rc1"));
  }
  SUBCASE("post and local versions") {
    CHECK_FALSE(in(">1.0", "1.0.post1"));
    CHECK(in(">1.0.post1", "1.0.post2"));
    CHECK(in("==1.0", "1.0+local.7"));
    CHECK_FALSE(in("==1.0+other", "1.0+local.7"));
    CHECK_FALSE(in(">1.0", "1.0+local"));
    CHECK(in("<=1.0", "1.0+local"));
    // Exclusive comparisons exclude only V's own local, post- and pre-releases.
    CHECK(in(">1.0.dev1", "1.0+local"));
    CHECK(in(">1.0a1", "1.0a2+local"));
    CHECK(in(">1.0.post1", "1.0.post2+local"));
    CHECK_FALSE(in(">1.0a1", "1.0a1+local"));
    CHECK(in(">1.0.dev1", "1.0.post0"));
    CHECK_FALSE(in(">1.0a1", "1.0a1.post0"));
    CHECK(in("<1.0.post1", "1.0.dev0"));
    CHECK_FALSE(in("<1.0.post1", "1.0.post1.dev0"));
  }
  SUBCASE("epochs") {
    CHECK(in(">=2.0", "1!1.0"));
    CHECK_FALSE(in("<2.0", "1!1.0"));
  }
  SUBCASE("arbitrary equality") {
    CHECK(in("===1.0", "1.0"));
  }
  SUBCASE("invalid specifiers are input errors") {
    for (const char* bad : {">=", "2.11", "=>2.11", ">=2.x", "~=1", "<=1.0.*", "==1.0a1.*", ">=1.0,", ",>=1.0", ">=1.0+local"}) {
      CAPTURE(bad);
      CHECK_THROWS_AS(SpecifierSet::parse(bad), catalog::InvalidInput);
    }
  }
}

TEST_CASE("requirements") {
  auto r = Requirement::parse("Scikit_Learn[alldeps] >=0.22,<1.0 ; python_version >= '3.7'");
  CHECK(r.name == "scikit-learn");
  CHECK(r.specifiers.str() == ">=0.22,<1.0");
  CHECK(r.marker == "python_version >= '3.7'");
  CHECK(Requirement::parse("tensorflow").specifiers.clauses.empty());
  CHECK(Requirement::parse("xgboost (==0.90)").specifiers.str() == "==0.90");
  CHECK_THROWS_AS(Requirement::parse(">=1.0"), catalog::InvalidInput);
  CHECK_THROWS_AS(Requirement::parse("tensorflow>>2"), catalog::InvalidInput);
  CHECK_THROWS_AS(Requirement::parse("tf[gpu"), catalog::InvalidInput);
}
