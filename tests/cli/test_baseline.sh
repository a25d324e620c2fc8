#!/usr/bin/env bash
# scan --write-baseline and --baseline: adopt, report only what is new, survive moved lines,
# shrink; bad baseline files.
source "$(dirname "$0")/lib.sh"
R=$WORK/repo
mkdir -p "$R"
cat >"$R/train.sh" <<'SH'
gcloud ai-platform jobs submit training old --runtime-version 1.14 --python-version 3.5 --package-path t --module-name t.task
SH
cat >"$R/serve.py" <<'PY'
IMAGE = "us-docker.pkg.dev/vertex-ai/prediction/xgboost-cpu.1-6:latest"
PY

# Adopt: every finding goes into the baseline, and the run passes.
run scan "$R" --at 2026-06-01 --write-baseline "$WORK/baseline.json"
expect_exit 0
expect_err "rtcat: wrote 2 findings to the baseline $WORK/baseline.json"
expect_out "train.sh:1:"
run scan "$R" --at 2026-06-01
expect_exit 1

# With the baseline: nothing new, the run passes and says how many it held back.
run scan "$R" --at 2026-06-01 --baseline "$WORK/baseline.json"
expect_exit 0
expect_no_out "error:"
expect_out "0 errors, 0 warnings, 0 notes; 2 in the baseline"

# Lines inserted above a finding move it: its fingerprint does not change.
{ printf '#!/bin/sh\n# set up\n\n'; cat "$R/train.sh"; } >"$R/train.new" && mv "$R/train.new" "$R/train.sh"
run scan "$R" --at 2026-06-01 --baseline "$WORK/baseline.json" --format sarif
expect_exit 0
expect_json 'j.runs[0].results.length' 0

# A new finding fails the run, alone.
printf 'gcloud ai-platform jobs submit training new --runtime-version 2.1 --python-version 3.7 --package-path t --module-name t.task\n' >>"$R/train.sh"
run scan "$R" --at 2026-06-01 --baseline "$WORK/baseline.json"
expect_exit 1
expect_out "train.sh:5:63: error: runtime 2.1"
expect_no_out "train.sh:4:"
expect_out "; 2 in the baseline"

# Shrink: fix one, then rewrite the baseline from itself; it never takes in the new finding.
printf 'IMAGE = "us-docker.pkg.dev/vertex-ai/prediction/xgboost-cpu.2-1:latest"\n' >"$R/serve.py"
run scan "$R" --at 2026-06-01 --baseline "$WORK/baseline.json"
expect_out "1 in the baseline, 1 baseline entry no longer found (shrink it: --baseline FILE --write-baseline FILE)"
run scan "$R" --at 2026-06-01 --baseline "$WORK/baseline.json" --write-baseline "$WORK/baseline.json"
expect_exit 1
expect_err "rtcat: wrote 1 finding to the baseline $WORK/baseline.json"
expect_json_file() { OUT=$(cat "$1"); expect_json "$2" "$3"; }
expect_json_file "$WORK/baseline.json" 'j.findings.length' 1
expect_json_file "$WORK/baseline.json" 'j.findings[0].path.endsWith("train.sh")' true
expect_json_file "$WORK/baseline.json" 'j.format' rtcat-baseline/1

# Bad baseline files: one line, exit 2, nothing written.
printf '{"format": "rtcat-baseline/1", "findings": [\n' >"$WORK/truncated.json"
run scan "$R" --at 2026-06-01 --baseline "$WORK/truncated.json"
expect_input_error "$WORK/truncated.json:2:1: invalid JSON"
printf '{"findings": []}\n' >"$WORK/other.json"
run scan "$R" --at 2026-06-01 --baseline "$WORK/other.json"
expect_input_error "$WORK/other.json: not an rtcat baseline: expected an object with \"format\": \"rtcat-baseline/1\" (write one with rtcat scan --write-baseline FILE)"
printf '{"format": "rtcat-baseline/1", "findings": [{"rule": "x"}]}\n' >"$WORK/nofp.json"
run scan "$R" --at 2026-06-01 --baseline "$WORK/nofp.json" --write-baseline "$WORK/out.json"
expect_input_error "findings[0] has no \"fingerprint\" string"
[[ ! -e "$WORK/out.json" ]] || fail "a bad baseline must not write one"
run scan "$R" --at 2026-06-01 --baseline "$WORK/missing.json"
expect_input_error "$WORK/missing.json"

finish
