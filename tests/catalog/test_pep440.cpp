#include "catalog/error.hpp"
#include "catalog/pep440.hpp"

#include <doctest/doctest.h>

#include <vector>

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
  struct Case {
    const char* in;
    const char* out;
  };
  const Case cases[] = {{"1.0-1", "1.0.post1"},
                        {"1.0alpha2", "1.0a2"},
                        {"v1.0", "1.0"},
                        {"1.0_RC1", "1.0rc1"},
                        {"1.0.POST1", "1.0.post1"},
                        {"1.0-dev3", "1.0.dev3"},
                        {"1.0+Ubuntu-1", "1.0+ubuntu.1"},
                        // white space as Unicode defines it, not only ASCII
                        {"\u202f1.0\t\u2029\n ", "1.0"}};
  for (const Case& c : cases) {
    CAPTURE(c.in);
    CHECK(v(c.in).str() == c.out);
  }
  for (const char* bad : {"", "abc", "1.0+", "1.0++a", "1..0", "1.0-", "1.0 beta", "1.0#"}) {
    CAPTURE(bad);
    CHECK_FALSE(Version::try_parse(bad));
  }
}

TEST_CASE("PEP 440 specifiers") {
  // A specifier set, versions it holds and versions it does not.
  struct Case {
    const char* spec;
    std::vector<const char*> in;
    std::vector<const char*> out;
  };
  const Case cases[] = {
      // comparison
      {">=2.11", {"2.11.0"}, {"2.8.0"}},
      {"<2,>=1.13", {"1.15.0"}, {"2.1.0"}},
      {"!=0.23.0", {"0.22.1"}, {"0.23"}},
      // compatible release
      {"~=1.4", {"1.9"}, {"2.0"}},
      {"~=1.4.5", {"1.4.9"}, {"1.5.0"}},
      // prefix match
      {"==1.15.*", {"1.15.0", "1.15.5rc1"}, {"1.16.0"}},
      {"!=1.15.*", {"2.1.0"}, {}},
      // pre-releases are allowed, as for an installed distribution
      {">=2.0", {"2.1rc1"}, {}},
      {"<2.1", {}, {"2.1rc1"}},
      {"<2.1rc2", {"2.1rc1"}, {}},
      // post and local versions
      {">1.0", {}, {"1.0.post1", "1.0+local"}},
      {">1.0.post1", {"1.0.post2"}, {}},
      {"==1.0", {"1.0+local.7"}, {}},
      {"==1.0+other", {}, {"1.0+local.7"}},
      {"<=1.0", {"1.0+local"}, {}},
      // Exclusive comparisons exclude only V's own local, post- and pre-releases.
      {">1.0.dev1", {"1.0+local", "1.0.post0"}, {}},
      {">1.0a1", {"1.0a2+local"}, {"1.0a1+local", "1.0a1.post0"}},
      {">1.0.post1", {"1.0.post2+local"}, {}},
      {"<1.0.post1", {"1.0.dev0"}, {"1.0.post1.dev0"}},
      // epochs
      {">=2.0", {"1!1.0"}, {}},
      {"<2.0", {}, {"1!1.0"}},
      // arbitrary equality
      {"===1.0", {"1.0"}, {}},
  };
  for (const Case& c : cases) {
    CAPTURE(c.spec);
    for (const char* version : c.in) {
      CAPTURE(version);
      CHECK(in(c.spec, version));
    }
    for (const char* version : c.out) {
      CAPTURE(version);
      CHECK_FALSE(in(c.spec, version));
    }
  }
  // invalid specifiers are input errors
  for (const char* bad : {">=", "2.11", "=>2.11", ">=2.x", "~=1", "<=1.0.*", "==1.0a1.*", ">=1.0,", ",>=1.0", ">=1.0+local"}) {
    CAPTURE(bad);
    CHECK_THROWS_AS(SpecifierSet::parse(bad), catalog::InvalidInput);
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

TEST_CASE("package names in PEP 503 normal form") {
  // pypa/packaging's canonicalize_name vectors (tests/test_utils.py).
  const std::pair<const char*, const char*> vectors[] = {{"foo", "foo"},         {"Foo", "foo"},
                                                         {"fOo", "foo"},         {"foo.bar", "foo-bar"},
                                                         {"Foo.Bar", "foo-bar"}, {"Foo.....Bar", "foo-bar"},
                                                         {"foo_bar", "foo-bar"}, {"foo___bar", "foo-bar"},
                                                         {"foo-bar", "foo-bar"}, {"foo----bar", "foo-bar"}};
  for (const auto& vector : vectors) {
    CHECK(normalize_name(vector.first) == vector.second);
  }
  // Every ASCII letter, digit and separator; other bytes are kept as they are.
  CHECK(normalize_name("ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz.0123456789") ==
        "abcdefghijklmnopqrstuvwxyz-abcdefghijklmnopqrstuvwxyz-0123456789");
  CHECK(normalize_name("Caf\xc3\x89-@[`{") == "caf\xc3\x89-@[`{");
  CHECK(normalize_name("").empty());
  CHECK(normalize_name("._-").empty());
}

namespace {
// Versions of the line 2.8 (final and post releases, patch levels up to 200) for the brute-force
// reference of on_line.
std::vector<Version> line_2_8() {
  std::vector<Version> out;
  for (int patch : {0, 1, 2, 3, 4, 5, 9, 10, 11, 99, 200}) {
    out.push_back(v(("2.8." + std::to_string(patch)).c_str()));
    out.push_back(v(("2.8." + std::to_string(patch) + ".post1").c_str()));
  }
  out.push_back(v("2.8"));
  out.push_back(v("2.8.post2"));
  out.push_back(v("2.8.4.1"));
  return out;
}

// What the samples say of a clause: every one holds, none does, or some do.
LineHolds brute(const SpecifierSet& s, const std::vector<Version>& line) {
  size_t n = 0;
  for (const auto& x : line) {
    n += s.contains(x) ? 1 : 0;
  }
  return n == line.size() ? LineHolds::always : n == 0 ? LineHolds::never : LineHolds::maybe;
}
} // namespace

TEST_CASE("a requirement judged against a release line") {
  const std::vector<long> line{2, 8};
  // The examples of the reference: >=2.3 cannot hold on 2.2, <2.2 cannot hold on 2.4, ==2.8.*
  // holds on 2.8, ==2.8.4 is possible but unconfirmed.
  CHECK(SpecifierSet::parse(">=2.3").on_line({2, 2}) == LineHolds::never);
  CHECK(SpecifierSet::parse("<2.2").on_line({2, 4}) == LineHolds::never);
  CHECK(SpecifierSet::parse("==2.8.*").on_line(line) == LineHolds::always);
  CHECK(SpecifierSet::parse("==2.8.4").on_line(line) == LineHolds::maybe);
  CHECK(SpecifierSet::parse("==2").on_line(line) == LineHolds::never); // 2 is 2.0, not on 2.8
  CHECK(SpecifierSet::parse("").on_line(line) == LineHolds::always);
  CHECK(SpecifierSet::parse(">=2.8.5,<2.8.3").on_line(line) == LineHolds::maybe); // maybe is no promise

  // Every clause over a grid of operators and versions is exactly what the line's versions say:
  // always when all of them hold, never when none does, maybe when some do.
  const auto samples = line_2_8();
  const std::vector<std::string> ops{"==", "!=", "<=", ">=", "<", ">", "~=", "==="};
  const std::vector<std::string> versions{"1.15",       "2",        "2.7",         "2.7.9",    "2.8",    "2.8.0",
                                          "2.8.1",      "2.8.4",    "2.8.4.post1", "2.8.0rc1", "2.8.99", "2.9",
                                          "2.9.0.dev0", "2.9.0rc1", "3.0",         "1!1.0"};
  std::vector<std::string> clauses;
  for (const auto& op : ops) {
    for (const auto& ver : versions) {
      if (op == "~=" && ver.find('.') == std::string::npos) {
        continue; // ~= needs two release numbers
      }
      clauses.push_back(op + ver);
    }
  }
  for (const char* w : {"2.*", "2.8.*", "2.9.*", "2.8.4.*", "3.*", "1.*"}) {
    clauses.push_back(std::string("==") + w);
    clauses.push_back(std::string("!=") + w);
  }
  for (const auto& c : clauses) {
    CAPTURE(c);
    auto s = SpecifierSet::parse(c);
    CHECK(s.on_line(line) == brute(s, samples));
  }
  // Pairs of clauses: always and never are promises (maybe may hide a never inside the line).
  for (const auto& a : clauses) {
    for (const auto& b : clauses) {
      auto s = SpecifierSet::parse(a + "," + b);
      auto holds = s.on_line(line);
      if (holds != LineHolds::maybe) {
        CAPTURE(a);
        CAPTURE(b);
        CHECK(holds == brute(s, samples));
      }
    }
  }
}
