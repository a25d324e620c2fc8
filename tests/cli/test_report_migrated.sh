#!/usr/bin/env bash
# rtcat report, section "Migrated spec per runtime": one legacy job or model version per runtime,
# migrated as `rtcat migrate` migrates it on the report's date; Vertex AI records are not; the
# JSON field `migrated` holds specs that are valid Vertex AI v1 messages; the HTML keeps its layout.
source "$(dirname "$0")/lib.sh"
require_node_modules protobufjs @google-cloud/aiplatform/package.json
INV="$SRC/tests/fixtures/report-migrated/inventory.jsonl"

# Markdown: after the targets, one subsection per runtime with a legacy resource; exit 1 as
# before (the section adds no finding to the exit code).
run report --inventory "$INV" --at 2024-12-01
expect_exit 1
expect_out "## Migrated spec per runtime"
[[ "$OUT" == *"## Where to move"*"## Migrated spec per runtime"* ]] || fail "the section must follow the targets"
section=${OUT#*"## Migrated spec per runtime"}
[[ $(grep -c '^### ' <<<"$section") -eq 4 ]] || fail "expected 4 runtimes in the section"
[[ "$section" != *"train-tf"* ]] || fail "a Vertex AI record was migrated"
expect_out "Training job churn_tuning_20210302 (${INV}:2): the most urgent affected training job of the runtime's 2 resources that can be migrated."
expect_out "gcloud ai hp-tuning-jobs create --region=us-central1 --display-name=churn_tuning_20210302 --config=churn_tuning_20210302-vertex.yaml --max-trial-count=8 --parallel-trial-count=2"
expect_out "Model version projects/acme-ml/models/churn/versions/v2 (${INV}:5): the runtime's only resource."
expect_out "gcloud ai models upload --region=REGION --display-name=churn-v2 --container-image-uri=us-docker.pkg.dev/vertex-ai/prediction/xgboost-cpu.2-1:latest"
expect_out "Batch prediction job score_nightly_20200901"
expect_out "- note: executorImageUri is us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-17.py310:latest: the newest unconfirmed vertex-training image of tensorflow (from runtime 2.1) for new jobs on 2024-12-01"
expect_out "- warning: the image runs Python 3.10, not 3.7 as the job asked"
run report --inventory "$INV" --at 2024-12-01 --fail-on never
expect_exit 0

# The same text as `rtcat migrate --inventory` writes: one mapping, not two.
run report --inventory "$INV" --at 2024-12-01 --format json --fail-on never
expect_exit 0
printf '%s' "$OUT" >"$WORK/report.json"
run migrate --inventory "$INV" --at 2024-12-01 --format gcloud -q
migrated=$OUT
for i in 0 1 2 3; do
  cases=$((cases + 1))
  CMD="report's migrated[$i].gcloud in migrate --inventory's output"
  snippet=$(node -e 'const j=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")); process.stdout.write(j.migrated['"$i"'].gcloud)' "$WORK/report.json")
  [[ -n "$snippet" && "$migrated" == *"$snippet"* ]] || fail "migrated[$i] differs from what migrate writes"
done

# JSON: a top-level array, one object per runtime with a legacy resource.
OUT=$(cat "$WORK/report.json")
expect_jsons <<'JSON'
j.migrated.length | 4
j.migrated.map(m => m.runtime + "/" + m.service).sort().join(" ") | 1.15/prediction 1.15/training 2.1/prediction 2.1/training
j.migrated.map(m => m.kind).sort().join(" ") | BatchPredictionJob CustomJob HyperparameterTuningJob Model
j.migrated.every(m => m.catalog == "ai-platform" && m.not_migrated === null) | true
j.migrated.find(m => m.kind == "HyperparameterTuningJob").resource.name | churn_tuning_20210302
j.migrated.find(m => m.kind == "HyperparameterTuningJob").resource.affected | true
j.migrated.find(m => m.kind == "HyperparameterTuningJob").spec.studySpec.metrics[0].metricId | auc
j.migrated.find(m => m.kind == "Model").spec.model.containerSpec.imageUri | us-docker.pkg.dev/vertex-ai/prediction/xgboost-cpu.2-1:latest
j.migrated.find(m => m.kind == "CustomJob").spec.jobSpec.workerPoolSpecs[0].containerSpec.imageUri | us-docker.pkg.dev/acme-ml/train/bert:3.1
j.migrated.find(m => m.kind == "BatchPredictionJob").findings.every(f => f.rule.startsWith("migrate-")) | true
j.runtimes.length | 5
JSON
# Each spec is a valid message of its Vertex AI v1 type.
for type in CustomJob HyperparameterTuningJob BatchPredictionJob; do
  node -e 'const j=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")); process.stdout.write(JSON.stringify(j.migrated.find(m => m.kind == process.argv[2]).spec))' \
    "$WORK/report.json" "$type" >"$WORK/$type.json"
  cases=$((cases + 1))
  CMD="vertex_check.js $type (report's migrated spec)"
  got=$(node "$SRC/tests/schema/vertex_check.js" "$NODE_PATH" "$type" "$WORK/$type.json" 2>&1) || fail "not a valid $type: $got"
done

# The report's date is the migration's: no TensorFlow training image is open after 2026-07-24 in
# the data, so the newest is taken and said so; RTCAT_TODAY is the date when --at is not given.
run report --inventory "$INV" --at 2026-09-01 --format json --fail-on never
expect_json 'j.migrated.find(m => m.kind == "HyperparameterTuningJob").findings.some(f => /2026-09-01/.test(f.message))' "true"
expect_json 'j.migrated.find(m => m.kind == "HyperparameterTuningJob").findings.some(f => /2024-12-01/.test(f.message))' "false"
RTCAT_TODAY=2024-12-01 "$RTCAT" report --inventory "$INV" --format json --fail-on never >"$WORK/today.json"
cases=$((cases + 1))
CMD="RTCAT_TODAY=2024-12-01 rtcat report --format json"
[[ "$(cat "$WORK/today.json")" == "$(cat "$WORK/report.json")" ]] || fail "RTCAT_TODAY and --at give different reports"

# Vertex AI records alone: no section, an empty array.
grep -F '"jobSpec"' "$INV" >"$WORK/vertex.jsonl"
run report --inventory "$WORK/vertex.jsonl" --at 2024-12-01 --fail-on never
expect_no_out "Migrated spec"
run report --inventory "$WORK/vertex.jsonl" --at 2024-12-01 --format json --fail-on never
expect_json 'j.migrated.length' "0"

# One per runtime, however many resources; a runtime none of whose best few can be migrated
# says why.
for i in $(seq 1 40); do
  printf '{"jobId":"bulk_%02d","trainingInput":{"runtimeVersion":"1.15","pythonVersion":"3.7"}}\n' "$i"
done >"$WORK/bulk.jsonl"
run report --inventory "$WORK/bulk.jsonl" --at 2024-12-01 --format json --fail-on never
expect_jsons <<'JSON'
j.migrated.length | 1
j.migrated[0].resource.name | bulk_01
j.migrated[0].spec | null
/no training code/.test(j.migrated[0].not_migrated) | true
JSON
run report --inventory "$WORK/bulk.jsonl" --at 2024-12-01 --fail-on never
expect_out "Not migrated: "

# CSV has no place for it.
run report --inventory "$INV" --at 2024-12-01 --format csv --fail-on never
expect_no_out "gcloud"

# HTML: a <details> per runtime, user strings escaped, no script; at 1280 and 390 px, with every
# <details> open, no text leaves its box (the snippets scroll in theirs).
run report --inventory "$INV" --at 2024-12-01 --format html --fail-on never
expect_out '<h2 id="migrated">Migrated spec per runtime</h2>'
[[ $(grep -c '^<details>' <<<"$OUT") -eq 4 ]] || fail "expected 4 <details>"
expect_out "bert_custom_&lt;b&gt;x&lt;/b&gt;"
expect_no_out "<b>x</b>"
expect_no_out "<script"
if command -v chromium >/dev/null; then
  sed -e 's/<details>/<details open>/' <<<"$OUT" >"$WORK/open.html"
  for size in 1280x800 390x844; do
    measure "$WORK/open.html" "${size%x*}" "${size#*x}" "$WORK/open-$size" "the migrated section open at $size"
    [[ "$got" == "ok" ]] || fail "layout problems at $size: $got"
  done
else
  cases=$((cases + 1))
  CMD="chromium"
  fail "chromium is not installed (scripts/install-deps.sh installs it)"
fi
finish
