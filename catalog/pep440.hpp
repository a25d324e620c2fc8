#pragma once

#include <compare>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace catalog::pep440 {

// A PEP 440 version: [N!]N(.N)*[{a|b|rc}N][.postN][.devN][+local].
// Parsing accepts the spellings PEP 440 normalises (1.0-1, 1.0alpha2, v1.0, 1.0_RC1, ...).
class Version {
public:
  // Throws InvalidInput naming the text when it is not a PEP 440 version.
  static Version parse(std::string_view text);
  static std::optional<Version> try_parse(std::string_view text);

  int epoch() const { return m_epoch; }
  const std::vector<long>& release() const { return m_release; }
  bool is_prerelease() const { return m_pre_kind >= 0 || m_dev.has_value(); }
  bool is_postrelease() const { return m_post.has_value(); }
  bool has_local() const { return !m_local.empty(); }
  // The version without its local label.
  Version public_version() const;
  // The epoch and release only (no pre, post, dev or local part).
  Version base_version() const;
  // The version a post-release is a post-release of: without post, dev and local (1.0a1.post2.dev3 -> 1.0a1).
  Version post_base() const;
  // The first pre-release of this (public, non-dev) version: 1.0 -> 1.0.dev0, 1.0.post1 -> 1.0.post1.dev0.
  Version earliest_prerelease() const;
  // Normalised text (1.0-1 -> 1.0.post1).
  std::string str() const;

  std::strong_ordering operator<=>(const Version& other) const;
  bool operator==(const Version& other) const { return (*this <=> other) == 0; }

private:
  int m_epoch = 0;
  std::vector<long> m_release;
  int m_pre_kind = -1; // -1 none, 0 a, 1 b, 2 rc
  long m_pre_num = 0;
  std::optional<long> m_post;
  std::optional<long> m_dev;
  std::vector<std::string> m_local; // lower-cased segments
};

// How a clause holds on a release line (every final or post release whose release numbers begin
// with the line's, such as 2.8 for 2.8.0, 2.8.4, 2.8.4.post1): on every version of it, on none, or
// on some only (which one is installed decides).
enum class LineHolds { always, never, maybe };

// One clause: "~=1.4", "==1.15.*", "!=0.23.0", ">=2.11", "===foo".
struct Specifier {
  std::string op;
  std::string version_text; // as written, without ".*"
  bool wildcard = false;
  std::optional<Version> version; // unset only for "==="

  static Specifier parse(std::string_view text);
  // Whether an installed version satisfies this clause. Pre-releases are allowed, as for an
  // installed distribution; prereleases=false rejects every pre-release, as an installer does unless
  // asked for them.
  bool contains(const Version& v, bool prereleases = true) const;
  // How the clause holds on the release line `line` (its release numbers, epoch 0): `>=2.3` never
  // holds on 2.2, `==2.8.*` always holds on 2.8, `==2.8.4` maybe.
  LineHolds on_line(const std::vector<long>& line) const;
  std::string str() const;
};

// Comma-separated clauses, all of which must hold. Empty means "any version".
struct SpecifierSet {
  std::vector<Specifier> clauses;

  static SpecifierSet parse(std::string_view text);
  // As Specifier::contains, for every clause.
  bool contains(const Version& v, bool prereleases = true) const;
  // Never when a clause never holds on the line, always when every clause always does, else
  // maybe (the clauses may still exclude each other within the line: maybe is not a promise).
  LineHolds on_line(const std::vector<long>& line) const;
  std::string str() const;
};

// "name[extras] specifiers ; marker", as in requirements.txt and install_requires.
struct Requirement {
  std::string name; // normalised (PEP 503): lower case, runs of -_. become -
  SpecifierSet specifiers;
  std::string marker; // kept verbatim, not evaluated

  // Throws InvalidInput naming the text when it is not a requirement.
  static Requirement parse(std::string_view text);
  std::string str() const;
};

// PEP 503 normalisation of a project name.
std::string normalize_name(std::string_view name);

} // namespace catalog::pep440
