#!/usr/bin/env bash
# The simdjson module (librtcat-json.so, util/json_fast.cpp): audit and report print the same
# output, the same errors at the same positions and exit with the same code with the module
# (found next to the binary) and without it (RTCAT_JSON_MODULE=none, a path that does not load,
# a binary with no module beside it); the module is loaded only by commands that read
# inventories; rtcat itself links no simdjson, and (linked statically) no shared library at all.
# Environment: RTCAT_STATIC_RUNTIME (ON or OFF, as built).
source "$(dirname "$0")/lib.sh"
require_tools strace
E=$SRC/data/examples
module="$(dirname "$RTCAT")/librtcat-json.so"
[[ -f "$module" ]] || fail "no module next to $RTCAT"

# Inventories: every example and fixture, and records the fast parser must decline or that are
# malformed in every way the reader reports (as JSON Lines, as a JSON array and as YAML).
grid=(
  '{"jobId":"ok","trainingInput":{"runtimeVersion":"2.1","pythonVersion":"3.7"}}'
  '{"jobId":"trunc","trainingInput":{"runtimeVersion":"2.1",'
  '{"jobId":"typed","trainingInput":{"runtimeVersion":2.1}}'
  '{"jobId":"nulls","trainingInput":{"runtimeVersion":null,"pythonVersion":"3.7"}}'
  '{"jobId":"big","trainingInput":{"runtimeVersion":"1.15"},"n":123456789012345678901234567890}'
  '{"jobId":"neg","trainingInput":{"runtimeVersion":"1.15"},"n":-9223372036854775809}'
  '{"jobId":"exp","trainingInput":{"runtimeVersion":"1.15"},"n":1e400}'
  '{"jobId":"esc","trainingInput":{"runtimeVersion":"2.\u0031"}}'
  '{"jobId":"bad-esc","trainingInput":{"runtimeVersion":"\x"}}'
  '{"jobId":"lone","trainingInput":{"runtimeVersion":"\ud800"}}'
  $'{"jobId":"ctl","trainingInput":{"runtimeVersion":"2.1\t"}}'
  $'{"jobId":"latin1","state":"\xff"}'
  '{"jobId":"comma","trainingInput":{"runtimeVersion":"2.1",}}'
  '{"jobId":"trail"} x'
  '{"jobId":"dup","jobId":"dup2","trainingInput":{"runtimeVersion":"1.14"}}'
  '["not","an","object"]'
  '"a string"'
  '42'
  '{"name":"projects/p/models/m/versions/v","runtimeVersion":"1.15","framework":"XGBOOST"}'
  '{"name":"projects/p/models/m/versions/v2","runtimeVersion":["1.15"]}'
  '{"something":"else"}'
  '{"name":"projects/p/locations/us-central1/customJobs/1","jobSpec":{"workerPoolSpecs":[{"containerSpec":{"imageUri":"us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-8:latest"}},{"pythonPackageSpec":{"executorImageUri":7}}]}}'
  '{"name":"projects/p/locations/l/endpoints/9","deployedModels":[{"id":"1","model":"projects/p/locations/l/models/5"},{"id":2}]}'
  "{\"jobId\":\"deep\",\"x\":$(printf '[%.0s' {1..1100})$(printf ']%.0s' {1..1100})}"
  "{\"jobId\":\"huge\",\"trainingInput\":{\"runtimeVersion\":\"2.1\"},\"pad\":\"$(head -c 300000 /dev/zero | tr '\0' x)\"}"
)
printf '%s\n' "${grid[@]}" >"$WORK/grid.jsonl"
{
  echo "["
  for ((i = 0; i < ${#grid[@]}; i++)); do printf '%s%s\n' "${grid[$i]}" "$([[ $i -lt $((${#grid[@]} - 1)) ]] && echo ,)"; done
  echo "]"
} >"$WORK/grid.json"
printf '%s\n' '{' '  "jobId": "pretty",' '  "trainingInput": {"runtimeVersion": 2.1}' '}' '{' '  "jobId": "pretty2"' '}' >"$WORK/pretty.json"
inventories=("$E/jobs.json" "$E/versions.json" "$E/inventory.jsonl" "$SRC"/tests/fixtures/inventory/*.json
  "$SRC"/tests/fixtures/inventory/*.yaml "$SRC"/tests/fixtures/vertex/* "$WORK/grid.jsonl" "$WORK/grid.json" "$WORK/pretty.json")

# same ARGS...: runs rtcat with the module and without it; stdout, stderr and exit code must match.
same() {
  cases=$((cases + 1))
  CMD="rtcat $*"
  "$RTCAT" "$@" >"$WORK/with.out" 2>"$WORK/with.err" </dev/null
  local with=$?
  RTCAT_JSON_MODULE=none "$RTCAT" "$@" >"$WORK/without.out" 2>"$WORK/without.err" </dev/null
  local without=$?
  CODE="$with/$without"
  OUT=$(diff "$WORK/with.out" "$WORK/without.out" | head -20)
  ERR=$(diff "$WORK/with.err" "$WORK/without.err" | head -20)
  [[ $with == "$without" && -z "$OUT" && -z "$ERR" ]] || fail "differs with and without the module"
  [[ -s "$WORK/with.out" || -s "$WORK/with.err" ]] || fail "printed nothing"
}

for inv in "${inventories[@]}"; do
  for format in table json csv jsonl; do
    same --at 2024-12-01 audit "$inv" --format "$format"
  done
  same --at 2021-07-19 audit "$inv" --strict
  same --at 2024-12-01 report --inventory "$inv"
  same --at 2024-12-01 report --inventory "$inv" --format json
done
same --at 2024-12-01 audit "${inventories[@]}" --format json
same --at 2024-12-01 report --inventory "$WORK/grid.jsonl" --inventory "$E/jobs.json" --format html

# The grid's verdicts, so that "the same" is not "the same nothing".
run --at 2024-12-01 audit "$WORK/grid.jsonl" --format jsonl
expect_exit 1
expect_out '"resources":10,"malformed":15'
run --at 2024-12-01 audit "$WORK/grid.jsonl" --format csv
expect_out ",job,huge,"
expect_out ",job,esc,,2.1,"

# Loaded only by what reads an inventory; not at all with none or a module that does not load.
loads() { opened_files "$@" | grep -c '/librtcat-json\.so$'; }
cases=$((cases + 1))
CMD="strace rtcat audit"
[[ $(loads "$RTCAT" --at 2024-12-01 audit "$E/inventory.jsonl") == 1 ]] || fail "audit did not load the module"
for args in "--version" "check --runtime 2.1 --python 3.7 --at 2020-06-01" "show 2.1"; do
  cases=$((cases + 1))
  CMD="rtcat $args"
  # shellcheck disable=SC2086 # the arguments are words
  [[ $(loads "$RTCAT" $args) == 0 ]] || fail "loaded the module"
done
cases=$((cases + 1))
CMD="RTCAT_JSON_MODULE=none rtcat audit"
[[ $(RTCAT_JSON_MODULE=none loads "$RTCAT" --at 2024-12-01 audit "$E/inventory.jsonl") == 0 ]] || fail "loaded the module"
cases=$((cases + 1))
CMD="RTCAT_JSON_MODULE=$module rtcat audit (from elsewhere)"
mkdir -p "$WORK/alone"
cp "$RTCAT" "$WORK/alone/rtcat"
[[ $(RTCAT_JSON_MODULE=$module loads "$WORK/alone/rtcat" --at 2024-12-01 audit "$E/inventory.jsonl") == 1 ]] ||
  fail "did not load the module RTCAT_JSON_MODULE names"

# A module that is missing or is not one: silently the same output.
"$RTCAT" --at 2024-12-01 audit "$WORK/grid.jsonl" >"$WORK/expected.out" 2>"$WORK/expected.err"
expected=$?
printf 'not a shared object\n' >"$WORK/fake.so"
for variant in "RTCAT_JSON_MODULE=$WORK/missing.so $RTCAT" "RTCAT_JSON_MODULE=$WORK/fake.so $RTCAT" \
  "RTCAT_JSON_MODULE=libm.so.6 $RTCAT" "RTCAT_JSON_MODULE= $WORK/alone/rtcat"; do
  cases=$((cases + 1))
  CMD="$variant audit"
  # shellcheck disable=SC2086 # an assignment and the binary
  env $variant --at 2024-12-01 audit "$WORK/grid.jsonl" >"$WORK/got.out" 2>"$WORK/got.err"
  CODE=$?
  [[ $CODE == "$expected" ]] && cmp -s "$WORK/got.out" "$WORK/expected.out" && cmp -s "$WORK/got.err" "$WORK/expected.err" ||
    fail "differs from the output with the module: $(diff "$WORK/expected.err" "$WORK/got.err" | head -5)"
done

# The binary links no simdjson; linked statically (the default), it links no shared library at
# all and needs no dynamic loader, yet still loads the module (above).
cases=$((cases + 1))
CMD="ldd rtcat"
deps=$(ldd "$RTCAT" 2>&1)
[[ "$deps" != *simdjson* ]] || fail "rtcat links simdjson: $deps"
if [[ "${RTCAT_STATIC_RUNTIME:-ON}" == ON ]]; then
  cases=$((cases + 1))
  CMD="file rtcat"
  [[ "$deps" == *"statically linked"* || "$deps" == *"not a dynamic executable"* ]] || fail "rtcat links shared libraries: $deps"
  [[ $(file -b "$RTCAT") == *"static-pie linked"* || $(file -b "$RTCAT") == *"statically linked"* ]] || fail "not static: $(file -b "$RTCAT")"
fi
finish
