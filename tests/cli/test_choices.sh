#!/usr/bin/env bash
# A value chosen from a set: a mistyped one is refused, naming the closest valid value ("did
# you mean") and every valid one, on one line of stderr (exit 2).
source "$(dirname "$0")/lib.sh"

# An id without its Python suffix: the ids it begins come first, before near spellings.
run show tf-cpu.2-17 --at 2024-06-01
expect_input_error "rtcat: error: no entry 'tf-cpu.2-17' in the catalog (did you mean tf-cpu.2-17.py310 (unreleased), "
# A version's numeric neighbours are not ids that extend it.
run show 1.3 --platform ai-platform --at 2024-06-01
expect_input_error "(did you mean 1.2 (deletion), 1.4 (deletion)"

# An unknown framework is refused, not searched for and echoed into advice.
for cmd in "list" "check --runtime 2.11" "upgrade --runtime 1.15" "validate $SRC/data/examples/jobs/cluster-spec-master.json"; do
  # shellcheck disable=SC2086
  run $cmd --framework tensorflw --at 2024-06-01
  expect_input_error "rtcat: error: --framework: unknown framework 'tensorflw' (did you mean 'tensorflow'? valid: tensorflow, scikit-learn, xgboost, pytorch, ray)"
done
# The names it is known by, and a framework only a catalog's images are built for.
run check --runtime 2.1 --python 3.7 --framework sklearn --at 2020-06-01
expect_exit 0
run list --framework ray --platform vertex-training --at 2024-06-01
expect_exit 0
expect_out "ray-cpu.2-47.py311"

# A Python version is X.Y.
for cmd in "list" "combos" "check --runtime 2.11" "upgrade --runtime 2.11"; do
  # shellcheck disable=SC2086
  run $cmd --python 3 --at 2024-06-01
  expect_input_error "rtcat: error: --python: '3' is not a Python version: expected X.Y, like 3.10"
done
run combos --python 3.10.4 --at 2024-06-01
expect_input_error "--python: '3.10.4' is not a Python version"

run list --platform ai-platfrom
expect_input_error "rtcat: error: unknown platform 'ai-platfrom' (did you mean 'ai-platform'? valid: ai-platform, vertex-training, vertex-prediction, aws-dlc, python)"
run list --status supportd --at 2024-06-01
expect_input_error "rtcat: error: --status: unknown status 'supportd' (did you mean 'supported'? valid: unreleased, supported, expiring, unknown, "
run list --format jsn
expect_input_error "rtcat: error: --format jsn is not available for list (did you mean 'json'? valid: table, json, csv, markdown, endoflife)"
run list --color alwys
expect_input_error "rtcat: error: --color: unknown value 'alwys' (did you mean 'always'? valid: auto, always, never)"
run check --runtime 2.11 --service trainig
expect_input_error "rtcat: error: --service: unknown value 'trainig' (did you mean 'training'? valid: training, prediction)"
run upgrade --runtime 1.15 --strategy neerest
expect_input_error "rtcat: error: --strategy: unknown value 'neerest' (did you mean 'nearest'? valid: newest, nearest)"
run cluster-spec "$SRC/data/examples/jobs/cluster-spec-master.json" --as vertx
expect_input_error "rtcat: error: --as: unknown value 'vertx' (did you mean 'vertex'? valid: legacy, vertex)"
# An age with a unit it does not know: the forms of that number, the closest first.
run list --max-data-age 90days
expect_input_error "rtcat: error: --max-data-age: invalid age '90days' (did you mean '90d'? valid: 90d, 90w, 90)"
run list --max-data-age 12Weeks
expect_input_error "(did you mean '12w'? valid: 12d, 12w, 12)"
run list --max-data-age 3m
expect_input_error "rtcat: error: --max-data-age: invalid age '3m' (expected days like 90d, weeks like 12w, or a number of days)"
run list --max-data-age x90
expect_input_error "--max-data-age: invalid age 'x90' (expected days like 90d, weeks like 12w, or a number of days)"

# Formats: compiler-style findings are text for validate and audit as for scan; table, their
# older name, is still taken by them and prints the same; scan never took it.
run validate --format txt "$SRC/data/examples/jobs/cluster-spec-master.json"
expect_input_error "rtcat: error: --format txt is not available for validate (did you mean 'text'? valid: text, json)"
for cmd in "validate $SRC/data/examples/jobs/invalid-runtime-closed.json" "audit $SRC/data/examples/jobs.json"; do
  # shellcheck disable=SC2086
  run $cmd --at 2020-07-19 --format text
  expect_exit 1
  text=$OUT
  [[ -n "$text" ]] || fail "no text output"
  # shellcheck disable=SC2086
  run $cmd --at 2020-07-19 --format table
  expect_exit 1
  [[ "$OUT" == "$text" ]] || fail "--format table prints other than --format text"
  # shellcheck disable=SC2086
  run $cmd --at 2020-07-19
  [[ "$OUT" == "$text" ]] || fail "the default is not text"
done
run scan --format table "$WORK"
expect_input_error "rtcat: error: --format table is not available for scan (valid: text, json, sarif, github)"

# Nothing near: the valid values only.
run list --platform zzz
expect_input_error "rtcat: error: unknown platform 'zzz' (valid: ai-platform, vertex-training, vertex-prediction, aws-dlc, python)"

# The scan config file's keys.
mkdir -p "$WORK/repo"
printf 'warn_days = 30\n' >"$WORK/repo/.rtcat.toml"
run scan "$WORK/repo" --at 2024-06-01
expect_input_error "rtcat: error: $WORK/repo/.rtcat.toml:1:1: unknown key 'warn_days' (did you mean 'warn-days'? valid: fail-on, warn-days, exclude, exclude-fences, exclude-after, ignore, catalog, max-data-age)"
printf 'fail-on = "warnings"\n' >"$WORK/repo/.rtcat.toml"
run scan "$WORK/repo" --at 2024-06-01
expect_input_error "fail-on 'warnings' is not valid (did you mean 'warning'? valid: error, warning, note, never)"

# A CLUSTER_SPEC's task type, in either form, and a job's scale tier.
CLUSTER_SPEC='{"cluster": {"master": ["m:1"]}, "task": {"type": "mastr", "index": 0}}' run cluster-env --framework pytorch
expect_input_error "CLUSTER_SPEC: unknown task type 'mastr' (did you mean 'master'? valid: master, worker, ps, evaluator, or Vertex AI's workerpool0 to workerpool3)"
CLUSTER_SPEC='{"cluster": {"workerpol1": ["w:1"]}, "task": {"type": "workerpool0", "index": 0}}' run cluster-env --framework pytorch
expect_input_error "CLUSTER_SPEC: unknown task type 'workerpol1' in cluster (did you mean 'workerpool1'? valid:"
printf '%s\n' '{"jobId": "j", "trainingInput": {"scaleTier": "CUSTM", "masterType": "n1-standard-4"}}' >"$WORK/tier.json"
run cluster-spec "$WORK/tier.json"
expect_input_error "tier.json:1:34: scaleTier 'CUSTM' is not a scale tier (did you mean 'CUSTOM'? valid: BASIC, STANDARD_1, PREMIUM_1, BASIC_GPU, BASIC_TPU, CUSTOM)"

finish
