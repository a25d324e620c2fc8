#!/usr/bin/env bash
# --max-data-age and the config file's max-data-age: the catalogs' as_of against the date
# evaluated, on both sides of the limit; bad values.
source "$(dirname "$0")/lib.sh"
V=$SRC/tests/fixtures/vertex

# The embedded Vertex AI catalogs are as of 2026-08-21: 90 days later they pass, 91 fail.
cases <<'EOF2'
0 | check --runtime vertex-prediction:sklearn-cpu.1-6 --platform vertex-prediction --at 2026-11-19 --max-data-age 90d
1 | check --runtime vertex-prediction:sklearn-cpu.1-6 --platform vertex-prediction --at 2026-11-20 --max-data-age 90d
0 | check --runtime vertex-prediction:sklearn-cpu.1-6 --platform vertex-prediction --at 2026-11-20 --max-data-age 13w
0 | check --runtime vertex-prediction:sklearn-cpu.1-6 --platform vertex-prediction --at 2026-11-20 --max-data-age 91
1 | check --runtime vertex-prediction:sklearn-cpu.1-6 --platform vertex-prediction --at 2026-11-20 --max-data-age 12w
0 | check --runtime vertex-prediction:sklearn-cpu.1-6 --platform vertex-prediction --at 2026-11-20 --max-data-age 90d --fail-on never
EOF2
run check --runtime vertex-prediction:sklearn-cpu.1-6 --platform vertex-prediction --at 2026-11-20 --max-data-age 90d
expect_err "error: the vertex-prediction catalog is as of 2026-08-21, 91 days before 2026-11-20: older than --max-data-age 90d (bring newer data in with rtcat db import, see rtcat catalogs) [data-too-old]"
expect_out "image vertex-prediction:sklearn-cpu.1-6 (vertex-prediction) is valid"
# The finding is on stderr, which the rule log does not read: log it here.
[[ -z "${RTCAT_RULES_LOG:-}" ]] || grep -oE '\[data-too-old\]' <<<"$ERR" | tr -d '[]' >>"$RTCAT_RULES_LOG"
run check --runtime vertex-prediction:sklearn-cpu.1-6 --platform vertex-prediction --at 2026-11-19 --max-data-age 90d
[[ -z "$ERR" ]] || fail "no finding within the limit"

# audit and report fail the same way, whatever their findings.
run audit "$V/models.json" --platform vertex-prediction --at 2026-11-20 --max-data-age 90d --fail-on never --format json
expect_exit 0
run audit "$V/models.json" --at 2026-11-20 --max-data-age 90d --format json
expect_exit 1
expect_err "[data-too-old]"
run report --inventory "$V/models.json" --at 2026-11-19 --max-data-age 90d --fail-on never
expect_exit 0
run report --inventory "$V/models.json" --platform vertex-prediction --at 2026-11-20 --max-data-age 90d --fail-on never
expect_exit 0
expect_err "vertex-prediction catalog is as of 2026-08-21, 91 days"

# scan: the config file's key, and the command line over it.
mkdir -p "$WORK/repo"
printf 'IMAGE = "us-docker.pkg.dev/vertex-ai/prediction/sklearn-cpu.1-6:latest"\n' >"$WORK/repo/serve.py"
printf 'max-data-age = "90d"\n' >"$WORK/repo/.rtcat.toml"
run scan "$WORK/repo" --at 2026-11-20
expect_exit 1
expect_err "older than --max-data-age 90d"
run scan "$WORK/repo" --at 2026-11-19
expect_exit 0
run scan "$WORK/repo" --at 2026-11-20 --max-data-age 1000d
expect_exit 0
printf 'max-data-age: 91\n' >"$WORK/repo/.rtcat.yaml"
rm "$WORK/repo/.rtcat.toml"
run scan "$WORK/repo" --at 2026-11-20
expect_exit 0

# Bad values: one line, exit 2, nothing on stdout.
run check --runtime 2.1 --max-data-age 90x
expect_input_error "rtcat: error: --max-data-age: invalid age '90x' (expected days like 90d, weeks like 12w, or a number of days)"
run audit "$V/models.json" --max-data-age d
expect_input_error "invalid age 'd'"
printf 'max-data-age = "soon"\n' >"$WORK/repo/.rtcat.toml"
rm "$WORK/repo/.rtcat.yaml"
run scan "$WORK/repo" --at 2026-11-20
expect_input_error "$WORK/repo/.rtcat.toml:1:16: max-data-age must be an age such as 90d, 12w or a number of days"

finish
