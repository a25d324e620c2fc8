#!/usr/bin/env bash
# rtcat show: one entry in full.
source "$(dirname "$0")/lib.sh"

run --at 2021-09-01 show 2.2
expect_exit 0
expect_out "runtime 2.2  (ai-platform: Google Cloud AI Platform Training and Prediction (legacy))"
# 2.2 lies in a window (not yet on 2020-05-20, in use on 2020-08-28), and so do its milestones:
# on 2021-09-01 submission_end is certain and deletion's window has not opened.
expect_out "  released     2020-05-21..2020-08-28"
expect_out "  status       submission_end on 2021-09-01"
expect_out "  2020-05-21..2020-08-28  released          (window) released between 2020-05-21 and 2020-08-28"
expect_out "  2021-05-21..2021-08-28  submission_end    (window) no new training jobs"

run --at 2021-06-01 show 2.4
expect_out "  released     2021-02-26..2021-03-02"
expect_out "  2021-02-26..2021-03-02  released          (window) released between 2021-02-26 and 2021-03-02"
expect_out "  2022-02-26..2022-03-02  submission_end    (window)"
run --at 2021-02-28 show 2.4
expect_out "  status       unknown on 2021-02-28 (released between 2021-02-26 and 2021-03-02)"
run --at 2022-02-28 show 2.4
expect_out "  status       unknown on 2022-02-28 (it closes to new jobs between 2022-02-26 and 2022-03-02)"
run --at 2022-02-28 show 2.4 --format json
expect_json 'j.released' 'null'
expect_json 'j.released_after' '2021-02-25'
expect_json 'j.released_by' '2021-03-02'
expect_json 'j.milestones' '{"submission_end":null,"deletion":null}'
expect_json 'j.milestone_windows.submission_end' '{"earliest":"2022-02-26","latest":"2022-03-02"}'
# Inside the window: DAYS counts to its first day, two days ago; the last day is two days ahead.
expect_json 'j.next_milestone' '{"name":"submission_end","date":"2022-03-02","date_earliest":"2022-02-26","days":-2,"at_latest":true,"earliest":"2022-02-26","latest":"2022-03-02"}'

# An image cannot predate its framework: TensorFlow 2.17 came out after 2024-07-10.
run --at 2019-11-30 show tf-cpu.2-17.py310
expect_out "  status       unreleased on 2019-11-30 (not released before 2024-07-11)"
run --at 2024-08-01 show tf-cpu.2-17.py310 --format json
expect_json 'j.status' 'unknown'
expect_json 'j.released_after' '2024-07-10'
expect_out "sources"

run --at 2020-01-01 show 1.12
expect_out "  2020-01-13      submission_end    (stated)"
expect_out "  2020-12-19      deletion          (policy)"

run --at 2026-11-30 show vertex-prediction:sklearn-cpu.1-6 --format json
expect_exit 0
expect_json 'j.catalog' 'vertex-prediction'
expect_json 'j.status' 'support_end'
expect_json 'j.uris[0]' 'us-docker.pkg.dev/vertex-ai/prediction/sklearn-cpu.1-6:latest'
expect_json 'j.next_milestone' '{"name":"availability_end","date":"2027-10-14","date_earliest":null,"days":318,"at_latest":false,"earliest":"2027-10-14","latest":"2027-10-14"}'
expect_json 'j.timeline.map(e => e.event).join(",")' 'support_end,availability_end'

# The same id in two catalogs: training is preferred, CATALOG:ID chooses.
run --at 2026-11-30 show sklearn-cpu.1-6 --format json
expect_json 'j.catalog' 'vertex-training'

# "did you mean" corrects a typo, it does not recommend: each id comes with its status that day.
run --at 2023-01-01 show 2.12
expect_input_error "no entry '2.12' in the catalog (did you mean 2.11 (unknown), 2.10 (supported), 2.9 (supported)?); 'rtcat list' shows every id"
run show 'bad id'
expect_input_error "invalid runtime 'bad id'"
finish
