#!/usr/bin/env bash
# The bad-input corpus (tests/bad-inputs/NN-name/): every case must exit 2 with nothing on
# stdout and exactly the line in `expected` on stderr, and leave no output file or store
# change behind. A case holds `args` (one argument per line), optional `env` (NAME=value
# lines), optional `setup` (bash, run first) and `expected`. Placeholders: @CASE@ the case
# folder, @WORK@ a scratch folder, @DB@ a store holding the embedded catalogs, @SRC@ the tree,
# @EMPTY@ an empty argument.
#   RECORD=1 writes `expected` from the current output (to review before committing).
source "$(dirname "$0")/lib.sh"
CORPUS="$SRC/tests/bad-inputs"
subst() { sed -e "s#@EMPTY@##g" -e "s#@CASE@#$case#g" -e "s#@WORK@#$cw#g" -e "s#@DB@#$cw/store.db#g" -e "s#@SRC@#$SRC#g"; }
count=0
for case in "$CORPUS"/*/; do
  case=${case%/}
  name=$(basename "$case")
  count=$((count + 1))
  cw="$WORK/$name"
  mkdir -p "$cw"
  "$RTCAT" db init "$cw/store.db" >/dev/null && "$RTCAT" db import "$cw/store.db" >/dev/null
  "$RTCAT" db export "$cw/store.db" --name ai-platform >"$cw/before.json"
  [[ -f "$case/setup" ]] && (cd "$cw" && RTCAT="$RTCAT" WORK="$cw" bash "$case/setup")
  mapfile -t args < <(sed '/^$/d' "$case/args" | subst)
  envs=()
  [[ -f "$case/env" ]] && mapfile -t envs <"$case/env"
  listing() { ls -A "$cw" | grep -v -e '-wal$' -e '-shm$'; } # SQLite's own journal files are not output
  listing >"$WORK/files-before"
  cases=$((cases + 1))
  CMD="[$name] rtcat ${args[*]}"
  (cd "$case" && env "${envs[@]}" "$RTCAT" "${args[@]}") >"$WORK/out" 2>"$WORK/err" </dev/null
  CODE=$?
  OUT=$(cat "$WORK/out")
  ERR=$(cat "$WORK/err")
  if [[ "${RECORD:-}" == 1 ]]; then
    sed -e "s#$cw#@WORK@#g" -e "s#$case#@CASE@#g" -e "s#$SRC#@SRC@#g" "$WORK/err" >"$case/expected"
  fi
  expected=$(subst <"$case/expected")
  expect_input_error
  [[ "$ERR" == "$expected" ]] || fail "stderr is not exactly: $expected"
  # Nothing half-written: no new file in the scratch folder, the store unchanged.
  listing | diff -q - "$WORK/files-before" >/dev/null || fail "files appeared: $(listing | diff - "$WORK/files-before")"
  "$RTCAT" db export "$cw/store.db" --name ai-platform | cmp -s - "$cw/before.json" || fail "the store changed"
done
((count >= 40)) || fail "the corpus has only $count cases"
finish
