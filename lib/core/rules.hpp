#pragma once

#include "catalog/model.hpp"
#include "util/fixed_text.hpp"

#include <array>
#include <span>
#include <string>
#include <string_view>

namespace lib {

// Every rule id rtcat's own checks emit. Emitters name a rule by this enum and take its id
// and default severity from the registry, so that an id exists once, in lib/core/rules.cpp.
// (Milestone rules and compatibility rules also come from catalog data: a user catalog can
// add ids of its own, which are not in the registry.)
enum class RuleId {
  // lifecycle of a runtime or image on the date
  submission_end,
  deletion,
  support_end,
  availability_end,
  bugfix_end,
  end_of_life,
  expiring,
  unreleased,
  lifecycle_unknown,
  unknown_runtime,
  // compatibility
  python_unsupported,
  python_unknown,
  python_end_of_life,
  python_unlisted,
  framework_mismatch,
  framework_not_included,
  sklearn_training,
  xgboost_training,
  sklearn_prediction,
  xgboost_prediction,
  require_over_pin,
  require_unpinned,
  require_unverified,
  // answers
  stale_data,
  no_alternative,
  no_candidate,
  framework_unknown,
  custom_container_route,
  // jobs and model versions (validate, scan, audit)
  runtime_version_required,
  python_version_required,
  runtime_version_defaulted,
  python_version_defaulted,
  runtime_with_custom_container,
  custom_container,
  unknown_scale_tier,
  master_type_required,
  replica_type_missing,
  replica_count_missing,
  invalid_replica_count,
  not_custom_tier,
  package_not_gcs,
  package_not_pip,
  python_module_missing,
  no_training_code,
  replica_image_without_master,
  image_defaults_to_master,
  multiple_evaluators,
  use_chief_no_effect,
  unknown_field,
  yaml_unquoted_version,
  gcloud_unknown_flag,
  // inventories (audit, report)
  invalid_field,
  malformed_record,
  inventory_disagrees,
  stale_export,
  deployed_model_missing,
  // every answer from the catalogs
  data_too_old,
  // source trees (scan)
  notebook_unreadable,
  // Vertex AI equivalents (migrate)
  migrate_machine_unmapped,
  migrate_accelerator_retired,
  migrate_image_chosen,
  migrate_image_not_open,
  migrate_python_differs,
  migrate_no_equivalent,
  migrate_custom_prediction_routine,
  migrate_placeholder,
};

// One registered rule: its id, the severity it usually has (some rules depend on the date,
// the service or whether the resource is deployed), a one-line description, a few sentences
// of help (what it means and how to fix it), and the former ids it replaces (still accepted
// wherever a rule id is given to suppress findings).
// Its texts are held in the row (util::FixedText): the registry has no pointer for the start-up
// to relocate.
struct RuleInfo {
  RuleId key;
  util::FixedText<40> id;
  catalog::Severity severity;
  util::FixedText<104> description;
  util::FixedText<616> help;
  std::array<util::FixedText<24>, 2> aliases{}; // empty entries are unused
};

// The registry, in a stable order (the order of RuleId).
std::span<const RuleInfo> rule_infos();

const RuleInfo& rule(RuleId key);

// The id of a registered rule, as findings carry it.
inline std::string rule_id(RuleId key) {
  return std::string(rule(key).id.view());
}

// The registered rule of that id (not of an alias); nullptr for an id only catalog data
// defines.
const RuleInfo* find_rule(std::string_view id);

// Whether a suppression naming `name` (a rule id, a former id, or "*") covers a finding of
// rule `finding_rule`.
bool rule_matches(std::string_view name, std::string_view finding_rule);

// Whether `name` is a registered rule id or a former id of one.
bool is_rule_or_alias(std::string_view name);

} // namespace lib
