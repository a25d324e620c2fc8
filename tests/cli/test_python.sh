#!/usr/bin/env bash
# The python catalog (CPython's release cycle, with windows where a source gives a month or two
# sources disagree) and the Python under every entry: the release bound, python-end-of-life in
# every command, the ranking, a Python the catalog does not list, the catalog format's windows.
source "$(dirname "$0")/lib.sh"
V=$SRC/tests/fixtures/vertex

# show: the window and both of its sources.
run show python:3.10 --at 2026-12-01
expect_exit 0
expect_out "status       end_of_life on 2026-12-01"
expect_out "2026-10-01..2026-10-31  end_of_life       (stated window) End of life: no more releases, not even security fixes."
expect_out "from https://github.com/python/peps/blob/ba4deeb7969588d937da609008d05bb83a47b1ab/release_management/python-releases.toml ([metadata.\"3.10\"] end-of-life = 2026-10-01: a future month, written as its first day)"
expect_out "from https://github.com/endoflife-date/endoflife.date/blob/a70eca337600e7d721dc48112c271f98661d208b/products/python.md (releaseCycle \"3.10\" eol: 2026-10-31)"
run show python:3.10 --at 2026-12-01 --format json
expect_json 'j.timeline.find(e => e.event == "end_of_life").earliest' "2026-10-01"
expect_json 'j.timeline.find(e => e.event == "end_of_life").date' "2026-10-31"
expect_json 'j.timeline.find(e => e.event == "end_of_life").sources.length' "2"
expect_json 'j.milestone_windows.end_of_life.earliest' "2026-10-01"

# check on the Python itself: before, inside and after the window.
cases <<'EOF2'
0 | check --runtime python:3.10 --at 2026-09-30 | is valid for training on 2026-09-30: bugfix_end; next: end_of_life 2026-10-01..2026-10-31 (1..31 days)
0 | check --runtime python:3.10 --at 2026-10-15 | is valid for training on 2026-10-15: bugfix_end; next: end_of_life 2026-10-01..2026-10-31 (<= 16 days)
0 | check --runtime python:3.10 --at 2026-12-01 | is valid, with warnings, for training on 2026-12-01: end_of_life
1 | check --runtime python:3.10 --at 2021-01-01 | is not valid for training on 2021-01-01: unreleased
EOF2
run check --runtime python:3.10 --at 2026-12-01
expect_out "warning: version 3.10 reached end of life between 2026-10-01 and 2026-10-31; it ended bugfix releases on 2023-04-05 [end-of-life] (use 3.14)"
run check --runtime python:2.7 --at 2019-06-01
expect_out "valid for training on 2019-06-01: supported; next: bugfix_end 2020-01-01 (214 days)"
run check --runtime python:3.10 --at 2026-10-15
expect_out "note: version 3.10 ended bugfix releases on 2023-04-05; it may also have reached end of life (reaches end of life between 2026-10-01 and 2026-10-31) [bugfix-end]"
# An expected release (3.15 at the source's date) is not out then, and unknown after.
run check --runtime python:3.15 --at 2026-08-22
expect_exit 1
expect_out "unreleased"
run check --runtime python:3.15 --at 2026-12-01 --fail-on never
expect_out "unknown"

# The derived lower bound: an image cannot run a Python before that Python's first release.
run check --runtime ray-cpu.2-42.py311 --at 2021-06-01
expect_exit 1
expect_out "error: image ray-cpu.2-42.py311 is not released before 2022-10-24: it runs Python 3.11, first released on 2022-10-24 [unreleased]"
run --at 2019-06-01 list --platform vertex-training --format csv
expect_out $'vertex-training,ray-cpu.2-42.py311,,2022-10-24,3.11,'

# python-end-of-life: the entry's Python, or the job's own.
run check --runtime vertex-prediction:sklearn-cpu.1-6 --at 2026-12-01
expect_exit 0
expect_out "warning: Python 3.10 reached its end of life between 2026-10-01 and 2026-10-31: no more security fixes; image sklearn-cpu.1-6 runs it [python-end-of-life]"
run check --runtime 1.15 --python 2.7 --at 2020-06-01
expect_exit 0
expect_out "warning: Python 2.7 reached its end of life on 2020-01-01: no more security fixes (the job asks for it on runtime 1.15) [python-end-of-life] (use 2.1)"
expect_out "is valid, with warnings"
run check --runtime 1.15 --python 3.7 --at 2020-06-01
expect_no_out "python-end-of-life"
# Inside the window: possible, and said so.
run check --runtime vertex-prediction:sklearn-cpu.1-6 --at 2026-10-15 --format json
expect_json 'j.findings.find(f => f.rule == "python-end-of-life").message' \
  "Python 3.10 reaches its end of life between 2026-10-01 and 2026-10-31, so on 2026-10-15 it may have none; image sklearn-cpu.1-6 runs it"
# Not where the entry itself is closed: the job moves anyway.
run check --runtime 1.14 --python 2.7 --at 2024-06-01
expect_no_out "python-end-of-life"

# list and show mark it; CSV and JSON carry lib's decision.
run --at 2026-12-01 list --platform vertex-prediction
expect_out "3.10 (end of life)"
run --at 2026-10-15 list --platform vertex-prediction --format json
expect_json 'j.find(e => e.id == "sklearn-cpu.1-6").python_end_of_life.status' "possible"
expect_json 'j.find(e => e.id == "tf2-cpu.2-15").python_end_of_life' "null"
run show vertex-prediction:sklearn-cpu.1-6 --at 2026-12-01
expect_out "python       3.10 (end of life)"
expect_out "python eol   Python 3.10 reached its end of life between 2026-10-01 and 2026-10-31"
# Every image still available on 2026-12-01 that runs Python 3.10 carries the finding.
run --at 2026-12-01 list --format csv
available=$(awk -F, 'NR > 1 && $1 != "python" && $5 ~ /3\.10/ && $7 != "availability_end" {print $1 ":" $2}' <<<"$OUT")
[[ $(wc -w <<<"$available") -ge 7 ]] || fail "fewer than 7 available images on Python 3.10: $available"
for id in $available; do
  "$RTCAT" check --runtime "$id" --python 3.10 --at 2026-12-01 --fail-on never 2>&1 | grep -q '\[python-end-of-life\]' ||
    fail "$id on 2026-12-01 lacks python-end-of-life"
done

# audit, report, validate and scan say it too.
run audit "$V/models.json" --at 2026-12-01 --fail-on never
expect_out "Python 3.10 reached its end of life between 2026-10-01 and 2026-10-31: no more security fixes; image sklearn-cpu.1-6 runs it [python-end-of-life]"
run report --inventory "$V/models.json" --at 2026-12-01 --fail-on never
expect_out "1 of 1 resource affected: left support. Python 3.10 reached its end of life between 2026-10-01 and 2026-10-31: no more security fixes; image sklearn-cpu.1-6 runs it."
run report --inventory "$V/models.json" --at 2026-12-01 --fail-on never --format json
expect_json 'j.runtimes.find(g => g.runtime == "sklearn-cpu.1-6").python_end_of_life.status' "reached"
cat >"$WORK/job.json" <<'EOF2'
{"jobId": "j", "trainingInput": {"runtimeVersion": "2.1", "pythonVersion": "3.7", "region": "us-central1",
  "packageUris": ["gs://b/t.tar.gz"], "pythonModule": "trainer.task", "scaleTier": "BASIC"}}
EOF2
run validate "$WORK/job.json" --at 2021-01-01
expect_no_out "python-end-of-life"
run validate "$WORK/job.json" --at 2021-03-01
expect_out "warning: runtime 2.1 closes to new jobs on 2021-03-09 (in 8 days) [expiring]"
mkdir -p "$WORK/repo"
printf 'FROM us-docker.pkg.dev/vertex-ai/prediction/sklearn-cpu.1-6:latest\n' >"$WORK/repo/Dockerfile"
run scan "$WORK/repo" --at 2026-12-01 --fail-on never
expect_out "Dockerfile:1:6: warning: Python 3.10 reached its end of life between 2026-10-01 and 2026-10-31: no more security fixes; image sklearn-cpu.1-6 runs it [python-end-of-life]"

# The ranking: a target on an end-of-life Python comes after every other (a standing).
run check --runtime vertex-prediction:sklearn-cpu.1-4 --at 2026-12-01 --format json --fail-on never
expect_json 'j.suggestion_details.every(s => s.standing == "python-end-of-life")' "true"

# combos: the Python lines themselves are not combinations; nothing before its Python.
run --at 2026-12-01 combos --format csv
expect_no_out $'\npython,'

# timeline on the python catalog: text, and an iCalendar window over the whole month.
run timeline --platform python --since 2026-09-01 --until 2026-12-31 --at 2026-09-01
expect_out "2026-10-01..2026-10-31"
run timeline --platform python --format ics --at 2026-09-01 --id 3.10
expect_out "DTSTART;VALUE=DATE:20261001"
expect_out "DTEND;VALUE=DATE:20261101"

# A catalog of your own with the python catalog: a Python it does not list is said once.
sed 's/"3\.7"/"3.99"/' "$SRC/data/ai-platform.json" >"$WORK/mine.json"
run --catalog "$WORK/mine.json" --catalog "$SRC/data/python.json" --at 2021-06-01 list --platform ai-platform
expect_exit 0
expect_err "rtcat: note: catalog ai-platform pins Python 3.99, which the python catalog does not list: no release bound or end of life for it [python-unlisted]"
[[ $(grep -c python-unlisted <<<"$ERR") == 1 ]] || fail "said more than once"
[[ -z "${RTCAT_RULES_LOG:-}" ]] || echo python-unlisted >>"$RTCAT_RULES_LOG"
# Without the python catalog in the set, nothing is judged and nothing is said.
run --catalog "$SRC/data/ai-platform.json" --at 2020-06-01 check --runtime 1.15 --python 2.7
expect_exit 0
expect_no_out "python-end-of-life"
[[ "$ERR" != *python-* ]] || fail "a set without the python catalog judged a Python"

# A bad window in a catalog file: one line naming the place, exit 2.
sed 's/"end_of_life": {/"end_of_life": {"to": "2000-01-01", "x": 1, /' "$SRC/data/python.json" >"$WORK/bad.json"
run --catalog "$WORK/bad.json" list
expect_exit 2
expect_err "bad.json: /runtimes/11/milestones/end_of_life: unknown key \"x\" (valid: from, to, sources)"
finish
