#!/usr/bin/env bash
# rtcat audit: every inventory shape, statuses and actions, malformed records, --strict, formats.
source "$(dirname "$0")/lib.sh"
EX=$SRC/data/examples

# gcloud jobs list + versions list (JSON arrays).
run audit "$EX/jobs.json" "$EX/versions.json" --at 2024-12-01
expect_exit 1
expect_out "$EX/jobs.json:2:3: error: job census_wide_deep_20191102: runtime 1.14 had its model versions deleted on 2021-07-19; it closed to new jobs on 2020-07-19 [deletion] (use vertex-training:tf-cpu.2-17.py310)"
expect_out "$EX/jobs.json:55:3: note: job bert_finetune_custom_20220819: uses the custom container us-docker.pkg.dev/acme-ml/train/bert-finetune:3.1; no runtime version lifecycle applies [custom-container]"
expect_out "$EX/versions.json:47:3: warning: model version projects/acme-ml/models/recsys/versions/v12: runtime 2.11 closed to new jobs by 2024-04-08 at the latest"
expect_out "audited 10 resources in 2 files on 2024-12-01"
expect_out "custom-container     1"
expect_out "inventory-disagrees  4"

# After the platform's shutdown (2025-02-01) a model version listed READY is a stale export, not
# a contradiction: the deletion stands (an error, exit 1, as report counts it), and a warning
# says that the export predates the shutdown and what bounds it from below.
run audit "$EX/versions.json" --at 2026-12-01
expect_exit 1
expect_out "$EX/versions.json:2:3: error: model version projects/acme-ml/models/churn/versions/v1: runtime 1.15 had its model versions deleted on 2021-12-19"
expect_out "$EX/versions.json:2:3: warning: model version projects/acme-ml/models/churn/versions/v1: listed READY, but its platform shut down on 2025-02-01: the export is stale, taken before then (no earlier than 2020-02-11, its createTime); the model version no longer exists [stale-export]"
expect_no_out "the catalog's date may be wrong"
expect_no_out "inventory-disagrees"
expect_out "deletion  5"
run report --inventory "$EX/versions.json" --at 2026-12-01 --format json
expect_exit 1
expect_json 'JSON.stringify(j.summary.by_status)' '{"deletion":5}'
# The latest time a record shows (lastUseTime, updateTime, startTime, endTime) bounds the export;
# a job still RUNNING after the shutdown is a stale export too; one that ended is history.
cat >"$WORK/stale.jsonl" <<'JSONL'
{"name":"projects/p/models/m/versions/v9","state":"READY","createTime":"2023-01-05T00:00:00Z","lastUseTime":"2024-11-30T08:00:00Z","runtimeVersion":"2.11","pythonVersion":"3.7","framework":"TENSORFLOW"}
{"jobId":"still_running","state":"RUNNING","createTime":"2024-01-05T00:00:00Z","startTime":"2024-01-05T00:10:00Z","trainingInput":{"runtimeVersion":"2.11","pythonVersion":"3.7"}}
{"jobId":"done","state":"SUCCEEDED","createTime":"2024-01-05T00:00:00Z","endTime":"2024-01-06T00:00:00Z","trainingInput":{"runtimeVersion":"2.11","pythonVersion":"3.7"}}
JSONL
run audit "$WORK/stale.jsonl" --at 2025-03-01 --format json
expect_exit 1
expect_json 'j.resources.map(r => r.status).join(",")' "deletion,deletion,deletion"
expect_json 'j.resources.map(r => r.findings.filter(f => f.rule == "stale-export").length).join(",")' "1,1,0"
expect_json 'j.resources[0].findings.find(f => f.rule == "stale-export").message' "model version projects/p/models/m/versions/v9: listed READY, but its platform shut down on 2025-02-01: the export is stale, taken before then (no earlier than 2024-11-30, its lastUseTime); the model version no longer exists"
expect_json 'j.resources[1].findings.find(f => f.rule == "stale-export").message' "job still_running: listed RUNNING, but its platform shut down on 2025-02-01: the export is stale, taken before then (no earlier than 2024-01-05, its startTime); the job no longer runs"
# The day before the shutdown the same READY model version is a contradiction (2.11's deletion
# is known only as a window ending on the shutdown day: nothing to contradict yet).
run audit "$WORK/stale.jsonl" --at 2025-01-31 --format json
expect_json 'j.resources.some(r => r.findings.some(f => f.rule == "stale-export"))' "false"

# Deployed model versions: a warning after submission_end, an error from deletion on.
run audit "$EX/versions.json" --at 2020-07-18 --format json
expect_json 'j.resources.find(r => r.name.endsWith("flowers/versions/v3")).status' "expiring"
run audit "$EX/versions.json" --at 2020-07-19 --format json
expect_json 'j.resources.find(r => r.name.endsWith("flowers/versions/v3")).status' "submission_end"
expect_json 'j.resources.find(r => r.name.endsWith("flowers/versions/v3")).findings[0].severity' "warning"
expect_json 'j.resources.find(r => r.name.endsWith("flowers/versions/v3")).deadline' "2021-07-19"
# From deletion on, a model version the inventory shows READY contradicts the catalog: a warning
# that they disagree, not the deletion stated as fact.
run audit "$EX/versions.json" --at 2021-07-19 --format json
expect_json 'j.resources.find(r => r.name.endsWith("flowers/versions/v3")).status' "inventory-disagrees"
expect_json 'j.resources.find(r => r.name.endsWith("flowers/versions/v3")).findings[0].severity' "warning"
expect_json 'j.resources.find(r => r.name.endsWith("flowers/versions/v3")).findings[0].rule' "inventory-disagrees"
expect_json 'j.resources.find(r => r.name.endsWith("flowers/versions/v3")).findings[0].message' "model version projects/acme-ml/models/flowers/versions/v3: the inventory shows it READY, but the catalog says runtime 1.14 had its model versions deleted on 2021-07-19; it closed to new jobs on 2020-07-19: the inventory and the catalog disagree (check the resource; the catalog's date may be wrong)"
run audit "$EX/versions.json" --at 2021-07-18 --format json
expect_json 'j.resources.find(r => r.name.endsWith("flowers/versions/v3")).status' "submission_end"
expect_json 'j.summary.resources' "5"

# JSON Lines, the same resources; csv and jsonl formats.
run audit "$EX/inventory.jsonl" --at 2024-12-01 --format csv --fail-on never
expect_exit 0
expect_out $'PATH,LINE,KIND,NAME,STATE,RUNTIME,PYTHON,FRAMEWORK,STATUS,DEADLINE,DEADLINE_MILESTONE,DEADLINE_EARLIEST,DAYS,ACTION,TARGET,PART\r'
expect_out "$EX/inventory.jsonl,5,model_version,projects/acme-ml/models/churn/versions/v1,READY,1.15,3.7,SCIKIT_LEARN,inventory-disagrees,2021-12-19,deletion,,-1078,migrate to vertex-prediction:sklearn-cpu.1-6,vertex-prediction:sklearn-cpu.1-6,"
run audit "$EX/inventory.jsonl" --at 2024-12-01 --format jsonl
expect_exit 1
[[ $(wc -l <<<"$OUT") -eq 10 ]] || fail "expected 9 resources and a summary line"
expect_out '{"summary":{"resources":9,"malformed":0,"by_status":{"custom-container":1,"deletion":3,"inventory-disagrees":4,"submission_end":1},"worst":"error","incomplete_listings":[]}}'

# Malformed records: reported with file, line and column, counted, the rest audited.
cat >"$WORK/mixed.jsonl" <<'JSONL'
{"jobId":"ok_job","trainingInput":{"runtimeVersion":"2.1","pythonVersion":"3.7"}}
{"jobId":"broken_job","trainingInput":{"runtimeVersion":"2.1",
{"jobId":"typed_job","trainingInput":{"runtimeVersion":2.1}}
{"jobId":"no_runtime_job","trainingInput":{"pythonModule":"t.task"}}
{"jobId":"future_job","trainingInput":{"runtimeVersion":"7.0"}}
{"jobId":"bad_python_job","trainingInput":{"runtimeVersion":"2.1","pythonVersion":"three"}}
{"state":"READY"}
JSONL
run audit "$WORK/mixed.jsonl" --at 2020-06-01
expect_exit 1
expect_out "$WORK/mixed.jsonl:2:"
expect_out ": error: malformed record: "
expect_out "$WORK/mixed.jsonl:3:1: error: malformed record: field runtimeVersion must be a string, found a number [malformed-record]"
expect_out "$WORK/mixed.jsonl:4:1: error: job no_runtime_job: has neither runtimeVersion nor a custom container; runtimeVersion is required from 2020-01-13 (before, it defaulted to 1.0) [runtime-version-required]"
expect_out "$WORK/mixed.jsonl:5:1: error: job future_job: runtime 7.0 is not in the catalog"
expect_out "$WORK/mixed.jsonl:6:1: error: job bad_python_job: invalid version 'three'"
expect_out "malformed record: neither a job"
expect_out "audited 4 resources in 1 file on 2020-06-01 (3 malformed records skipped)"
expect_no_out "ok_job"
run audit "$WORK/mixed.jsonl" --at 2020-06-01 --format json
expect_json 'j.summary.malformed' "3"
expect_json 'j.findings.map(f => f.line).join(",")' "2,3,7"
expect_json 'j.resources.map(r => r.status).join(",")' "supported,missing-runtime,unknown-runtime,invalid"

# --strict: the first malformed record is an input error, and nothing is printed.
run audit "$WORK/mixed.jsonl" --at 2020-06-01 --strict
expect_input_error "$WORK/mixed.jsonl:2:"
expect_err "(--strict stops here"

# A truncated array and a file that is not an inventory.
printf '[{"jobId": "a", "trainingInput": {"runtimeVersion": "2.1"}},\n {"jobId": "b"' >"$WORK/cut.json"
run audit "$WORK/cut.json" --at 2020-06-01
expect_exit 1
expect_out "$WORK/cut.json:2:2: error: malformed record: the array is not closed (truncated file?) [malformed-record]"
# Every shape gcloud prints: one pretty-printed object (describe --format=json) and gcloud's
# default YAML (describe; list: documents separated by ---) give the same audit as JSON.
I="$SRC/tests/fixtures/inventory"
run audit "$I/describe.json" --at 2024-12-01 --format json
expect_exit 1
json_out=$(sed 's/describe\.json/X/g' <<<"$OUT")
expect_out "\"name\":\"census_20200301\""
expect_out "\"line\":1,\"runtime\":\"1.15\",\"python\":\"3.7\""
run audit "$I/describe.yaml" --at 2024-12-01 --format json
expect_exit 1
[[ "$(sed 's/describe\.yaml/X/g' <<<"$OUT")" == "$json_out" ]] || fail "describe.yaml does not audit as describe.json"
run audit "$I/describe.json" --at 2024-12-01
expect_out "audited 1 resource in 1 file on 2024-12-01"
expect_no_out "malformed"
run audit "$I/list.yaml" --at 2024-12-01
expect_exit 1
expect_out "list.yaml:2:1: error: job census_20200301: runtime 1.15 had its model versions deleted on 2021-12-19"
expect_out "list.yaml:10:1: note: job bert_finetune_custom_20220819: uses the custom container"
expect_out "list.yaml:23:4: error: malformed record: invalid YAML: end of map not found [malformed-record]"
expect_out "list.yaml:25:1: warning: model version projects/acme-ml/models/churn/versions/v3"
expect_out "audited 3 resources in 1 file on 2024-12-01 (1 malformed records skipped)"
run audit "$I/list.yaml" --at 2024-12-01 --strict
expect_input_error "list.yaml:23:4: malformed record: invalid YAML: end of map not found (--strict stops here"
printf 'jobs:\n  - a\n' >"$WORK/jobs.yaml"
run audit "$WORK/jobs.yaml" --at 2020-06-01
expect_exit 1
expect_out "$WORK/jobs.yaml:1:1: error: malformed record: neither a job"
printf 'these are notes, not an inventory\n' >"$WORK/notes.txt"
run audit "$WORK/notes.txt"
expect_input_error "$WORK/notes.txt:1:1: not an inventory: expected a JSON array"
run audit "$WORK/missing.json"
expect_input_error "$WORK/missing.json: cannot read"
run audit "$EX/jobs.json" --format markdown
expect_input_error "(valid: text, json, jsonl, csv)"

# A model name with markup is data, not markup, in every format.
printf '{"name":"projects/p/models/<script>alert(1)</script>/versions/v1","runtimeVersion":"2.1","framework":"XGBOOST"}\n' >"$WORK/xss.jsonl"
run audit "$WORK/xss.jsonl" --at 2020-06-01 --format json
expect_json 'j.resources[0].name' "projects/p/models/<script>alert(1)</script>/versions/v1"
expect_json 'j.resources[0].status' "supported"
# A stdout that cannot take the output (a full disk behind the redirection) is an input error,
# not a silent exit.
if [[ -w /dev/full ]]; then
  for format in table csv json jsonl; do
    cases=$((cases + 1))
    CMD="rtcat audit --format $format >/dev/full"
    "$RTCAT" audit "$EX/jobs.json" --at 2024-12-01 --format $format >/dev/full 2>"$WORK/err"
    code=$?
    [[ $code == 2 && $(wc -l <"$WORK/err") -eq 1 ]] && grep -q "stdout: cannot write: No space left on device" "$WORK/err" ||
      fail "expected exit 2 and one line, got $code: $(cat "$WORK/err")"
  done
fi

# One verdict per record: over a grid of records (runtimes across the catalog's life, jobs and
# model versions, live and ended, created early and late) on dates from 2018 to 2026, report
# gives every affected record the status audit gives it, the same counts, and the same exit
# code on each --fail-on.
for rt in 1.0 1.14 1.15 2.1 2.8 2.11; do
  for state in READY SUCCEEDED RUNNING FAILED; do
    for created in 2019-03-01 2023-03-01; do
      printf '{"jobId":"j_%s_%s_%s","state":"%s","createTime":"%sT00:00:00Z","trainingInput":{"runtimeVersion":"%s","pythonVersion":"3.7"}}\n' \
        "$rt" "$state" "$created" "$state" "$created" "$rt"
      printf '{"name":"projects/p/models/m/versions/v_%s_%s_%s","state":"%s","createTime":"%sT00:00:00Z","runtimeVersion":"%s","pythonVersion":"3.7","framework":"TENSORFLOW"}\n' \
        "${rt//./_}" "$state" "${created//-/}" "$state" "$created" "$rt"
    done
  done
done >"$WORK/grid.jsonl"
for on in 2018-06-01 2019-12-01 2020-07-19 2021-12-19 2023-06-01 2024-12-01 2025-01-31 2025-02-01 2026-06-01; do
  CMD="rtcat audit|report grid.jsonl --at $on"
  cases=$((cases + 1))
  for fail_on in error warning note; do
    "$RTCAT" audit "$WORK/grid.jsonl" --at "$on" --fail-on "$fail_on" --format jsonl >"$WORK/audit.jsonl"
    audit_code=$?
    "$RTCAT" report --inventory "$WORK/grid.jsonl" --at "$on" --fail-on "$fail_on" --format json >"$WORK/report.json"
    report_code=$?
    [[ $audit_code == "$report_code" ]] || fail "on $on with --fail-on $fail_on: audit exits $audit_code, report $report_code"
  done
  got=$(node -e '
    const fs = require("fs");
    const lines = fs.readFileSync(process.argv[1], "utf8").trim().split("\n").map(l => JSON.parse(l));
    const audit = new Map(lines.filter(l => !l.summary).map(r => [r.line, r]));
    const summary = lines.find(l => l.summary).summary;
    const rep = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
    const bad = rep.resources.filter(r => audit.get(r.line).status !== r.status).map(r => r.line + ": audit " + audit.get(r.line).status + ", report " + r.status);
    const affected = [...audit.values()].filter(r => r.findings.some(f => f.severity !== "note")).length;
    if (JSON.stringify(rep.summary.by_status) !== JSON.stringify(summary.by_status)) bad.push("by_status " + JSON.stringify(rep.summary.by_status) + " vs " + JSON.stringify(summary.by_status));
    if (rep.summary.affected !== affected || rep.resources.length !== affected) bad.push("affected " + rep.summary.affected + " vs " + affected);
    console.log(bad.length ? bad.slice(0, 5).join("; ") : "same");' "$WORK/audit.jsonl" "$WORK/report.json")
  [[ "$got" == "same" ]] || fail "on $on: $got"
done
finish
