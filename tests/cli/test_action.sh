#!/usr/bin/env bash
# action.yml and the workflow of docs/guide/ci-gate.md pass a GitHub Actions validator, and the
# action's shell steps, run locally as the runner would, build and install rtcat, scan and write
# SARIF.
source "$(dirname "$0")/lib.sh"
: "${BUILD:?BUILD must name the build folder}"
validator="${NODE_PATH:-}/.bin/action-validator"
[[ -x "$validator" ]] || skip "@action-validator/cli is not installed (scripts/test.sh installs it into build/node)"
python3 -c 'import yaml' 2>/dev/null || skip "python3-yaml is not installed"

validate() { # FILE: the validator accepts it
  cases=$((cases + 1))
  CMD="action-validator $1"
  "$validator" "$1" >"$WORK/v.out" 2>&1 || fail "invalid: $(head -20 "$WORK/v.out")"
}
validate "$SRC/action.yml"
# The guide's workflow, as a file of .github/workflows/.
mkdir -p "$WORK/repo/.github/workflows"
awk '/^```yaml$/ { inblock = 1; block = ""; next } /^```$/ { if (inblock && block ~ /^# .github\/workflows\/rtcat.yml/) printf "%s", block; inblock = 0; next } inblock { block = block $0 "\n" }' \
  "$SRC/docs/guide/ci-gate.md" >"$WORK/repo/.github/workflows/rtcat.yml"
cases=$((cases + 1))
grep -q "uses: .*rtcat@" "$WORK/repo/.github/workflows/rtcat.yml" || fail "docs/guide/ci-gate.md has no workflow using the action"
validate "$WORK/repo/.github/workflows/rtcat.yml"
# The validator does reject a broken action (an input without a description, a step without run).
sed 's/^    description: Files or folders to scan.*$//; s/^      run: |$/      runs: |/' "$SRC/action.yml" >"$WORK/broken.yml"
cases=$((cases + 1))
"$validator" "$WORK/broken.yml" >/dev/null 2>&1 && fail "the validator accepts a broken action.yml"

# The shell steps, with the same inputs as the guide's workflow (the build folder reused).
export RUNNER_TEMP="$WORK/runner" GITHUB_ACTION_PATH="$SRC" RTCAT_TODAY=2023-06-01
mkdir -p "$RUNNER_TEMP"
cp -r "$SRC/tests/fixtures/integration/expired" "$WORK/repo/jobs"
act() { # INPUT=VALUE...: runs the action's steps in $WORK/repo
  cases=$((cases + 1))
  CMD="action $*"
  (cd "$WORK/repo" && python3 "$SRC/tests/cli/run_action.py" "$SRC/action.yml" build-dir="$BUILD" "$@") >"$WORK/out.log" 2>"$WORK/err.log"
  CODE=$?
  OUT=$(cat "$WORK/out.log")
  ERR=$(cat "$WORK/err.log")
}
act paths=jobs fail-on=warning warn-days=180 format=github
expect_exit 1
expect_out "== Install the build dependencies"
expect_out "== Build and install rtcat"
expect_out "rtcat 0.1.0"
expect_out "::error file=jobs/submit.sh,line=2,col=67,"
expect_out "== Upload SARIF to code scanning: uses github/codeql-action/upload-sarif@v3 (GitHub only)"
expect_out "== Fail on findings: exit 1"
expect_err "rtcat scan exited with 1 (fail-on: warning)"
[[ -x "$RUNNER_TEMP/rtcat/bin/rtcat" && -f "$RUNNER_TEMP/rtcat/share/man/man1/rtcat.1.gz" ]] || fail "rtcat not installed under RUNNER_TEMP"
sarif="$WORK/repo/rtcat.sarif"
cases=$((cases + 1))
node -e '
  const s = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const r = s.runs[0].results;
  if (s.version !== "2.1.0" || r.length !== 1 || r[0].ruleId !== "deletion" ||
      r[0].locations[0].physicalLocation.artifactLocation.uri !== "jobs/submit.sh") process.exit(1);' "$sarif" ||
  fail "SARIF: $(head -c 400 "$sarif")"

# Fixed: the step passes, SARIF is still written (empty), the failing step is skipped.
cp "$SRC/tests/fixtures/integration/fixed/submit.sh" "$WORK/repo/jobs/submit.sh"
rm -f "$sarif"
act paths=jobs fail-on=warning warn-days=180 format=text sarif-file=out/rtcat.sarif catalog="$SRC/data/ai-platform.json"
expect_exit 0
expect_out "1 file scanned, 1 reference: 0 errors"
expect_out "== Fail on findings: skipped"
expect_out "output scan.exit-code=0"
expect_out "output scan.sarif-file=out/rtcat.sarif"
[[ -f "$WORK/repo/out/rtcat.sarif" ]] || fail "no SARIF at the sarif-file input"
# An input error is the step's error (2), not a finding.
act paths=nonexistent
expect_exit 2
expect_err "nonexistent"
finish
