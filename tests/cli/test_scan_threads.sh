#!/usr/bin/env bash
# scan reads files on several threads while it walks the tree (util::walk_and_read): whatever
# the number of threads, the report is the same, byte for byte, in the walk's order. The tree is
# the benchmark's generator's (bench/gen_scan_tree.py, seeded), small: 1,200 files in twelve
# folders, one in eight a notebook, far more files than one batch a reader takes.
source "$SRC/tests/cli/lib.sh"
command -v python3 >/dev/null || skip "python3 is not installed"
python3 "$SRC/bench/gen_scan_tree.py" "$WORK/tree" 1200 4000 >/dev/null || fail "the tree could not be generated"

for format in json text sarif; do
  run scan --no-config --at 2026-11-30 --format "$format" --fail-on never -j1 "$WORK/tree"
  expect_exit 0
  ONE=$OUT
  for threads in 2 3 8; do
    run scan --no-config --at 2026-11-30 --format "$format" --fail-on never -j"$threads" "$WORK/tree"
    expect_exit 0
    [[ "$OUT" == "$ONE" ]] || fail "--format $format -j$threads differs from -j1"
  done
  run scan --no-config --at 2026-11-30 --format "$format" --fail-on never "$WORK/tree"
  [[ "$OUT" == "$ONE" ]] || fail "--format $format on every core differs from -j1"
done

# What the tree holds: every reference, in file order (the generator's blocks, numbered by file).
run scan --no-config --at 2026-11-30 --format json --fail-on never "$WORK/tree"
REFS=$(grep -c '"form"' <<<"$OUT")
[[ "$REFS" == 36 ]] || fail "expected 36 references, found $REFS"
python3 -c '
import json, sys
j = json.load(sys.stdin)
for key in ("findings", "references"):
    paths = [r["path"] for r in j[key]]
    assert paths == sorted(paths), key  # the walk sorts names, and the generator pads them
' <<<"$OUT" || fail "findings or references are not in the walk's order"

# One failing exit code for all: the same findings fail the run on any number of threads.
run scan --no-config --at 2026-11-30 --fail-on warning -j3 "$WORK/tree"
expect_exit 1

finish
