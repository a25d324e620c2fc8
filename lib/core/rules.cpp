#include "lib/core/rules.hpp"

namespace lib {

namespace {

using catalog::Severity;
using R = RuleId;

// clang-format off
constexpr RuleInfo k_rules[] = {
  {R::submission_end, "submission-end", Severity::error,
   "The AI Platform runtime no longer accepts new training jobs, batch predictions or model versions.",
   "Twelve months after its release (never before 2020-01-13) an AI Platform runtime stops taking new work; "
   "the whole platform was shut down after 2025-01-31. Deployed model versions keep serving and get a warning "
   "until deletion. Move to the suggested runtime, or to the Vertex AI image the finding names."},
  {R::deletion, "deletion", Severity::error,
   "Model versions on the AI Platform runtime have been deleted.",
   "Twenty-four months after its release (never before 2020-04-13) model versions on an AI Platform runtime are "
   "deleted. Redeploy the model on a supported runtime or on a Vertex AI prediction image."},
  {R::support_end, "support-end", Severity::warning,
   "The Vertex AI prebuilt image gets no more patches or support.",
   "The image still runs, but security and bug fixes have stopped. Move to a newer image of the same framework "
   "before its availability ends."},
  {R::availability_end, "availability-end", Severity::error,
   "The Vertex AI prebuilt image can no longer be used or downloaded.",
   "Jobs and deployments that name the image fail. Move to the suggested image."},
  {R::bugfix_end, "bugfix-end", Severity::note,
   "The CPython line gets no more bugfix releases, only security fixes.",
   "A milestone of the python catalog: from then on the line has security releases only, as source. "
   "Plan the move to a newer Python."},
  {R::end_of_life, "end-of-life", Severity::warning,
   "The CPython line has reached its end of life: no more releases, not even security fixes.",
   "A milestone of the python catalog. Every image that runs this Python carries python-end-of-life from then on."},
  {R::expiring, "expiring", Severity::warning,
   "The next milestone of the runtime or image is within --warn-days days.",
   "The runtime or image is still supported, but its next milestone is closer than --warn-days (default 90). "
   "Plan the upgrade now; `rtcat upgrade` lists the candidates."},
  {R::unreleased, "unreleased", Severity::error,
   "The runtime or image is not released yet on the date.",
   "On the date asked the entry did not exist yet. Check --at, or use a runtime released by then."},
  {R::lifecycle_unknown, "lifecycle-unknown", Severity::warning,
   "The sources do not give enough dates to know the status on the date.",
   "The entry's release date (or a milestone) is only known as a window that contains the date, so its status "
   "is unknown rather than guessed. The message shows the window; pick a runtime whose dates are known."},
  {R::unknown_runtime, "unknown-runtime", Severity::error,
   "The runtime version or image is not in any catalog.",
   "A well-formed runtime id that no catalog lists: usually a typo. The message names the closest ids "
   "(`did you mean`); `rtcat list` shows them all."},
  {R::python_unsupported, "python-unsupported", Severity::error,
   "The runtime or image does not offer the Python version.",
   "Each runtime accepts a fixed list of Python versions (2.7 only up to 1.15, 3.7 from 1.15). Use one the message "
   "lists, or a runtime that has the Python version."},
  {R::python_unknown, "python-unknown", Severity::note,
   "The sources do not say which Python versions the runtime has.",
   "The Python version cannot be verified against the catalog; check the vendor's documentation."},
  {R::python_end_of_life, "python-end-of-life", Severity::warning,
   "The Python the runtime or image runs (or the job asks for) has reached its end of life on the date.",
   "CPython gets no security fixes after its end of life (the python catalog: `rtcat show python:3.10`). The "
   "image still runs; move to one with a newer Python. Where the end of life is a window (a month, or sources "
   "that disagree by days), the finding says so."},
  {R::python_unlisted, "python-unlisted", Severity::note,
   "The catalog pins a Python that the python catalog does not list.",
   "Its release and end of life are unknown, so rtcat neither bounds the entry by it nor warns of its end of "
   "life. Check the version, or add the line to your own python catalog."},
  {R::framework_mismatch, "framework-mismatch", Severity::error,
   "The image is built for another framework than the one the job names.",
   "A prebuilt image carries one framework (TensorFlow, PyTorch, scikit-learn, XGBoost). Choose an image of the "
   "framework the job uses."},
  {R::framework_not_included, "framework-not-included", Severity::note,
   "The runtime records no version of the framework; the job installs it.",
   "The framework is not part of the runtime's recorded packages, so the job has to install it with its own "
   "packages. Pin the version you need in the requirements."},
  {R::sklearn_training, "sklearn-training", Severity::error,
   "Training with scikit-learn needs AI Platform runtime 1.13 or later.",
   "scikit-learn training jobs are supported from runtime 1.13 (a compatibility rule of the ai-platform catalog). "
   "Use runtime 1.13 or later."},
  {R::xgboost_training, "xgboost-training", Severity::error,
   "Training with XGBoost needs AI Platform runtime 1.13 or later.",
   "XGBoost training jobs are supported from runtime 1.13 (a compatibility rule of the ai-platform catalog). "
   "Use runtime 1.13 or later."},
  {R::sklearn_prediction, "sklearn-prediction", Severity::error,
   "Serving scikit-learn model versions needs AI Platform runtime 1.4 or later.",
   "scikit-learn model versions are served from runtime 1.4 (a compatibility rule of the ai-platform catalog). "
   "Deploy on runtime 1.4 or later."},
  {R::xgboost_prediction, "xgboost-prediction", Severity::error,
   "Serving XGBoost model versions needs AI Platform runtime 1.4 or later.",
   "XGBoost model versions are served from runtime 1.4 (a compatibility rule of the ai-platform catalog). "
   "Deploy on runtime 1.4 or later."},
  {R::require_over_pin, "require-over-pin", Severity::note,
   "A requirement the runtime's pin does not satisfy is installed over the pin.",
   "The job's requirement asks for a version of a package other than the one the runtime ships, so it is "
   "installed over the pin when the job starts. That is allowed for training (a note) but not supported for "
   "prediction (an error). Relax the requirement, or choose a runtime whose pin satisfies it."},
  {R::require_unpinned, "require-unpinned", Severity::note,
   "The runtime records no version of the required package.",
   "The requirement cannot be compared with a pin, and the package is installed when the job starts."},
  {R::require_unverified, "require-unverified", Severity::note,
   "Only the package's release line is known; the requirement holds on some of it.",
   "The catalog knows the runtime's package only as a release line (like 2.11.x). A requirement that holds on "
   "every release of the line (tensorflow==2.11.*) passes, one that holds on none (tensorflow>=2.12) is judged "
   "like one over a pin; one that holds on some only (tensorflow==2.11.1) is unconfirmed, never valid. Check "
   "the exact version on the vendor's page."},
  {R::stale_data, "stale-data", Severity::note,
   "The answer rests on catalog data older than the date.",
   "The date asked is after the catalog's as_of day and the entry has unknown or later dates, which may have "
   "changed since. Update the catalog, or check the vendor's current list."},
  {R::no_alternative, "no-alternative", Severity::note,
   "Nothing in the catalog or its successor is usable instead on the date.",
   "rtcat found no runtime or image to suggest for the service, framework and Python version on the date. "
   "Pass --framework to widen the search to the successor's images, or check the vendor's current list."},
  {R::no_candidate, "no-candidate", Severity::error,
   "`rtcat upgrade` finds nothing to upgrade or migrate to on the date.",
   "No runtime or image in the catalog or its successor is available (and lasts --min-days) for the service and "
   "framework. The message gives the date the successor's data is as of; a custom-container-route note follows."},
  {R::framework_unknown, "framework-unknown", Severity::note,
   "No framework is recorded for the runtime, so upgrade shows images of every framework.",
   "A move to the successor catalog needs the job's framework to pick an image. Pass --framework to choose."},
  {R::custom_container_route, "custom-container-route", Severity::note,
   "No prebuilt runtime or image fits on the date: a custom container does.",
   "The platform's runtime-versioning guide answers a job that no prebuilt container serves with a custom "
   "container: an image with the job's framework and Python, its pinned packages installed, and the entrypoint "
   "the trainer needs (for prediction, a server that loads the model). The message gives the date the catalog "
   "data is as of and the last known prebuilt image, which is not a recommendation."},
  {R::runtime_version_required, "runtime-version-required", Severity::error,
   "A job or model version does not set runtimeVersion (required from 2020-01-13).",
   "From 2020-01-13 a training job or model version must give runtimeVersion unless it runs a custom container "
   "(masterConfig.imageUri, --master-image-uri). Set runtimeVersion, or the container image.",
   {"required-field", "missing-runtime"}},
  {R::python_version_required, "python-version-required", Severity::error,
   "A job or model version does not set pythonVersion (required from 2020-01-13).",
   "From 2020-01-13 a training job or model version must give pythonVersion along with runtimeVersion. "
   "Set it to a Python version the runtime accepts.",
   {"required-field"}},
  {R::runtime_version_defaulted, "runtime-version-defaulted", Severity::note,
   "runtimeVersion is not set, and on the date it defaults to 1.0.",
   "Before 2020-01-13 a job without runtimeVersion ran on runtime 1.0; rtcat checks that default. "
   "Set runtimeVersion: it is required from 2020-01-13.",
   {"required-field"}},
  {R::python_version_defaulted, "python-version-defaulted", Severity::note,
   "pythonVersion is not set, and on the date it defaults to 2.7.",
   "Before 2020-01-13 a job without pythonVersion ran Python 2.7; rtcat checks that default. "
   "Set pythonVersion: it is required from 2020-01-13.",
   {"required-field"}},
  {R::runtime_with_custom_container, "runtime-with-custom-container", Severity::warning,
   "Both runtimeVersion and masterConfig.imageUri are set.",
   "A custom container brings its own runtime; runtimeVersion then only changes TF_CONFIG (chief on 2.1 and "
   "later). Set one of the two."},
  {R::custom_container, "custom-container", Severity::note,
   "The resource runs a custom container, to which no runtime lifecycle applies.",
   "Without runtimeVersion and with a container image, the image's own base decides what it runs. Keep that base "
   "up to date."},
  {R::unknown_scale_tier, "unknown-scale-tier", Severity::error,
   "scaleTier is not one of the scale tiers.",
   "Valid tiers: BASIC, STANDARD_1, PREMIUM_1, BASIC_GPU, BASIC_TPU, CUSTOM. The message suggests the spelling "
   "when only case or dashes differ."},
  {R::master_type_required, "master-type-required", Severity::error,
   "scaleTier CUSTOM without masterType.",
   "A CUSTOM tier needs the master's machine type (masterType, like n1-standard-8)."},
  {R::replica_type_missing, "replica-type-missing", Severity::error,
   "A worker, parameter server or evaluator count without its machine type.",
   "workerCount, parameterServerCount or evaluatorCount is above 0 but the matching machine type is not set. "
   "Set workerType, parameterServerType or evaluatorType."},
  {R::replica_count_missing, "replica-count-missing", Severity::error,
   "A machine type without its count.",
   "workerType, parameterServerType or evaluatorType is set but the matching count is 0 or missing. Set how many "
   "to run, or remove the machine type."},
  {R::invalid_replica_count, "invalid-replica-count", Severity::error,
   "A replica count is negative.",
   "workerCount, parameterServerCount and evaluatorCount must be 0 or more."},
  {R::not_custom_tier, "not-custom-tier", Severity::warning,
   "Machine types or counts with a scale tier other than CUSTOM, which ignores them.",
   "Machine types and replica counts take effect only with scaleTier CUSTOM. Set scaleTier: CUSTOM, or remove "
   "them."},
  {R::package_not_gcs, "package-not-gcs", Severity::error,
   "A packageUris entry is not on Cloud Storage.",
   "REST and config.yaml jobs take trainer packages as gs:// URIs (gcloud uploads local packages itself). "
   "Upload the package and give its gs://BUCKET/PATH."},
  {R::package_not_pip, "package-not-pip", Severity::error,
   "A trainer package is not a pip package (.tar.gz or .whl).",
   "Build a source distribution (python setup.py sdist) or a wheel, and give that file."},
  {R::python_module_missing, "python-module-missing", Severity::error,
   "Packages are given but pythonModule is not.",
   "The job needs the module to run, like trainer.task (gcloud: --module-name)."},
  {R::no_training_code, "no-training-code", Severity::error,
   "The job has neither packageUris nor masterConfig.imageUri.",
   "Give the trainer package (with pythonModule) or a custom container image."},
  {R::replica_image_without_master, "replica-image-without-master", Severity::error,
   "A worker, parameter server or evaluator image without a master image.",
   "Custom containers start from the master's image: set masterConfig.imageUri too."},
  {R::image_defaults_to_master, "image-defaults-to-master", Severity::note,
   "A role without its own image runs the master's image.",
   "workerConfig, parameterServerConfig and evaluatorConfig default to masterConfig.imageUri. Set the role's own "
   "imageUri if it needs another image."},
  {R::multiple_evaluators, "multiple-evaluators", Severity::warning,
   "More than one evaluator on TensorFlow.",
   "TensorFlow expects at most one evaluator: tf.estimator.train_and_evaluate raises ValueError on an evaluator whose "
   "task index is above 0. Set evaluatorCount to 1."},
  {R::use_chief_no_effect, "use-chief-no-effect", Severity::note,
   "useChiefInTfConfig without a custom container has no effect.",
   "Runtime versions 2.1 and later name the master chief in TF_CONFIG anyway; the flag matters only for custom "
   "containers."},
  {R::unknown_field, "unknown-field", Severity::warning,
   "A key that is not a trainingInput field.",
   "The key is ignored by the service. The message suggests the camelCase spelling of a snake_case key."},
  {R::yaml_unquoted_version, "yaml-unquoted-version", Severity::warning,
   "A version written as an unquoted YAML number that reads as another version.",
   "YAML reads `runtimeVersion: 2.10` as the number 2.1, which gcloud submits, and the job is judged so. "
   "Quote the value ('2.10')."},
  {R::gcloud_unknown_flag, "gcloud-unknown-flag", Severity::warning,
   "A flag that `gcloud ai-platform jobs submit training` does not have.",
   "gcloud rejects the command. Check the flag's spelling; user arguments for the trainer go after --."},
  {R::invalid_field, "invalid-field", Severity::error,
   "An inventory record has a malformed runtimeVersion or pythonVersion.",
   "The value is not a version rtcat can read (X.Y). Fix the record."},
  {R::malformed_record, "malformed-record", Severity::error,
   "An inventory record is not a job or model version rtcat can read.",
   "Not JSON, not an object, a field of the wrong type, or a truncated array. The record is counted and the rest "
   "is audited; --strict makes it an input error."},
  {R::inventory_disagrees, "inventory-disagrees", Severity::warning,
   "An inventory record contradicts the catalog's dates.",
   "The inventory shows a model version READY, or a resource created, after the date on which the catalog says "
   "its runtime's milestone took effect. Neither is taken as fact: check the resource, and the catalog's date."},
  {R::stale_export, "stale-export", Severity::warning,
   "An inventory lists a resource alive on a platform that was shut down before the date.",
   "The export shows a model version READY (or a job running) on a platform shut down before the date audited, "
   "so it was taken before the shutdown and no longer shows what exists: the resource is gone with its platform. "
   "The finding gives what the record says of when the export was taken; the milestone finding beside it stands. "
   "Export the inventory again from the successor platform, and migrate what still matters."},
  {R::deployed_model_missing, "deployed-model-missing", Severity::warning,
   "An endpoint serves a model whose record is not among the inventories given.",
   "A Vertex AI endpoint's deployedModels name a model that no inventory of the run describes, so the image it "
   "serves is not known and not judged. Add the models (gcloud ai models list --format=json) to the run."},
  {R::data_too_old, "data-too-old", Severity::error,
   "A catalog's data is older than --max-data-age on the date evaluated.",
   "Every answer rests on catalog data as of a date; past the age allowed, dates announced since may be missing. "
   "Bring newer data in (rtcat db import CATALOG.json), check what changed (rtcat catalogs --diff), or raise "
   "--max-data-age."},
  {R::notebook_unreadable, "notebook-unreadable", Severity::warning,
   "A .ipynb file is not a notebook's JSON, so its cells could not be scanned.",
   "scan reads a notebook's cells from its JSON. The file has a syntax error at the place shown (often a merge "
   "conflict or a truncated save), so none of its code was checked. Repair the file, or exclude it."},
  {R::migrate_machine_unmapped, "migrate-machine-unmapped", Severity::warning,
   "A legacy machine name or scale tier maps to no documented machine type: migrate wrote its choice.",
   "The Google sources rtcat records (data/vertex-machines.json) describe AI Platform's legacy machine names "
   "(standard, complex_model_m, ...) and scale tiers (BASIC, STANDARD_1, ...) only relative to each other, never as "
   "a Compute Engine machine type, and Vertex AI requires one in every worker pool. migrate writes rtcat's choice "
   "(the smallest machine that fits what is documented: the family, the relative size, the accelerators; the data "
   "file gives the basis of each), says so, and lists what is documented (replica counts too). Check it against "
   "the job's needs, or choose with --machine-type [POOL=]TYPE."},
  {R::migrate_accelerator_retired, "migrate-accelerator-retired", Severity::warning,
   "The job's accelerator is one Vertex AI no longer offers (NVIDIA Tesla K80).",
   "The Vertex AI v1 API deprecates NVIDIA_TESLA_K80: the GPU reached end of support. migrate writes the nearest "
   "GPU it offers on N1 machine types instead (NVIDIA_TESLA_T4, rtcat's choice: Google names no successor). Check "
   "that the job fits the new GPU's memory, or pick another accelerator."},
  {R::migrate_image_chosen, "migrate-image-chosen", Severity::note,
   "The prebuilt training (or prediction) image migrate picked for the job or model version, and why.",
   "A Python package job runs on a Vertex AI prebuilt training image. migrate picks the image the target finder "
   "ranks first for the job's framework and Python on the date (the newest open one). Pass --image URI to choose "
   "another."},
  {R::migrate_image_not_open, "migrate-image-not-open", Severity::warning,
   "No prebuilt training image of the job's framework is open for new jobs on the date.",
   "Every image the data knows for the framework has reached a milestone that closes it to new work on the date "
   "(or the data, as of its date, lists none after it). migrate writes the newest one it knows and names the data's "
   "date: check Google's current list of prebuilt containers, then pass --image URI, or move to a custom "
   "container."},
  {R::migrate_python_differs, "migrate-python-differs", Severity::warning,
   "The prebuilt image runs another Python than the job asked for.",
   "AI Platform let a job or model version choose its Python; a Vertex AI prebuilt image has one. Test the "
   "trainer (or load the model and check its predictions) on the image's Python, or pass --image URI (or a custom "
   "container) with the Python it needs."},
  {R::migrate_no_equivalent, "migrate-no-equivalent", Severity::warning,
   "A field of the legacy job has no Vertex AI equivalent, or changes meaning.",
   "The field is not carried over (TPU configurations, useChiefInTfConfig, runtimeVersion, ...). The message says "
   "what Vertex AI does instead and what to change in the trainer or the spec."},
  {R::migrate_custom_prediction_routine, "migrate-custom-prediction-routine", Severity::warning,
   "A model version's custom prediction routine (predictionClass) needs a custom container.",
   "Vertex AI's prebuilt prediction images do not load a predictor class. Build an image that holds the "
   "version's packages (packageUris) and the predictor class with their dependencies, and runs an HTTP server "
   "that answers Vertex AI's health checks on AIP_HEALTH_ROUTE and prediction requests ({\"instances\": [...]} "
   "in, {\"predictions\": [...]} out) on AIP_PREDICT_ROUTE, listening on AIP_HTTP_PORT; the model's files are "
   "at AIP_STORAGE_URI. Push it to Artifact Registry and upload the model with --container-image-uri (or rtcat "
   "migrate --image URI)."},
  {R::migrate_placeholder, "migrate-placeholder", Severity::error,
   "The migrated spec holds a placeholder that must be filled in before it is submitted.",
   "Where migrate cannot know a value Vertex AI requires, it writes a placeholder in capitals (REGION-docker.pkg.dev/"
   "PROJECT/REPOSITORY/TRAINER:TAG for an image to build, gs://BUCKET/PATH/PACKAGE.tar.gz for a package gcloud "
   "uploaded) and exits 1. When no prebuilt image of the job's framework is open on the date, the job is written as "
   "a custom-container job: build its image from the last known prebuilt one with the Dockerfile lines the finding "
   "gives (and the gcloud form prints), push it to Artifact Registry and write its URI in place of the "
   "placeholder, or pass --image URI with a prebuilt image that is open."},
};
// clang-format on

constexpr bool in_enum_order() {
  for (size_t i = 0; i < std::size(k_rules); ++i) {
    if (static_cast<size_t>(k_rules[i].key) != i) {
      return false;
    }
  }
  return static_cast<size_t>(RuleId::migrate_placeholder) + 1 == std::size(k_rules);
}
static_assert(in_enum_order(), "k_rules lists every RuleId once, in enum order");

} // namespace

std::span<const RuleInfo> rule_infos() {
  return k_rules;
}

const RuleInfo& rule(RuleId key) {
  return k_rules[static_cast<size_t>(key)];
}

const RuleInfo* find_rule(std::string_view id) {
  for (const auto& r : k_rules) {
    if (r.id == id) {
      return &r;
    }
  }
  return nullptr;
}

bool rule_matches(std::string_view name, std::string_view finding_rule) {
  if (name == "*" || name == finding_rule) {
    return true;
  }
  const RuleInfo* r = find_rule(finding_rule);
  if (!r || name.empty()) {
    return false;
  }
  for (auto alias : r->aliases) {
    if (alias == name) {
      return true;
    }
  }
  return false;
}

bool is_rule_or_alias(std::string_view name) {
  for (const auto& r : k_rules) {
    if (r.id == name) {
      return true;
    }
    for (auto alias : r.aliases) {
      if (!alias.empty() && alias == name) {
        return true;
      }
    }
  }
  return false;
}

} // namespace lib
