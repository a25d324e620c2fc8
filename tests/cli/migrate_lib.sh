# Shared by the migrate tests: sourced after lib.sh.

# mrun ARGS: run, and log the rule ids of the findings migrate writes on stderr too
# (tests/cli/check_rule_coverage.sh).
mrun() {
  run "$@"
  local out=$OUT
  OUT=$ERR
  log_rules "$@"
  OUT=$out
}

# migrate_file NAME TEXT [ARGS...]: writes TEXT (one line) to $WORK/NAME and migrates it with ARGS.
migrate_file() {
  printf '%s\n' "$2" >"$WORK/$1"
  mrun migrate "$WORK/$1" "${@:3}"
}

# vertex TYPE: the stdout of the last run is a valid google.cloud.aiplatform.v1 TYPE
# (tests/schema/vertex_check.js: field names, types, enum values and required fields).
vertex() {
  printf '%s\n' "$OUT" >"$WORK/v.json"
  local got
  got=$(node "$SRC/tests/schema/vertex_check.js" "$NODE_PATH" "$1" "$WORK/v.json" 2>&1) || fail "not a valid $1: $got"
}
