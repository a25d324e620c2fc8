#pragma once

// gcloud --config fragments in a scan: a command that names one is judged as the job gcloud
// would send, the fragment merged under the command's flags.

#include "lib/scan/extract.hpp"

#include <optional>
#include <string>
#include <vector>

namespace lib::scan {

// A command's use of a fragment: which file (fragment_key) and what its flags give anyway.
struct FragmentUse {
  std::string fragment;
  bool gives_runtime = false; // --runtime-version: the fragment's runtimeVersion is overridden
  bool gives_python = false;  // --python-version
};

// Reads the fragment r.config names (relative to the script's folder, then to each root: the
// folders scanned) and fills what no flag gives: runtime and python (placed at the --config
// argument, merged_from set) and has_image (masterConfig.imageUri). nullopt, with
// r.config_unread set, when the fragment cannot be found or read.
std::optional<FragmentUse> merge_fragment(Reference& r, const std::string& script, const std::vector<std::string>& roots);

// The one spelling of a path that fragment uses and scanned files are matched by.
std::string fragment_key(const std::string& path);

} // namespace lib::scan
