#!/usr/bin/env bash
# rtcat list: entries, status on the date, filters and every output format.
source "$(dirname "$0")/lib.sh"

run --at 2020-06-01 list --platform ai-platform --status supported,expiring
expect_exit 0
# `expiring` also lists 1.9: closed to new jobs, its deletion 66 days ahead.
expect_out_eq "ID    RELEASED    PYTHON    FRAMEWORKS                                           STATUS          NEXT MILESTONE             DAYS
1.9   2018-08-06  2.7, 3.5  tensorflow 1.9.x                                     submission_end  deletion 2020-08-06        66
1.14  2019-07-19  2.7, 3.5  tensorflow 1.14.0                                    expiring        submission_end 2020-07-19  48
1.15  2019-12-19  2.7, 3.7  tensorflow 1.15.0                                    supported       submission_end 2020-12-19  201
2.1   2020-03-09  3.7       scikit-learn 0.22.1, tensorflow 2.1.0, xgboost 0.90  supported       submission_end 2021-03-09  281"
run --at 2020-06-01 list --platform ai-platform --status expiring --format json
expect_json 'j.map(e => e.id + " " + e.status + " " + e.expiring).join(", ")' '1.9 submission_end true, 1.14 expiring true'

# A window counts to its first day: DAYS shows both ends, JSON has both days.
run --at 2024-12-01 list --platform ai-platform --status submission_end
expect_out "submission_end  deletion 2024-12-09..2025-02-01  8..62"
# 2.10's window has begun: it is at most 7 days away.
expect_out "submission_end  deletion 2024-09-16..2024-12-08  <= 7"
run --at 2024-12-01 list --platform ai-platform --format json
expect_json 'JSON.stringify(j.find(e => e.id === "2.11").next_milestone)' '{"name":"deletion","date":"2025-02-01","date_earliest":"2024-12-09","days":8,"at_latest":true,"earliest":"2024-12-09","latest":"2025-02-01"}'
run --at 2024-12-01 list --platform ai-platform --format csv
# CSV: each date in a column of its own, the milestone's name apart; the CATALOG column with
# --platform too, so every CSV of list has the same columns.
expect_out $'ai-platform,2.11,2023-04-08,2022-12-09,3.7,tensorflow 2.11.x,submission_end,deletion,2025-02-01,2024-12-09,8..62,reached\r'

# Numeric order: 2.10 after 2.9, 1.10 after 1.9.
run --at 2026-11-30 list --platform ai-platform --format csv
expect_exit 0
ids=$(cut -d, -f2 <<<"$OUT" | tr -d '\r' | tr '\n' ' ')
[[ "$ids" == "ID 1.0 1.1 1.2 1.4 1.5 1.6 1.7 1.8 1.9 1.10 1.11 1.12 1.13 1.14 1.15 2.1 2.2 2.3 2.4 2.5 2.6 2.7 2.8 2.9 2.10 2.11 " ]] ||
  fail "unexpected order: $ids"
expect_out $'2.2,2020-08-28,2020-05-21,3.7,tensorflow 2.2.x,deletion,,,,,reached\r'
# No release bound of its own: Python 2.7's first release is the only one.
expect_out $'1.1,2019-12-10,2010-07-03,2.7,,deletion,,,,,reached\r'

# Every entry is past its last milestone after the sunset.
run --at 2025-02-01 list --platform ai-platform --status supported,expiring,unknown,submission_end --format json
expect_exit 0
expect_json 'j.length' '0'

# The day before the sunset, 2.11's deletion is still only a bound.
run --at 2025-01-31 list --platform ai-platform --format json
expect_json 'j.find(e => e.id === "2.11").status' 'submission_end'
expect_json 'j.find(e => e.id === "2.11").milestones_no_later_than.deletion' '2025-02-01'
expect_json 'j.find(e => e.id === "2.11").milestones.deletion' 'null'
expect_json 'j.find(e => e.id === "1.15").milestones.deletion' '2021-12-19'
expect_json 'Object.keys(j[0]).slice(0, 13).join(",")' 'catalog,id,version,released,released_after,released_by,python,packages,status,expiring,milestones,milestones_no_later_than,milestone_windows'

run --at 2020-06-01 list --python 3.5 --platform ai-platform --status supported,expiring --format csv
expect_out "1.14,2019-07-19,"
expect_no_out "1.15,"

run --at 2026-09-01 list --platform vertex-prediction --framework sklearn --format markdown
expect_exit 0
expect_out "| ID | RELEASED | PYTHON | FRAMEWORKS | STATUS | NEXT MILESTONE | DAYS |"
expect_out "| sklearn-cpu.1-6 | >= 2024-12-01 | 3.10 | scikit-learn 1.6 | expiring | support_end 2026-10-14 | 43 |"
# Before the data's as_of date an image with no release date may not have existed yet.
run --at 2026-06-01 list --platform vertex-prediction --framework sklearn --format csv
expect_out "vertex-prediction,sklearn-cpu.1-6,,2024-12-01,3.10,scikit-learn 1.6,unknown,support_end,2026-10-14,,135"
expect_no_out "tf2-cpu"

# Without --platform, every catalog, with a CATALOG column.
run --at 2026-11-30 list --status support_end
expect_out "CATALOG"
expect_out "vertex-prediction  sklearn-cpu.1-6"
expect_out "vertex-training    ray-cpu.2-47.py311"

run list --status retired
expect_input_error "--status: unknown status 'retired' (valid: unreleased, supported, expiring, unknown, submission_end, deletion, support_end, availability_end, bugfix_end, end_of_life)"
run list --python three
expect_input_error "--python: 'three' is not a Python version"
finish
