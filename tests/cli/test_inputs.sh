#!/usr/bin/env bash
# What people pipe in: REST list responses (a page of records, with the token of the next) for
# audit, report --inventory and migrate --inventory, and `-` for standard input in every file
# argument of every command.
source "$(dirname "$0")/lib.sh"
P="$SRC/tests/fixtures/pages"
V="$SRC/tests/fixtures/vertex"
E="$SRC/data/examples"
J="$E/jobs"

# The audit of a resource, less where it was read (the CSV's path and line).
verdicts() { cut -d, -f3- <<<"$OUT"; }

# --- REST list responses ---

# Two pages of models (pretty-printed, as curl prints them) are the audit of the same models
# listed by gcloud: every record, the last page ending the listing (no warning).
run audit "$V/models.json" --at 2026-03-01 --format csv
expect_exit 1
listed=$(verdicts)
run audit "$P/models-1.json" "$P/models-2.json" --at 2026-03-01 --format csv
expect_exit 1
[[ "$(verdicts)" == "$listed" ]] || fail "two pages of models are not audited as gcloud's list of them"
[[ -z "$ERR" ]] || fail "a complete listing warns"
run audit "$P/models-1.json" "$P/models-2.json" --at 2026-03-01 -q
expect_out "models-1.json:3:5: warning: model projects/123456789/locations/us-central1/models/111"
expect_out "models-2.json:3:5: error: model projects/123456789/locations/us-central1/models/333"

# The first page alone: its records are audited, and a warning on stderr names the page that
# says more follow, and how to get the rest.
run audit "$P/models-1.json" --at 2026-03-01 --format json
expect_exit 0
expect_err "rtcat: warning: $P/models-1.json:1:1: the models listing is incomplete: this list response has a nextPageToken and no later page was read; pass every page (repeat the request with pageToken set to each nextPageToken until a response has none), or list with gcloud, which reads every page (gcloud ai models list --region=REGION --format=json)"
expect_jsons <<'JSON'
j.resources.length | 2
j.summary.incomplete_listings.length | 1
j.summary.incomplete_listings[0].collection | models
j.summary.incomplete_listings[0].path.endsWith("pages/models-1.json") | true
j.summary.incomplete_listings[0].line | 1
JSON
run audit "$P/models-1.json" --at 2026-03-01 --format jsonl
expect_out '"incomplete_listings":[{"collection":"models","path":"'"$P/models-1.json"'","line":1,"column":1}]}}'
# The last page read of a collection decides: the second page, then the first, leaves it open.
run audit "$P/models-2.json" "$P/models-1.json" --at 2026-03-01 -q
expect_err "models-1.json:1:1: the models listing is incomplete"

# Compact pages one a line, of every Vertex AI collection read: the same resources as gcloud's lists.
run audit "$V/custom-jobs.json" "$V/hp-tuning-jobs.json" "$V/training-pipelines.json" "$V/endpoints.json" --at 2026-03-01 --format csv --fail-on never
listed=$(verdicts)
run audit "$P/vertex.jsonl" --at 2026-03-01 --format csv --fail-on never
expect_exit 0
[[ "$(verdicts)" == "$listed" ]] || fail "pages one a line are not audited as gcloud's lists of the same records"
[[ -z "$ERR" ]] || fail "a listing whose last page has an empty token warns"

# AI Platform: a page of jobs (GET .../v1/projects/P/jobs) and one of model versions.
run audit "$E/jobs.json" "$E/versions.json" --at 2024-12-01 --format csv
listed=$(verdicts)
run audit "$P/jobs.json" "$P/versions.json" --at 2024-12-01 --format csv
expect_exit 1
[[ "$(verdicts)" == "$listed" ]] || fail "AI Platform pages are not audited as gcloud's lists"
expect_err "jobs.json:1:1: the jobs listing is incomplete"
expect_err "(gcloud ai-platform jobs list --format=json)"

# {} is what the API prints for a collection with nothing in it: nothing to audit, no error.
run audit "$P/empty.json" --at 2024-12-01
expect_exit 0
expect_out "audited 0 resources in 1 file on 2024-12-01"

# report --inventory: the same records, and the incomplete listing in the JSON summary and the
# report's inputs line.
run report --inventory "$P/models-1.json" --at 2026-03-01 --format json
expect_err "models-1.json:1:1: the models listing is incomplete"
expect_jsons <<'JSON'
j.summary.resources | 2
j.summary.incomplete_listings[0].collection | models
JSON
run report --inventory "$P/jobs.json" --at 2024-12-01
expect_out "Incomplete listings (a last page with a nextPageToken: the pages after it were not read): jobs ($P/jobs.json:1:1)."
run report --inventory "$P/models-1.json" --inventory "$P/models-2.json" --at 2026-03-01 --format json
expect_json "j.summary.incomplete_listings.length" 0

# migrate --inventory: each job of the page, as of gcloud's list.
run migrate --inventory "$E/jobs.json" --at 2024-12-01 --format yaml
listed=$OUT
run migrate --inventory "$P/jobs.json" --at 2024-12-01 --format yaml
[[ "$OUT" == "$listed" ]] || fail "migrate --inventory of a page differs from the list"
expect_err "jobs.json:1:1: the jobs listing is incomplete"

# --- `-`: standard input ---

# audit -: gcloud's list piped in, read as the file is, named <stdin>.
run audit "$E/jobs.json" --at 2024-12-01 --format csv
listed=$(verdicts)
run_in "$E/jobs.json" audit - --at 2024-12-01 --format csv
expect_exit 1
[[ "$(verdicts)" == "$listed" ]] || fail "audit - differs from the file"
expect_out "<stdin>,2,job,census_wide_deep_20191102"
run_in "$E/jobs.json" audit - "$E/versions.json" --at 2024-12-01 -q
expect_out "<stdin>:2:3: error: job census_wide_deep_20191102"
expect_out "versions.json:2:3: warning: model version"
# --strict reads the input twice (a check, then the audit): standard input too.
run_in "$E/inventory.jsonl" audit --strict - --at 2024-12-01
expect_exit 1
expect_out "audited 9 resources in 1 file on 2024-12-01"
printf '{"jobId": "j", "trainingInput": {}}\n{"jobId": "k", "state": 3}\n' >"$WORK/bad.jsonl"
run_in "$WORK/bad.jsonl" audit --strict - --at 2024-12-01
expect_input_error "rtcat: error: <stdin>:2:1: malformed record: field state must be a string, found a number"
run_in "$WORK/bad.jsonl" audit - --at 2024-12-01 -q
expect_out "<stdin>:2:1: error: malformed record: field state must be a string, found a number"
# YAML and a REST page on standard input, told apart by content as in a file.
run_in "$SRC/tests/fixtures/inventory/describe.yaml" audit - --at 2024-12-01 -q
expect_out "<stdin>:1:1: error: job"
run_in "$P/models-1.json" audit - --at 2026-03-01 -q
expect_out "<stdin>:3:5: warning: model projects/123456789/locations/us-central1/models/111"
expect_err "rtcat: warning: <stdin>:1:1: the models listing is incomplete"
# Standard input is one input.
run_in "$E/jobs.json" audit - - --at 2024-12-01
expect_input_error "rtcat: error: '-' (standard input) is given 2 times: it is one input, and can stand for one file argument"
run_in "$E/jobs.json" migrate - --inventory - --at 2024-12-01
expect_input_error "'-' (standard input) is given 2 times"
run_in "$J/valid-gcloud.sh" validate - --requirements - --at 2020-06-01
expect_input_error "'-' (standard input) is given 2 times"
# A file named by its path is still a file: a missing one says so.
run audit "$WORK/missing.json" --at 2024-12-01
expect_input_error "rtcat: error: $WORK/missing.json: cannot read: No such file or directory"

# report --inventory -
run_in "$E/versions.json" report --inventory - --at 2024-12-01 --format json
expect_jsons <<'JSON'
j.inputs | ["<stdin>"]
j.summary.resources | 5
j.resources.every(r => r.path === "<stdin>") | true
JSON
run_in "$E/versions.json" report --inventory - --at 2024-12-01
expect_out "Inputs: &lt;stdin>. 5 resources." # Markdown: <stdin>

# validate -: a job in each form, its form told by its content; positions name <stdin>.
run_in "$J/valid-gcloud.sh" validate - --at 2020-06-01
expect_exit 0
expect_out "<stdin>: ok"
run_in "$J/valid-config.yaml" validate - --at 2020-06-01
expect_exit 0
expect_out "<stdin>:8:3: note: workerConfig.imageUri is not set"
run_in "$J/invalid-runtime-closed.json" validate - --at 2020-07-19
expect_exit 1
expect_out "<stdin>:8:5: error: runtime 1.14 closed to new jobs on 2020-07-19"
printf '{"jobId": "j",\n  "trainingInput": {"runtimeVersion": }}\n' >"$WORK/broken.json"
run_in "$WORK/broken.json" validate - --at 2020-06-01
expect_input_error "rtcat: error: <stdin>:2:"
run_in "$J/requirements-sklearn.txt" validate "$J/invalid-sklearn-runtime.yaml" --requirements - --at 2019-06-01
expect_exit 1
expect_out "<stdin>:2:1: error: training with scikit-learn needs runtime 1.13 or later"

# migrate -: a training job, and a model version (read twice: what it is, then the job).
run migrate "$J/valid-rest.json" --at 2024-12-01 --format yaml
listed=$OUT
run_in "$J/valid-rest.json" migrate - --at 2024-12-01 --format yaml
[[ "$OUT" == "$listed" ]] || fail "migrate - differs from the file"
expect_err "<stdin>:15:5: note: executorImageUri is"
run_in "$E/versions.json" migrate - --at 2024-12-01 --format json
expect_exit 0
expect_out '"displayName"'
run_in "$P/jobs.json" migrate --inventory - --at 2024-12-01 --format yaml
expect_err "rtcat: warning: <stdin>:1:1: the jobs listing is incomplete"

# cluster-spec - and cluster-env --spec -
run cluster-spec "$J/valid-pytorch-cluster.yaml" --format json
listed=$OUT
run_in "$J/valid-pytorch-cluster.yaml" cluster-spec - --format json
expect_exit 0
[[ "$OUT" == "$listed" ]] || fail "cluster-spec - differs from the file"
printf '{"cluster": {"workerpool0": ["m:2222"]}, "task": {"type": "workerpool0", "index": 0}}' >"$WORK/spec.json"
run_in "$WORK/spec.json" cluster-env --framework pytorch --spec -
expect_exit 0
expect_out "MASTER_ADDR"
printf '{"cluster": ' >"$WORK/cut-spec.json"
run_in "$WORK/cut-spec.json" cluster-env --framework pytorch --spec -
expect_input_error "<stdin>"

# scan -: standard input is one file, read as a file whose name tells nothing of its kind (a
# script): what it holds is found and judged where it is.
printf '# train\ngcloud ai-platform jobs submit training j --runtime-version 1.15 --python-version 3.7 --package-path t --module-name t.task --region us-central1\n' >"$WORK/train.sh"
run_in "$WORK/train.sh" scan - --no-config --at 2024-01-01
expect_exit 1
expect_out "<stdin>:2:61: error: runtime 1.15 had its model versions deleted on 2021-12-19"
expect_out "1 file scanned, 1 reference: 1 error, 0 warnings, 0 notes"
run_in "$WORK/train.sh" report --scan - --inventory "$E/versions.json" --at 2024-01-01 --format json
expect_json 'j.findings.some(f => f.path === "<stdin>" && f.line === 2)' true
run_in "$WORK/train.sh" scan - - --no-config --at 2024-01-01
expect_input_error "'-' (standard input) is given 2 times"

# db import DB -, scan --config -, --baseline -, --catalog -
run db init "$WORK/c.db"
run_in "$SRC/data/vertex-training.json" db import "$WORK/c.db" -
expect_exit 0
printf '{"name": ' >"$WORK/cut.json"
run_in "$WORK/cut.json" db import "$WORK/c.db" -
expect_input_error "rtcat: error: <stdin>:1:"
printf 'fail-on = "never"\n' >"$WORK/rtcat.toml"
run_in "$WORK/rtcat.toml" scan --config - "$SRC/tests/fixtures/scan/jobs" --at 2020-07-18
expect_exit 0
printf 'fail-on = \n' >"$WORK/bad.toml"
run_in "$WORK/bad.toml" scan --config - "$SRC/tests/fixtures/scan/jobs" --at 2020-07-18
expect_input_error "rtcat: error: <stdin>:1:"
run_in "$SRC/data/vertex-training.json" --catalog - list --format json
expect_exit 0
expect_json "j.every(e => e.catalog === 'vertex-training')" true

finish
