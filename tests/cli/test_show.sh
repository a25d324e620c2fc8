#!/usr/bin/env bash
# rtcat show: one entry in full.
source "$(dirname "$0")/lib.sh"

run --at 2021-09-01 show 2.2
expect_exit 0
expect_out "runtime 2.2  (ai-platform: Google Cloud AI Platform Training and Prediction (legacy))"
expect_out "  released     <= 2020-08-28"
expect_out "  status       submission_end on 2021-09-01 (a later milestone may also be in effect: its date is unknown)"
expect_out "  <= 2021-08-28   submission_end    (at the latest)"
expect_out "sources"

run --at 2020-01-01 show 1.12
expect_out "  2020-01-13      submission_end    (stated)"
expect_out "  2020-12-19      deletion          (policy)"

run --at 2026-11-30 show vertex-prediction:sklearn-cpu.1-6 --format json
expect_exit 0
expect_json 'j.catalog' 'vertex-prediction'
expect_json 'j.status' 'support_end'
expect_json 'j.uris[0]' 'us-docker.pkg.dev/vertex-ai/prediction/sklearn-cpu.1-6:latest'
expect_json 'j.next_milestone' '{"name":"availability_end","date":"2027-10-14","days":318,"at_latest":false}'
expect_json 'j.timeline.map(e => e.event).join(",")' 'support_end,availability_end'

# The same id in two catalogs: training is preferred, CATALOG:ID chooses.
run --at 2026-11-30 show sklearn-cpu.1-6 --format json
expect_json 'j.catalog' 'vertex-training'

run show 2.12
expect_input_error "no entry '2.12' in the catalog (did you mean 2.11, 2.10, 2.9?); 'rtcat list' shows every id"
run show 'bad id'
expect_input_error "invalid runtime 'bad id'"
finish
