#pragma once

// Small catalogs for the migration tests: a legacy platform ("old": runtimes 1.0-1.3 with a
// 2025-02-01 sunset, successor "new" for training and prediction) and its image catalog (one
// image, pytorch-cpu.2-4, has no release date and is only known to exist by 2025-06-01).

#include "catalog/catalog_set.hpp"
#include "catalog/json_io.hpp"

#include <string>

namespace test {

inline const char* const k_old_catalog = R"({
  "format": "rtcat-catalog/1", "catalog": "old", "title": "Old platform", "as_of": "2026-01-01",
  "policy": {
    "milestones": [
      {"name": "submission_end", "after_months": 12, "severity": "error", "deployed_severity": "warning",
       "meaning": "no new jobs", "reached": "closed to new jobs", "upcoming": "closes to new jobs"},
      {"name": "deletion", "after_months": 24, "severity": "error",
       "meaning": "deleted", "reached": "was deleted", "upcoming": "is deleted"}
    ],
    "sunset": "2025-02-01", "sunset_meaning": "the old platform is shut down",
    "successor": {"training": "new", "prediction": "new"}
  },
  "rules": [],
  "runtimes": [
    {"id": "1.0", "version": "1.0", "released": "2020-01-01", "python": ["2.7", "3.5"],
     "packages": {"tensorflow": "1.15.0", "numpy": "1.16.4"}, "milestones": {}, "notes": "", "sources": []},
    {"id": "1.1", "version": "1.1", "released": "2020-06-01", "python": ["3.7"],
     "packages": {"tensorflow": "1.15.5", "numpy": "1.18.0"}, "milestones": {}, "notes": "", "sources": []},
    {"id": "1.2", "version": "1.2", "released": "2020-09-01", "python": ["3.7"],
     "packages": {"tensorflow": "2.3.0", "numpy": "1.19.2", "pandas": "1.1.0"}, "milestones": {}, "notes": "", "sources": []},
    {"id": "1.3", "version": "1.3", "released": "2020-12-01", "python": ["3.7"],
     "packages": {"tensorflow": "2.4.0", "numpy": "1.19.5"}, "milestones": {}, "notes": "", "sources": []}
  ]
})";

inline const char* const k_new_catalog = R"({
  "format": "rtcat-catalog/1", "catalog": "new", "title": "New platform images", "entry_noun": "image", "as_of": "2026-06-01",
  "policy": {
    "milestones": [
      {"name": "support_end", "severity": "warning", "meaning": "no support", "reached": "left support", "upcoming": "leaves support"},
      {"name": "availability_end", "severity": "error", "meaning": "gone", "reached": "was withdrawn", "upcoming": "is withdrawn"}
    ]
  },
  "rules": [],
  "runtimes": [
    {"id": "tf-cpu.2-15.py310", "released": "2024-01-01", "version": "2.15", "python": ["3.10"], "packages": {},
     "milestones": {"support_end": "2026-01-01", "availability_end": "2027-01-01"},
     "framework": "TensorFlow", "framework_version": "2.15", "accelerator": "cpu",
     "uris": ["us-docker.pkg.dev/new/tf-cpu.2-15.py310:latest"], "notes": "", "sources": []},
    {"id": "tf-cpu.2-8.py37", "released": "2024-01-01", "version": "2.8", "python": ["3.7"], "packages": {},
     "milestones": {"support_end": "2025-06-01", "availability_end": "2026-06-01"},
     "framework": "TensorFlow", "framework_version": "2.8", "accelerator": "cpu",
     "uris": ["us-docker.pkg.dev/new/tf-cpu.2-8.py37:latest"], "notes": "", "sources": []},
    {"id": "pytorch-cpu.2-4", "version": "2.4", "released_by": "2025-06-01", "python": ["3.10"], "packages": {},
     "milestones": {"support_end": "2026-06-01", "availability_end": "2027-06-01"},
     "framework": "PyTorch", "framework_version": "2.4", "accelerator": "cpu",
     "uris": ["us-docker.pkg.dev/new/pytorch-cpu.2-4:latest"], "notes": "", "sources": []},
    {"id": "sklearn-cpu.1-0", "released": "2024-01-01", "version": "1.0", "python": ["3.7"], "packages": {},
     "milestones": {"support_end": "2025-01-01", "availability_end": "2026-01-01"},
     "framework": "scikit-learn", "framework_version": "1.0", "accelerator": "cpu",
     "uris": ["us-docker.pkg.dev/new/sklearn-cpu.1-0:latest"], "notes": "", "sources": []}
  ]
})";

inline catalog::CatalogSet migration_set() {
  std::vector<catalog::Catalog> cs;
  cs.push_back(catalog::parse_catalog(k_old_catalog, "old.json"));
  cs.push_back(catalog::parse_catalog(k_new_catalog, "new.json"));
  return catalog::CatalogSet::from_catalogs(std::move(cs));
}

inline catalog::Date day(const char* iso) {
  return catalog::parse_date(iso);
}

} // namespace test
