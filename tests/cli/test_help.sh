#!/usr/bin/env bash
# A command's --help: that command, its examples and the global options it honours, in the
# help's words (no parser type artefacts), with a pointer to `rtcat --help` for the rest.
source "$(dirname "$0")/lib.sh"

for cmd in list show check upgrade scan "db import" validate report; do
  # shellcheck disable=SC2086
  run $cmd --help
  expect_exit 0
  expect_out "Usage: rtcat $cmd [OPTIONS]"
  expect_out "'rtcat --help' lists every command, the exit codes and the environment."
  expect_no_out "Commands:"
  expect_no_out "Exit codes: 0 nothing at or above --fail-on, 1 findings at or above --fail-on, 2 usage"
  expect_no_out "Environment: RTCAT_TODAY"
  expect_no_out "INT"
  expect_no_out "TEXT"
  expect_no_out "=[]"
  [[ $(wc -l <<<"$OUT") -lt 60 ]] || fail "help of $cmd is $(wc -l <<<"$OUT") lines"
done
run list --help
expect_out "  --warn-days DAYS            A milestone this close (in days; default 90) marks an entry as expiring"
expect_out "  --color WHEN "
expect_out "  --status STATUS ...  "
# One format list: the command's own.
run scan --help
expect_out "  --format FORMAT             Output format: text, json, sarif, github (default text)"
expect_no_out "markdown (timeline also svg, ics)"
run check --help
expect_out "  -r,--runtime ID (required)"
expect_out "  -q,--quiet "
expect_no_out "--quiet VALUE"
# A value is named wherever its name is known: no command's help says VALUE.
for cmd in list show check combos upgrade timeline validate cluster-spec cluster-env migrate audit report scan rules catalogs \
  "db init" "db import" "db export" "db verify" completion man; do
  # shellcheck disable=SC2086
  run $cmd --help
  expect_exit 0
  expect_no_out " VALUE"
done
run upgrade --help
expect_out "  --service SERVICE           training (jobs) or prediction"
expect_out "  --strategy STRATEGY         newest (latest version first)"
run cluster-spec --help
expect_out "  --replica TYPE:INDEX        Only this replica"
# One vocabulary: compiler-style findings are text, tables of rows table.
run validate --help
expect_out "  --format FORMAT             Output format: text, json (default text)"
run audit --help
expect_out "  --format FORMAT             Output format: text, json, jsonl, csv (default text)"
expect_no_out " table"
run list --help
expect_out "  --format FORMAT             Output format: table, json, csv, markdown, endoflife (default table)"
# db import reads in a format: its --format says so.
run db import --help
expect_out "  --format FORMAT             Input format: catalog, endoflife (default catalog)"
# Before the command, --format names every command's formats, each once.
run --help
expect_out "  --format FORMAT             Output format (db import: input format), one of the command's (its --help lists them): table, json, csv, markdown, endoflife, svg, ics, text, sh, dotenv, yaml, gcloud, jsonl, html, sarif, github, catalog, roff"

# The top-level help still has it all.
run --help
expect_out "Commands:"
expect_out "Exit codes: 0"

# Errors in the same words.
run check --runtime
expect_input_error "rtcat: error: --runtime: a value is missing (see 'rtcat check --help')"
run list --warn-days x
expect_input_error "rtcat: error: --warn-days: 'x' is not a whole number from 0 to 36500 (see 'rtcat list --help')"

finish
