#!/usr/bin/env bash
# rtcat combos: the runtime x Python pairs valid for new work on a date.
source "$(dirname "$0")/lib.sh"

run --at 2020-06-01 combos --platform ai-platform
expect_exit 0
# An entry of unknown status (2.2 was released between 2020-05-06 and 2020-08-28) is listed as such.
# Python 2.7 is past its end of life (2020-01-01): marked, still listed (a warning, not an error).
expect_out_eq "CATALOG      RUNTIME  PYTHON             STATUS     NEXT MILESTONE                         DAYS
ai-platform  2.2      3.7                unknown    submission_end 2021-05-21..2021-08-28  354..453
ai-platform  2.1      3.7                supported  submission_end 2021-03-09              281
ai-platform  1.15     2.7 (end of life)  supported  submission_end 2020-12-19              201
ai-platform  1.15     3.7                supported  submission_end 2020-12-19              201
ai-platform  1.14     2.7 (end of life)  expiring   submission_end 2020-07-19              48
ai-platform  1.14     3.5                expiring   submission_end 2020-07-19              48"

# Nothing runs a Python before its first release: on 2019-06-01 no combination has Python 3.8
# (2019-10-14) or later, on 2017-06-01 none 3.6 (2016-12-23) is the newest, and the Python lines
# themselves are not combinations.
run --at 2019-06-01 combos --format csv
expect_exit 0
[[ -z $(awk -F, 'NR > 1 && $3 ~ /^3\.([89]|1[0-9])$/' <<<"$OUT") ]] || fail "a combination on 2019-06-01 runs Python 3.8 or later"
expect_no_out "ray-cpu.2-42.py311"
expect_no_out "python,"
run --at 2017-06-01 combos --format csv
[[ -z $(awk -F, 'NR > 1 && $3 ~ /^3\.([789]|1[0-9])$/' <<<"$OUT") ]] || fail "a combination on 2017-06-01 runs Python 3.7 or later"

# On 2026-12-01 Python 3.10 is past its end of life (October 2026): every combination says so.
run --at 2026-12-01 combos --python 3.10 --format csv
expect_exit 0
[[ $(tail -n +2 <<<"$OUT" | grep -c ',reached.$') -ge 1 ]] || fail "no combination marked"
[[ -z $(tail -n +2 <<<"$OUT" | grep -v ',reached.$') ]] || fail "a Python 3.10 combination without the end-of-life mark"
run --at 2026-10-15 combos --python 3.10 --format json
expect_json 'j.every(c => c.python_end_of_life.status == "possible")' "true"
expect_json 'j[0].python_end_of_life.message.includes("between 2026-10-01 and 2026-10-31")' "true"

# combos and check agree: 2.11 was open on 2023-06-01 (released between 2022-12-09 and 2023-04-08).
run --at 2023-06-01 combos --platform ai-platform --format json
expect_exit 0
expect_json 'j.filter(c => c.runtime == "2.11" && c.python == "3.7").length' "1"
run check --runtime 2.11 --python 3.7 --at 2023-06-01
expect_exit 0
expect_out "is valid for training on 2023-06-01"

run --at 2020-06-01 combos --platform ai-platform --python 2.7 --format json
expect_json 'j.map(c => c.runtime).join(",")' '1.15,1.14'
expect_json 'Object.keys(j[0]).join(",")' 'catalog,runtime,python,status,expiring,next_milestone,python_end_of_life'

run --at 2026-11-30 combos --platform ai-platform
expect_exit 0
expect_out "no runtime x Python combination is valid on 2026-11-30"

run --at 2026-11-30 combos --python 3.10 --format csv
expect_out "vertex-prediction,sklearn-cpu.1-6,3.10,support_end"

run combos --python 3
expect_input_error "rtcat: error: --python: '3' is not a Python version: expected X.Y, like 3.10 (see 'rtcat combos --help')"
run combos --python x
expect_input_error "--python: 'x' is not a Python version"
finish
