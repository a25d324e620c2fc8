#!/usr/bin/env bash
# A test that skips for want of a tool leaves no rule log, so that rules.coverage skips (only
# some tests ran) rather than failing on the rules the skipped test would have emitted.
source "$(dirname "$0")/lib.sh"

mkdir -p "$WORK/logs" "$WORK/no-modules"
# test_schema.sh needs the npm validators: with a NODE_PATH that lacks them, it skips.
run_script "tests/cli/test_schema.sh without the npm modules" \
  env RTCAT_RULES_LOG="$WORK/logs/schema.log" NODE_PATH="$WORK/no-modules" bash "$SRC/tests/cli/test_schema.sh"
expect_exit 77
expect_out "SKIP: "
[[ ! -e "$WORK/logs/schema.log" ]] || fail "a skipped test left its rule log"

# Beside a test that ran (its log exists, even when it saw no rule id), the coverage check skips.
: >"$WORK/logs/global.log"
run_script "check_rule_coverage.sh with schema skipped" \
  env LOGS="$WORK/logs" E2E_TESTS="global schema" bash "$SRC/tests/cli/check_rule_coverage.sh"
expect_exit 77
expect_out "only some e2e tests ran (no log of: schema)"

# A test that runs rtcat has its log.
RTCAT_RULES_LOG="$WORK/logs/ran.log" bash -c 'source "$SRC/tests/cli/lib.sh"; run --version; finish' >/dev/null 2>&1
cases=$((cases + 1))
[[ -e "$WORK/logs/ran.log" ]] || fail "a test that ran left no rule log"

finish
