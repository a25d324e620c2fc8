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

// An image of the "new" catalog: a CPU image of `framework` at `version`, whose URI follows from
// its id; `released` is its date member ("released": ... or "released_by": ...).
struct NewImage {
  std::string id;
  std::string released;
  std::string version;
  std::string python;
  std::string support_end;
  std::string availability_end;
  std::string framework;
};

inline std::string new_image_json(const NewImage& i) {
  return R"({"id": ")" + i.id + "\", " + i.released + R"(, "version": ")" + i.version + R"(", "python": [")" + i.python +
         R"("], "packages": {}, "milestones": {"support_end": ")" + i.support_end + R"(", "availability_end": ")" +
         i.availability_end + R"("}, "framework": ")" + i.framework + R"(", "framework_version": ")" + i.version +
         R"(", "accelerator": "cpu", "uris": ["us-docker.pkg.dev/new/)" + i.id + R"(:latest"], "notes": "", "sources": []})";
}

inline std::string new_catalog_json() {
  const NewImage images[] = {
      {"tf-cpu.2-15.py310", R"("released": "2024-01-01")", "2.15", "3.10", "2026-01-01", "2027-01-01", "TensorFlow"},
      {"tf-cpu.2-8.py37", R"("released": "2024-01-01")", "2.8", "3.7", "2025-06-01", "2026-06-01", "TensorFlow"},
      {"pytorch-cpu.2-4", R"("released_by": "2025-06-01")", "2.4", "3.10", "2026-06-01", "2027-06-01", "PyTorch"},
      {"sklearn-cpu.1-0", R"("released": "2024-01-01")", "1.0", "3.7", "2025-01-01", "2026-01-01", "scikit-learn"},
  };
  std::string runtimes;
  for (const auto& image : images) {
    runtimes += (runtimes.empty() ? "" : ",\n    ") + new_image_json(image);
  }
  return R"({
  "format": "rtcat-catalog/1", "catalog": "new", "title": "New platform images", "entry_noun": "image", "as_of": "2026-06-01",
  "policy": {
    "milestones": [
      {"name": "support_end", "severity": "warning", "meaning": "no support", "reached": "left support", "upcoming": "leaves support"},
      {"name": "availability_end", "severity": "error", "meaning": "gone", "reached": "was withdrawn", "upcoming": "is withdrawn"}
    ]
  },
  "rules": [],
  "runtimes": [
    )" + runtimes +
         R"(
  ]
})";
}

inline catalog::CatalogSet migration_set() {
  std::vector<catalog::Catalog> cs;
  cs.push_back(catalog::parse_catalog(k_old_catalog, "old.json"));
  cs.push_back(catalog::parse_catalog(new_catalog_json(), "new.json"));
  return catalog::CatalogSet::from_catalogs(std::move(cs));
}

inline catalog::Date day(const char* iso) {
  return catalog::parse_date(iso);
}

} // namespace test
