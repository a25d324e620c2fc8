#!/usr/bin/env bash
# rtcat scan on Jupyter notebooks (tests/fixtures/scan-notebooks, one notebook per pattern): code
# cells, "!" shell lines, %%bash and %%writefile cells, Markdown cells only in fenced code, never
# outputs or raw cells; every finding at the line and column of the value in the raw .ipynb
# file, with its cell index in JSON; suppressions; a malformed notebook is a finding, not a crash.
source "$SRC/tests/cli/lib.sh"
cd "$SRC/tests/fixtures/scan-notebooks" || exit 1

run scan --no-config --at 2024-06-01 --ignore no-alternative
expect_exit 1
# "!gcloud" across backslash continuations; the value is on line 19 of the JSON file.
expect_out "shell_lines.ipynb:19:28: error: runtime 1.15 had its model versions deleted on 2021-12-19"
expect_out "shell_lines.ipynb:38:76: error: runtime 2.1 had its model versions deleted on 2022-03-09; it closed to new jobs on 2021-03-09 [deletion] (use sklearn-cpu.1-5)"
# Markdown prose and the stream output (runtimeVersion: '1.13') are not references.
expect_no_out "shell_lines.ipynb:4:"
expect_no_out "shell_lines.ipynb:2"
# %%bash, %%writefile config.yaml and Dockerfile, a Python dict with escaped quotes.
expect_out "magics.ipynb:9:26: error: runtime 2.1 had"
expect_out "magics.ipynb:21:26: error: runtime 2.11 closed to new jobs"
expect_out "magics.ipynb:32:11: warning: image tf-cpu.2-11.py310 left support on 2023-11-15 [support-end]"
expect_out "magics.ipynb:44:56: error: runtime 1.15 had"
# Only the fenced block of a Markdown cell; raw cells and execute_result outputs never.
expect_out "markdown.ipynb:12:67: error: runtime 2.2 had its model versions deleted"
expect_no_out "markdown.ipynb:7:"
expect_no_out "runtime 1.13"
expect_no_out "runtime 1.12"
# rtcat: ignore[...] on the line above, inside the cell.
expect_no_out "suppressed.ipynb"
expect_out "broken.ipynb:5:2: warning: notebook not read: invalid JSON: expected ',' [notebook-unreadable]"
# Every form: the former gcr.io host, a templated region, the SDK helper resolved to its image, a
# Python argument list (versions create, with --framework), a Python dict REST body, a Dockerfile
# written by %%writefile, batch prediction.
expect_out "forms.ipynb:12:26: warning: image tf-cpu.2-3 left support on 2023-09-01 [support-end]"
expect_out "forms.ipynb:13:47: warning: image tf2-cpu.2-3 left support on 2023-11-15"
expect_out "forms.ipynb:15:112: warning: image sklearn-cpu.0-24 left support on 2023-11-15"
expect_out "forms.ipynb:17:38: error: runtime 1.15 had its model versions deleted on 2021-12-19; it closed to new jobs on 2020-12-19 [deletion] (use sklearn-cpu.1-5)"
expect_out "forms.ipynb:18:100: error: runtime 2.1 had"
expect_out "forms.ipynb:28:11: warning: image pytorch-gpu.1-11 left support on 2023-09-01"
expect_out "forms.ipynb:38:68: error: runtime 1.14 had its model versions deleted on 2021-07-19; it closed to new jobs on 2020-07-19 [deletion] (use tf2-cpu.2-15)"
expect_out "forms.py:6:20: warning: image tf-cpu.2-3"
# Values through variables, reported where used with the line where they were set: Python
# constants, .format and f-strings, if/else chains (an undecided condition gives every branch),
# os.getenv with its default, tuple assignment, %env and $NAME / {NAME} / ${NAME:-default} in "!".
expect_out "variables.ipynb:38:22: warning: image tf-gpu.2-1 left support on 2023-09-01 (through TRAIN_VERSION, set on line 30; one branch of a condition) [support-end]"
expect_out "variables.ipynb:38:22: warning: image tf-cpu.2-1 left support on 2023-09-01 (through TRAIN_VERSION, set on line 32; one branch of a condition) [support-end]"
expect_out "variables.ipynb:39:24: warning: image tf2-cpu.2-1 left support on 2023-11-15 (through DEPLOY_VERSION, set on line 33) [support-end]"
expect_out "variables.ipynb:52:34: error: runtime 1.15 had its model versions deleted on 2021-12-19; it closed to new jobs on 2020-12-19 (through RUNTIME_VERSION, set on line 13) [deletion]"
expect_out "variables.ipynb:57:112: warning: image xgboost-cpu.0-82 left support on 2023-11-15 (through VERSION, set on line 56) [support-end]"
expect_out "variables.ipynb:67:70: error: runtime 2.1 had its model versions deleted on 2022-03-09; it closed to new jobs on 2021-03-09 (through RUNTIME, set on line 66) [deletion]"
expect_out "variables.ipynb:76:73: error: runtime 1.14 had its model versions deleted on 2021-07-19"
expect_out "variables.py:30:27: error: runtime 1.15 had its model versions deleted on 2021-12-19; it closed to new jobs on 2020-12-19 (through RUNTIME_VERSION, set on line 5) [deletion]"
expect_out "9 files scanned, 32 references: 16 errors, 24 warnings, 0 notes (1 suppressed)"

# The same code as a .py file and as a notebook cell yields the same references.
run scan --no-config --at 2024-06-01 --format json forms.py
PY_REFS=$(node -e 'const j=JSON.parse(require("fs").readFileSync(0,"utf8")); console.log(j.references.map(r=>[r.form,r.service,r.catalog,r.runtime,r.python].join("/")).join(" "))' <<<"$OUT")
run scan --no-config --at 2024-06-01 --format json forms.ipynb
expect_json 'j.references.filter(r => r.cell === 0).map(r=>[r.form,r.service,r.catalog,r.runtime,r.python].join("/")).join(" ")' "$PY_REFS"
run scan --no-config --at 2024-06-01 --format json variables.py
PY_REFS=$(node -e 'const j=JSON.parse(require("fs").readFileSync(0,"utf8")); console.log(j.references.map(r=>[r.form,r.service,r.catalog,r.runtime,r.python,r.variable,r.conditional].join("/")).join(" "))' <<<"$OUT")
run scan --no-config --at 2024-06-01 --format json variables.ipynb
expect_json 'j.references.filter(r => r.cell <= 2).map(r=>[r.form,r.service,r.catalog,r.runtime,r.python,r.variable,r.conditional].join("/")).join(" ")' "$PY_REFS"
# JSON: the variable and the line where its value was set.
expect_json 'j.references.filter(r => r.variable).map(r => r.line + ":" + r.variable + "@" + r.set_line + (r.conditional ? "?" : "")).join(" ")' \
  "38:TRAIN_VERSION@30? 38:TRAIN_VERSION@32? 39:DEPLOY_VERSION@33 52:RUNTIME_VERSION@13 57:VERSION@56 67:RUNTIME@66"

# JSON: the cell index of each finding and reference.
run scan --no-config --at 2024-06-01 --format json shell_lines.ipynb markdown.ipynb
expect_exit 1
expect_json 'j.references.map(r => r.path + ":" + r.line + ":" + r.column + "@" + r.cell).join(" ")' \
  "shell_lines.ipynb:19:28@1 shell_lines.ipynb:38:76@2 markdown.ipynb:12:67@0"
expect_json 'j.findings.filter(f => f.rule === "deletion").map(f => f.cell).join(",")' "1,2,0"

# A malformed notebook alone: a warning, exit 0 under the default --fail-on error; never exit 3.
run scan --no-config --at 2024-06-01 broken.ipynb
expect_exit 0
run scan --no-config --at 2024-06-01 --fail-on warning broken.ipynb
expect_exit 1
printf '{"cells": [{"cell_type": "code", "source": "\\ud800' >"$WORK/cut.ipynb"
run scan --no-config --at 2024-06-01 "$WORK/cut.ipynb"
expect_exit 0
expect_out "cut.ipynb:1:51: warning: notebook not read: invalid JSON: unclosed string [notebook-unreadable]"

# Jupyter's autosaved copies are not scanned twice.
mkdir -p "$WORK/nb/.ipynb_checkpoints"
cp shell_lines.ipynb "$WORK/nb/train.ipynb"
cp shell_lines.ipynb "$WORK/nb/.ipynb_checkpoints/train-checkpoint.ipynb"
run scan --no-config --at 2024-06-01 "$WORK/nb"
expect_exit 1
expect_out "1 file scanned, 2 references"
expect_no_out "checkpoint"

finish
