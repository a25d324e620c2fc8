#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace util {

// Matches a path against a glob with gitignore semantics: '*' and '?' never match '/',
// '[a-z]' / '[!a-z]' are character classes, '\x' is a literal x, and '**' matches any number of
// path segments ("**/x", "a/**/b", "a/**").
bool glob_match(std::string_view pattern, std::string_view path);

// One line of a .gitignore file (or an --exclude glob).
struct IgnorePattern {
  std::string glob;      // without '!', leading '/' and trailing '/'
  bool negated = false;  // "!pattern": re-includes what an earlier pattern ignored
  bool dir_only = false; // "pattern/": matches directories only
  bool anchored = false; // contains a '/': matched against the whole relative path
};

// The patterns of one ignore file, relative to the folder that holds it.
class IgnoreRules {
public:
  IgnoreRules() = default;
  // Parses gitignore text: blank lines and '#' comments are skipped, trailing spaces trimmed.
  // base is the folder of the file, relative to the walk's root ("" for the root itself).
  IgnoreRules(std::string base, std::string_view text);

  // Adds one glob (an --exclude, same syntax as a .gitignore line).
  void add(std::string_view line);

  // Whether the last matching pattern ignores the path (true) or re-includes it (false);
  // nullopt when none matches. rel is relative to the walk's root.
  std::optional<bool> match(std::string_view rel, bool is_dir) const;

  bool empty() const { return m_patterns.empty(); }

private:
  std::string m_base;
  std::vector<IgnorePattern> m_patterns;
};

} // namespace util
