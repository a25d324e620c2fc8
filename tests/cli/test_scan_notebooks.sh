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
expect_out "shell_lines.ipynb:38:76: error: runtime 2.1 had its model versions deleted on 2022-03-09; it closed to new jobs on 2021-03-09 [deletion] (use sklearn-cpu.1-0)"
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
expect_no_out "runtime 1.14"
# rtcat: ignore[...] on the line above, inside the cell.
expect_no_out "suppressed.ipynb"
expect_out "broken.ipynb:5:2: warning: notebook not read: invalid JSON: expected ',' [notebook-unreadable]"
expect_out "5 files scanned, 8 references: 6 errors, 2 warnings, 0 notes (3 suppressed)"

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

finish
