#!/usr/bin/env bash
# Global options, help, version, exit codes and the one-line error contract.
source "$(dirname "$0")/lib.sh"

run --help
expect_exit 0
expect_out "Examples:"
expect_out "Exit codes: 0"
for cmd in list show check combos timeline db; do
  run "$cmd" --help
  expect_exit 0
  expect_out "Examples:"
done

run --version
expect_exit 0
expect_out "rtcat "

run
expect_input_error "rtcat: error: a command is required (see 'rtcat --help')"

run frobnicate
expect_input_error "rtcat: error: unknown command 'frobnicate' (see 'rtcat --help')"

# The command table drives the listing, the help of each command and "did you mean".
run --help
expect_out "Usage: rtcat [OPTIONS] COMMAND [ARGS]"
for cmd in list show check combos upgrade timeline validate cluster-spec cluster-env audit report scan rules db; do
  grep -qE "^  $cmd +[A-Z]" <<<"$OUT" || fail "rtcat --help does not list $cmd"
done
run check --help
expect_exit 0
expect_out "Usage: rtcat check [OPTIONS]"
expect_out "Global options it honours (before or after the command):"
expect_out "--at YYYY-MM-DD"
expect_out "--fail-on"
expect_no_out "$RTCAT"
run cluster-env --help
expect_out "--format"
expect_no_out "--warn-days"
run db import --help
expect_out "Usage: rtcat db import [OPTIONS] db [files...]"
run db --help
expect_out "verify"
run report --help
expect_no_out "once \`rtcat scan\` exists"

# A flag among the global options before the command takes no value.
run -q --at 2020-06-01 check --runtime 1.15
expect_exit 0
run --quiet --at=2020-06-01 --catalog "$SRC/data/ai-platform.json" list --status supported
expect_exit 0
expect_out "1.15"

run chek
expect_input_error "rtcat: error: unknown command 'chek' (did you mean 'check'?)"
run --at 2020-06-01 lsit
expect_input_error "rtcat: error: unknown command 'lsit' (did you mean 'list'?)"
run db imprt x.db
expect_input_error "rtcat: error: unknown command 'db imprt' (did you mean 'db import'?)"
run check --pyhton 3.7
expect_input_error "rtcat: error: unknown option '--pyhton' (did you mean '--python'?) (see 'rtcat check --help')"
run check --runtime 2.1 --plaform ai-platform
expect_input_error "unknown option '--plaform' (did you mean '--platform'?)"
run --formt json list
expect_input_error "unknown option '--formt' (did you mean '--format'?)"
run list --zzzzzz
expect_input_error "rtcat: error: unknown option '--zzzzzz' (see 'rtcat list --help')"

run list --no-such-flag
expect_input_error "--no-such-flag"

run list --at 2024-02-30
expect_input_error "rtcat: error: --at: invalid date '2024-02-30' (expected YYYY-MM-DD, like 2025-01-31)"

run list --at 2024-2-3
expect_input_error "--at: invalid date '2024-2-3'"

RTCAT_TODAY=yesterday run list
expect_input_error "RTCAT_TODAY: invalid date 'yesterday'"

run list --format yaml
expect_input_error "--format yaml is not available for list (valid: table, json, csv, markdown, endoflife)"

run list --color sometimes
expect_input_error "--color"

run list --warn-days -1
expect_input_error "--warn-days"

run list --fail-on fatal
expect_input_error "--fail-on"

run list --platform nope
expect_input_error "unknown platform 'nope' (valid: ai-platform, vertex-training, vertex-prediction, aws-dlc, python)"

# RTCAT_TODAY gives reproducible runs; --at wins over it.
RTCAT_TODAY=2020-06-01 run check --runtime 1.15
expect_exit 0
expect_out "on 2020-06-01: supported"
RTCAT_TODAY=2020-06-01 run --at 2021-06-01 check --runtime 1.15
expect_exit 1
expect_out "on 2021-06-01: submission_end"

# Global options may come before or after the command.
run check --runtime 1.15 --at 2020-06-01 --format json
expect_exit 0
expect_json 'j.status' 'supported'

# --color always paints, NO_COLOR is honoured by auto, never never paints.
run --at 2020-06-01 --color always check --runtime 1.15
expect_out $'\033[32mvalid'
run --at 2020-06-01 --color auto check --runtime 1.15
expect_no_out $'\033['

# --fail-on decides exit 1.
run --at 2020-12-01 check --runtime 1.15
expect_exit 0
expect_out "warning: runtime 1.15 closes to new jobs on 2020-12-19 (in 18 days) [expiring]"
run --at 2020-12-01 --fail-on warning check --runtime 1.15
expect_exit 1
run --at 2021-06-01 --fail-on never check --runtime 1.15
expect_exit 0

# A catalog file that is not there, or not a catalog.
run --catalog "$WORK/missing.json" list
expect_input_error "rtcat: error: $WORK/missing.json: cannot read: No such file or directory"
printf '{"format": "rtcat-catalog/1",\n "catalog": }' >"$WORK/broken.json"
run --catalog "$WORK/broken.json" list
expect_input_error "rtcat: error: $WORK/broken.json:2:13: invalid JSON"
printf 'SQLite format 3\000garbage garbage garbage garbage garbage garbage garbage garbage garbage garbage garbage garbage garbage garbage' >"$WORK/broken.db"
run --catalog "$WORK/broken.db" list
expect_input_error "rtcat: error: $WORK/broken.db: "
finish
