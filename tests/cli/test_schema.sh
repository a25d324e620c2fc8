#!/usr/bin/env bash
# Every shipped catalog validates against data/catalog.schema.json, and so does what
# `db export` writes; a catalog breaking the schema is caught.
source "$(dirname "$0")/lib.sh"
require_node_modules ajv/dist/2020

check_schema() {
  cases=$((cases + 1))
  CMD="validate $*"
  OUT=$(node "$SRC/tests/schema/validate.js" "$SRC/data/catalog.schema.json" "$@" 2>&1)
  CODE=$?
}

# Every catalog file in data/ (the machine tables are not catalogs).
mapfile -t shipped < <(grep -l '"format": "rtcat-catalog/1"' "$SRC"/data/*.json)
[[ ${#shipped[@]} -ge 4 ]] || fail "found ${#shipped[@]} catalogs in data/"
check_schema "${shipped[@]}"
expect_exit 0
expect_out "ai-platform.json: valid"
expect_out "vertex-prediction.json: valid"
expect_out "python.json: valid"

"$RTCAT" db init "$WORK/c.db" >/dev/null && "$RTCAT" db import "$WORK/c.db" >/dev/null
for file in "${shipped[@]}"; do
  name=$(basename "$file" .json)
  "$RTCAT" db export "$WORK/c.db" --name "$name" -o "$WORK/$name.json"
  check_schema "$WORK/$name.json"
  expect_exit 0
done

sed 's/"confidence": "high"/"confidence": "certain"/' "$SRC/data/ai-platform.json" >"$WORK/bad.json"
check_schema "$WORK/bad.json"
expect_exit 1
expect_out "must be equal to one of the allowed values"
# A stated window takes from, to and sources, nothing else.
sed 's/"end_of_life": {/"end_of_life": {"until": "2031-10-31", /' "$SRC/data/python.json" >"$WORK/bad-window.json"
check_schema "$WORK/bad-window.json"
expect_exit 1
finish
