#pragma once

#include "lib/scan/markdown.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lib::scan {

// The repository's scan policy: .rtcat.toml or .rtcat.yaml at the root of the checkout.
struct ScanConfig {
  std::string path;                        // the file it came from; "" when there is none
  std::optional<std::string> fail_on;      // error, warning, note, never
  std::optional<int> warn_days;            // 0..36500
  std::vector<std::string> excludes;       // gitignore-style globs
  std::vector<std::string> ignore;         // rule ids
  MarkdownRules markdown;                  // exclude-fences, exclude-after (lower case)
  std::optional<std::string> catalog;      // resolved against the config file's folder
  std::optional<std::string> max_data_age; // "90d", "12w" or a number of days (lib/freshness)
};

// The config file for a scan from `start` (a folder or file): .rtcat.toml, .rtcat.yaml or
// .rtcat.yml in the top folder of the git checkout holding it, else in `start` itself.
// nullopt when there is none.
std::optional<std::string> find_config(const std::string& start);

// Reads a config file. The TOML form takes top-level `key = value` lines (strings, integers,
// arrays of strings, '#' comments); the YAML form a mapping of the same keys. Keys: fail-on,
// warn-days, exclude, exclude-fences, exclude-after, ignore, catalog, max-data-age. Throws InvalidInput "path:line:col: what is
// wrong" for a syntax error, an unknown key or a bad value.
ScanConfig read_config(const std::string& path);

// The same, from text (the path is used in messages and to resolve `catalog`).
ScanConfig parse_config(const std::string& path, const std::string& text);

// The policy a scan runs with: what the command line gave, merged with a config file.
struct Policy {
  std::string fail_on = "error";
  int warn_days = 90;
  std::vector<std::string> catalogs; // empty: RTCAT_CATALOG, else the embedded catalogs
  std::vector<std::string> excludes;
  std::vector<std::string> ignore;
  std::string max_data_age; // "" for no limit
};

// Which settings the command line (or, for the catalogs, RTCAT_CATALOG) gave explicitly.
struct Given {
  bool fail_on = false;
  bool warn_days = false;
  bool catalogs = false;
  bool max_data_age = false;
};

// `policy` with `cfg` merged in: the config's fail-on, warn-days and catalog apply where
// `given` says the command line left them out; its excludes and ignores are added after the
// command line's.
Policy merge_config(Policy policy, const ScanConfig& cfg, const Given& given);

// A file size limit: a number of bytes with an optional K, M or G (either case; powers of
// 1024), like 10M. Throws InvalidInput "--max-filesize: invalid size ..." otherwise.
size_t parse_size(std::string_view text);

} // namespace lib::scan
