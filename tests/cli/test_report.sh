#!/usr/bin/env bash
# rtcat report: headline, sections, urgency, formats, -o, escaping, and the HTML rendered in
# headless Chromium (screenshot non-trivial, no script ran, markup shown as text).
source "$(dirname "$0")/lib.sh"
EX=$SRC/data/examples

run report --inventory "$EX/jobs.json" --inventory "$EX/versions.json" --at 2024-12-01
expect_exit 1
expect_out "# Migration report"
# First what needs action by when: one sentence, then counts by status in words and the next deadline.
# 2.11's deletion is a window, 2024-12-09..2025-02-01: it may be 8 days away.
expect_out "**9 of 10 resources need action: 4 already broken or blocked; the next deadline falls between 2024-12-09 and 2025-02-01, in 8 to 62 days: runtime 2.11 deletion (1 resource)."
# The counts are audit's, by the same verdicts' statuses, in words: a model version the
# inventory shows READY after its deletion, while the platform ran, disagrees with the catalog.
expect_out "| closed to new jobs | 2 |"
expect_out "| custom container | 1 |"
expect_out "| inventory disagrees with the catalog | 4 |"
expect_out "| model versions deleted | 3 |"
# Such a record's row states the catalog's date as the catalog's word, not as fact.
expect_out "| projects/acme-ml/models/flowers/versions/v3 | model version | 3.5 | the inventory disagrees with the catalog, which says its runtime had its model versions deleted 3 years 4 months ago (2021-07-19) |"
expect_out "| next deadline | 2024-12-09..2025-02-01 (in 8 to 62 days) |"
# Then the resources grouped by runtime and service, in plain words; a bound keeps its bound.
expect_out "## Affected resources by runtime, most urgent first"
expect_out "### ai-platform runtime 2.1 (prediction)"
expect_out "| census_wide_deep_20191102 | training job | 3.5 | closed to new jobs 4 years 4 months ago (2020-07-19) |"
expect_out "had its model versions deleted by 2024-05-25 at the latest (6 months ago)"
expect_out "has its model versions deleted between 2024-12-09 and 2025-02-01 (in 8 to 62 days)"
expect_no_out "submission_end"
expect_no_out "DAYS"
[[ "$OUT" == *"## Affected resources by runtime"*"## Where to move"* ]] || fail "the resources must come before the targets"
# Then the targets: each with its framework and the job's own Python; unconfirmed marked once.
expect_out "| vertex-prediction:xgboost-cpu.2-1 † | XGBoost 2.1 | 3.7 → 3.10 |"
expect_out "| vertex-training:tf-cpu.2-17.py310 † | TensorFlow 2.17 | 3.5 → 3.10 |"
expect_no_out "(availability unconfirmed)"
[[ $(grep -c "availability unconfirmed" <<<"$OUT") -eq 1 ]] || fail "the unconfirmed mark is explained once"

# A training job with no framework recorded, on a runtime known by its TensorFlow line (2.8): the
# framework of the runtime, never PyTorch images.
printf '{"jobId":"tf28_job","trainingInput":{"runtimeVersion":"2.8","pythonVersion":"3.7"}}\n' >"$WORK/tf28.jsonl"
run report --inventory "$WORK/tf28.jsonl" --at 2024-12-01 --format json
expect_json 'j.runtimes[0].target_sets[0].frameworks.join(" ")' "tensorflow"
expect_json 'j.runtimes[0].target_sets[0].frameworks_assumed' "true"
expect_json 'j.runtimes[0].target_sets[0].targets.some(t => /torch/.test(t.id))' "false"
expect_json 'j.runtimes[0].target_sets[0].python' "3.7"
run report --inventory "$WORK/tf28.jsonl" --at 2024-12-01
expect_out "1 resource with tensorflow work on Python 3.7 (no framework recorded: the frameworks of 2.8)"

# Many resources: the text shows the most urgent few per group; CSV and JSON list every one.
for i in $(seq 1 12); do
  printf '{"jobId":"bulk_%02d","trainingInput":{"runtimeVersion":"1.15","pythonVersion":"3.7"}}\n' "$i"
done >"$WORK/bulk.jsonl"
run report --inventory "$WORK/bulk.jsonl" --at 2024-12-01
expect_out "12 of 12 resources affected: model versions deleted."
expect_out "| bulk_05 |"
expect_no_out "| bulk_06 |"
expect_out "and 7 more; the CSV and JSON formats list every resource."
run report --inventory "$WORK/bulk.jsonl" --at 2024-12-01 --format csv
[[ $(grep -c "^bulk_" <<<"$OUT") -eq 12 ]] || fail "the CSV lists every resource"
[[ $(grep "^bulk_" <<<"$OUT" | cut -d, -f1 | paste -sd' ') == "$(seq -f 'bulk_%02g' 1 12 | paste -sd' ')" ]] ||
  fail "the CSV lists the resources in inventory order"
run report --inventory "$WORK/bulk.jsonl" --at 2024-12-01 --format json
expect_json 'j.resources.length + " " + j.runtimes[0].most_urgent.length' "12 5"

# The full list comes in inventory order, as it is read (memory holds none of it); the runtimes
# carry the urgency: the longest overdue first, the next deadline ahead before none.
run report --inventory "$EX/inventory.jsonl" --at 2024-12-01 --format json
expect_json 'j.resources.map(r => r.line).every((l, i, a) => i == 0 || a[i - 1] <= l)' "true"
expect_json 'j.resources.map(r => r.days).every((d, i, a) => i == 0 || a[i - 1] <= d)' "false"
expect_json 'j.resources[0].name' "census_wide_deep_20191102"
expect_json 'j.runtimes[0].most_urgent[0]' "census_wide_deep_20191102"
expect_json 'Object.keys(j).join(" ")' "date inputs resources headline summary runtimes migrated findings"
expect_json 'j.summary.next_deadline.date' "2025-02-01"
expect_json 'j.summary.affected' "8"
expect_json 'j.runtimes.find(s => s.runtime == "2.1" && s.service == "prediction").targets[0].id' "xgboost-cpu.2-1"
expect_json 'j.runtimes.filter(s => s.affected).every(s => s.handoff)' "true"
printf '%s' "$OUT" >"$WORK/report.json"
# JSON Lines: the same document, one resource a line, then a line with the rest.
run report --inventory "$EX/inventory.jsonl" --at 2024-12-01 --format jsonl
expect_exit 1
printf '%s\n' "$OUT" >"$WORK/report.jsonl" # $OUT is without its last newline
got=$(node -e '
  const fs = require("fs");
  const doc = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
  const lines = fs.readFileSync(process.argv[2], "utf8").split("\n");
  if (lines.pop() !== "") throw new Error("the last line has no newline");
  const objects = lines.map(l => JSON.parse(l));
  const rest = objects.pop();
  const { resources, ...others } = doc;
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  process.stdout.write([objects.length, same(objects, resources), same(rest, others), Object.keys(rest).join(" ")].join(" "));
' "$WORK/report.json" "$WORK/report.jsonl" 2>&1)
[[ $got == "8 true true date inputs headline summary runtimes migrated findings" ]] || fail "report jsonl is not json's document a line at a time: $got"
[[ $(grep -c '^{"kind":' <<<"$OUT") -eq 8 ]] || fail "report jsonl: expected one compact resource a line"

# gcloud's describe outputs (a pretty JSON object, YAML) and list YAML feed the report too.
I="$SRC/tests/fixtures/inventory"
for f in describe.json describe.yaml; do
  run report --inventory "$I/$f" --at 2024-12-01 --format json
  expect_exit 1 # the job's runtime is past deletion
  expect_json 'j.summary.resources + " " + j.summary.malformed + " " + j.resources[0].name' "1 0 census_20200301"
done
run report --inventory "$I/list.yaml" --at 2024-12-01 --format json
expect_json 'j.summary.resources + " " + j.summary.malformed' "3 1"

# The day before and the day of a milestone: expiring (a warning) vs. past it.
printf '{"jobId":"j","trainingInput":{"runtimeVersion":"2.1","pythonVersion":"3.7"}}\n' >"$WORK/one.jsonl"
run report --inventory "$WORK/one.jsonl" --at 2021-03-08 --format json
expect_json 'j.resources[0].status' "expiring"
expect_json 'j.summary.next_deadline.days' "1"
run report --inventory "$WORK/one.jsonl" --at 2021-03-09 --format json
expect_json 'j.resources[0].status' "submission_end"
# Its own deadline has passed; the platform's end, which stops it too, is the next one.
expect_json 'j.summary.next_deadline' '{"date":"2025-02-01","date_earliest":null,"days":1425,"what":"ai-platform sunset (1 resource)"}'
expect_json 'j.summary.sunsets' '[{"catalog":"ai-platform","date":"2025-02-01","passed":false,"resources":1}]'
run report --inventory "$WORK/one.jsonl" --at 2025-03-01
expect_out "; every deadline has passed. Google Cloud AI Platform Training and Prediction (legacy) shut down on 2025-02-01; its 1 resource below no longer runs. Where to move each group is listed below.**"
run report --inventory "$WORK/one.jsonl" --at 2025-03-01 --format json
expect_json 'j.summary.next_deadline' "null"
expect_json 'j.summary.sunsets[0].passed' "true"
run report --inventory "$WORK/one.jsonl" --at 2020-06-01
expect_exit 0
expect_out "**Nothing needs action on 2020-06-01: 1 resource checked, none on a runtime that is closed, deleted or closing within 90 days.**"

# CSV: the affected resources.
run report --inventory "$EX/jobs.json" --at 2024-12-01 --format csv --fail-on never
expect_exit 0
expect_out $'RESOURCE,KIND,RUNTIME,PYTHON,STATUS,DEADLINE,DEADLINE_MILESTONE,DEADLINE_EARLIEST,DAYS,ACTION,SOURCE\r'

# A window's both days, in JSON and CSV; days count to its first day, and so does the action.
run report --inventory "$EX/versions.json" --at 2024-12-01 --format json
expect_json 'JSON.stringify(j.summary.next_deadline)' '{"date":"2025-02-01","date_earliest":"2024-12-09","days":8,"what":"runtime 2.11 deletion (1 resource)"}'
expect_json 'j.resources.filter(r => r.runtime === "2.11").map(r => r.deadline_earliest + " " + r.deadline + " " + r.days).join()' "2024-12-09 2025-02-01 8"
expect_json 'j.runtimes.find(g => g.runtime === "2.11").next_deadline_earliest' "2024-12-09"
expect_json '/^migrate to vertex-prediction:\S+ before 2024-12-09$/.test(j.resources.find(r => r.runtime === "2.11").action)' "true"
run report --inventory "$EX/versions.json" --at 2024-12-01 --format csv --fail-on never
expect_out ",2.11,3.7,submission_end,2025-02-01,deletion,2024-12-09,8,migrate to vertex-prediction:"
expect_out " before 2024-12-09,$EX/versions.json:"
# Before the platform's sunset, it is the deadline where nothing comes before it.
run report --inventory "$EX/jobs.json" --at 2024-12-01
expect_out "the next deadline is 2025-02-01, in 62 days: ai-platform sunset (4 resources)."

# -o writes atomically; an input error leaves no file and prints nothing.
run report --inventory "$EX/jobs.json" --at 2024-12-01 --format html -o "$WORK/r.html" --fail-on never
expect_exit 0
[[ -s "$WORK/r.html" && -z "$OUT" ]] || fail "expected the report in the file only"
run report --inventory "$WORK/nope.json" --format html -o "$WORK/none.html"
expect_input_error "nope.json: cannot read"
[[ ! -e "$WORK/none.html" ]] || fail "a failed report must not leave a file"
# Bad input after rows went out (the second inventory is not one): one line on stderr, exit 2,
# and -o leaves the file as it was (no file, or the old one) and no temporary file beside it.
printf 'not an inventory\n' >"$WORK/bad.txt"
mkdir -p "$WORK/o"
for format in csv json; do
  run report --inventory "$WORK/bulk.jsonl" --inventory "$WORK/bad.txt" --at 2024-12-01 --format $format -o "$WORK/o/r.$format"
  expect_input_error "bad.txt:1:1: not an inventory"
  [[ -z "$(ls -A "$WORK/o")" ]] || fail "a failed report left $(ls -A "$WORK/o")"
  printf 'old\n' >"$WORK/o/r.$format"
  run report --inventory "$WORK/bulk.jsonl" --inventory "$WORK/bad.txt" --at 2024-12-01 --format $format -o "$WORK/o/r.$format"
  expect_input_error "bad.txt:1:1: not an inventory"
  [[ "$(cat "$WORK/o/r.$format")" == old && $(ls -A "$WORK/o" | wc -l) -eq 1 ]] || fail "a failed report touched the old file"
  rm -f "$WORK/o/r.$format"
  # On stdout the rows already written stay written; the exit code and stderr say it failed.
  run report --inventory "$WORK/bulk.jsonl" --inventory "$WORK/bad.txt" --at 2024-12-01 --format $format
  expect_exit 2
  expect_err "bad.txt:1:1: not an inventory"
  [[ $(wc -l <<<"$ERR") -eq 1 ]] || fail "expected exactly one line on stderr"
done
# -o FILE holds exactly what stdout would; a folder that does not exist fails before any reading.
for format in csv json; do
  run report --inventory "$WORK/bulk.jsonl" --inventory "$EX/versions.json" --at 2024-12-01 --format $format -o "$WORK/o/r.$format"
  expect_exit 1
  [[ -z "$OUT" ]] || fail "expected the report in the file only"
  "$RTCAT" report --inventory "$WORK/bulk.jsonl" --inventory "$EX/versions.json" --at 2024-12-01 --format $format >"$WORK/stdout.$format"
  cmp -s "$WORK/o/r.$format" "$WORK/stdout.$format" || fail "-o and stdout differ ($format)"
done
# A stdout that cannot take the output (a full disk behind the redirection) is an error too.
if [[ -w /dev/full ]]; then
  for format in csv json markdown; do
    cases=$((cases + 1))
    CMD="rtcat report --format $format >/dev/full"
    "$RTCAT" report --inventory "$WORK/bulk.jsonl" --at 2024-12-01 --format $format >/dev/full 2>"$WORK/err"
    code=$?
    [[ $code == 2 && $(wc -l <"$WORK/err") -eq 1 ]] && grep -q "stdout: cannot write: No space left on device" "$WORK/err" ||
      fail "expected exit 2 and one line, got $code: $(cat "$WORK/err")"
  done
fi
run report --inventory "$WORK/bulk.jsonl" --at 2024-12-01 --format csv -o "$WORK/no/such/r.csv"
expect_input_error "r.csv: cannot write: No such file or directory"
run report --at 2024-12-01
expect_input_error "report needs at least one --inventory FILE"
mkdir -p "$WORK/src"
printf 'gcloud ai-platform jobs submit training j --runtime-version 1.14 --python-version 3.5 --package-path t --module-name t.task\n' >"$WORK/src/train.sh"
if "$RTCAT" --help | grep -qE "^  scan +"; then
  # scan is built in: its findings join the report.
  run report --inventory "$EX/jobs.json" --scan "$WORK/src" --at 2024-12-01 --format json
  expect_exit 1
  expect_json 'j.findings.some(f => f.path.endsWith("train.sh") && f.line == 1)' "true"
  # Scan findings count in the headline, and keep their severity and "(use X)": no green
  # "Nothing needs action" above errors.
  run report --scan "$SRC/tests/fixtures/scan" --at 2024-06-01 --format html -o "$WORK/scan.html"
  expect_exit 1
  grep -q "Nothing needs action" "$WORK/scan.html" && fail "a report with scan errors says nothing needs action"
  grep -qF '<p class="headline">The source scan found 19 errors and 2 warnings, listed under Input problems and scan findings.</p>' \
    "$WORK/scan.html" || fail "the HTML headline does not count the scan findings"
  run report --scan "$SRC/tests/fixtures/scan" --at 2024-06-01
  expect_exit 1
  expect_out "**The source scan found 19 errors and 2 warnings, listed under Input problems and scan findings.**"
  expect_out "| $SRC/tests/fixtures/scan/docs/howto.md:4:64: error: runtime 1.14 had its model versions deleted on 2021-07-19; it closed to new jobs on 2020-07-19 [deletion] (use tf-cpu.2-16.py310) |"
  expect_out "| $SRC/tests/fixtures/scan/Dockerfile:1:6: warning: image tf-cpu.2-11.py310 left support on 2023-11-15 [support-end]"
  run report --scan "$SRC/tests/fixtures/scan" --at 2024-06-01 --format json
  expect_json 'j.headline.endsWith("the scan found 19 errors, 2 warnings and 0 notes.")' "true"
  # With inventories: both said, the resources first; a scan with only notes needs nothing.
  run report --inventory "$EX/jobs.json" --scan "$WORK/src" --at 2024-12-01
  expect_out "Where to move each group is listed below. The source scan found 1 error, listed under Input problems and scan findings.**"
  printf '{"jobId":"j","trainingInput":{"runtimeVersion":"2.1","pythonVersion":"3.7"}}\n' >"$WORK/fine.jsonl"
  mkdir -p "$WORK/clean"
  printf 'gcloud ai-platform jobs submit training j --region us-central1 --runtime-version 2.1 --python-version 3.7 --module-name trainer.task --package-path trainer/\n' >"$WORK/clean/train.sh"
  run report --inventory "$WORK/fine.jsonl" --scan "$WORK/clean" --at 2020-06-01
  expect_exit 0
  expect_out "**Nothing needs action on 2020-06-01: 1 resource checked, none on a runtime that is closed, deleted or closing within 90 days; the scan found nothing at warning or above.**"
else
  run report --inventory "$EX/jobs.json" --scan "$WORK/src"
  expect_input_error "--scan: the scan library is not in this build"
fi
run report --inventory "$EX/jobs.json" --format svg
expect_input_error "(valid: markdown, html, json, jsonl, csv)"

# Escaping: markup in user strings stays text in HTML and Markdown.
cat >"$WORK/xss.jsonl" <<'JSONL'
{"name":"projects/p/models/<script>document.body.setAttribute('data-pwned','1')</script>/versions/v1","runtimeVersion":"1.15","framework":"TENSORFLOW","pythonVersion":"3.7"}
{"jobId":"\"><img src=x onerror=\"document.body.setAttribute('data-pwned','2')\">","trainingInput":{"runtimeVersion":"1.14"}}
JSONL
run report --inventory "$WORK/xss.jsonl" --at 2024-12-01 --format html -o "$WORK/xss.html"
expect_exit 1
grep -q '<script' "$WORK/xss.html" && fail "a <script> tag reached the HTML"
grep -q '<img' "$WORK/xss.html" && fail "an <img> tag reached the HTML"
grep -qF '&lt;script&gt;document.body.setAttribute(&#39;data-pwned&#39;,&#39;1&#39;)&lt;/script&gt;' "$WORK/xss.html" ||
  grep -qF '&lt;script&gt;' "$WORK/xss.html" || fail "the escaped model name is missing"
grep -qE 'https?://[^"]' <(grep -v 'xmlns="http://www.w3.org/2000/svg"' "$WORK/xss.html") && fail "the HTML refers to the network"
run report --inventory "$WORK/xss.jsonl" --at 2024-12-01 --format markdown
expect_no_out "<script"
expect_no_out "<img"

# Headless Chromium: a real render of the self-contained page.
if command -v chromium >/dev/null; then
  # Read as its readers would: on a laptop and on a phone, no text overflows its box and the page
  # never scrolls sideways (long ids wrap at a segment); the timeline's texts stay in its canvas.
  "$RTCAT" report --inventory "$EX/jobs.json" --inventory "$EX/versions.json" --inventory "$WORK/bulk.jsonl" \
    --at 2024-12-01 --format html -o "$WORK/full.html" --fail-on never
  for size in 1280x800 390x844; do
    measure "$WORK/full.html" "${size%x*}" "${size#*x}" "$WORK/report-$size" "report at $size"
    [[ "$got" == "ok" ]] || fail "layout problems at $size: $got"
    [[ -n "${RTCAT_KEEP_SCREENSHOT:-}" ]] && cp "$WORK/report-$size.png" "${RTCAT_KEEP_SCREENSHOT%.png}-$size.png"
  done
  # The probe itself catches what it is for: a page wider than the screen.
  sed -e 's#</body>#<div style="width:2000px">wide</div></body>#' "$WORK/full.html" >"$WORK/wide.html"
  measure "$WORK/wide.html" 390 844 "$WORK/wide" "a page that scrolls"
  [[ "$got" == *"page scrolls horizontally"* ]] || fail "the probe missed horizontal scrolling: $got"
  chrome=(timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run
    --disable-background-networking --disable-component-update --disable-sync --user-data-dir="$WORK/profile")
  "${chrome[@]}" --screenshot="$WORK/shot.png" --window-size=1200,1600 "file://$WORK/xss.html" >/dev/null 2>&1
  cases=$((cases + 1))
  CMD="chromium --screenshot"
  [[ -s "$WORK/shot.png" ]] || fail "no screenshot"
  [[ $(stat -c %s "$WORK/shot.png") -gt 20000 ]] || fail "the screenshot is nearly empty ($(stat -c %s "$WORK/shot.png") bytes)"
  "${chrome[@]}" --dump-dom "file://$WORK/xss.html" >"$WORK/dom.html" 2>/dev/null
  CMD="chromium --dump-dom"
  grep -q 'data-pwned' <(grep -o '<body[^>]*>' "$WORK/dom.html") && fail "a script ran in the report"
  sed -e 's/<wbr>//g' "$WORK/dom.html" | grep -qF '&lt;script&gt;document.body.setAttribute' || fail "the model name is not shown as text"
  grep -qF '<svg' "$WORK/dom.html" || fail "the timeline SVG is missing"
  [[ -n "${RTCAT_KEEP_SCREENSHOT:-}" ]] && cp "$WORK/shot.png" "$RTCAT_KEEP_SCREENSHOT"
else
  cases=$((cases + 1))
  CMD="chromium"
  fail "chromium is not installed (scripts/install-deps.sh installs it)"
fi
finish
