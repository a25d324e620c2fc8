#include "cli/commands.hpp"

#include "catalog/calendar.hpp"
#include "catalog/error.hpp"
#include "lib/core/freshness.hpp"
#include "util/file.hpp"
#include "util/text.hpp"

#include <algorithm>
#include <array>
#include <vector>

namespace cli {

namespace {

// What the commands that evaluate catalog entries on a date honour.
constexpr unsigned k_lifecycle_globals =
    g_catalog | g_platform | g_at | g_format | g_color | g_warn_days | g_max_data_age | g_wide;

constexpr std::string_view k_help_list = R"(Examples:
  rtcat list
  rtcat list --platform ai-platform --at 2020-06-01 --status supported,expiring
  rtcat list --platform vertex-prediction --framework scikit-learn --format json)";

constexpr std::string_view k_help_show = R"(Examples:
  rtcat show 1.15
  rtcat show vertex-prediction:sklearn-cpu.1-6 --format json)";

constexpr std::string_view k_help_check = R"(Examples:
  rtcat check --runtime 1.15 --python 3.7 --at 2020-06-01
  rtcat check --runtime 2.1 --framework scikit-learn --service prediction
  rtcat check --runtime 2.1 --require 'tensorflow>=2.3' --service prediction --format json
  rtcat check --runtime vertex-prediction:sklearn-cpu.1-6 --warn-days 365)";

constexpr std::string_view k_help_combos = R"(Examples:
  rtcat combos --platform ai-platform --at 2020-06-01
  rtcat combos --python 3.10 --format csv)";

constexpr std::string_view k_help_upgrade = R"(Examples:
  rtcat upgrade --runtime 1.14 --python 2.7 --at 2019-11-30
  rtcat upgrade --runtime 1.15 --strategy nearest --min-days 180 --at 2020-02-01
  rtcat upgrade --runtime 2.1 --framework scikit-learn --service prediction --at 2025-06-01
  rtcat upgrade --runtime 1.15 --framework tensorflow --at 2025-03-01 --format json

After the platform's sunset (ai-platform: 2025-02-01) the candidates are images of the
successor catalog for the service (vertex-training, vertex-prediction), by framework and
version, then Python. Rule ids: unknown-runtime, no-candidate, framework-unknown, stale-data.
Exit codes: 0 candidates found, 1 no candidate or unknown runtime, 2 input error.)";

constexpr std::string_view k_help_timeline = R"(Examples:
  rtcat timeline --platform ai-platform
  rtcat timeline --within 180d --at 2026-06-01
  rtcat timeline --platform vertex-prediction --format ics --alarm 30d > vertex-deadlines.ics
  rtcat timeline --platform ai-platform --format svg --since 2019-01-01 > lifecycle.svg

The iCalendar feed has the milestones still ahead of the date (--include-past for all), one
event per milestone with CPU/GPU twins merged, and stable UIDs so a subscribed calendar updates
in place. The SVG chart groups entries by catalog in version order, draws windows hatched and
marks the date and each platform's shutdown; --since/--until crop it.)";

constexpr std::string_view k_help_validate =
    R"EX(Checks: runtimeVersion open on --at and pythonVersion on it; runtimeVersion/pythonVersion
required from 2020-01-13 unless masterConfig.imageUri is set; scaleTier, machine types and
counts; packageUris (.tar.gz/.whl on gs://) and pythonModule; scikit-learn/XGBoost runtimes;
requirements over the runtime's pins; images defaulting to the master's; evaluators.
A file with a top-level jobId is a complete job. A file holding only trainingInput is a gcloud
--config fragment: what the command line usually gives (--runtime-version, --python-version,
--package-path, --module-name), when missing, is a note naming the flag; what the file states
is judged strictly. Validate the script (or --gcloud) to judge the merged job.
Rule ids and JSON fields: docs/reference/commands.md, "Training jobs and distributed clusters".

Examples:
  rtcat validate job.json --at 2020-06-01
  rtcat validate config.yaml --requirements requirements.txt --format json
  rtcat validate --gcloud "gcloud ai-platform jobs submit training j1 --runtime-version 2.1 --python-version 3.7 \
      --package-path trainer --module-name trainer.task --region us-central1"
  rtcat validate submit.sh --requirements setup.py --fail-on warning

Exit codes: 0 no finding at or above --fail-on, 1 findings, 2 unreadable or malformed input.)EX";

constexpr std::string_view k_help_migrate =
    R"EX(Writes the job's Vertex AI equivalent on stdout and its findings on stderr: a CustomJob, or a
HyperparameterTuningJob when the job has hyperparameters. Replicas become workerPoolSpecs in
Vertex AI's order (primary, workers, parameter servers, evaluators; an unused pool before a used
one stays as {}). Compute Engine machine types pass through; legacy names and scale tiers carry
their documented accelerators, and a finding where no machine type is documented. acceleratorConfig
and gcloud's --master-accelerator, --worker-accelerator, --parameter-server-accelerator
(type=nvidia-tesla-t4,count=2) set the pool's accelerator; a K80 becomes a T4, with a finding.
A Python package runs on the prebuilt image the target finder picks for the runtime's framework
and the job's Python on --at (--image URI chooses). jobDir becomes baseOutputDirectory (and
--job-dir stays in args); scheduling.maxRunningTime becomes scheduling.timeout. The job's labels
(beside trainingInput, or gcloud --labels) become the Vertex AI job's labels.
Batch prediction jobs become BatchPredictionJobs. Model versions become a model upload on the
prebuilt prediction image for their framework and Python (the GPU image when the version has
accelerators; a finding when the image's Python differs) and an endpoint deployment; a custom
prediction routine (predictionClass) needs a custom container, and its finding says what it holds.
Formats: json (REST body), yaml (for gcloud ai custom-jobs|hp-tuning-jobs create --config; that
file holds no labels), gcloud (a shell snippet that writes the YAML and runs gcloud, --labels too).
Rule ids: docs/reference/commands.md, "Moving a job to Vertex AI".

Examples:
  rtcat migrate job.json --at 2025-06-01
  rtcat migrate config.yaml --format yaml > vertex-config.yaml
  rtcat migrate --gcloud "gcloud ai-platform jobs submit training j1 --runtime-version 2.11 --python-version 3.7 \
      --packages gs://b/t-1.tar.gz --module-name t.task --region europe-west4" --format gcloud
  rtcat migrate job.json --image us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-17.py310:latest
  rtcat migrate config.yaml --source trainer/   # also: where the code reads CLUSTER_SPEC by legacy names

Exit codes: 0 no finding at or above --fail-on, 1 findings, 2 unreadable or malformed input.)EX";

constexpr std::string_view k_help_cluster_spec =
    R"EX(The master is "chief" in TF_CONFIG when useChiefInTfConfig is true, when the job has evaluators,
or on runtime 2.1 and later; evaluators are not in TF_CONFIG's cluster. Worker, ps and evaluator
images default to the master's. Addresses are not known before the job runs: --host-pattern
stands in for them. --as vertex prints what Vertex AI sets on the migrated job: CLUSTER_SPEC
names pools workerpool0..3 (primary, workers, parameter servers, evaluators), TF_CONFIG names
them chief, worker, ps, evaluator, and both carry as `job` the CustomJobSpec that `migrate`
writes (camelCase REST JSON; a trial: the trialJobSpec; the prebuilt image picked on --at).

Examples:
  rtcat cluster-spec job.json
  rtcat cluster-spec job.json --as vertex --replica workerpool1:0 --at 2025-06-01
  rtcat cluster-spec config.yaml --replica worker:1 --trial 3
  rtcat cluster-spec job.json --format json --host-pattern '{job}-{type}-{index}.svc:2222'
  eval "$(rtcat cluster-spec job.json --replica master:0)"   # exports CLUSTER_SPEC and TF_CONFIG

Exit codes: 0 printed, 2 unreadable or malformed job, or a job whose replicas the service chooses.)EX";

constexpr std::string_view k_help_cluster_env = R"EX(Formats (--format): sh (default; export lines for eval), dotenv, json.
  pytorch:    MASTER_ADDR, MASTER_PORT, WORLD_SIZE (master + workers), RANK (master 0, worker N -> N+1)
  mxnet:      DMLC_ROLE (master scheduler, worker worker, ps server), DMLC_PS_ROOT_URI (the
              master's host resolved to an IPv4 address here, in the replica: ps-lite's scheduler
              binds it), DMLC_PS_ROOT_PORT, DMLC_NUM_WORKER, DMLC_NUM_SERVER; refused for a
              cluster without parameter servers, where MXNet's distributed kvstore aborts
  tensorflow: TF_CONFIG with the master as chief, without evaluators
A replica the framework gives no role (PyTorch: ps and evaluator; MXNet: evaluator) gets
CLUSTER_ROLE=<its type> alone, after a comment saying it joins no process group; exit 0, so a
shared entrypoint with `set -e` goes on. --framework torch is pytorch. Both forms of
CLUSTER_SPEC are read: AI Platform's (master, worker, ps, evaluator) and Vertex AI's
(workerpool0..3, the same roles in that order), so one entrypoint runs before and after the move.

Examples:
  eval "$(rtcat cluster-env --framework pytorch)"          # in a container's entrypoint
  rtcat cluster-env --framework mxnet --spec spec.json --format json
  rtcat cluster-env --framework tensorflow --format dotenv > cluster.env

Exit codes: 0 printed (also for a replica with no role), 2 CLUSTER_SPEC missing, not JSON or inconsistent;
for mxnet also no parameter server, or a master host that does not resolve.)EX";

constexpr std::string_view k_help_audit = R"(Examples:
  gcloud ai-platform jobs list --format=json > jobs.json
  gcloud ai-platform versions list --model my_model --format=json > versions.json
  gcloud ai-platform jobs describe my_job > job.yaml       # YAML documents and single objects too
  rtcat audit jobs.json versions.json --at 2024-12-01
  rtcat audit inventory.jsonl --format csv > status.csv
  rtcat audit data/examples/jobs.json --format json --fail-on never
  gcloud ai models list --region us-central1 --format=json > models.json
  gcloud ai endpoints list --region us-central1 --format=json > endpoints.json
  gcloud ai custom-jobs list --region us-central1 --format=json > jobs.json
  rtcat audit models.json endpoints.json jobs.json --max-data-age 90d

Formats: table (findings, then a summary by status), json, jsonl (one resource per line, then
the summary), csv. Model versions are judged as deployed, jobs as new work (a re-run).
Vertex AI models, custom jobs, hyperparameter tuning jobs, training pipelines and endpoints are
judged once per image they name (a prebuilt image by the vertex catalogs; a custom image is
"custom image: not tracked"); an endpoint's deployed models by the model records of the same run
(deployed-model-missing when there is none).
Rule ids: the lifecycle rules of check (submission-end, deletion, support-end, availability-end,
expiring, lifecycle-unknown, python-unsupported, ...), plus custom-container,
runtime-version-required (formerly missing-runtime), unknown-runtime, invalid-field,
malformed-record, deployed-model-missing, inventory-disagrees (the record contradicts the
catalog while the platform runs), stale-export (the record lists alive a resource of a platform
shut down before the date); 'rtcat rules' lists them all. report counts the same verdicts.
Exit codes: 0 nothing at or above --fail-on, 1 findings (malformed records are errors), 2 input error.)";

constexpr std::string_view k_help_report = R"(Examples:
  rtcat report --inventory data/examples/jobs.json --inventory data/examples/versions.json --at 2024-12-01
  rtcat report --inventory data/examples/inventory.jsonl --format html -o report.html --at 2024-12-01
  rtcat report --inventory jobs.json --format csv > affected.csv

Formats (--format): markdown (default), html (one self-contained file: inline CSS and SVG, no
script, readable on a phone, prints cleanly), json, csv. The report opens with what needs
action by when (one sentence, the resources by status in words, the next deadline), then the
affected resources grouped by runtime and service (counts and the five most urgent, in plain
words: "closed to new jobs 3 years 9 months ago"), then where to move: the targets `upgrade`
recommends for each framework and Python in use, an unconfirmed one marked with a dagger; then
the migrated spec per runtime: one legacy job or model version of each runtime (the most urgent
affected one that can be migrated), rewritten for Vertex AI as `rtcat migrate` does on the
report's date, with its gcloud snippet and migrate's findings (json: the array `migrated`;
Vertex AI resources are not migrated); and the lifecycle timeline (HTML). csv and json list
every affected resource in inventory order, written as it is read (memory stays flat at any
size; the groups say what is most urgent).
-o FILE appears only complete: an error on the way (exit 2) leaves FILE as it was.
Exit codes: 0 nothing at or above --fail-on, 1 a resource's verdict (as audit gives it), a
malformed record or a --scan finding at or above it, 2 input error (migrate's findings on the
specs shown do not count).)";

constexpr std::string_view k_help_scan =
    R"(Formats (--format): text (default, compiler style), json, sarif (SARIF 2.1.0), github (workflow annotations).
Policy: --fail-on error|warning|note|never, --warn-days N; 'rtcat: ignore[RULE]' on a line or the line above
suppresses RULE there; .rtcat.toml / .rtcat.yaml at the repository root sets fail-on, warn-days, exclude,
ignore, catalog and max-data-age (command-line flags win).
Baselines: --write-baseline FILE records today's findings (the run passes); --baseline FILE then reports
and fails only on findings not in it, matched by the SARIF fingerprint (rule, path, line text: moving a
line keeps it baselined). --baseline FILE --write-baseline FILE rewrites it with only the entries still
found, so it only shrinks.

Reads shell scripts, YAML/JSON jobs, Python, Dockerfiles, Markdown code blocks and Jupyter notebooks
(code cells, !gcloud lines, %%bash/%%writefile cells, %env; findings at the line:col of the .ipynb file),
and follows values through shell and Python variables within a file or notebook. A gcloud command
with --config FILE is judged as the merged job (the file from the script's folder, then the folder
scanned; flags win), reported at the command. Every training job found (a JSON/YAML job spec with a
top-level trainingInput, a gcloud 'jobs submit training' command outside Markdown, Python and
notebooks) gets validate's job rules too, with the same rule ids, at the job's fields.

Examples:
  rtcat scan
  rtcat scan --write-baseline .rtcat-baseline.json
  rtcat scan --baseline .rtcat-baseline.json
  rtcat scan src deploy --exclude 'vendor/**' --fail-on warning
  rtcat scan notebooks/ --exclude '.ipynb_checkpoints/'
  rtcat scan --format sarif -o rtcat.sarif
  rtcat scan --format github --warn-days 180
  RTCAT_TODAY=2024-06-01 rtcat scan --format json jobs/ training.ipynb)";

constexpr std::string_view k_help_rules =
    R"(Formats (--format): table (default), json ([{id, severity, description, help, aliases}]), csv, markdown.
A rule id, or one of its aliases (the ids it replaced), can be given to 'rtcat: ignore[RULE]',
to 'scan --ignore' and to the ignore list of .rtcat.toml / .rtcat.yaml.

Examples:
  rtcat rules
  rtcat rules --format json
  rtcat rules --format json | jq -r '.[] | select(.severity == "error") | .id')";

constexpr std::string_view k_help_catalogs =
    R"(Lists the catalogs in effect (--catalog / RTCAT_CATALOG, else the embedded ones): the date their data
is as of, its age on the date evaluated (--at), how many entries each has, and where it was read from.
--max-data-age on the other commands fails a run when a catalog is older than that.
With --diff OLD NEW, compares two catalog files or stores instead, before importing newer data.
Formats (--format): table (default), json, csv, markdown; with --diff, text (default) or json.

Examples:
  rtcat catalogs
  rtcat catalogs --at 2026-12-01 --format json
  rtcat catalogs --diff catalog.db vertex-training.json
  rtcat db import catalog.db vertex-training.json && rtcat --catalog catalog.db catalogs)";

constexpr std::string_view k_help_db = R"(Examples:
  rtcat db init catalog.db
  rtcat db import catalog.db                      # the embedded catalogs
  rtcat db import catalog.db my-images.json
  rtcat db export catalog.db --name ai-platform -o ai-platform.json
  rtcat db verify catalog.db
  rtcat --catalog catalog.db list)";

constexpr std::string_view k_help_completion =
    R"(Prints a completion script: commands, options, and their values where they are known (catalog
names, formats, statuses, severities, the runtime ids of the embedded catalogs).

Installed by 'cmake --install' and the .deb; to load it by hand:
  source <(rtcat completion bash)                 # in ~/.bashrc
  rtcat completion zsh > ~/.zfunc/_rtcat          # with fpath=(~/.zfunc $fpath) before compinit
  rtcat completion fish > ~/.config/fish/completions/rtcat.fish)";

constexpr std::string_view k_help_man =
    R"(The manual is generated from this command table at build time and installed as rtcat(1).

Examples:
  rtcat man > rtcat.1 && man -l rtcat.1)";

const std::array k_db_commands = {
    Command{"init", "Create an empty catalog store (schema, WAL journal)", "", g_quiet, define_db_init},
    Command{"import", "Import catalog JSON files (default: the embedded catalogs) in one transaction", "", g_quiet,
            define_db_import},
    Command{"export", "Write one catalog as canonical JSON", "", 0, define_db_export},
    Command{"verify", "Check integrity, schema version and every stored document", "", g_quiet, define_db_verify},
};

const std::array k_commands = {
    Command{"list", "Every entry with release, Python, frameworks, status on the date and next milestone", k_help_list,
            k_lifecycle_globals, define_list},
    Command{"show", "One entry in full, with its timeline, notes and sources", k_help_show, k_lifecycle_globals, define_show},
    Command{"check", "Is this runtime / Python / framework combination valid on the date? If not, why, and what instead",
            k_help_check, k_lifecycle_globals | g_quiet | g_fail_on, define_check},
    Command{"combos", "The runtime x Python combinations valid for new work on the date", k_help_combos, k_lifecycle_globals,
            define_combos},
    Command{"upgrade", "What to upgrade or migrate to from a runtime, what changes, and for how long it stays valid",
            k_help_upgrade, k_lifecycle_globals | g_quiet | g_fail_on, define_upgrade},
    Command{"timeline", "Every release and milestone in date order; also an SVG chart or an iCalendar feed", k_help_timeline,
            k_lifecycle_globals, define_timeline},
    Command{"validate", "Check training job specs: REST JSON, gcloud config.yaml or a gcloud command line", k_help_validate,
            k_lifecycle_globals | g_quiet | g_fail_on, define_validate},
    Command{"cluster-spec", "The CLUSTER_SPEC and TF_CONFIG each replica of a training job receives", k_help_cluster_spec,
            g_catalog | g_at | g_format, define_cluster_spec},
    Command{"cluster-env", "Turn this replica's CLUSTER_SPEC into the variables PyTorch, MXNet or TensorFlow expect",
            k_help_cluster_env, g_format, define_cluster_env},
    Command{"migrate",
            "Write a training job's Vertex AI equivalent: a CustomJob or HyperparameterTuningJob as JSON, YAML or gcloud",
            k_help_migrate, g_catalog | g_at | g_format | g_quiet | g_fail_on, define_migrate},
    Command{"audit", "Give every job and model version of an inventory export its runtime status and the action it needs",
            k_help_audit, k_lifecycle_globals | g_quiet | g_fail_on, define_audit},
    Command{"report", "The migration report: what breaks, when, and what to move to, for everything you own", k_help_report,
            g_catalog | g_platform | g_at | g_format | g_warn_days | g_fail_on | g_max_data_age, define_report},
    Command{"scan", "Find runtime references in a source tree and report expired or expiring ones with file:line:col",
            k_help_scan, g_catalog | g_at | g_format | g_color | g_quiet | g_warn_days | g_fail_on | g_max_data_age | g_wide,
            define_scan},
    Command{"rules", "Every rule id findings carry: its default severity, meaning and former ids", k_help_rules,
            g_format | g_color | g_wide, define_rules},
    Command{"catalogs", "Each catalog in effect with the date its data is as of, its entry count and source; compare two",
            k_help_catalogs, g_catalog | g_platform | g_at | g_format | g_color | g_wide, define_catalogs},
    Command{"db", "The SQLite catalog store: init, import, export, verify", k_help_db, g_quiet, nullptr, k_db_commands},
    Command{"completion", "Print the shell completion script for bash, zsh or fish", k_help_completion, 0, define_completion},
    Command{"man", "Print the manual page rtcat(1) (roff), generated from this table", k_help_man, 0, define_man},
};

struct Formats {
  std::string_view command;
  std::array<std::string_view, 6> formats; // unused slots are ""
};
constexpr std::array k_formats = {
    Formats{"list", {"table", "json", "csv", "markdown"}},
    Formats{"show", {"table", "json"}},
    Formats{"check", {"table", "json"}},
    Formats{"combos", {"table", "json", "csv", "markdown"}},
    Formats{"upgrade", {"table", "json"}},
    Formats{"timeline", {"table", "json", "csv", "markdown", "svg", "ics"}},
    Formats{"validate", {"table", "json"}},
    Formats{"cluster-spec", {"table", "json"}},
    Formats{"cluster-env", {"sh", "json", "dotenv"}},
    Formats{"audit", {"table", "json", "jsonl", "csv"}},
    Formats{"report", {"markdown", "html", "json", "csv"}},
    Formats{"scan", {"text", "json", "sarif", "github"}},
    Formats{"rules", {"table", "json", "csv", "markdown"}},
    Formats{"catalogs", {"table", "json", "csv", "markdown"}},
    Formats{"migrate", {"json", "yaml", "gcloud"}},
};

constexpr GlobalName k_global_names[] = {
    {g_catalog, "--catalog"},     {g_platform, "--platform"}, {g_at, "--at"},
    {g_format, "--format"},       {g_color, "--color"},       {g_quiet, "--quiet"},
    {g_warn_days, "--warn-days"}, {g_fail_on, "--fail-on"},   {g_max_data_age, "--max-data-age"},
    {g_wide, "--wide"},
};

} // namespace

void stdin_once(std::initializer_list<const std::vector<std::string>*> inputs) {
  size_t given = 0;
  for (const auto* list : inputs) {
    given += static_cast<size_t>(std::count(list->begin(), list->end(), util::k_stdin));
  }
  if (given > 1) {
    throw catalog::InvalidInput("'-' (standard input) is given " + std::to_string(given) +
                                " times: it is one input, and can stand for one file argument");
  }
}

std::span<const Command> commands() {
  return k_commands;
}

std::span<const std::string_view> command_formats(std::string_view name) {
  for (const auto& f : k_formats) {
    if (f.command == name) {
      auto used = std::find(f.formats.begin(), f.formats.end(), std::string_view());
      return {f.formats.begin(), used};
    }
  }
  return {};
}

std::span<const GlobalName> global_names() {
  return k_global_names;
}

void add_global_options(Options& root, Globals& g) {
  root.add_option("--catalog", g.catalogs, "Catalog file (JSON) or store (SQLite) instead of the embedded catalogs; repeatable")
      ->type_name("PATH");
  root.add_option("--platform", g.platform, "Only this catalog (ai-platform, vertex-training, vertex-prediction, ...)")
      ->type_name("NAME");
  root.add_option("--at", g.at, "Evaluate on this UTC date instead of today (also RTCAT_TODAY)")->type_name("YYYY-MM-DD");
  root.add_option("--format", g.format, "Output format: table, json, csv, markdown (timeline also svg, ics)")
      ->type_name("FORMAT");
  root.add_option("--color", g.color, "Colour: auto, always or never (NO_COLOR is honoured)")
      ->type_name("WHEN")
      ->check(one_of({"auto", "always", "never"}));
  root.add_flag("-q,--quiet", g.quiet, "Print only findings and errors");
  root.add_option("--warn-days", g.warn_days, "A milestone this close (in days; default 90) marks an entry as expiring")
      ->type_name("DAYS")
      ->check(range(0, catalog::k_max_span_days));
  root.add_option("--fail-on", g.fail_on, "Exit 1 on findings of this severity or worse: error, warning, note, never")
      ->type_name("SEVERITY")
      ->check(one_of({"error", "warning", "note", "never"}));
  root.add_option("--max-data-age", g.max_data_age,
                  "Fail (data-too-old) when a catalog's as_of date is older than this on the date evaluated: 90d, 12w")
      ->type_name("AGE")
      ->check([](const std::string& value) {
        try {
          lib::parse_data_age(value, "");
          return std::string();
        } catch (const catalog::InvalidInput& e) {
          return std::string(e.what());
        }
      });
  root.add_flag("--wide", g.wide,
                "Tables and finding lines at full width on a terminal too (default there: fit COLUMNS or the terminal)");
}

const Command* find_command(std::span<const Command> table, std::string_view name) {
  auto it = std::find_if(table.begin(), table.end(), [&](const Command& c) { return c.name == name; });
  return it == table.end() ? nullptr : &*it;
}

std::string closest_command(std::span<const Command> table, std::string_view name) {
  std::vector<std::string_view> names;
  for (const auto& c : table) {
    names.push_back(c.name);
  }
  return util::closest(name, names);
}

} // namespace cli
