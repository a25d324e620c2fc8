#!/usr/bin/env bash
# Tables and finding lines fit the width: COLUMNS when set, else the terminal's; piped with no
# COLUMNS (a script) or with --wide, full width, as it always was. The ids stay whole.
source "$(dirname "$0")/lib.sh"
cd "$SRC" || exit 1 # short paths: a location wider than the width alone is the one line allowed wider
E=data/examples

# widest: the length of the longest line of $OUT, in code points.
widest() { LC_ALL=C.UTF-8 awk '{ if (length($0) > n) n = length($0) } END { print n + 0 }' <<<"$OUT"; }

# with_columns N ARGS...: run with COLUMNS=N.
with_columns() {
  local n=$1
  shift
  COLUMNS=$n run "$@"
}

commands=(
  "--at 2024-12-01 list"
  "--at 2024-12-01 list --platform vertex-training"
  "--at 2024-12-01 combos"
  "--at 2024-12-01 timeline --platform ai-platform"
  "rules"
  "--at 2024-12-01 catalogs"
  "--at 2024-12-01 audit $E/inventory.jsonl --fail-on never"
  "--at 2024-12-01 validate $E/jobs/invalid-runtime-closed.json $E/jobs/invalid-python.json --fail-on never"
  "--at 2024-12-01 check --runtime 1.15 --python 3.7 --fail-on never"
  "--at 2025-06-01 scan tests/fixtures/scan --fail-on never"
  "--at 2024-12-01 upgrade --runtime 1.15 --python 3.7 --fail-on never"
  "--at 2024-12-01 show 2.11"
)

for c in "${commands[@]}"; do
  # shellcheck disable=SC2086 # each entry is a command line
  {
    # A script: piped, no COLUMNS. Full width, the same as --wide and as a width nothing reaches.
    run $c
    full=$OUT
    full_widest=$(widest)
    run --wide $c
    [[ "$OUT" == "$full" ]] || fail "--wide differs from the piped output"
    with_columns 100000 $c
    [[ "$OUT" == "$full" ]] || fail "COLUMNS=100000 differs from the piped output"
    with_columns 80 --wide $c
    [[ "$OUT" == "$full" ]] || fail "--wide with COLUMNS=80 differs from the piped output"
    # Not a width: ignored.
    for bad in abc 0 -5 "" 80x; do
      with_columns "$bad" $c
      [[ "$OUT" == "$full" ]] || fail "COLUMNS='$bad' changed the output"
    done
    # 80 and 60 columns: no line wider.
    for n in 80 60; do
      with_columns $n $c
      [[ $(widest) -le $n ]] || fail "a line is $(widest) wide at COLUMNS=$n (full: $full_widest)"
    done
  }
done

# The widest rows of list are wider than 80 at full width, and fit at 80 with every id whole.
run --at 2024-12-01 list
[[ $(widest) -gt 80 ]] || fail "list is not wider than 80 at full width"
with_columns 80 --at 2024-12-01 list
expect_out "ID              pytorch-gpu.1-12.py310"
expect_out "RELEASED        2022-12-09..2023-04-08"
expect_out "NEXT MILESTONE  deletion 2024-12-09..2025-02-01"
# A table that fits keeps its columns: the rules at 120, the description wrapped under itself.
with_columns 120 rules
[[ $(widest) -le 120 ]] || fail "rules wider than 120"
expect_out "RULE  "
grep -qE '^ {20,}[a-z]' <<<"$OUT" || fail "no continuation line under the description"

# Finding lines: location, severity and rule id whole; the message wraps beneath.
with_columns 80 --at 2024-12-01 check --runtime 1.15 --python 3.7
expect_out "error: runtime 1.15"
expect_out "[deletion]"
grep -qE '^ {4,}' <<<"$OUT" || fail "no continuation line"

# --wide is listed by the commands that print tables.
for cmd in list combos timeline rules catalogs audit check validate scan; do
  run "$cmd" --help
  expect_out "--wide"
done

finish
