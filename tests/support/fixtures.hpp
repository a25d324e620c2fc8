#pragma once

#include "catalog/json_io.hpp"

#include <string>

namespace fixtures {

// A catalog document in the file format: its format, its name and then `members` (the rest of its
// members, JSON, as indented in the document).
inline std::string catalog_json(const std::string& name, const std::string& members) {
  return "{\n  \"format\": \"rtcat-catalog/1\",\n  \"catalog\": \"" + name + "\",\n" + members + "\n}";
}

// A small catalog in the file format, shaped like ai-platform: two derived milestones, a
// retroactive floor and a sunset. Runtimes: 1.0 (stated dates), 1.13, 1.15, 2.1 (released),
// 2.2 (released_by only), 9.9 (no date at all).
inline std::string legacy_json() {
  return catalog_json("legacy", R"json(  "title": "Legacy test platform",
  "as_of": "2024-01-01",
  "policy": {
    "milestones": [
      {"name": "submission_end", "after_months": 12, "not_before": "2020-01-13", "severity": "error",
       "deployed_severity": "warning", "meaning": "no new jobs", "reached": "closed to new jobs", "upcoming": "closes to new jobs"},
      {"name": "deletion", "after_months": 24, "not_before": "2020-04-13", "severity": "error",
       "meaning": "model versions are deleted", "reached": "had its model versions deleted", "upcoming": "has its model versions deleted"}
    ],
    "sunset": "2025-02-01",
    "sunset_meaning": "the platform shut down",
    "successor": {"training": "images"}
  },
  "rules": [
    {"id": "sklearn-training", "service": "training", "framework": "scikit-learn", "min_runtime": "1.13"},
    {"id": "sklearn-prediction", "service": "prediction", "framework": "sklearn", "min_runtime": "1.4"}
  ],
  "runtimes": [
    {"id": "1.0", "version": "1.0", "released": "2017-03-08", "python": ["2.7"], "milestones": {"submission_end": "2020-01-13", "deletion": "2020-04-13"}},
    {"id": "1.13", "version": "1.13", "released": "2019-03-06", "python": ["2.7", "3.5"], "packages": {"tensorflow": "1.13.1"}},
    {"id": "1.15", "version": "1.15", "released": "2019-12-19", "python": ["2.7", "3.7"], "packages": {"tensorflow": "1.15.0"}},
    {"id": "2.1", "version": "2.1", "released": "2020-03-09", "python": ["3.7"], "packages": {"tensorflow": "2.1.0", "scikit-learn": "0.22.1"}},
    {"id": "2.2", "version": "2.2", "released": null, "released_by": "2020-08-28", "python": ["3.7"]},
    {"id": "9.9", "version": "9.9", "python": null}
  ])json");
}

// A successor catalog of images with stated dates only.
inline std::string images_json() {
  return catalog_json("images", R"json(  "entry_noun": "image",
  "as_of": "2024-06-01",
  "policy": {
    "milestones": [
      {"name": "support_end", "severity": "warning", "meaning": "no more patches", "reached": "left support", "upcoming": "leaves support"},
      {"name": "availability_end", "severity": "error", "meaning": "cannot be used", "reached": "was withdrawn", "upcoming": "is withdrawn"}
    ],
    "service": "training"
  },
  "runtimes": [
    {"id": "tf-cpu.2-11", "version": "2.11", "python": ["3.7"], "framework": "TensorFlow", "framework_version": "2.11",
     "milestones": {"support_end": "2023-11-15", "availability_end": "2024-11-15"}},
    {"id": "tf-cpu.2-17.py310", "version": "2.17", "python": ["3.10"], "framework": "TensorFlow", "framework_version": "2.17",
     "milestones": {"support_end": "2025-07-11", "availability_end": "2026-07-11"}},
    {"id": "sklearn-cpu.1-6", "version": "1.6", "python": ["3.10"], "framework": "scikit-learn", "framework_version": "1.6",
     "milestones": {"support_end": "2025-07-11", "availability_end": "2026-07-11"}},
    {"id": "tf_opt-cpu.nightly", "python": null, "framework": "TensorFlow (optimized runtime)", "framework_version": "nightly",
     "milestones": {"support_end": null, "availability_end": null}}
  ])json");
}

// The two catalogs above, parsed once.
inline const catalog::Catalog& legacy() {
  static const auto c = catalog::parse_catalog(legacy_json(), "legacy.json");
  return c;
}
inline const catalog::Catalog& images() {
  static const auto c = catalog::parse_catalog(images_json(), "images.json");
  return c;
}

} // namespace fixtures
