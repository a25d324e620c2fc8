// PEP 440 conformance vectors: the test tables of the reference implementation, pypa/packaging
// (https://github.com/pypa/packaging, dual licensed Apache-2.0 / BSD-2-Clause), ported as data:
//   tests/test_version.py     at commit 0345ccd3d1e5b0e14b84de4fb6bca0b82f7145e3
//   tests/test_specifiers.py  at commit 00d365f9d287bfc82062b0e7ed6b4161b0b2f611
//     (the version that holds the fix of packaging PR #1097: >V excludes only the local versions
//     of V itself, so 1.0+local satisfies >1.0.dev1; older packaging, and the pip that vendors
//     it, answer the other way)
// Each table keeps its upstream name (the pytest function it parametrises) and row order. The
// (version, spec, expected) tables are data in tests/fixtures/pep440/vectors.json, read by the test.
//
// How upstream parameters map here:
//   - prereleases= (on Specifier/SpecifierSet or on contains()) resolves as packaging does: the
//     contains() argument if given, else the specifier's own setting, else allowed; installed=True
//     always allows them. The result is the `prereleases` argument of contains().
//   - upstream passes versions either as strings (kept as written, which matters only for ===)
//     or as Version objects (normalised). rtcat matches a parsed pin, so for === the Version rows
//     are ported, and string rows only where the written and the normalised form agree.
//
// Skipped groups, and why (all Python-API-only or outside what rtcat offers):
//   - test_version.py: hashing, repr(), __match_args__, NotImplemented/_BaseVersion dunder
//     plumbing, major/minor/micro, replace()/__replace__, from_parts(), the constructor cache and
//     the deprecated _version attribute; the `pre`, `post`, `dev` and `is_devrelease` property
//     tables (rtcat's Version has no such accessors; the same spellings are held by the
//     normalisation and str tables).
//   - test_specifiers.py: hashing, repr(), __match_args__, building a set from Specifier objects,
//     Specifier/SpecifierSet equality and `&`, pickling, canonicalisation and the internal caches
//     (_spec_version, _ranges), the `prereleases` property detection, filter() in all its tables
//     (a list operation that drops pre-releases when a final release is present; rtcat checks one
//     installed pin), is_unsatisfiable() itself (its tables are ported below through contains()
//     over the same sample versions), the int-max-str-digits guard, and every row whose version
//     is not a PEP 440 version ("foobar", "not a valid version"): in rtcat such a pin is an input
//     error before any matching.

#include "catalog/error.hpp"
#include "catalog/pep440.hpp"
#include "util/file.hpp"
#include "util/json.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <iterator>
#include <optional>
#include <set>
#include <string>
#include <vector>

using namespace catalog::pep440;

namespace {

constexpr std::nullopt_t None = std::nullopt;
using Tri = std::optional<bool>; // Python's True / False / None

Version v(const char* s) {
  return Version::parse(s);
}

bool allow_pre(Tri spec_pre, Tri contains_pre = None, bool installed = false) {
  return installed || contains_pre.value_or(spec_pre.value_or(true));
}

// The rows of the tables that map one string to another (in both files).
struct Pair {
  const char* in;
  const char* out;
};

// ---------------------------------------------------------------- tests/test_version.py

// VERSIONS: "This list must be in the correct sorting order".
const char* const VERSIONS[] = {
    // Implicit epoch of 0
    "1.0.dev0", "1.0.dev456", "1.0.dev456+local", "1.0a0", "1.0a0.post0.dev0", "1.0a0.post0", "1.0a1.dev1", "1.0a1.dev1+local",
    "1.0a1", "1.0a1+local", "1.0b0", "1.0b1.dev456", "1.0b2", "1.0b2.post345.dev456", "1.0b2.post345", "1.0b2-346", "1.0rc0",
    "1.0rc1.dev1", "1.0c1", "1.0rc2", "1.0", "1.0.post0.dev0", "1.0.post0", "1.0.post456.dev34", "1.0.post456",
    "1.0.post456+local", "1.0.1.dev1", "1.0.1a1", "1.0.1", "1.0.1+local", "1.0.1.post1", "1.1.dev1", "1.2+a", "1.2+abc",
    "1.2+abcdef", "1.2+def", "1.2+0", "1.2+1", "1.2+1.abc", "1.2+1.1", "1.2+1.1.0", "1.2+2", "1.2+123", "1.2+123456",
    "1.2.r32+123456", "1.2.rev33+123456",
    // Explicit epoch of 1
    "1!1.0.dev0", "1!1.0.dev456", "1!1.0.dev456+local", "1!1.0a0", "1!1.0a0.post0.dev0", "1!1.0a0.post0", "1!1.0a1.dev1",
    "1!1.0a1.dev1+local", "1!1.0a1", "1!1.0a1+local", "1!1.0b0", "1!1.0b1.dev456", "1!1.0b2", "1!1.0b2.post345.dev456",
    "1!1.0b2.post345", "1!1.0b2-346", "1!1.0rc0", "1!1.0rc1.dev1", "1!1.0c1", "1!1.0rc2", "1!1.0", "1!1.0.post0.dev0",
    "1!1.0.post0", "1!1.0.post456.dev34", "1!1.0.post456", "1!1.0.post456+local", "1!1.0.1.dev1", "1!1.0.1a1", "1!1.0.1",
    "1!1.0.1+local", "1!1.0.1.post1", "1!1.1.dev1", "1!1.2+a", "1!1.2+abc", "1!1.2+abcdef", "1!1.2+def", "1!1.2+0", "1!1.2+1",
    "1!1.2+1.abc", "1!1.2+1.1", "1!1.2+1.1.0", "1!1.2+2", "1!1.2+123", "1!1.2+123456", "1!1.2.r32+123456", "1!1.2.rev33+123456"};

// test_invalid_versions
const char* const INVALID_VERSIONS[] = {
    // Non sensical versions should be invalid
    "french toast",
    // Versions with invalid local versions
    "1.0+a+", "1.0++", "1.0+_foobar", "1.0+foo&asd", "1.0+1+1",
    // Spaces in versions are also invalid
    "1. 0", "1 .0", "1. 0a1", "1 .0a1", "1.0 a1", "1.0a 1",
    // Versions do need to be standard numbers
    "\u0660\u0661\u0662.\u0663\u0664\u0665.\u0666\u0667\u0668\u0669",
    // Invalid versions that trigger the fast path (digits/dots only)
    ".", "..", "1..0", "1.0.", ".1.0", "1..2.3",
    // Local version which includes a non-ASCII letter that matches regex '[a-z]'
    // when re.IGNORECASE is in force and re.ASCII is not
    "1.0+\u0130"};

// test_normalized_versions
const Pair NORMALIZED_VERSIONS[] = {
    // Various development release incarnations
    {"1.0dev", "1.0.dev0"},
    {"1.0.dev", "1.0.dev0"},
    {"1.0dev1", "1.0.dev1"},
    {"1.0-dev", "1.0.dev0"},
    {"1.0-dev1", "1.0.dev1"},
    {"1.0DEV", "1.0.dev0"},
    {"1.0.DEV", "1.0.dev0"},
    {"1.0DEV1", "1.0.dev1"},
    {"1.0.DEV1", "1.0.dev1"},
    {"1.0-DEV", "1.0.dev0"},
    {"1.0-DEV1", "1.0.dev1"},
    // Various alpha incarnations
    {"1.0a", "1.0a0"},
    {"1.0.a", "1.0a0"},
    {"1.0.a1", "1.0a1"},
    {"1.0-a", "1.0a0"},
    {"1.0-a1", "1.0a1"},
    {"1.0alpha", "1.0a0"},
    {"1.0.alpha", "1.0a0"},
    {"1.0.alpha1", "1.0a1"},
    {"1.0-alpha", "1.0a0"},
    {"1.0-alpha1", "1.0a1"},
    {"1.0A", "1.0a0"},
    {"1.0.A", "1.0a0"},
    {"1.0.A1", "1.0a1"},
    {"1.0-A", "1.0a0"},
    {"1.0-A1", "1.0a1"},
    {"1.0ALPHA", "1.0a0"},
    {"1.0.ALPHA", "1.0a0"},
    {"1.0.ALPHA1", "1.0a1"},
    {"1.0-ALPHA", "1.0a0"},
    {"1.0-ALPHA1", "1.0a1"},
    // Various beta incarnations
    {"1.0b", "1.0b0"},
    {"1.0.b", "1.0b0"},
    {"1.0.b1", "1.0b1"},
    {"1.0-b", "1.0b0"},
    {"1.0-b1", "1.0b1"},
    {"1.0beta", "1.0b0"},
    {"1.0.beta", "1.0b0"},
    {"1.0.beta1", "1.0b1"},
    {"1.0-beta", "1.0b0"},
    {"1.0-beta1", "1.0b1"},
    {"1.0B", "1.0b0"},
    {"1.0.B", "1.0b0"},
    {"1.0.B1", "1.0b1"},
    {"1.0-B", "1.0b0"},
    {"1.0-B1", "1.0b1"},
    {"1.0BETA", "1.0b0"},
    {"1.0.BETA", "1.0b0"},
    {"1.0.BETA1", "1.0b1"},
    {"1.0-BETA", "1.0b0"},
    {"1.0-BETA1", "1.0b1"},
    // Various release candidate incarnations
    {"1.0c", "1.0rc0"},
    {"1.0.c", "1.0rc0"},
    {"1.0.c1", "1.0rc1"},
    {"1.0-c", "1.0rc0"},
    {"1.0-c1", "1.0rc1"},
    {"1.0rc", "1.0rc0"},
    {"1.0.rc", "1.0rc0"},
    {"1.0.rc1", "1.0rc1"},
    {"1.0-rc", "1.0rc0"},
    {"1.0-rc1", "1.0rc1"},
    {"1.0C", "1.0rc0"},
    {"1.0.C", "1.0rc0"},
    {"1.0.C1", "1.0rc1"},
    {"1.0-C", "1.0rc0"},
    {"1.0-C1", "1.0rc1"},
    {"1.0RC", "1.0rc0"},
    {"1.0.RC", "1.0rc0"},
    {"1.0.RC1", "1.0rc1"},
    {"1.0-RC", "1.0rc0"},
    {"1.0-RC1", "1.0rc1"},
    // Various post release incarnations
    {"1.0post", "1.0.post0"},
    {"1.0.post", "1.0.post0"},
    {"1.0post1", "1.0.post1"},
    {"1.0-post", "1.0.post0"},
    {"1.0-post1", "1.0.post1"},
    {"1.0POST", "1.0.post0"},
    {"1.0.POST", "1.0.post0"},
    {"1.0POST1", "1.0.post1"},
    {"1.0r", "1.0.post0"},
    {"1.0rev", "1.0.post0"},
    {"1.0.POST1", "1.0.post1"},
    {"1.0.r1", "1.0.post1"},
    {"1.0.rev1", "1.0.post1"},
    {"1.0-POST", "1.0.post0"},
    {"1.0-POST1", "1.0.post1"},
    {"1.0-5", "1.0.post5"},
    {"1.0-r5", "1.0.post5"},
    {"1.0-rev5", "1.0.post5"},
    // Local version case insensitivity
    {"1.0+AbC", "1.0+abc"},
    // Integer Normalization
    {"1.01", "1.1"},
    {"1.0a05", "1.0a5"},
    {"1.0b07", "1.0b7"},
    {"1.0c056", "1.0rc56"},
    {"1.0rc09", "1.0rc9"},
    {"1.0.post000", "1.0.post0"},
    {"1.1.dev09000", "1.1.dev9000"},
    {"00!1.2", "1.2"},
    {"0100!0.0", "100!0.0"},
    // Various other normalizations
    {"v1.0", "1.0"},
    {"   v1.0\t\n", "1.0"},
    // Non-ASCII whitespace
    {"\u202f1.0\t\u2029\n ", "1.0"}};

// test_version_str_repr (the str() half)
const Pair VERSION_STR[] = {{"1.0.dev456", "1.0.dev456"},
                            {"1.0a1", "1.0a1"},
                            {"1.0a2.dev456", "1.0a2.dev456"},
                            {"1.0a12.dev456", "1.0a12.dev456"},
                            {"1.0a12", "1.0a12"},
                            {"1.0b1.dev456", "1.0b1.dev456"},
                            {"1.0b2", "1.0b2"},
                            {"1.0b2.post345.dev456", "1.0b2.post345.dev456"},
                            {"1.0b2.post345", "1.0b2.post345"},
                            {"1.0rc1.dev456", "1.0rc1.dev456"},
                            {"1.0rc1", "1.0rc1"},
                            {"1.0", "1.0"},
                            {"1.0.post456.dev34", "1.0.post456.dev34"},
                            {"1.0.post456", "1.0.post456"},
                            {"1.0.1", "1.0.1"},
                            {"0!1.0.2", "1.0.2"},
                            {"1.0.3+7", "1.0.3+7"},
                            {"0!1.0.4+8.0", "1.0.4+8.0"},
                            {"1.0.5+9.5", "1.0.5+9.5"},
                            {"1.2+1234.abc", "1.2+1234.abc"},
                            {"1.2+123456", "1.2+123456"},
                            {"1.2+123abc", "1.2+123abc"},
                            {"1.2+123abc456", "1.2+123abc456"},
                            {"1.2+abc", "1.2+abc"},
                            {"1.2+abc123", "1.2+abc123"},
                            {"1.2+abc123def", "1.2+abc123def"},
                            {"1.1.dev1", "1.1.dev1"},
                            {"7!1.0.dev456", "7!1.0.dev456"},
                            {"7!1.0a1", "7!1.0a1"},
                            {"7!1.0a2.dev456", "7!1.0a2.dev456"},
                            {"7!1.0a12.dev456", "7!1.0a12.dev456"},
                            {"7!1.0a12", "7!1.0a12"},
                            {"7!1.0b1.dev456", "7!1.0b1.dev456"},
                            {"7!1.0b2", "7!1.0b2"},
                            {"7!1.0b2.post345.dev456", "7!1.0b2.post345.dev456"},
                            {"7!1.0b2.post345", "7!1.0b2.post345"},
                            {"7!1.0rc1.dev456", "7!1.0rc1.dev456"},
                            {"7!1.0rc1", "7!1.0rc1"},
                            {"7!1.0", "7!1.0"},
                            {"7!1.0.post456.dev34", "7!1.0.post456.dev34"},
                            {"7!1.0.post456", "7!1.0.post456"},
                            {"7!1.0.1", "7!1.0.1"},
                            {"7!1.0.2", "7!1.0.2"},
                            {"7!1.0.3+7", "7!1.0.3+7"},
                            {"7!1.0.4+8.0", "7!1.0.4+8.0"},
                            {"7!1.0.5+9.5", "7!1.0.5+9.5"},
                            {"7!1.1.dev1", "7!1.1.dev1"}};

// The versions the property tables (public, base_version, epoch, release, local) are keyed on,
// in upstream order.
const char* const PROPERTY_VERSIONS[] = {"1.0",
                                         "1.0.dev0",
                                         "1.0.dev6",
                                         "1.0a1",
                                         "1.0a1.post5",
                                         "1.0a1.post5.dev6",
                                         "1.0rc4",
                                         "1.0.post5",
                                         "1!1.0",
                                         "1!1.0.dev6",
                                         "1!1.0a1",
                                         "1!1.0a1.post5",
                                         "1!1.0a1.post5.dev6",
                                         "1!1.0rc4",
                                         "1!1.0.post5",
                                         "1.0+deadbeef",
                                         "1.0.dev6+deadbeef",
                                         "1.0a1+deadbeef",
                                         "1.0a1.post5+deadbeef",
                                         "1.0a1.post5.dev6+deadbeef",
                                         "1.0rc4+deadbeef",
                                         "1.0.post5+deadbeef",
                                         "1!1.0+deadbeef",
                                         "1!1.0.dev6+deadbeef",
                                         "1!1.0a1+deadbeef",
                                         "1!1.0a1.post5+deadbeef",
                                         "1!1.0a1.post5.dev6+deadbeef",
                                         "1!1.0rc4+deadbeef",
                                         "1!1.0.post5+deadbeef"};

// test_version_public
const Pair VERSION_PUBLIC[] = {{"1.0", "1.0"},
                               {"1.0.dev0", "1.0.dev0"},
                               {"1.0.dev6", "1.0.dev6"},
                               {"1.0a1", "1.0a1"},
                               {"1.0a1.post5", "1.0a1.post5"},
                               {"1.0a1.post5.dev6", "1.0a1.post5.dev6"},
                               {"1.0rc4", "1.0rc4"},
                               {"1.0.post5", "1.0.post5"},
                               {"1!1.0", "1!1.0"},
                               {"1!1.0.dev6", "1!1.0.dev6"},
                               {"1!1.0a1", "1!1.0a1"},
                               {"1!1.0a1.post5", "1!1.0a1.post5"},
                               {"1!1.0a1.post5.dev6", "1!1.0a1.post5.dev6"},
                               {"1!1.0rc4", "1!1.0rc4"},
                               {"1!1.0.post5", "1!1.0.post5"},
                               {"1.0+deadbeef", "1.0"},
                               {"1.0.dev6+deadbeef", "1.0.dev6"},
                               {"1.0a1+deadbeef", "1.0a1"},
                               {"1.0a1.post5+deadbeef", "1.0a1.post5"},
                               {"1.0a1.post5.dev6+deadbeef", "1.0a1.post5.dev6"},
                               {"1.0rc4+deadbeef", "1.0rc4"},
                               {"1.0.post5+deadbeef", "1.0.post5"},
                               {"1!1.0+deadbeef", "1!1.0"},
                               {"1!1.0.dev6+deadbeef", "1!1.0.dev6"},
                               {"1!1.0a1+deadbeef", "1!1.0a1"},
                               {"1!1.0a1.post5+deadbeef", "1!1.0a1.post5"},
                               {"1!1.0a1.post5.dev6+deadbeef", "1!1.0a1.post5.dev6"},
                               {"1!1.0rc4+deadbeef", "1!1.0rc4"},
                               {"1!1.0.post5+deadbeef", "1!1.0.post5"}};

struct Flag {
  const char* version;
  bool expected;
};

// test_version_is_prerelease
const Flag VERSION_IS_PRERELEASE[] = {{"1.0.dev0", true},
                                      {"1.0.dev1", true},
                                      {"1.0a1.dev1", true},
                                      {"1.0b1.dev1", true},
                                      {"1.0c1.dev1", true},
                                      {"1.0rc1.dev1", true},
                                      {"1.0a1", true},
                                      {"1.0b1", true},
                                      {"1.0c1", true},
                                      {"1.0rc1", true},
                                      {"1.0a1.post1.dev1", true},
                                      {"1.0b1.post1.dev1", true},
                                      {"1.0c1.post1.dev1", true},
                                      {"1.0rc1.post1.dev1", true},
                                      {"1.0a1.post1", true},
                                      {"1.0b1.post1", true},
                                      {"1.0c1.post1", true},
                                      {"1.0rc1.post1", true},
                                      {"1.0", false},
                                      {"1.0+dev", false},
                                      {"1.0.post1", false},
                                      {"1.0.post1+dev", false}};

// test_version_is_postrelease
const Flag VERSION_IS_POSTRELEASE[] = {
    {"1.0.dev1", false}, {"1.0", false}, {"1.0+foo", false}, {"1.0.post1.dev1", true}, {"1.0.post1", true}};

std::string text(const std::vector<long>& release) {
  std::string out;
  for (long n : release) {
    out += (out.empty() ? "" : ".") + std::to_string(n);
  }
  return out;
}

// ---------------------------------------------------------------- tests/test_specifiers.py

const char* const SPECIFIERS[] = {"~=2.0", "==2.1.*", "==2.1.0.3", "!=2.2.*",   "!=2.2.0.5",
                                  "<=5",   ">=7.9a1", "<1.0.dev1", ">2.0.post1"};

// TestSpecifier.test_specifiers_invalid
const char* const INVALID_SPECIFIERS[] = {
    // Operator-less specifier
    "2.0",
    // Invalid operator
    "=>2.0",
    // Version-less specifier
    "==",
    // Local segment on operators which don't support them
    "~=1.0+5", ">=1.0+deadbeef", "<=1.0+abc123", ">1.0+watwat", "<1.0+1.0",
    // Prefix matching on operators which don't support them
    "~=1.0.*", ">=1.0.*", "<=1.0.*", ">1.0.*", "<1.0.*",
    // Combination of local and prefix matching on operators which do
    // support one or the other
    "==1.0.*+5", "!=1.0.*+deadbeef",
    // Prefix matching cannot be used with a pre-release, post-release,
    // dev or local version
    "==2.0a1.*", "!=2.0a1.*", "==2.0.post1.*", "!=2.0.post1.*", "==2.0.dev1.*", "!=2.0.dev1.*", "==1.0+5.*", "!=1.0+deadbeef.*",
    // Prefix matching must appear at the end
    "==1.0.*.5",
    // Compatible operator requires 2 digits in the release operator
    "~=1",
    // Cannot use a prefix matching after a .devN version
    "==1.0.dev1.*", "!=1.0.dev1.*",
    // Local segment with a non-ASCII letter that matches regex '[a-z]'
    // when re.IGNORECASE is in force and re.ASCII is not (issue #469)
    "==1.2+\u0130", "==1.2+\u0130\u0131\u017fK"};

// TestSpecifier.test_specifiers_normalized: each is valid after every operator (only == and !=
// when it has a local label).
const char* const NORMALIZED_SPECIFIER_VERSIONS[] = {
    // Various development release incarnations
    "1.0dev", "1.0.dev", "1.0dev1", "1.0-dev", "1.0-dev1", "1.0DEV", "1.0.DEV", "1.0DEV1", "1.0.DEV1", "1.0-DEV", "1.0-DEV1",
    // Various alpha incarnations
    "1.0a", "1.0.a", "1.0.a1", "1.0-a", "1.0-a1", "1.0alpha", "1.0.alpha", "1.0.alpha1", "1.0-alpha", "1.0-alpha1", "1.0A",
    "1.0.A", "1.0.A1", "1.0-A", "1.0-A1", "1.0ALPHA", "1.0.ALPHA", "1.0.ALPHA1", "1.0-ALPHA", "1.0-ALPHA1",
    // Various beta incarnations
    "1.0b", "1.0.b", "1.0.b1", "1.0-b", "1.0-b1", "1.0beta", "1.0.beta", "1.0.beta1", "1.0-beta", "1.0-beta1", "1.0B", "1.0.B",
    "1.0.B1", "1.0-B", "1.0-B1", "1.0BETA", "1.0.BETA", "1.0.BETA1", "1.0-BETA", "1.0-BETA1",
    // Various release candidate incarnations
    "1.0c", "1.0.c", "1.0.c1", "1.0-c", "1.0-c1", "1.0rc", "1.0.rc", "1.0.rc1", "1.0-rc", "1.0-rc1", "1.0C", "1.0.C", "1.0.C1",
    "1.0-C", "1.0-C1", "1.0RC", "1.0.RC", "1.0.RC1", "1.0-RC", "1.0-RC1",
    // Various post release incarnations
    "1.0post", "1.0.post", "1.0post1", "1.0-post", "1.0-post1", "1.0POST", "1.0.POST", "1.0POST1", "1.0.POST1", "1.0-POST",
    "1.0-POST1", "1.0-5",
    // Local version case insensitivity
    "1.0+AbC",
    // Integer Normalization
    "1.01", "1.0a05", "1.0b07", "1.0c056", "1.0rc09", "1.0.post000", "1.1.dev09000", "00!1.2", "0100!0.0",
    // Various other normalizations
    "v1.0", "  \r \f \v v1.0\t\n"};

// TestSpecifier.test_specifiers_str_and_repr, then TestSpecifierSet's (the str() half)
const Pair SPECIFIER_STR[] = {{"!=2.0", "!=2.0"}, {"<2.0", "<2.0"},   {"<=2.0", "<=2.0"}, {"==2.0", "==2.0"},
                              {">2.0", ">2.0"},   {">=2.0", ">=2.0"}, {"~=2.0", "~=2.0"}, {"< 2", "<2"}};
const Pair SPECIFIER_SET_STR[] = {
    {"!=2.0", "!=2.0"}, {"<2.0", "<2.0"},   {"<=2.0", "<=2.0"}, {"==2.0", "==2.0"},           {">2.0", ">2.0"},
    {">=2.0", ">=2.0"}, {"~=2.0", "~=2.0"}, {"< 2", "<2"},      {"!=2.0,>1.0", "!=2.0,>1.0"}, {"!=2.0 ,>1.0", "!=2.0,>1.0"}};

struct Contains {
  const char* version;
  const char* spec;
};

// TestSpecifier.test_specifiers: Specifier(spec, prereleases=True); version in spec.
const Contains SPECIFIERS_TRUE[] = {
    // Test the equality operation
    {"2.0", "==2"},
    {"2.0", "==2.0"},
    {"2.0", "==2.0.0"},
    {"2.0+deadbeef", "==2"},
    {"2.0+deadbeef", "==2.0"},
    {"2.0+deadbeef", "==2.0.0"},
    {"2.0+deadbeef", "==2+deadbeef"},
    {"2.0+deadbeef", "==2.0+deadbeef"},
    {"2.0+deadbeef", "==2.0.0+deadbeef"},
    {"2.0+deadbeef.0", "==2.0.0+deadbeef.00"},
    // Test the equality operation with a prefix
    {"2.dev1", "==2.*"},
    {"2a1", "==2.*"},
    {"2a1.post1", "==2.*"},
    {"2b1", "==2.*"},
    {"2b1.dev1", "==2.*"},
    {"2c1", "==2.*"},
    {"2c1.post1.dev1", "==2.*"},
    {"2c1.post1.dev1", "==2.0.*"},
    {"2rc1", "==2.*"},
    {"2rc1", "==2.0.*"},
    {"2", "==2.*"},
    {"2", "==2.0.*"},
    {"2", "==2.0.0.*"},
    {"2", "==0!2.*"},
    {"0!2", "==2.*"},
    {"2.0", "==2.*"},
    {"2.0.0", "==2.*"},
    {"2.0.0.0", "==2.0.*"},
    {"2.1+local.version", "==2.1.*"},
    // Test the in-equality operation
    {"2.1", "!=2"},
    {"2.1", "!=2.0"},
    {"2.0.1", "!=2"},
    {"2.0.1", "!=2.0"},
    {"2.0.1", "!=2.0.0"},
    {"2.0", "!=2.0+deadbeef"},
    // Test the in-equality operation with a prefix
    {"2.0", "!=3.*"},
    {"2.1", "!=2.0.*"},
    {"3", "!=2.0.0.*"},
    {"2.1.0.0", "!=2.0.*"},
    // Test the greater than equal operation
    {"2.0", ">=2"},
    {"2.0", ">=2.0"},
    {"2.0", ">=2.0.0"},
    {"2.0.post1", ">=2"},
    {"2.0.post1.dev1", ">=2"},
    {"3", ">=2"},
    {"3.0.0a8", ">=3.0.0a7"},
    // Test the less than equal operation
    {"2.0", "<=2"},
    {"2.0", "<=2.0"},
    {"2.0", "<=2.0.0"},
    {"2.0.dev1", "<=2"},
    {"2.0a1", "<=2"},
    {"2.0a1.dev1", "<=2"},
    {"2.0b1", "<=2"},
    {"2.0b1.post1", "<=2"},
    {"2.0c1", "<=2"},
    {"2.0c1.post1.dev1", "<=2"},
    {"2.0rc1", "<=2"},
    {"1", "<=2"},
    {"3.0.0a7", "<=3.0.0a8"},
    // Test the greater than operation
    {"3", ">2"},
    {"2.1", ">2.0"},
    {"2.0.1", ">2"},
    {"2.1.post1", ">2"},
    {"2.1+local.version", ">2"},
    {"3.0.0a8", ">3.0.0a7"},
    // Test the less than operation
    {"1", "<2"},
    {"2.0", "<2.1"},
    {"2.0.dev0", "<2.1"},
    {"3.0.0a7", "<3.0.0a8"},
    // Test the compatibility operation
    {"1", "~=1.0"},
    {"1.0.1", "~=1.0"},
    {"1.1", "~=1.0"},
    {"1.9999999", "~=1.0"},
    {"1.1", "~=1.0a1"},
    {"2022.01.01", "~=2022.01.01"},
    // Test that epochs are handled sanely
    {"2!1.0", "~=2!1.0"},
    {"2!1.0", "==2!1.*"},
    {"2!1.0", "==2!1.0"},
    {"2!1.0", "!=1.0"},
    {"2!1.0.0", "==2!1.0.0.0.*"},
    {"2!1.0.0", "==2!1.0.*"},
    {"2!1.0.0", "==2!1.*"},
    {"1.0", "!=2!1.0"},
    {"1.0", "<=2!0.1"},
    {"2!1.0", ">=2.0"},
    {"1.0", "<2!0.1"},
    {"2!1.0", ">2.0"},
    // Test some normalization rules
    {"2.0.5", ">2.0dev"},
    // Test local versions with pre/dev/post segments and >
    // (verifies _public_version keeps pre/dev/post in the guard)
    {"1.0+local", ">1.0.dev1"},
    {"4.1.0a2.dev1235+local", ">4.1.0a2.dev1234"},
    {"1.0a2+local", ">1.0a1"},
    {"1.0b2+local", ">1.0b1"},
    {"1.0rc2+local", ">1.0rc1"},
    {"1.0.post2+local", ">1.0.post1"},
    {"1.0.dev2+local", ">1.0.dev1"},
    {"1.0a1.dev2+local", ">1.0a1.dev1"},
    {"1.0.post1.dev2+local", ">1.0.post1.dev1"}};

const Contains SPECIFIERS_FALSE[] = {
    // Test the equality operation
    {"2.1", "==2"},
    {"2.1", "==2.0"},
    {"2.1", "==2.0.0"},
    {"2.0", "==2.0+deadbeef"},
    // Test the equality operation with a prefix
    {"2.0", "==3.*"},
    {"2.1", "==2.0.*"},
    {"3", "==2.0.0.*"},
    {"2.1.0.0", "==2.0.*"},
    // Test the in-equality operation
    {"2.0", "!=2"},
    {"2.0", "!=2.0"},
    {"2.0", "!=2.0.0"},
    {"2.0+deadbeef", "!=2"},
    {"2.0+deadbeef", "!=2.0"},
    {"2.0+deadbeef", "!=2.0.0"},
    {"2.0+deadbeef", "!=2+deadbeef"},
    {"2.0+deadbeef", "!=2.0+deadbeef"},
    {"2.0+deadbeef", "!=2.0.0+deadbeef"},
    {"2.0+deadbeef.0", "!=2.0.0+deadbeef.00"},
    // Test the in-equality operation with a prefix
    {"2.dev1", "!=2.*"},
    {"2a1", "!=2.*"},
    {"2a1.post1", "!=2.*"},
    {"2b1", "!=2.*"},
    {"2b1.dev1", "!=2.*"},
    {"2c1", "!=2.*"},
    {"2c1.post1.dev1", "!=2.*"},
    {"2c1.post1.dev1", "!=2.0.*"},
    {"2rc1", "!=2.*"},
    {"2rc1", "!=2.0.*"},
    {"2", "!=2.*"},
    {"2", "!=2.0.*"},
    {"2", "!=2.0.0.*"},
    {"2.0", "!=2.*"},
    {"2.0.0", "!=2.*"},
    {"2.0.0.0", "!=2.0.*"},
    // Test the greater than equal operation
    {"2.0.dev1", ">=2"},
    {"2.0a1", ">=2"},
    {"2.0a1.dev1", ">=2"},
    {"2.0b1", ">=2"},
    {"2.0b1.post1", ">=2"},
    {"2.0c1", ">=2"},
    {"2.0c1.post1.dev1", ">=2"},
    {"2.0rc1", ">=2"},
    {"1", ">=2"},
    // Test the less than equal operation
    {"2.0.post1", "<=2"},
    {"2.0.post1.dev1", "<=2"},
    {"3", "<=2"},
    // Test the greater than operation
    {"1", ">2"},
    {"2.0.dev1", ">2"},
    {"2.0a1", ">2"},
    {"2.0a1.post1", ">2"},
    {"2.0b1", ">2"},
    {"2.0b1.dev1", ">2"},
    {"2.0c1", ">2"},
    {"2.0c1.post1.dev1", ">2"},
    {"2.0rc1", ">2"},
    {"2.0", ">2"},
    {"2.0.post1", ">2"},
    {"2.0.post1.dev1", ">2"},
    {"2.0+local.version", ">2"},
    {"4.1.0a2.dev1234+local", ">4.1.0a2.dev1234"},
    // Test local versions with pre/dev/post segments and >
    // (local variant of the exact spec version must not match)
    {"1.0a1+local", ">1.0a1"},
    {"1.0b1+local", ">1.0b1"},
    {"1.0rc1+local", ">1.0rc1"},
    {"1.0.post1+local", ">1.0.post1"},
    {"1.0.dev1+local", ">1.0.dev1"},
    {"1.0a1.dev1+local", ">1.0a1.dev1"},
    {"1.0.post1.dev1+local", ">1.0.post1.dev1"},
    // Test the less than operation
    {"2.0.dev1", "<2"},
    {"2.0a1", "<2"},
    {"2.0a1.post1", "<2"},
    {"2.0b1", "<2"},
    {"2.0b2.dev1", "<2"},
    {"2.0c1", "<2"},
    {"2.0c1.post1.dev1", "<2"},
    {"2.0rc1", "<2"},
    {"2.0", "<2"},
    {"2.post1", "<2"},
    {"2.post1.dev1", "<2"},
    {"3", "<2"},
    // Test the compatibility operation
    {"2.0", "~=1.0"},
    {"1.1.0", "~=1.0.0"},
    {"1.1.post1", "~=1.0.0"},
    // Test that epochs are handled sanely
    {"1.0", "~=2!1.0"},
    {"2!1.0", "~=1.0"},
    {"2!1.0", "==1.0"},
    {"1.0", "==2!1.0"},
    {"2!1.0", "==1.0.0.*"},
    {"1.0", "==2!1.0.0.*"},
    {"2!1.0", "==1.*"},
    {"1.0", "==2!1.*"},
    {"2!1.0", "!=2!1.0"}};

// TestSpecifier.test_specifier_prereleases_set
struct PrereleasesSet {
  const char* spec;
  Tri initial;
  Tri set;
  const char* version;
  bool initial_contains;
  bool final_contains;
};
const PrereleasesSet SPECIFIER_PRERELEASES_SET[] = {{">1.0", None, true, "1.0.dev1", false, false},
                                                    // Setting prereleases to True explicitly includes prerelease versions
                                                    {">1.0", None, true, "2.0.dev1", true, true},
                                                    {">1.0", false, true, "2.0.dev1", false, true},
                                                    // Setting prereleases to False explicitly excludes prerelease versions
                                                    {">1.0", None, false, "2.0.dev1", true, false},
                                                    // Setting prereleases to None falls back to default behavior
                                                    {">1.0", true, None, "2.0.dev1", true, true},
                                                    {">1.0", false, None, "2.0.dev1", false, true},
                                                    // Different specifiers with prerelease versions
                                                    {">=2.0.dev1", None, true, "2.0a1", true, true},
                                                    {">=2.0.dev1", None, false, "2.0a1", true, false},
                                                    // Alpha/beta/rc/dev variations
                                                    {">1.0", None, true, "2.0a1", true, true},
                                                    {">1.0", None, true, "2.0b1", true, true},
                                                    {">1.0", None, true, "2.0rc1", true, true},
                                                    // Edge cases
                                                    {"==2.0.*", None, true, "2.0.dev1", true, true},
                                                    {"==2.0.*", None, false, "2.0.dev1", true, false},
                                                    // Specifiers that already include prereleases implicitly
                                                    {"<1.0.dev1", None, false, "0.9.dev1", true, false},
                                                    {">1.0.dev1", None, None, "1.1.dev1", true, true},
                                                    // Multiple changes to the prereleases setting
                                                    {">1.0", true, false, "2.0.dev1", true, false}};

// The tables of rows (version, spec, expected) stand in tests/fixtures/pep440/vectors.json, each
// with its upstream source and, on the row they stand before, upstream's comments.
struct Expect {
  std::string version;
  std::string spec;
  bool expected = false;
};

// The rows of the table `name` in vectors.json, in upstream order; each must be well formed, and
// the table must hold `count` rows (so that no row is lost from the file unnoticed).
std::vector<Expect> expect_rows(const std::string& name, size_t count) {
  static const nlohmann::json k_vectors =
      util::json::parse(util::read_file(std::string(RTCAT_SOURCE_DIR) + "/tests/fixtures/pep440/vectors.json"), "vectors.json");
  INFO("table: " << name);
  REQUIRE(k_vectors.at("tables").contains(name));
  const auto& table = k_vectors.at("tables").at(name);
  REQUIRE(table.at("source").is_string());
  std::vector<Expect> rows;
  for (const auto& row : table.at("rows")) {
    INFO("row: " << row.dump());
    REQUIRE(row.is_array());
    REQUIRE((row.size() == 3 || (row.size() == 4 && row[3].is_string())));
    REQUIRE((row[0].is_string() && row[1].is_string() && row[2].is_boolean()));
    rows.push_back({row[0].get<std::string>(), row[1].get<std::string>(), row[2].get<bool>()});
  }
  CHECK(rows.size() == count);
  return rows;
}

// TestSpecifier.test_specifiers_prereleases
struct Prereleases {
  const char* spec;
  const char* version;
  Tri spec_pre;
  Tri contains_pre;
  bool expected;
};
const Prereleases SPECIFIERS_PRERELEASES[] = {{">=1.0", "2.0.dev1", None, None, true},
                                              {">=2.0.dev1", "2.0a1", None, None, true},
                                              {"==2.0.*", "2.0a1.dev1", None, None, true},
                                              {"<=2.0", "1.0.dev1", None, None, true},
                                              {"<=2.0.dev1", "1.0a1", None, None, true},
                                              {"<2.0", "2.0a1", None, None, false},
                                              {"<2.0a2", "2.0a1", None, None, true},
                                              // >V.devN: post-releases of V.devN itself are excluded
                                              // (V.devN can't have post-releases in PEP 440, so nothing
                                              // to exclude; these just confirm ordering still works)
                                              {">1.0.dev1", "1.0.dev0", None, None, false},
                                              {">1.0.dev1", "1.0.dev2", None, None, true},
                                              // >V.devN: post-releases of the base release are NOT
                                              // post-releases of V.devN, so they are accepted
                                              {">1.0.dev1", "1.0.post0", None, None, true},
                                              {">1.0.dev1", "1.0.post1", None, None, true},
                                              {">1.0.dev0", "1.0.post0", None, None, true},
                                              // >V.preN: post-releases of the base release are NOT
                                              // post-releases of V.preN, so they are accepted
                                              {">1.0a1", "1.0.post0", None, None, true},
                                              {">1.0b1", "1.0.post0", None, None, true},
                                              {">1.0rc1", "1.0.post0", None, None, true},
                                              // >V.preN: post-releases of the pre-release itself
                                              // ARE excluded
                                              {">1.0a1", "1.0a1.post0", None, None, false},
                                              {">1.0b2", "1.0b2.post0", None, None, false},
                                              {">1.0rc1", "1.0rc1.post0", None, None, false},
                                              // >V.preN: post of a different pre is not a post-release
                                              // of V.preN either
                                              {">1.0a1", "1.0a2.post0", None, None, true},
                                              {">1.0b1", "1.0b2.post0", None, None, true},
                                              // >V.devN: non-post-release versions above V.devN
                                              {">1.0.dev1", "1.0", None, None, true},
                                              {">1.0.dev1", "1.0a1", None, None, true},
                                              {">1.0.dev1", "1.1", None, None, true},
                                              // >V (final): post-releases of V are still excluded
                                              {">1.0", "1.0.post0", None, None, false},
                                              {">1.0", "1.0.post1", None, None, false},
                                              // >V (final): post-releases of a different base are fine
                                              {">1.0", "2.0.post0", None, None, true},
                                              {">1.0", "0.9.post0", None, None, false},
                                              // >V.devN: locals and different bases
                                              {">1.0.dev1", "1.1.post0", None, None, true},
                                              {">1.0.dev1", "0.9.post0", None, None, false},
                                              // <V.postN: pre-releases of V.postN itself are excluded
                                              {"<1.0.post1", "1.0.post1.dev0", None, None, false},
                                              {"<1.0.post0", "1.0.post0.dev0", None, None, false},
                                              // <V.postN: pre-releases of the base release are NOT
                                              // pre-releases of V.postN, so they are accepted
                                              {"<1.0.post1", "1.0.dev0", None, None, true},
                                              {"<1.0.post1", "1.0a1", None, None, true},
                                              {"<1.0.post1", "1.0rc1", None, None, true},
                                              {"<1.0.post0", "1.0.dev0", None, None, true},
                                              {"<1.0.post0", "1.0a1", None, None, true},
                                              {"<1.0.post0", "1.0b1", None, None, true},
                                              {"<1.0.post0", "1.0rc2", None, None, true},
                                              // <V.postN: dev of a different post is not a pre-release
                                              // of V.postN either
                                              {"<1.0.post1", "1.0.post0.dev0", None, None, true},
                                              {"<1.0.post2", "1.0.post1.dev0", None, None, true},
                                              // <V.postN: non-pre-release versions below V.postN
                                              {"<1.0.post1", "1.0", None, None, true},
                                              {"<1.0.post1", "1.0.post0", None, None, true},
                                              {"<1.0.post1", "0.9", None, None, true},
                                              {"<1.0.post0", "1.0", None, None, true},
                                              // <V.postN: higher post numbers
                                              {"<1.0.post10", "1.0.dev0", None, None, true},
                                              {"<1.0.post10", "1.0.post9.dev0", None, None, true},
                                              {"<1.0.post10", "1.0.post9", None, None, true},
                                              // <V.postN: locals and different bases
                                              {"<1.0.post1", "1.0+local", None, None, true},
                                              {"<1.0.post1", "1.0.post0+local", None, None, true},
                                              {"<1.0.post1", "0.9.dev0", None, None, true},
                                              {"<=2.0", "1.0.dev1", false, None, false},
                                              {"<=2.0a1", "1.0.dev1", false, None, false},
                                              {"<=2.0", "1.0.dev1", None, false, false},
                                              {"<=2.0a1", "1.0.dev1", None, false, false},
                                              {"<=2.0", "1.0.dev1", true, false, false},
                                              {"<=2.0a1", "1.0.dev1", true, false, false},
                                              {"<=2.0", "1.0.dev1", false, true, true},
                                              {"<=2.0a1", "1.0.dev1", false, true, true}};

// TestSpecifier.test_specifier_operator_property / test_specifier_version_property
const Pair SPECIFIER_OPERATOR[] = {{"~=2.0", "~="},     {"==2.1.*", "=="},   {"==2.1.0.3", "=="}, {"!=2.2.*", "!="},
                                   {"!=2.2.0.5", "!="}, {"<=5", "<="},       {">=7.9a1", ">="},   {"<1.0.dev1", "<"},
                                   {">2.0.post1", ">"}, {"===lolwat", "==="}};
const Pair SPECIFIER_VERSION[] = {
    {"~=2.0", "2.0"}, {"==2.1.*", "2.1.*"}, {"==2.1.0.3", "2.1.0.3"},  {"!=2.2.*", "2.2.*"},        {"!=2.2.0.5", "2.2.0.5"},
    {"<=5", "5"},     {">=7.9a1", "7.9a1"}, {"<1.0.dev1", "1.0.dev1"}, {">2.0.post1", "2.0.post1"}, {"===lolwat", "lolwat"}};

// TestSpecifier.test_length / test_iteration
struct Length {
  const char* spec;
  std::vector<std::string> items;
};
const Length SPECIFIER_ITEMS[] = {{"", {}},
                                  {"==2.0", {"==2.0"}},
                                  {">=2.0", {">=2.0"}},
                                  {">=2.0,<3", {">=2.0", "<3"}},
                                  {">=2.0,<3,==2.4", {">=2.0", "<3", "==2.4"}}};

// TestSpecifierSet.test_specifier_prereleases_explicit
struct SetPrereleases {
  Tri initial;
  Tri set;
  const char* version;
  bool initial_contains;
  bool final_contains;
  const char* spec;
};
const SetPrereleases SPECIFIER_SET_PRERELEASES_EXPLICIT[] = {{None, true, "1.0.dev1", true, true, ""},
                                                             {false, true, "1.0.dev1", false, true, ""},
                                                             // Setting prerelease from True to False
                                                             {true, false, "1.0.dev1", true, false, ""},
                                                             {true, false, "1.0.dev1", false, false, ">=1.0"},
                                                             {true, false, "1.0.dev1", true, false, "==1.*"},
                                                             // Setting prerelease from False to None
                                                             {false, None, "1.0.dev1", false, true, ""},
                                                             {false, None, "2.0.dev1", false, true, ">=1.0"},
                                                             // Setting prerelease from True to None
                                                             {true, None, "1.0.dev1", true, true, ""},
                                                             {true, None, "2.0.dev1", true, true, ">=1.0"},
                                                             // Various version patterns with different transitions
                                                             {None, true, "2.0b1", true, true, ""},
                                                             {None, false, "2.0a1", true, false, ""},
                                                             {true, false, "1.0rc1", true, false, ""},
                                                             {false, true, "1.0.post1.dev1", false, true, ""},
                                                             // Specifiers that include prerelease versions explicitly
                                                             {None, false, "2.0.dev1", true, false, "==2.0.dev1"},
                                                             {true, false, "1.0.dev1", true, false, "==1.0.*"},
                                                             {false, true, "1.0.dev1", false, true, "!=2.0"},
                                                             // SpecifierSet with multiple specifiers
                                                             {None, true, "1.5a1", true, true, ">=1.0,<2.0"},
                                                             {false, true, "1.5b1", false, true, ">=1.0,<2.0"},
                                                             {true, false, "1.5rc1", true, false, ">=1.0,<2.0"},
                                                             // Test with dev/alpha/beta/rc variations
                                                             {None, true, "1.0a1", true, true, ""},
                                                             {None, true, "1.0b2", true, true, ""},
                                                             {None, true, "1.0rc3", true, true, ""},
                                                             {None, true, "1.0.dev4", true, true, ""},
                                                             // Test with specifiers that have prereleases implicitly
                                                             {None, false, "1.0a1", true, false, ">=1.0a1"},
                                                             {None, false, "0.9.dev0", true, false, "<1.0.dev1"}};

// TestSpecifierSet.test_specifier_contains_installed_prereleases
struct Installed {
  const char* spec;
  const char* version;
  Tri spec_pre;
  Tri contains_pre;
  bool installed;
  bool expected;
};
const Installed SPECIFIER_CONTAINS_INSTALLED_PRERELEASES[] = {
    {"~=1.0", "1.1.0.dev1", None, None, true, true},
    {"~=1.0", "1.1.0.dev1", false, false, true, true},
    {"~=1.0", "1.1.0.dev1", true, false, true, true},
    {"~=1.0", "1.1.0.dev1", None, false, true, true},
    // Case when installed=False:
    {"~=1.0", "1.1.0.dev1", None, true, false, true},
    {"~=1.0", "1.1.0.dev1", false, true, false, true},
    {"~=1.0", "1.1.0.dev1", false, false, false, false},
    {"~=1.0", "1.1.0.dev1", None, false, false, false},
    // Test with different version types
    {"~=1.0", "1.1.0a1", None, None, true, true},
    {"~=1.0", "1.1.0b1", None, None, true, true},
    {"~=1.0", "1.1.0rc1", None, None, true, true},
    {"~=1.0", "1.1.0.post1.dev1", None, None, true, true},
    // Test with different specifiers
    {">=1.0", "2.0.dev1", None, None, true, true},
    {"==1.*", "1.5.0a1", None, None, true, true},
    {">=1.0,<3.0", "2.0.dev1", None, None, true, true},
    {"!=2.0", "2.0.dev1", None, None, true, true},
    // Test with non-matching versions (regardless of installed)
    {"~=1.0", "3.0.0.dev1", None, None, true, false},
    {"~=1.0", "3.0.0.dev1", true, None, true, false},
    {"~=1.0", "3.0.0.dev1", None, true, true, false},
    {"~=1.0", "3.0.0.dev1", true, true, true, false},
    {"~=1.0", "3.0.0.dev1", false, false, true, false},
    {"~=1.0", "3.0.0.dev1", None, None, false, false},
    // Test with versions outside specifier but with prereleases
    {">=2.0", "1.9.0.dev1", true, None, true, false},
    {">=2.0", "1.9.0.dev1", None, true, true, false},
    {">=2.0", "1.9.0.dev1", true, true, true, false},
    {">=2.0", "1.9.0.dev1", None, None, false, false},
    // Test with edge versions
    {">=1.0", "1.0.0.dev1", None, None, true, false},
    {"<=1.0", "1.0.0.dev1", None, None, true, true},
    {"<1.0", "1.0.0.dev1", None, None, true, false},
    {"<1.0", "0.9.0.dev1", None, None, true, true},
    // Test with specifiers that have explicit prereleases
    {">=1.0.dev1", "1.0.0.dev1", None, None, true, true},
    {">=1.0.dev1", "1.0.0.dev1", false, false, false, false},
    {"==1.0.0.dev1", "1.0.0.dev1", false, false, false, false},
    // Test with stable versions
    {"~=1.0", "1.1.0", None, None, true, true},
    {"~=1.0", "1.1.0", false, false, false, true},
    {"~=1.0", "1.1.0", true, false, false, true},
    // Test combinations of prereleases=True/False and installed=True/False
    {"~=1.0", "1.1.0.dev1", true, None, false, true},
    {"~=1.0", "1.1.0.dev1", false, None, false, false},
    // Test conflicting prereleases and contain_prereleases
    {"~=1.0", "1.1.0.dev1", true, false, false, false},
    // Test with specifiers that explicitly have prereleases overridden
    {">=1.0.dev1", "1.0.0.dev1", None, false, false, false},
    {">=1.0.dev1", "1.0.0.dev1", false, None, false, false}};

// TestSpecifierSet.test_contains_exclusionary_bridges
struct Bridge {
  const char* spec;
  Tri prereleases;
  const char* version;
  bool expected;
};
const Bridge CONTAINS_EXCLUSIONARY_BRIDGES[] = {
    // !=1.*, !=2.*, !=3.0 leaves gap at 3.0 prereleases
    {">=1,!=1.*,!=2.*,!=3.0,<=3.0", None, "3.0.dev0", true},
    {">=1,!=1.*,!=2.*,!=3.0,<=3.0", None, "3.0a1", true},
    {">=1,!=1.*,!=2.*,!=3.0,<=3.0", true, "3.0.dev0", true},
    {">=1,!=1.*,!=2.*,!=3.0,<=3.0", true, "3.0a1", true},
    {">=1,!=1.*,!=2.*,!=3.0,<=3.0", false, "3.0.dev0", false},
    {">=1,!=1.*,!=2.*,!=3.0,<=3.0", false, "3.0a1", false},
    // Versions outside the gap should not match
    {">=1,!=1.*,!=2.*,!=3.0,<=3.0", None, "0.9", false},
    {">=1,!=1.*,!=2.*,!=3.0,<=3.0", None, "1.0", false},
    {">=1,!=1.*,!=2.*,!=3.0,<=3.0", None, "2.0", false},
    {">=1,!=1.*,!=2.*,!=3.0,<=3.0", None, "3.0", false},
    {">=1,!=1.*,!=2.*,!=3.0,<=3.0", None, "4.0", false},
    // >=1.0a1,!=1.*,!=2.*,<3.0 has no matching versions
    // because <3.0 excludes 3.0 prereleases
    {">=1.0a1,!=1.*,!=2.*,<3.0", None, "1.0a1", false},
    {">=1.0a1,!=1.*,!=2.*,<3.0", None, "2.0a1", false},
    {">=1.0a1,!=1.*,!=2.*,<3.0", None, "3.0a1", false},
    {">=1.0a1,!=1.*,!=2.*,<3.0", true, "1.0a1", false},
    {">=1.0a1,!=1.*,!=2.*,<3.0", true, "2.0a1", false},
    {">=1.0a1,!=1.*,!=2.*,<3.0", false, "1.0a1", false},
    {">=1.0a1,!=1.*,!=2.*,<3.0", false, "2.0a1", false},
    // >=1.0.dev0,!=1.*,!=2.*,<3.0.dev0 has no matching versions
    {">=1.0.dev0,!=1.*,!=2.*,<3.0.dev0", None, "1.0.dev0", false},
    {">=1.0.dev0,!=1.*,!=2.*,<3.0.dev0", None, "2.0.dev0", false},
    {">=1.0.dev0,!=1.*,!=2.*,<3.0.dev0", None, "3.0.dev0", false},
    {">=1.0.dev0,!=1.*,!=2.*,<3.0.dev0", true, "1.0.dev0", false},
    {">=1.0.dev0,!=1.*,!=2.*,<3.0.dev0", true, "2.0.dev0", false},
    {">=1.0.dev0,!=1.*,!=2.*,<3.0.dev0", false, "1.0.dev0", false},
    // Gaps with post-releases
    {">=1.0,!=1.0,!=1.1,<2.0", None, "1.0.post1", true},
    {">=1.0,!=1.0,!=1.1,<2.0", None, "1.1.post1", true},
    {">=1.0,!=1.0,!=1.1,<2.0", None, "1.0", false},
    {">=1.0,!=1.0,!=1.1,<2.0", None, "1.1", false},
    {">=1.0,!=1.0,!=1.1,<2.0", None, "2.0", false},
    {">=1.0,!=1.0,!=1.1,<2.0", true, "1.0.post1", true},
    {">=1.0,!=1.0,!=1.1,<2.0", true, "1.1.post1", true},
    {">=1.0,!=1.0,!=1.1,<2.0", false, "1.0.post1", true},
    {">=1.0,!=1.0,!=1.1,<2.0", false, "1.1.post1", true},
    // Dev version gaps
    {">=1,!=1.*,!=2.*,!=3.0,!=3.1,<4", None, "3.0.dev0", true},
    {">=1,!=1.*,!=2.*,!=3.0,!=3.1,<4", None, "3.1.dev0", true},
    {">=1,!=1.*,!=2.*,!=3.0,!=3.1,<4", None, "0.5", false},
    {">=1,!=1.*,!=2.*,!=3.0,!=3.1,<4", None, "3.0", false},
    {">=1,!=1.*,!=2.*,!=3.0,!=3.1,<4", None, "3.1", false},
    {">=1,!=1.*,!=2.*,!=3.0,!=3.1,<4", None, "5.0", false},
    {">=1,!=1.*,!=2.*,!=3.0,!=3.1,<4", true, "3.0.dev0", true},
    {">=1,!=1.*,!=2.*,!=3.0,!=3.1,<4", true, "3.1.dev0", true},
    {">=1,!=1.*,!=2.*,!=3.0,!=3.1,<4", false, "3.0.dev0", false},
    {">=1,!=1.*,!=2.*,!=3.0,!=3.1,<4", false, "3.1.dev0", false},
    // Test that < (exclusive) excludes prereleases of the specified version
    // but allows prereleases of earlier versions
    {">=1.0a1,!=1.0,<1.1", None, "1.0a1", true},
    {">=1.0a1,!=1.0,<1.1", None, "1.0b1", true},
    {">=1.0a1,!=1.0,<1.1", None, "0.9", false},
    {">=1.0a1,!=1.0,<1.1", None, "1.0", false},
    {">=1.0a1,!=1.0,<1.1", None, "1.1", false},
    {">=1.0a1,!=1.0,<1.1", None, "1.1.dev0", false},
    {">=1.0a1,!=1.0,<1.1", None, "1.1a1", false},
    {">=1.0a1,!=1.0,<1.1", true, "1.0a1", true},
    {">=1.0a1,!=1.0,<1.1", true, "1.0b1", true},
    {">=1.0a1,!=1.0,<1.1", true, "1.1.dev0", false},
    {">=1.0a1,!=1.0,<1.1", true, "1.1a1", false},
    {">=1.0a1,!=1.0,<1.1", false, "1.0a1", false},
    {">=1.0a1,!=1.0,<1.1", false, "1.0b1", false},
    // Test that <= (inclusive) allows prereleases of the specified version
    // when explicitly requested, but follows default prerelease filtering
    {">=0.9,!=0.9,<=1.0", None, "0.9.post1", true},
    {">=0.9,!=0.9,<=1.0", None, "1.0", true},
    {">=0.9,!=0.9,<=1.0", None, "1.0.dev0", true},   // <= allows prereleases of specified version
    {">=0.9,!=0.9,<=1.0", None, "1.0a1", true},      // <= allows prereleases of specified version
    {">=0.9,!=0.9,<=1.0", None, "1.0.post1", false}, // 1.0.post1 > 1.0 so excluded by <=1.0
    {">=0.9,!=0.9,<=1.0", true, "0.9.post1", true},
    {">=0.9,!=0.9,<=1.0", true, "1.0.dev0", true},
    {">=0.9,!=0.9,<=1.0", true, "1.0a1", true},
    {">=0.9,!=0.9,<=1.0", true, "1.0", true},
    {">=0.9,!=0.9,<=1.0", false, "0.9.post1", true},
    {">=0.9,!=0.9,<=1.0", false, "1.0.dev0", false},
    {">=0.9,!=0.9,<=1.0", false, "1.0a1", false},
    {">=0.9,!=0.9,<=1.0", false, "1.0", true},
    // Epoch-based gaps
    {">=1!0,!=1!1.*,!=1!2.*,<1!3", None, "1!0.5", true},
    {">=1!0,!=1!1.*,!=1!2.*,<1!3", None, "1!2.5", false},
    {">=1!0,!=1!1.*,!=1!2.*,<1!3", None, "0!5.0", false},
    {">=1!0,!=1!1.*,!=1!2.*,<1!3", None, "2!0.0", false},
    {">=1!0,!=1!1.*,!=1!2.*,<1!3", true, "1!0.5", true},
    {">=1!0,!=1!1.*,!=1!2.*,<1!3", true, "0!5.0", false},
    {">=1!0,!=1!1.*,!=1!2.*,<1!3", false, "1!0.5", true},
    {">=1!0,!=1!1.*,!=1!2.*,<1!3", false, "0!5.0", false},
    // >V.devN combined with other specifiers: post-releases of
    // the base release are accepted (they are not post-releases
    // of V.devN).
    {">1.0.dev1,==1.0.post0", None, "1.0.post0", true},
    {">1.0.dev1,==1.0.post1", None, "1.0.post1", true},
    {">1.0a1,==1.0.post0", None, "1.0.post0", true},
    {">1.0.dev1,<=2.0", None, "1.0.post0", true},
    {">1.0.dev1,<=2.0", None, "1.0", true},
    // >V.preN: post of the pre-release itself is still excluded
    {">1.0a1,<=2.0", true, "1.0a1.post0", false},
    // With an upper bound that includes post-releases
    {">1.0.dev1,<=1.0.post1", None, "1.0.post0", true},
    {">1.0.dev1,<=1.0.post1", None, "1.0.post1", true},
    {">1.0.dev1,<=1.0.post1", None, "1.0", true},
    // != can remove some versions but post-releases still match
    {">1.0.dev1,!=1.0,<=2.0", None, "1.0.post0", true},
    {">1.0.dev1,!=1.0,!=1.0.post0,<=2.0", None, "1.0.post1", true},
    // <V.postN combined with other specifiers: pre-releases of
    // the base release are accepted (they are not pre-releases
    // of V.postN).
    {"==1.0.dev0,<1.0.post1", None, "1.0.dev0", true},
    {"==1.0a1,<1.0.post0", None, "1.0a1", true},
    {"==1.0.post0.dev0,<1.0.post1", None, "1.0.post0.dev0", true},
    {">=1.0,<1.0.post1", None, "1.0", true},
    {">=1.0,<1.0.post1", None, "1.0.post0", true},
    // 1.0.dev0 < 1.0, so it fails >=1.0 regardless of <
    {">=1.0,<1.0.post1", true, "1.0.dev0", false},
    // With a lower bound that includes pre-releases
    {">=1.0.dev0,<1.0.post1", true, "1.0.dev0", true},
    {">=1.0.dev0,<1.0.post1", true, "1.0.a1", true},
    {">=1.0.dev0,<1.0.post1", true, "1.0.post0.dev0", true},
    // != can remove non-pre-releases but pre-releases still match
    {">=1.0.dev0,<1.0.post1,!=1.0,!=1.0.post0", true, "1.0.dev0", true},
    {">=1.0.dev0,<1.0.post1,!=1.0,!=1.0.post0", true, "1.0.post0.dev0", true},
    // Post-release survivors still match
    {">=1.0.dev0,<1.0.post2,!=1.0,!=1.0.post0", true, "1.0.post1", true},
    {">=1.0.dev0,<1.0.post2,!=1.0", true, "1.0.post0", true}};

// TestIsUnsatisfiable: the sample versions (_version_family over _SAMPLE_BASES; the extra
// non-PEP 440 strings "foobar", "a", "b", "not-a-version" cannot be pins and are left out).
std::vector<std::string> version_family(const std::string& base) {
  return {base + ".dev0",
          base + ".dev1",
          base + ".dev0+local",
          base + "a0",
          base + "a0.post0.dev0",
          base + "a0.post0",
          base + "a1.dev1",
          base + "a1.dev1+local",
          base + "a1",
          base + "a1+local",
          base + "b1",
          base + "b2.post1.dev1",
          base + "b2.post1",
          base + "rc1.dev1",
          base + "rc1",
          base + "rc2",
          base + "a2.dev0",
          base,
          base + ".0",
          base + ".post0.dev0",
          base + ".post0",
          base + ".post1.dev0",
          base + ".post1",
          base + ".post1+local",
          base + ".post2",
          base + "+local",
          base + "+local1",
          base + "+local2",
          base + "+1",
          base + "+1.local",
          base + ".1.dev1",
          base + ".1a1",
          base + ".1",
          base + ".1+local",
          base + ".1.post1"};
}

const char* const SAMPLE_BASES[] = {"0",     "0.0",   "1.0",   "1.1",    "1.2",   "2.0",   "2.1",   "3.0",
                                    "1.0.1", "1.4.2", "2.0.0", "3.10.2", "3.8",   "3.9",   "3.10",  "3.11",
                                    "3.12",  "3.13",  "3.14",  "10.0",   "100.0", "1!0.0", "1!1.0", "1!2.0"};

std::vector<Version> sample_versions() {
  std::vector<Version> out;
  std::set<std::string> seen;
  for (const char* base : SAMPLE_BASES) {
    for (const auto& s : version_family(base)) {
      if (seen.insert(s).second) {
        out.push_back(Version::parse(s));
      }
    }
  }
  for (const char* s : {"1.01", "1.0-1", "v1.0"}) {
    out.push_back(Version::parse(s));
  }
  return out;
}

bool any_contained(const char* spec, bool prereleases) {
  static const std::vector<Version> samples = sample_versions();
  auto set = SpecifierSet::parse(spec);
  for (const auto& s : samples) {
    if (set.contains(s, prereleases)) {
      return true;
    }
  }
  return false;
}

const char* const UNSATISFIABLE[] = {
    // Crossed bounds
    ">=2.0,<1.0", ">=2.0,<2.0", ">2.0,<=2.0", ">2.0,<2.0",
    // Equality conflicts
    "==1.0,!=1.0", "==1.0,>1.0", "==1.0,<1.0", "==1.0,>=2.0", "==3.0,<2.0",
    // Wildcard conflicts
    "==1.*,>=2.0", "==2.*,<2.0.dev0", "==3.*,<3.0.dev0", "==1.0.*,!=1.0.*", "==1.0,!=1.*",
    // Compatible release conflicts
    "~=2.0,<2.0", "~=2.0,>=3.0", "~=2.5,<2.5", "~=1.0,>=2.0", "~=1.4.2,<1.4.2",
    // Point range excluded
    ">=1.0,<=1.0,!=1.0",
    // Epoch conflicts
    "==1!1.0,==1.0", ">=1!1.0,<1.0", ">=1!0.0,<1.0",
    // Zero/dev edge cases
    "<0", "<0.0", "<0.0.dev0", ">=1.0,<0.0.dev0",
    // <V excludes prereleases of V when V is not a prerelease
    ">=1.0a1,<1.0", ">=1.0.dev0,<1.0", ">=1.0rc1,<1.0",
    // <V.postN excludes dev releases of V.postN
    ">=1.0.post1,<1.0.post1", ">=1.0.post1.dev0,<1.0.post1",
    // >V excludes posts of V; <V.postN bound leaves no room
    ">1.0,<1.0.post0", ">1.0,<1.0.post1",
    // >V.postN + <V.postN+1: no version exists in the gap
    ">1.0.post0,<1.0.post1",
    // dev crossing
    ">=1.0.dev5,<1.0.dev3",
    // == with dev/pre/post + > same version
    "==1.0.dev0,>1.0.dev0", "==1.0a1,>1.0a1", "==1.0.post1,>1.0.post1",
    // >V.preN excludes posts of V.preN; nothing between
    ">1.0a1,<1.0a1.post1",
    // ~= with dev/pre + conflicting range
    "~=1.0.dev0,>=2.0", "~=1.0a1,>=2.0",
    // Wildcard exhausts range
    ">=1.0,<2.0,!=1.*", "~=1.4.2,!=1.4.*",
    // Local version conflicts
    "==1.0+local,!=1.0+local",
    // === conflicts: multiple === with different strings
    "===a,===b", "===1.0,===2.0",
    // === with unparsable + standard spec
    "===foobar,==1.0", "===foobar,>=1.0", "===a,!=1.0", "===not-a-version,~=1.0", "===foobar,>=2.0,<3.0",
    // === with parsable version that fails standard specs
    "===1.0,>=2.0", "===1.0,!=1.0", "===1.0,>1.0", "===1.01,==1.0",
    // Non-overlapping wildcards (adjacent boundaries, upper exclusive)
    "==1.0.*,==1.1.*", "==1.*,==2.*",
    // Conflicting compatible releases
    "~=1.0,~=2.0", "~=1.4.2,~=1.5.0",
    // Local excluded by non-local != (locals ignored per spec)
    "==1.0+local1,!=1.0",
    // Wildcard exhaustion (single and multiple)
    ">=1.0,<1.1,!=1.0.*", "!=1.*,!=2.*,>=1.0,<3.0", "~=1.0,!=1.*",
    // >V excludes posts of pre-release V
    ">1.0a1,<1.0a1.post2",
    // Adjacent dev of zero: no version between devN and dev(N+1)
    ">0.dev0,<0.dev1",
    // Compatible release with pre/dev suffix vs <base
    "~=1.0a1,<1.0", "~=1.0.dev5,<1.0",
    // Between post dev and post: >V.postK.devN leaves no room
    ">1.0.post0.dev0,<1.0.post0",
    // Deep release crossing compatible release boundary
    "~=1.2.3.4.5,>=1.2.3.5",
    // Different base but release is above the <V.postN bound
    "==1.1.dev0,<1.0.post1"};

// SATISFIABLE, without the rows that only an unnormalised or non-PEP 440 string satisfies
// ("===foobar", "===1.01", "===1.01,>=1.0", "===1.01,==1.1", "===FOOBAR,===foobar",
// "===FooBar,===FOOBAR", "===v1.0,>=1.0", "===1.0-1,>=1.0").
const char* const SATISFIABLE[] = {
    "", ">=1.0", "<2.0", ">1.0", ">=1.0,<2.0", ">=1.0,<=1.0", ">=1.0,<100.0",
    // Compatible release
    "~=1.0", "~=1.0,<1.5", "~=1.4.2",
    // Wildcards
    "==1.0.*", "!=1.0.*", "==1.*,!=1.5", "==1.0.*,==1.*", "!=1.*,>=2.0",
    // Exclusions that don't exhaust range
    ">=1.0,<2.0,!=1.5,!=1.6", ">=1.0,<2.0,!=1.0,!=1.1,!=1.2,!=1.3,!=1.4",
    // Single operators
    "==1.0", "!=1.0",
    // Prerelease ranges
    ">=1.0.dev0,<1.0.dev1", ">=1.0a1,<1.0a2",
    // Pre-release ranges with room between
    ">1.0a1,<1.0a2", ">=1.0a1,<1.0b1", ">=1.0b1,<1.0rc1",
    // Post-release ranges
    ">1.0.post0,<1.0.post2", ">1.0.post0,<1.0.post3",
    // Dev range within a release
    ">=1.0a1.dev0,<1.0a1",
    // Epoch
    ">=1!1.0,<1!2.0", ">1!1.0,<1!3.0",
    // Wildcards that don't exhaust range
    ">=1.0,<3.0,!=2.*",
    // Real-world
    ">=3.8,!=3.9.*,!=3.10.0,!=3.10.1,~=3.10.2,<3.14",
    // Boundary checks
    "<1.0.dev1", ">1!1.0", "<1!2.0", ">1.0,<3.0", ">1.0,>2.0", "<2.0,<3.0", ">1.0.post0", ">1.0.post1,<2.0",
    // Local versions (spec with local + spec without local that strips local)
    "==1.0+local1,>=1.0", "!=1.0+local1,>=1.0", "==1.0,>=0.5", "==1.0,!=0.5", "==1.0,<=2.0", "==1.0+local1,!=1.0+local2",
    "==1.0+local1,==1.0", "==1.0+local1,<=1.0", "==1.0+local,>=1.0,<=1.0", "==1.0.post1+local,<=1.0.post1",
    // Various multi-spec
    ">1.0,!=0.5", ">=1.0,<2.0rc1", ">=0.5,!=1.0.*", "~=1.0,!=1.3", ">=1!0.0,<1!1.0",
    // === (arbitrary string equality)
    "===1.0", "===1.0a1",
    // === mixed with standard operators
    "===1.0,==1.0", "===1.0,>=1.0", "===1.0,>=0.5", "===1.0,!=2.0", "===1.0.0,>=1.0",
    // Final version sits below its own post-releases
    ">=1.0,<1.0.post0", ">=1.0,<1.0.post1",
    // Lower bound below base.dev0: other-base versions survive
    ">=0,<1.0.post0,!=1.0",
    // <V.postN only excludes pre-releases of V.postN itself,
    // not pre-releases of the base release (#1140)
    "==1.0.dev0,<1.0.post1", "==1.0a1,<1.0.post0", "==1.0rc1,<1.0.post0", "==1.0.post0.dev0,<1.0.post1",
    ">=1.0.dev0,<1.0.post1,!=1.0,!=1.0.post0",
    // Zero-padding equivalence
    "==1.0,==1.0.0",
    // Compatible release with post suffix
    "~=1.0.post1,>=1.0",
    // Range below post dev
    ">=1.0,<1.0.post0.dev1",
    // Post of alpha satisfies (1.0a1.post0 exists)
    ">=1.0a1,<1.0a2,!=1.0a1",
    // Alpha-to-beta range has room (1.0a2.dev0, etc.)
    ">1.0a1,<1.0b1",
    // Overlapping compatible releases
    "~=1.0,~=1.1", "~=1.0,~=1.0.1",
    // Partial wildcard exclusion doesn't exhaust range
    ">=1.0,<2.0,!=1.0.*,!=1.1.*",
    // ~= with pre/dev lower bound still accepts the final release
    "~=1.0.dev0,<1.0.post0", "~=1.0a1,<1.0.post0"};

const char* const UNSATISFIABLE_NO_PRE[] = {
    // Only pre-releases in range
    ">=1.0.dev0,<1.0", ">=1.0a1,<1.0", ">=1.0rc1,<1.0",
    // Single pre-release pin
    "==1.0.dev0", "==1.0a1", "==1.0a1.post0", "==1.0.post0.dev0", "==0.dev0",
    // Ranges within one pre-release family
    ">=1.0a1,<1.0a2", ">=1.0b1,<1.0rc1", ">=1.0.dev0,<1.0.dev5",
    // Strict > on pre-release lower bound (BoundaryVersion path)
    ">1.0a1,<1.0a3",
    // != removes all non-pre-releases from range
    ">=1.0rc1,<=1.0,!=1.0", ">=1.0.dev0,<=1.0,!=1.0", ">=1.0.dev0,<=1.0.post0,!=1.0,!=1.0.post0",
    // Epoch pre-release
    "==1!1.0.dev0", ">=1!1.0a1,<1!1.0",
    // === with parseable pre-release string
    "===1.0a1", "===1.0.dev0",
    // Already unsatisfiable regardless of prereleases
    ">=2.0,<1.0"};

// SATISFIABLE_NO_PRE, without "===foobar" (only the non-PEP 440 sample satisfies it).
const char* const SATISFIABLE_NO_PRE[] = {"", ">=1.0,<2.0", ">=1.0.dev0,<2.0", "==1.0", "==1.0.post0", ">=1.0.dev0,<1.0.post1",
                                          // Unbounded lower (nearest_non_prerelease(None) path)
                                          "<2.0",
                                          // Exact local pin: nearest == upper and upper inclusive
                                          "==1.0+local",
                                          // === forces range fallback in prerelease check
                                          "===1.0",
                                          // Compatible release from pre-release includes final release
                                          "~=1.0a1", "~=1.0.dev0",
                                          // != removes some but not all
                                          ">=1.0rc1,<=1.0.post0,!=1.0",
                                          // Inclusive upper at non-pre-release boundary
                                          ">=1.0rc1,<=1.0", ">=1.0.dev0,<=1.0"};

// ---------------------------------------------------------------- checks shared by the tables

// Every string of a list gives `expected` through pred.
template <class List, class Pred> void check_all(const List& list, Pred pred, bool expected) {
  for (const char* s : list) {
    INFO("s: " << s);
    CHECK(pred(s) == expected);
  }
}

// Every row's input gives the row's output through f.
template <class Rows, class F> void check_pairs(const Rows& rows, F f) {
  for (const Pair& row : rows) {
    INFO("in: " << row.in);
    CHECK(f(row.in) == row.out);
  }
}

// Every row's version gives the row's flag through pred.
template <class Rows, class Pred> void check_flags(const Rows& rows, Pred pred) {
  for (const Flag& row : rows) {
    INFO("s: " << row.version);
    CHECK(pred(v(row.version)) == row.expected);
  }
}

// Specifier(spec, prereleases=True) holds (or not, as `expected` says) every row's version.
template <class Rows> void check_specifier_contains(const Rows& rows, bool expected) {
  for (const Contains& row : rows) {
    INFO("version: " << row.version);
    INFO("spec: " << row.spec);
    CHECK(Specifier::parse(row.spec).contains(v(row.version), true) == expected);
  }
}

// Spec (a Specifier or a SpecifierSet) holds a row's version exactly when the row expects it, with
// pre-releases allowed (upstream's default and prereleases=True both allow them).
template <class Spec> void check_expected(const std::string& table, size_t count) {
  for (const Expect& row : expect_rows(table, count)) {
    INFO("version: " << row.version);
    INFO("spec: " << row.spec);
    CHECK(Spec::parse(row.spec).contains(v(row.version.c_str()), true) == row.expected);
  }
}

// A row's version before (`initial`) and after (`set`) setting the prereleases of a Spec.
template <class Spec, class Rows> void check_prereleases_set(const Rows& rows) {
  for (const auto& row : rows) {
    INFO("row.spec: " << row.spec);
    INFO("row.version: " << row.version);
    auto s = Spec::parse(row.spec);
    CHECK(s.contains(v(row.version), allow_pre(row.initial)) == row.initial_contains);
    CHECK(s.contains(v(row.version), allow_pre(row.set)) == row.final_contains);
  }
}

} // namespace

// ================================================================ tests/test_version.py

TEST_CASE("pep440 vectors: test_version.py valid and invalid versions") {
  auto parses = [](const char* s) { return Version::try_parse(s).has_value(); };
  check_all(VERSIONS, parses, true);
  check_all(INVALID_VERSIONS, parses, false);
  for (const char* s : INVALID_VERSIONS) {
    INFO("s: " << s);
    CHECK_THROWS_AS(Version::parse(s), catalog::InvalidInput);
  }
  // test_parse_raises
  CHECK_THROWS_AS(Version::parse("lolwat"), catalog::InvalidInput);
}

TEST_CASE("pep440 vectors: test_version.py normalisation and str") {
  auto str = [](const char* in) { return v(in).str(); };
  check_pairs(NORMALIZED_VERSIONS, str);
  check_pairs(VERSION_STR, str);
  // test_version_rc_and_c_equals
  CHECK(v("1.0rc1") == v("1.0c1"));
}

TEST_CASE("pep440 vectors: test_version.py properties") {
  check_pairs(VERSION_PUBLIC, [](const char* in) { return v(in).public_version().str(); });
  for (const char* s : PROPERTY_VERSIONS) {
    INFO("s: " << s);
    std::string text_s = s;
    bool epoch1 = text_s.starts_with("1!");
    // test_version_base_version
    CHECK(v(s).base_version().str() == (epoch1 ? "1!1.0" : "1.0"));
    // test_version_epoch
    CHECK(v(s).epoch() == (epoch1 ? 1 : 0));
    // test_version_release: (1, 0) throughout
    CHECK(text(v(s).release()) == "1.0");
    // test_version_local: "deadbeef" for the +deadbeef rows, None otherwise
    bool local = text_s.ends_with("+deadbeef");
    CHECK(v(s).has_local() == local);
    if (local) {
      CHECK(v(s).str() == v(s).public_version().str() + "+deadbeef");
    }
  }
  check_flags(VERSION_IS_PRERELEASE, [](const Version& x) { return x.is_prerelease(); });
  check_flags(VERSION_IS_POSTRELEASE, [](const Version& x) { return x.is_postrelease(); });
}

TEST_CASE("pep440 vectors: test_version.py comparison over VERSIONS") {
  // test_comparison_true / test_comparison_false: every pair, every operator.
  const size_t n = std::size(VERSIONS);
  std::vector<Version> parsed;
  for (const char* s : VERSIONS) {
    parsed.push_back(v(s));
  }
  size_t failures = 0;
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n; ++j) {
      const Version& x = parsed[i];
      const Version& y = parsed[j];
      bool ok = (x < y) == (i < j) && (x <= y) == (i <= j) && (x == y) == (i == j) && (x != y) == (i != j) &&
                (x >= y) == (i >= j) && (x > y) == (i > j);
      if (!ok) {
        ++failures;
        INFO(VERSIONS[i] << " vs " << VERSIONS[j]);
        CHECK(ok);
      }
    }
  }
  CHECK(failures == 0);
}

// ================================================================ tests/test_specifiers.py

TEST_CASE("pep440 vectors: test_specifiers.py valid and invalid specifiers") {
  // test_specifiers_valid
  for (const char* s : SPECIFIERS) {
    INFO("s: " << s);
    CHECK_NOTHROW(Specifier::parse(s));
  }
  // test_specifiers_invalid
  for (const char* s : INVALID_SPECIFIERS) {
    INFO("s: " << s);
    CHECK_THROWS_AS(Specifier::parse(s), catalog::InvalidInput);
    CHECK_THROWS_AS(SpecifierSet::parse(s), catalog::InvalidInput);
  }
  // test_specifiers_normalized
  for (const char* version : NORMALIZED_SPECIFIER_VERSIONS) {
    bool local = std::string(version).find('+') != std::string::npos;
    for (const char* op : {"~=", "==", "!=", "<=", ">=", "<", ">"}) {
      if (local && std::string(op) != "==" && std::string(op) != "!=") {
        continue;
      }
      std::string spec = std::string(op) + version;
      INFO("spec: " << spec);
      CHECK_NOTHROW(Specifier::parse(spec));
    }
  }
}

TEST_CASE("pep440 vectors: test_specifiers.py str, operator, version, length and items") {
  check_pairs(SPECIFIER_STR, [](const char* in) { return Specifier::parse(in).str(); });
  check_pairs(SPECIFIER_SET_STR, [](const char* in) { return SpecifierSet::parse(in).str(); });
  check_pairs(SPECIFIER_OPERATOR, [](const char* in) { return Specifier::parse(in).op; });
  check_pairs(SPECIFIER_VERSION, [](const char* in) {
    auto s = Specifier::parse(in);
    return s.version_text + (s.wildcard ? ".*" : "");
  });
  for (const auto& row : SPECIFIER_ITEMS) {
    INFO("spec: " << row.spec);
    auto set = SpecifierSet::parse(row.spec);
    CHECK(set.clauses.size() == row.items.size());
    std::set<std::string> got;
    for (const auto& c : set.clauses) {
      got.insert(c.str());
    }
    CHECK(got == std::set<std::string>(row.items.begin(), row.items.end()));
  }
}

TEST_CASE("pep440 vectors: test_specifiers.py Specifier contains") {
  // test_specifiers: Specifier(spec, prereleases=True)
  check_specifier_contains(SPECIFIERS_TRUE, true);
  check_specifier_contains(SPECIFIERS_FALSE, false);
  // test_specifier_prereleases_set
  check_prereleases_set<Specifier>(SPECIFIER_PRERELEASES_SET);
  // test_arbitrary_equality, test_arbitrary_equality_normalization
  check_expected<Specifier>("ARBITRARY_EQUALITY", 41);
  check_expected<Specifier>("ARBITRARY_EQUALITY_NORMALIZATION", 14);
  // test_specifiers_prereleases
  for (const auto& row : SPECIFIERS_PRERELEASES) {
    INFO("row.spec: " << row.spec);
    INFO("row.version: " << row.version);
    CHECK(Specifier::parse(row.spec).contains(v(row.version), allow_pre(row.spec_pre, row.contains_pre)) == row.expected);
  }
}

TEST_CASE("pep440 vectors: test_specifiers.py SpecifierSet contains") {
  // test_empty_specifier: SpecifierSet(prereleases=True) holds every version
  check_all(
      VERSIONS, [](const char* s) { return SpecifierSet::parse("").contains(v(s), true); }, true);
  // test_specifier_prereleases_explicit
  check_prereleases_set<SpecifierSet>(SPECIFIER_SET_PRERELEASES_EXPLICIT);
  // test_specifier_contains_prereleases
  CHECK(SpecifierSet::parse("").contains(v("1.0.dev1"), allow_pre(None)));
  CHECK(SpecifierSet::parse("").contains(v("1.0.dev1"), allow_pre(None, true)));
  CHECK(SpecifierSet::parse("").contains(v("1.0.dev1"), allow_pre(true)));
  CHECK_FALSE(SpecifierSet::parse("").contains(v("1.0.dev1"), allow_pre(true, false)));
  // test_specifier_contains_installed_prereleases
  for (const auto& row : SPECIFIER_CONTAINS_INSTALLED_PRERELEASES) {
    INFO("row.spec: " << row.spec);
    INFO("row.version: " << row.version);
    INFO("row.installed: " << row.installed);
    auto set = SpecifierSet::parse(row.spec);
    CHECK(set.contains(v(row.version), allow_pre(row.spec_pre, row.contains_pre, row.installed)) == row.expected);
  }
  CHECK(SpecifierSet::parse("~=1.0").contains(v("1.1.0.dev1"), allow_pre(false, None, true)));
  CHECK_FALSE(SpecifierSet::parse("~=1.0").contains(v("1.1.0.dev1"), allow_pre(false, false, false)));
  // test_contains_exclusionary_bridges
  for (const auto& row : CONTAINS_EXCLUSIONARY_BRIDGES) {
    INFO("spec: " << row.spec);
    INFO("version: " << row.version);
    CHECK(SpecifierSet::parse(row.spec).contains(v(row.version), allow_pre(None, row.prereleases)) == row.expected);
  }
  // test_contains_arbitrary_equality_contains, test_contains_arbitrary_equality_normalization
  check_expected<SpecifierSet>("SET_ARBITRARY_EQUALITY_CONTAINS", 9);
  check_expected<SpecifierSet>("SET_ARBITRARY_EQUALITY_NORMALIZATION", 6);
  // test_comparison_ignores_local
  check_expected<SpecifierSet>("COMPARISON_IGNORES_LOCAL", 6);
  // test_contains_with_compatible_operator: SpecifierSet("~=1.18.0") & SpecifierSet("~=1.18")
  CHECK_FALSE(SpecifierSet::parse("~=1.18.0,~=1.18").contains(v("1.19.5")));
  CHECK(SpecifierSet::parse("~=1.18.0,~=1.18").contains(v("1.18.0")));
}

TEST_CASE("pep440 vectors: test_specifiers.py TestIsUnsatisfiable, through contains over the samples") {
  // filter(_SAMPLE_VERSIONS, prereleases=True) is empty exactly for the unsatisfiable sets.
  auto with_pre = [](const char* spec) { return any_contained(spec, true); };
  check_all(UNSATISFIABLE, with_pre, false);
  check_all(SATISFIABLE, with_pre, true);
  // SpecifierSet(spec, prereleases=False): pre-releases never match.
  auto without_pre = [](const char* spec) { return any_contained(spec, false); };
  check_all(UNSATISFIABLE_NO_PRE, without_pre, false);
  check_all(SATISFIABLE_NO_PRE, without_pre, true);
}
