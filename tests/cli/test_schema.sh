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

check_schema "$SRC"/data/ai-platform.json "$SRC"/data/vertex-training.json "$SRC"/data/vertex-prediction.json
expect_exit 0
expect_out "ai-platform.json: valid"
expect_out "vertex-prediction.json: valid"

"$RTCAT" db init "$WORK/c.db" >/dev/null && "$RTCAT" db import "$WORK/c.db" >/dev/null
for name in ai-platform vertex-training vertex-prediction; do
  "$RTCAT" db export "$WORK/c.db" --name "$name" -o "$WORK/$name.json"
  check_schema "$WORK/$name.json"
  expect_exit 0
done

sed 's/"confidence": "high"/"confidence": "certain"/' "$SRC/data/ai-platform.json" >"$WORK/bad.json"
check_schema "$WORK/bad.json"
expect_exit 1
expect_out "must be equal to one of the allowed values"
finish
