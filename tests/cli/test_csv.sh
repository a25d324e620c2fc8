#!/usr/bin/env bash
# Every CSV rtcat writes, read by Python's csv module: one header style (upper case, words
# joined by '_'), RFC 4180 line ends, a date alone in a date column (a milestone's name in a
# column of its own), the empty cell for an unknown value, and the same columns whatever
# --platform selects.
source "$(dirname "$0")/lib.sh"
require_tools python3
E=$SRC/data/examples

# check_csv: $OUT (as written, from $WORK/out) parses, and every rule above holds.
check_csv() {
  python3 - "$WORK/out" <<'PY' || fail "CSV check failed"
import csv, re, sys
data = open(sys.argv[1], newline="").read()
assert data.endswith("\r\n"), "the last line ends in CRLF"
rows = list(csv.reader(data.splitlines(keepends=True)))
header, body = rows[0], rows[1:]
assert body, "rows"
for h in header:
    assert re.fullmatch(r"[A-Z][A-Z0-9]*(_[A-Z0-9]+)*", h), f"header {h!r}"
date = re.compile(r"\d{4}-\d\d-\d\d")
for row in body:
    assert len(row) == len(header), f"{len(row)} fields, {len(header)} headers: {row}"
    for h, cell in zip(header, row):
        assert cell not in ("-", "?", "(none)", "(not recorded)", "not stated", "not recorded"), f"{h}: unknown spelled {cell!r}"
        if h in ("DATE", "RELEASED", "AS_OF", "DEADLINE") or h.endswith("_DATE") or h.endswith("_EARLIEST"):
            assert cell == "" or date.fullmatch(cell), f"{h}: {cell!r} is not a date"
        if h.endswith("_MILESTONE"):
            assert cell == "" or re.fullmatch(r"[a-z_]+", cell), f"{h}: {cell!r} is not a milestone name"
PY
}

# header: the first line of $OUT.
header() { head -1 <<<"$OUT" | tr -d '\r'; }

for args in "list" "list --platform ai-platform" "list --platform vertex-prediction --framework sklearn" "combos" \
  "timeline" "timeline --platform ai-platform --id 2.2" "rules" "catalogs"; do
  # shellcheck disable=SC2086 # each entry is a command line
  run --at 2024-12-01 $args --format csv
  expect_exit 0
  check_csv
done

# The same columns with and without --platform.
run --at 2024-12-01 list --format csv
all=$(header)
run --at 2024-12-01 list --platform ai-platform --format csv
[[ "$(header)" == "$all" ]] || fail "list --platform changes the columns: $(header) vs $all"
[[ "$all" == "CATALOG,ID,RELEASED,RELEASED_EARLIEST,PYTHON,FRAMEWORKS,STATUS,NEXT_MILESTONE,NEXT_DATE,NEXT_DATE_EARLIEST,DAYS,PYTHON_END_OF_LIFE" ]] ||
  fail "list columns: $all"
expect_out $'ai-platform,2.11,2023-04-08,2022-12-09,3.7,tensorflow 2.11.x,submission_end,deletion,2025-02-01,2024-12-09,8..62,reached\r'
run --at 2020-06-01 combos --platform ai-platform --format csv
check_csv
[[ "$(header)" == "CATALOG,RUNTIME,PYTHON,STATUS,NEXT_MILESTONE,NEXT_DATE,NEXT_DATE_EARLIEST,DAYS,PYTHON_END_OF_LIFE" ]] || fail "combos columns: $(header)"
run --at 2024-12-01 catalogs --format csv
expect_out "NAME,AS_OF,AGE,ENTRIES,SOURCE,TITLE"

# audit and report: the deadline's date, then its milestone.
run audit "$E/inventory.jsonl" --at 2024-12-01 --format csv --fail-on never
expect_exit 0
check_csv
expect_out ",inventory-disagrees,2021-12-19,deletion,,-1078,"
run report --inventory "$E/jobs.json" --inventory "$E/versions.json" --at 2024-12-01 --format csv --fail-on never
expect_exit 0
check_csv
[[ "$(header)" == "RESOURCE,KIND,RUNTIME,PYTHON,STATUS,DEADLINE,DEADLINE_MILESTONE,DEADLINE_EARLIEST,DAYS,ACTION,SOURCE" ]] ||
  fail "report columns: $(header)"
expect_out ",2.11,3.7,submission_end,2025-02-01,deletion,2024-12-09,8,"
# A resource whose runtime is not recorded: empty cells, not a dash.
printf '%s\n' '{"jobId":"bare","state":"SUCCEEDED","trainingInput":{"scaleTier":"BASIC"}}' >"$WORK/bare.jsonl"
run report --inventory "$WORK/bare.jsonl" --at 2024-12-01 --format csv --fail-on never
check_csv
expect_out $'bare,job,,,'

# Tables spell an unknown value one way too: "-".
run report --inventory "$E/jobs.json" --inventory "$E/versions.json" --at 2024-12-01 --fail-on never
for spelling in "(none)" "(not recorded)" "not stated" "| not recorded |" " ? "; do
  expect_no_out "$spelling"
done
run --at 2024-12-01 upgrade --runtime 2.1 --framework scikit-learn --service prediction --fail-on never
expect_no_out "(none)"
expect_no_out "(not recorded)"

finish
