#pragma once

#include <optional>
#include <string>
#include <vector>

namespace lib::scan {

// The repository's scan policy: .rtcat.toml or .rtcat.yaml at the root of the checkout.
struct ScanConfig {
  std::string path;                   // the file it came from; "" when there is none
  std::optional<std::string> fail_on; // error, warning, note, never
  std::optional<int> warn_days;       // 0..36500
  std::vector<std::string> excludes;  // gitignore-style globs
  std::vector<std::string> ignore;    // rule ids
  std::optional<std::string> catalog; // resolved against the config file's folder
};

// The config file for a scan from `start` (a folder or file): .rtcat.toml, .rtcat.yaml or
// .rtcat.yml in the top folder of the git checkout holding it, else in `start` itself.
// nullopt when there is none.
std::optional<std::string> find_config(const std::string& start);

// Reads a config file. The TOML form takes top-level `key = value` lines (strings, integers,
// arrays of strings, '#' comments); the YAML form a mapping of the same keys. Keys: fail-on,
// warn-days, exclude, ignore, catalog. Throws InvalidInput "path:line:col: what is wrong" for
// a syntax error, an unknown key or a bad value.
ScanConfig read_config(const std::string& path);

// The same, from text (the path is used in messages and to resolve `catalog`).
ScanConfig parse_config(const std::string& path, const std::string& text);

} // namespace lib::scan
