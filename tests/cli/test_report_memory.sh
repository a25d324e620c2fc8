#!/usr/bin/env bash
# rtcat report --format csv|json|jsonl holds none of the resources it lists: with the address space
# capped at 64 MB (`ulimit -v`), the report of 30,000 generated records still completes, and its
# output is whole. (Keeping every row took over 120 MB of address space at this size; the
# report itself needs about 20 MB at any size.) Not registered for sanitizer builds, whose
# runtime reserves far more address space than any cap.
source "$(dirname "$0")/lib.sh"

"$SRC/bench/gen_inventory.sh" 30000 >"$WORK/inv.jsonl"
for format in csv json jsonl html; do
  cases=$((cases + 1))
  CMD="rtcat report --format $format under ulimit -v 65536"
  (
    ulimit -v 65536
    exec "$RTCAT" report --inventory "$WORK/inv.jsonl" --at 2024-12-01 --format "$format" -o "$WORK/r.$format"
  ) 2>"$WORK/err"
  code=$?
  [[ $code == 1 ]] || fail "expected exit 1 (findings), got $code: $(head -c 300 "$WORK/err")"
done
[[ $(grep -c $'\r$' "$WORK/r.csv") -gt 20000 ]] || fail "the CSV is not whole"
run report --inventory "$WORK/inv.jsonl" --at 2024-12-01 --format json --fail-on never -o "$WORK/again.json"
cmp -s "$WORK/r.json" "$WORK/again.json" || fail "the capped JSON differs from an uncapped one"
cases=$((cases + 1))
CMD="the capped JSON lists every affected resource"
got=$(node -e 'const j=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));
  process.stdout.write(String(j.resources.length == j.summary.affected && j.summary.resources == 30000))' "$WORK/r.json")
[[ $got == true ]] || fail "resources vs summary: $got"
cases=$((cases + 1))
CMD="the capped JSON Lines are whole: a resource a line, then the rest"
affected=$(node -e 'process.stdout.write(String(JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")).summary.affected))' "$WORK/r.json")
[[ $(grep -c '^{"kind":' "$WORK/r.jsonl") == "$affected" && $(tail -n 1 "$WORK/r.jsonl") == '{"date":"2024-12-01",'* ]] ||
  fail "r.jsonl: $(grep -c '^{"kind":' "$WORK/r.jsonl") resource lines, $affected affected"
finish
