#!/usr/bin/env bash
# rtcat scan policy: --fail-on, --warn-days, milestone edge days, inline suppressions, and the
# repository config file (.rtcat.toml / .rtcat.yaml) with command-line flags winning.
source "$SRC/tests/cli/lib.sh"
T="$WORK/repo"
mkdir -p "$T/.git" "$T/ci" "$T/vendor"
cat >"$T/ci/train.sh" <<'SH'
gcloud ai-platform jobs submit training j1 --runtime-version 1.14 --python-version 3.5 --package-path t --module-name t.task
gcloud ai-platform jobs submit training j2 --runtime-version 1.14 --python-version 3.5 --package-path t --module-name t.task # rtcat: ignore[expiring]
# rtcat: ignore[submission-end, deletion]
gcloud ai-platform jobs submit training j3 --runtime-version 1.14 --python-version 3.5 --package-path t --module-name t.task
SH
printf "runtimeVersion: '1.14'\npythonVersion: '3.5'\n" >"$T/vendor/old.yaml"
cd "$T" || exit 1

# Runtime 1.14 closes to new jobs on 2020-07-19: the day before it is expiring (a warning).
# (--ignore takes one rule per flag: the path after it is still a path.)
run scan --at 2020-07-18 --ignore no-alternative ci
expect_exit 0
expect_out "ci/train.sh:1:62: warning: runtime 1.14 closes to new jobs on 2020-07-19 (in 1 day) [expiring]"
expect_no_out "ci/train.sh:2:"
expect_out "ci/train.sh:4:62: warning: runtime 1.14 closes to new jobs on 2020-07-19"
run scan --at 2020-07-18 --fail-on warning ci
expect_exit 1
run scan --at 2020-07-18 --warn-days 0 ci
expect_exit 0
expect_out "0 errors, 0 warnings"
# The day it closes and the day after: an error, except where suppressed.
for day in 2020-07-19 2020-07-20; do
  run scan --at "$day" --ignore no-alternative ci
  expect_exit 1
  expect_out "ci/train.sh:1:62: error: runtime 1.14 closed to new jobs on 2020-07-19 [submission-end]"
  expect_out "ci/train.sh:2:62: error: runtime 1.14 closed to new jobs on 2020-07-19 [submission-end]"
  expect_no_out "ci/train.sh:4:"
  expect_out "(1 suppressed)" # the inline one (2.1, with Python 3.7, is the way on: no no-alternative note)
done
run scan --at 2020-07-20 --fail-on never ci
expect_exit 0

# A TOML config at the root of the checkout, found from a subfolder too.
cat >"$T/.rtcat.toml" <<'TOML'
# rtcat policy for this repository
fail-on = "warning"
warn-days = 30
exclude = ["vendor/**"]
ignore = ["no-alternative"]
TOML
run scan --at 2020-07-18
expect_exit 1
expect_no_out "vendor/old.yaml"
expect_out "ci/train.sh:1:62: warning: runtime 1.14 closes to new jobs"
run scan --at 2020-06-01
expect_exit 0
run scan --at 2020-06-01 --warn-days 90
expect_exit 1
run scan --at 2020-07-18 --fail-on error
expect_exit 0
run scan --at 2020-07-18 --no-config
expect_out "vendor/old.yaml:1:18: warning"
cd "$T/ci" || exit 1
run scan --at 2020-07-18 .
expect_exit 1
expect_out "train.sh:1:62: warning"
cd "$T" || exit 1

# The YAML form.
rm "$T/.rtcat.toml"
printf "fail-on: never\nignore: [expiring]\n" >"$T/.rtcat.yaml"
run scan --at 2020-07-18
expect_exit 0
expect_no_out "[expiring]"
run scan --at 2020-07-18 --config "$SRC/tests/fixtures/scan/jobs/config.yaml"
expect_input_error "config.yaml:1:1: unknown key 'trainingInput' (valid: fail-on, warn-days, exclude, exclude-fences, exclude-after, ignore, catalog, max-data-age)"

# A broken config is an input error naming the file, line and column.
printf "fail-on: sometimes\n" >"$T/.rtcat.yaml"
run scan --at 2020-07-18
expect_input_error "rtcat: error: .rtcat.yaml:1:10: fail-on 'sometimes' is not valid (valid: error, warning, note, never)"
rm "$T/.rtcat.yaml"
printf "warn-days = 30\nwarn-days = 40\n" >"$T/.rtcat.toml"
run scan --at 2020-07-18
expect_input_error ".rtcat.toml:2:1: duplicate key warn-days"
printf "catalog = \"nope.json\"\n" >"$T/.rtcat.toml"
run scan --at 2020-07-18
expect_input_error "nope.json"
printf "ignore = [\"expring\"]\n" >"$T/.rtcat.toml"
run scan --at 2020-07-18
expect_input_error "rtcat: error: .rtcat.toml: ignore: unknown rule 'expring' (see 'rtcat rules')"
rm "$T/.rtcat.toml"
run scan --at 2020-07-18 --ignore submission_end
expect_input_error "rtcat: error: --ignore: unknown rule 'submission_end' (see 'rtcat rules')"

# Former ids of merged rules still suppress them: inline, --ignore and the config's ignore list.
mkdir -p "$WORK/alias"
cat >"$WORK/alias/submit.sh" <<'SH'
gcloud ai-platform jobs submit training j1 --region us-central1 --python-version 2.7 --module-name t.task --package-path t
# rtcat: ignore[required-field]
gcloud ai-platform jobs submit training j2 --region us-central1 --python-version 2.7 --module-name t.task --package-path t
SH
run scan --no-config --at 2024-06-01 "$WORK/alias"
expect_exit 1
expect_out "submit.sh:1:1: error: runtimeVersion is required from 2020-01-13 (before, it defaulted to 1.0) [runtime-version-required]"
expect_no_out "submit.sh:3:"
expect_out "(1 suppressed)"
run scan --no-config --at 2024-06-01 --ignore missing-runtime "$WORK/alias"
expect_exit 0
expect_out "(2 suppressed)"
run scan --no-config --at 2019-06-01 "$WORK/alias"
expect_exit 0
expect_out "submit.sh:1:1: note: runtimeVersion is not set: on 2019-06-01 it defaults to 1.0 (required from 2020-01-13) [runtime-version-defaulted]"
printf "ignore = [\"required-field\"]\n" >"$WORK/alias/.rtcat.toml"
run scan --config "$WORK/alias/.rtcat.toml" --at 2024-06-01 "$WORK/alias"
expect_exit 0
expect_out "(2 suppressed)"

# The repository ships a pre-commit hook definition that runs rtcat scan.
grep -q "entry: rtcat scan" "$SRC/.pre-commit-hooks.yaml" || fail ".pre-commit-hooks.yaml lacks the scan hook"
finish
