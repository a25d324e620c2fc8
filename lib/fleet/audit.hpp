#pragma once

#include "catalog/catalog_set.hpp"
#include "lib/core/check.hpp"
#include "lib/core/finding.hpp"
#include "lib/core/image_ref.hpp"
#include "lib/core/lifecycle.hpp"
#include "lib/fleet/inventory.hpp"

#include <array>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace lib {

// What the record itself shows beyond the catalog, for one resource (Auditor::judge decides it).
enum class RecordEvidence : unsigned char {
  none,
  // It contradicts the catalog inside the platform's lifetime: created on or after the day its
  // breaking milestone took effect, or listed alive (READY, CREATING, UPDATING) on a date the
  // catalog says it was gone (inventory-disagrees).
  created_after,
  alive_after,
};

// What an audit says of a resource beyond the lifecycle of its runtime or image: `lifecycle` when
// that lifecycle is the verdict; else a resource with no lifecycle to follow (a custom container
// or image, no image, no runtime, a runtime in no catalog, an invalid record, a deployed model
// whose model record the run lacks), or a record that contradicts the catalog inside the
// platform's lifetime (inventory_disagrees).
enum class AuditState : unsigned char {
  lifecycle,
  custom_container,
  custom_image,
  no_image,
  missing_runtime,
  unknown_runtime,
  invalid,
  model_missing,
  inventory_disagrees,
};

// The state's one name: "custom-container", "custom-image", "no-image", "missing-runtime",
// "unknown-runtime", "invalid", "model-missing" or "inventory-disagrees" ("" for lifecycle).
std::string_view audit_state_name(AuditState s);

// The state in words, as a report says it: "custom container", "no image recorded", ...
// ("" for lifecycle).
std::string_view audit_state_words(AuditState s);

// A verdict's status: the lifecycle status of its runtime or image on the date, when it has one,
// and what the audit says beyond it. Two statuses are equal when they say the same (their state,
// and their lifecycle's standing and name).
struct VerdictStatus {
  std::optional<Status> lifecycle;
  AuditState state = AuditState::lifecycle;
  bool is(AuditState s) const { return state == s; }
  friend bool operator==(const VerdictStatus& a, const VerdictStatus& b) {
    return a.state == b.state && a.lifecycle.has_value() == b.lifecycle.has_value() &&
           (!a.lifecycle || (a.lifecycle->kind == b.lifecycle->kind && a.lifecycle->name == b.lifecycle->name));
  }
};

// The status's one name, as audit prints and report counts it: its audit state's, else its
// lifecycle status's ("supported", "expiring", "unreleased", "unknown", or the last milestone
// reached: "submission_end", "deletion", "support_end", "availability_end", ...); "" for neither.
// A view into the status or static text.
std::string_view status_name(const VerdictStatus& s);

// What an audit concludes about one resource: the one verdict that audit prints and report
// counts (status, severity, deadline, action), decided here and nowhere else.
struct Verdict {
  // One vocabulary (status_name): the lifecycle status of its runtime or image on the date, or
  // for a resource with no lifecycle to follow its audit state; inventory_disagrees (the
  // lifecycle kept) when the record contradicts the catalog inside the platform's lifetime.
  VerdictStatus status;
  std::string catalog;                       // the catalog the runtime is in, when it is in one
  std::string action;                        // "none", "upgrade to 2.1 before 2021-01-21", "migrate to ..."
  std::string target;                        // the recommended runtime or image id ("" when none)
  std::optional<catalog::Severity> severity; // the worst finding's: what the exit code follows
  std::optional<Date> deadline;              // the day the first milestone that breaks it takes effect (its last day)
  std::optional<Date> deadline_earliest;     // when that milestone is a window: its first day
  std::string deadline_milestone;
  std::optional<long> days; // from the date to the deadline's first day (deadline_earliest, else deadline; negative: past)
  // From the date to the deadline itself (its last day).
  std::optional<long> days_latest() const {
    return days && deadline_earliest ? *days + catalog::days_between(*deadline_earliest, *deadline) : days;
  }
  // Without path, line and column. A finding about the record itself (inventory-disagrees,
  // stale-export) is here with its rule and severity, and its message empty: findings_for()
  // words it for the record.
  std::vector<Finding> findings;
  // What the record shows beyond the catalog; `stale_export` when it lists as alive a resource
  // of a platform that was shut down before the date (the export predates the shutdown).
  RecordEvidence evidence = RecordEvidence::none;
  bool stale_export = false;
  std::optional<Date> sunset;  // its catalog's platform shutdown, when the date is on or past it
  std::string milestone_words; // the milestone finding's message, for the inventory-disagrees one
};

// Judges inventory resources on a date. Verdicts are cached by what they depend on (kind,
// runtime, Python, framework, and what the record shows beyond the catalog), so an audit of a
// million records costs a handful of lookups.
class Auditor {
public:
  Auditor(const catalog::CatalogSet& set, Date on, int warn_days, std::string platform);

  // The verdict for this record. Model versions are judged as deployed (the milestone's
  // deployed severity), jobs as new work (a re-run). The record is evidence too: where it
  // contradicts the catalog inside the platform's lifetime (a model version READY, or a
  // resource created, after the day the catalog says its milestone took effect), the
  // milestone's finding gives way to an inventory-disagrees warning and the status is
  // "inventory-disagrees"; where the date is past the platform's shutdown and the record still
  // lists the resource alive, the export is stale: the milestone stands (the platform is gone)
  // and a stale-export warning says so. Never throws for bad field values: a malformed runtime
  // or Python gives the invalid status with an invalid-field finding. The same fields and
  // evidence give the same verdict, at the same address.
  const Verdict& judge(const Resource& r);

  // The findings of a verdict placed at the resource, each message naming it, the record's own
  // findings (inventory-disagrees, stale-export) worded from its fields.
  static std::vector<Finding> findings_for(const Resource& r, const Verdict& v);

  // The same findings, one at a time and without copying the verdict's: fn(PlacedFinding) for
  // each, in order (what findings_for builds from them; a writer of a record a line uses them as
  // they are). The label and the record's wording are written in buffers kept by the thread
  // between records: fn does not call each_finding.
  template <class Fn> static void each_finding(const Resource& r, const Verdict& v, Fn&& fn);

  // Appends the message of a finding about the record itself (inventory-disagrees,
  // stale-export), worded from its fields; the finding's own message for any other.
  static void append_record_words(std::string& out, const Resource& r, const Verdict& v, const Finding& f);

private:
  // The verdict of the record's fields, before what the record shows beyond the catalog.
  const Verdict& shared(const Resource& r);
  Verdict compute(const Resource& r) const;
  // A resource with no runtimeVersion: a custom container, or the missing field.
  Verdict without_runtime(const Resource& r) const;
  // The check request a resource stands for; throws InvalidInput for a malformed Python version.
  Request request_for(const Resource& r) const;
  // The upgrade or migration target and the action, for a resource that needs one.
  void choose_target(const Resource& r, const Request& req, Verdict& v) const;
  // runtime-version-required (or -defaulted, before the policy's date) for a resource with
  // neither a runtime nor a container.
  Finding missing_runtime() const;
  // The legacy platform's catalog a record without a runtime belongs to: --platform's, else the
  // first that requires runtimeVersion (nullptr when none does).
  const catalog::Catalog* legacy_catalog() const;
  const catalog::CatalogSet& m_set;
  Date m_on;
  int m_warn_days;
  std::string m_platform;
  std::unordered_map<std::string, Verdict> m_cache; // every shared verdict, by what it depends on
  // shared()'s recent answers, in a fixed table of slots by a hash of what they depend on (a
  // verdict that lands in a taken slot takes it over): the fields, and the verdict in m_cache.
  struct Recent {
    std::array<std::string, 8> parts;
    const Verdict* verdict = nullptr;
  };
  static constexpr size_t k_recent_slots = 1024;
  std::vector<Recent> m_recent;
  // The verdicts of records that show more than the catalog: by shared verdict and evidence.
  std::map<std::pair<const Verdict*, int>, Verdict> m_evidenced;
};

// Running totals of an audit (constant size).
struct AuditSummary {
  size_t resources = 0;
  size_t malformed = 0;
  std::map<std::string, size_t> by_status; // by status_name
  // The listings whose last page read says more follow (Listings::incomplete): not every
  // resource was audited.
  std::vector<ListPage> incomplete;
  std::optional<catalog::Severity> worst;

  void add(const Verdict& v);
  void add_malformed();
};

// One finding of a verdict placed at a resource (Auditor::each_finding): the verdict's finding
// (rule, severity, catalog, suggestion) at the resource's path, line and column, its message
// `label + ": " + text`, its runtime and Python the finding's or else the resource's.
struct PlacedFinding {
  const Finding& finding;
  size_t index; // the finding's place in the verdict's findings
  const Resource& resource;
  std::string_view label; // resource_label(resource)
  std::string_view text;  // the finding's message, or (when that is empty) the record's own wording
  std::string_view runtime() const { return finding.runtime.empty() ? resource.runtime : finding.runtime; }
  std::string_view python() const { return finding.python.empty() ? resource.python : finding.python; }
};

// "job", "model version", "custom job", "endpoint", ...: the kind's name (kind_name) with spaces
// for its underscores. append_kind_label appends it.
std::string kind_label(const Resource& r);
void append_kind_label(std::string& out, const Resource& r);

// "job train-1" / "model version projects/p/models/m/versions/v1" / "custom job
// projects/p/locations/l/customJobs/1, jobSpec.workerPoolSpecs[0]". append_resource_label
// appends it.
std::string resource_label(const Resource& r);
void append_resource_label(std::string& out, const Resource& r);

// Turns inventory records into what an audit judges, one at a time. An AI Platform record is
// judged as it is. A Vertex AI or SageMaker record is judged once per distinct image it names (with `part`
// saying where, and for a prebuilt image `catalog` and `runtime` its catalog and id), or once
// when it names none. An endpoint is judged once per deployed model, with the image of that
// model's record from the same run: only the models' names and images are held, and the
// deployed models of models not seen yet, until finish() (then `model_missing`).
class Units {
public:
  // With `set`, an ECR image is the entry of its catalogs that lists its repository and tag
  // (lib::ImageIndex); without, a custom image.
  explicit Units(std::function<void(const Resource&)> on_unit, const catalog::CatalogSet* set = nullptr);
  void add(const Resource& r);
  // The deployed models whose model came later in the run, or never.
  void finish();

private:
  void add_images(const Resource& r);
  void add_deployment(const Resource& endpoint, const DeployedModel& d, bool last_chance);
  std::function<void(const Resource&)> m_on_unit;
  std::optional<ImageIndex> m_images;
  std::unordered_map<std::string, std::vector<ImageUse>> m_model_images; // model name -> its images
  std::vector<Resource> m_pending;                                       // one deployed model each
};

// The verdict of a malformed record, as a finding.
Finding malformed_finding(const Malformed& m);

template <class Fn> void Auditor::each_finding(const Resource& r, const Verdict& v, Fn&& fn) {
  if (v.findings.empty()) {
    return;
  }
  // Written in place, in buffers that keep their room from record to record: an audit words one
  // label a record and often the record's own finding.
  thread_local std::string label;
  thread_local std::string words;
  label.clear();
  append_resource_label(label, r);
  for (size_t i = 0; i < v.findings.size(); ++i) {
    const Finding& f = v.findings[i];
    if (f.message.empty()) {
      words.clear();
      append_record_words(words, r, v, f);
      fn(PlacedFinding{f, i, r, label, words});
    } else {
      fn(PlacedFinding{f, i, r, label, f.message});
    }
  }
}

} // namespace lib
