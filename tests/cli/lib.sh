# Helpers for end-to-end tests of the rtcat binary. Each test file sources this, runs cases
# with `run`, asserts with `expect_*`, and ends with `finish`.
# Environment: RTCAT (the binary), SRC (the source tree), WORK (a scratch folder); with
# RTCAT_RULES_LOG set, `run` appends to that file every rule id the output carries (see
# tests/cli/check_rule_coverage.sh); a test that skips (`skip`) leaves no log, so that the
# coverage check knows it did not run.
set -u
: "${RTCAT:?RTCAT must name the rtcat binary}"
: "${SRC:?SRC must name the source tree}"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export NO_COLOR=1
unset RTCAT_CATALOG RTCAT_TODAY COLUMNS # COLUMNS: output at full width, as a script gets it
failures=0
cases=0
OUT=""
ERR=""
CODE=0

# The rule log exists once the test runs rtcat (not when it skips before, for want of a tool).
start_rules_log() {
  [[ -z "${RTCAT_RULES_LOG:-}" ]] || { mkdir -p "$(dirname "$RTCAT_RULES_LOG")" && : >>"$RTCAT_RULES_LOG"; }
}

# run ARGS...: runs rtcat, capturing stdout, stderr and the exit code.
run() {
  start_rules_log
  cases=$((cases + 1))
  CMD="rtcat $*"
  "$RTCAT" "$@" >"$WORK/out" 2>"$WORK/err" </dev/null
  CODE=$?
  OUT=$(cat "$WORK/out")
  ERR=$(cat "$WORK/err")
  log_rules "$@"
}

# run_in FILE ARGS...: run, with FILE on standard input (which an argument `-` reads).
run_in() {
  local input=$1
  shift
  cases=$((cases + 1))
  CMD="rtcat $* <$input"
  "$RTCAT" "$@" >"$WORK/out" 2>"$WORK/err" <"$input"
  CODE=$?
  OUT=$(cat "$WORK/out")
  ERR=$(cat "$WORK/err")
  log_rules "$@"
}

# The rule ids in stdout: text "... [rule]" and "[rule] (use X)", JSON "rule"/"ruleId" (not
# SARIF's rule list), GitHub "title=rtcat RULE::". Listings of the registry are not emissions.
log_rules() {
  [[ -n "${RTCAT_RULES_LOG:-}" && -n "$OUT" ]] || return 0
  local a
  for a in "$@"; do
    [[ "$a" == "rules" || "$a" == "--list-rules" || "$a" == "--help" ]] && return 0
  done
  {
    grep -oE '"(rule|ruleId)": ?"[^"]*"' <<<"$OUT" | sed -E 's/.*: ?"([^"]*)"$/\1/'
    grep -oE '\[[a-z][a-z0-9]*(-[a-z0-9]+)*\]( \(use [^)]*\))?(</li>)?$' <<<"$OUT" | sed -E 's/^\[([^]]*)\].*/\1/'
    grep -oE 'title=rtcat [a-z0-9-]+::' <<<"$OUT" | sed -E 's/title=rtcat (.*)::/\1/'
  } >>"$RTCAT_RULES_LOG"
}

fail() {
  failures=$((failures + 1))
  echo "FAIL: $CMD: $*" >&2
  echo "  exit: $CODE" >&2
  echo "  stdout: $(head -c 2000 <<<"$OUT")" >&2
  echo "  stderr: $(head -c 1000 <<<"$ERR")" >&2
}

expect_exit() { [[ "$CODE" == "$1" ]] || fail "expected exit $1"; }
# Substring checks (a multi-line expectation must appear as a whole).
expect_out() { [[ "$OUT" == *"$1"* ]] || fail "stdout lacks: $1"; }
expect_no_out() { [[ "$OUT" != *"$1"* ]] || fail "stdout has: $1"; }
expect_err() { [[ "$ERR" == *"$1"* ]] || fail "stderr lacks: $1"; }
expect_out_eq() { [[ "$OUT" == "$1" ]] || fail "stdout is not exactly: $1"; }
# One line on stderr, nothing on stdout: the contract for bad input.
expect_input_error() {
  expect_exit 2
  [[ -z "$OUT" ]] || fail "expected no stdout on an input error"
  [[ $(wc -l <<<"$ERR") -eq 1 ]] || fail "expected exactly one line on stderr"
  [[ -z "${1:-}" ]] || expect_err "$1"
}
# expect_json FILTER EXPECTED: evaluates a JavaScript expression over the parsed stdout (j).
expect_json() {
  local got
  got=$(node -e 'const j=JSON.parse(require("fs").readFileSync(0,"utf8")); const v=('"$1"'); process.stdout.write(typeof v==="string"?v:JSON.stringify(v));' <<<"$OUT" 2>&1) ||
    { fail "stdout is not JSON ($got)"; return; }
  [[ "$got" == "$2" ]] || fail "json $1: expected $2, got $got"
}

# trim TEXT: TEXT without the spaces around it.
trim() {
  local t="${1#"${1%%[! ]*}"}"
  printf '%s' "${t%"${t##*[! ]}"}"
}

# cases: a table of runs on stdin, one a line: `EXIT | ARGS | EXPECTED | ...`. Runs rtcat with
# ARGS (split at white space, no quoting), expects exit EXIT and every EXPECTED on stdout. Blank
# lines and lines starting with # are skipped.
cases() {
  local line e
  local -a fields argv
  while IFS= read -r line; do
    [[ -z "${line// /}" || "$line" == \#* ]] && continue
    IFS='|' read -ra fields <<<"$line"
    read -ra argv <<<"${fields[1]}"
    run "${argv[@]}"
    expect_exit "$(trim "${fields[0]}")"
    for e in "${fields[@]:2}"; do
      expect_out "$(trim "$e")"
    done
  done
}

# expect_jsons: a table of expect_json checks on stdin, one a line: `FILTER | EXPECTED` (split at
# the last |).
expect_jsons() {
  local line
  while IFS= read -r line; do
    [[ -z "${line// /}" ]] && continue
    expect_json "$(trim "${line%|*}")" "$(trim "${line##*|}")"
  done
}

# The exit code that CTest reads as "skipped" (SKIP_RETURN_CODE in tests/CMakeLists.txt).
readonly SKIP=77
# skip REASON: ends the whole test as skipped, saying why; its rule log goes (the test did not
# run as a whole, so rules.coverage must not count it as run).
skip() {
  [[ -z "${RTCAT_RULES_LOG:-}" ]] || rm -f "$RTCAT_RULES_LOG"
  echo "SKIP: $1"
  exit "$SKIP"
}
# require_node_modules MODULE...: skips the whole test, saying why, unless Node.js resolves every
# MODULE (scripts/test.sh installs them into build/node; NODE_PATH points there).
require_node_modules() {
  local m
  command -v node >/dev/null || skip "node is not installed (scripts/test.sh installs it)"
  for m in "$@"; do
    node -e 'require.resolve(process.argv[1])' "$m" 2>/dev/null ||
      skip "the npm module $m is not installed (scripts/test.sh installs the validators into build/node)"
  done
}

# require_tools TOOL...: skips the whole test, saying why, unless every TOOL is on the PATH.
require_tools() {
  local t
  for t in "$@"; do
    command -v "$t" >/dev/null || skip "$t is not installed (scripts/install-deps.sh installs it)"
  done
}

# opened_files CMD...: the files CMD opens, one path a line, as the kernel saw them (strace; a
# static binary's dlopen honours no LD_DEBUG). CMD's own output is discarded.
opened_files() {
  strace -f -qq -e trace=openat -o "$WORK/strace.out" "$@" >/dev/null 2>&1 </dev/null
  sed -n 's/^.*openat([^"]*"\([^"]*\)", [^)]*) = [0-9].*$/\1/p' "$WORK/strace.out"
}

# run_script WHAT CMD...: runs CMD (a script or tool, not rtcat) as one case named WHAT: its
# combined output in OUT, its exit code in CODE, for the expect_* checks.
run_script() {
  CMD=$1
  shift
  OUT=$("$@" 2>&1)
  CODE=$?
  cases=$((cases + 1))
}

# measure FILE WIDTH HEIGHT SHOT WHAT: tests/render/measure.sh's verdict ("ok" or the layout
# problems) on FILE shown in headless Chromium at WIDTH x HEIGHT (screenshot SHOT.png), in
# `got`, as one case named WHAT.
measure() {
  cases=$((cases + 1))
  CMD="measure $5"
  got=$("$SRC/tests/render/measure.sh" "$1" "$2" "$3" "$4")
}

# installed_checks BIN MODULE PAGE WHAT: an installed or packaged rtcat (BIN) loads the simdjson
# module from MODULE when it reads an inventory, and its manual page PAGE renders without a
# warning. WHAT names the installation in failures ("installed", "packaged").
installed_checks() {
  cases=$((cases + 1))
  opened_files "$1" --at 2024-12-01 audit "$SRC/data/examples/inventory.jsonl" | grep -qxF "$2" ||
    fail "the $4 rtcat does not load $2"
  cases=$((cases + 1))
  MANWIDTH=80 man --warnings -l "$3" >"$WORK/man.txt" 2>"$WORK/man.err" && [[ ! -s "$WORK/man.err" ]] ||
    fail "man -l on the $4 page: $(head -3 "$WORK/man.err")"
}

finish() {
  start_rules_log # a test that ran has its log, even one that never called `run`
  echo "$cases cases, $failures failed"
  [[ $failures -eq 0 ]]
}
