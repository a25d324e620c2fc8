#!/usr/bin/env bash
# rtcat scan on one fixture per class of reference that real repositories write
# (tests/fixtures/scan-classes): example output in Markdown fences and notebooks' Markdown cells,
# images listed in docstrings, registry paths under cloud-aiplatform and region placeholders,
# values built in several steps (.format over if/else, .format( across lines, param or "1.4"),
# %env and os.environ read by os.getenv, keyword names with a prefix and subscript
# assignments, a Python version beside a runtime that cannot be evaluated, R code. The set of
# references must be exactly expected.tsv (path, line, column, value), and the config file's
# exclude, exclude-fences and exclude-after must drop what they name.
source "$SRC/tests/cli/lib.sh"
command -v node >/dev/null || skip "node is not installed"
cd "$SRC/tests/fixtures/scan-classes" || exit 1

# Every reference, exactly: nothing missed, nothing extra.
run scan --no-config --at 2024-06-01 --format json --fail-on never --exclude context .
expect_exit 0
DIFF=$(node -e '
const fs = require("fs");
const j = JSON.parse(fs.readFileSync(0, "utf8"));
const key = l => l.split("\t").join(":");
const exp = new Set(fs.readFileSync("expected.tsv", "utf8").split("\n").filter(l => l && !l.startsWith("#")).map(key));
const got = new Set(j.references.map(r => [r.path, r.line, r.column, r.runtime ?? "python " + r.python].join(":")));
for (const x of exp) if (!got.has(x)) console.log("missed " + x);
for (const x of got) if (!exp.has(x)) console.log("extra " + x);
' <<<"$OUT")
[[ -z "$DIFF" ]] || fail "references differ from expected.tsv: $DIFF"

# Example output is not code; a command after an output lead-in still is.
run scan --no-config --at 2024-06-01 --fail-on never example-output/README.md
for line in 15 24 32 37 41; do expect_no_out "README.md:$line:"; done
expect_out "README.md:62:68: error: runtime 2.4 had"
# A Python version alone, judged as the Python line; its reference has no runtime.
run scan --no-config --at 2024-06-01 --fail-on never python-alone
expect_out "python-alone/submit.sh:5:56: warning: version 2.7 reached end of life on 2020-01-01 [end-of-life] (use 3.12)"
run scan --no-config --at 2024-06-01 --fail-on never --format json python-alone
expect_json 'j.references.map(r => [r.line, r.runtime, r.python, r.catalog].join("/")).join(" ")' "5//2.7/python 7//3.5/python"
# A value set in the environment reaches os.getenv; an unset one with no default is nothing.
run scan --no-config --at 2024-06-01 --fail-on never --format json env
expect_json 'j.references.map(r => [r.line, r.runtime, r.python, r.variable].join("/")).join(" ")' \
  "20/tf2-cpu.2-2// 41/1.15/3.7/runtime"

# The config file: exclude by glob, exclude-fences by label, exclude-after by lead-in.
run scan --no-config --at 2024-06-01 --fail-on never context
expect_out "3 files scanned, 5 references"
run scan --config context/.rtcat.toml --at 2024-06-01 --fail-on never --format json context
expect_json 'j.references.map(r => r.path + ":" + r.line + ":" + r.column).join(" ")' "context/docs/api.md:8:18"
printf 'exclude-after = ["ok", ""]\n' >"$WORK/bad.toml"
run scan --config "$WORK/bad.toml" --at 2024-06-01 context
expect_input_error
expect_err "bad.toml:1:17: exclude-after must not hold an empty string"
printf 'exclude-fences = "log"\n' >"$WORK/bad.toml"
run scan --config "$WORK/bad.toml" --at 2024-06-01 context
expect_input_error
expect_err "bad.toml:1:18: exclude-fences must be an array of strings"

finish
