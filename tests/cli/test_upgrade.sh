#!/usr/bin/env bash
# rtcat upgrade: ranking, --min-days edges, what changes, the sunset hand-off, never an empty answer.
source "$(dirname "$0")/lib.sh"

# Ranking rules.
run upgrade --runtime 1.12 --python 2.7 --at 2019-08-01 --format json
expect_exit 0
expect_jsons <<'JSON'
j.candidates.map(c => c.id).join(" ") | 1.14 1.13
j.strategy | newest
j.handoff | false
j.status | supported
JSON
run upgrade --runtime 1.12 --python 2.7 --at 2019-08-01 --strategy nearest --format json
expect_json 'j.candidates.map(c => c.id).join(" ")' "1.13 1.14"

# --min-days: 1.13 closes on 2020-03-06, 218 days after 2019-08-01.
run upgrade --runtime 1.12 --at 2019-08-01 --min-days 217 --format json
expect_json 'j.candidates.map(c => c.id).join(" ")' "1.14 1.13"
run upgrade --runtime 1.12 --at 2019-08-01 --min-days 218 --format json
expect_json 'j.candidates.map(c => c.id).join(" ")' "1.14"

# What changes, in text: the pins old -> new, the next milestone with days left.
run upgrade --runtime 1.12 --at 2019-08-01
expect_exit 0
expect_out "candidates for training (supported first, then newest):"
expect_out "1. ai-platform 1.14  python 3.5, supported, next submission_end 2020-07-19 (353 days), usable until 2020-07-19"
expect_out "tensorflow 1.12.3 -> 1.14.0"
# Only packages both pin: no "(none) -> x.y" lines.
expect_no_out "(none) ->"

# TensorFlow 1 -> 2 and Python 2 -> 3 are flagged as breaking.
run upgrade --runtime 1.15 --python 2.7 --at 2020-06-01 --format json
expect_jsons <<'JSON'
j.candidates[0].id | 2.1
j.candidates[0].changes.filter(c => c.breaking).map(c => c.name).join(" ") | python tensorflow
j.candidates[0].changes.find(c => c.name == "tensorflow").from | 1.15.0
j.candidates[0].changes.some(c => c.name == "scikit-learn") | false
JSON

# Only what existed on the date: from 1.15 on 2021-06-01, ai-platform 2.4 (released by
# 2021-03-02) first, and no image whose framework did not exist yet.
run upgrade --runtime 1.15 --at 2021-06-01 --format json
expect_exit 0
expect_jsons <<'JSON'
j.candidates[0].id | 2.4
j.candidates[0].unconfirmed | false
j.candidates.every(c => c.catalog == "ai-platform") | true
j.candidates.filter(c => c.unconfirmed).every((c, i, a) => j.candidates.indexOf(c) >= j.candidates.length - a.length) | true
JSON

# The help example: 1.14 with Python 2.7 on 2019-11-30 is the newest runtime; nothing outlasts it
# yet, and no TensorFlow 2.17 image is named.
run upgrade --runtime 1.14 --python 2.7 --at 2019-11-30
expect_exit 0
expect_out "outlasts runtime 1.14; keep it until a newer one appears [no-alternative]"
expect_no_out "2-17"

# Python is a change, not a filter: 1.14 with Python 3.5 moves to a runtime with 3.7.
run upgrade --runtime 1.14 --python 3.5 --at 2020-08-01 --format json
expect_jsons <<'JSON'
j.candidates.map(c => c.id).join(" ") | 2.1 1.15 2.2
j.candidates[0].python | 3.7
j.candidates[0].python_changes | true
j.candidates[2].unconfirmed | true
JSON

# CPU and GPU twins are one candidate with both URIs.
run upgrade --runtime 1.15 --at 2025-03-01 --format json
expect_json 'j.candidates[0].twins.map(t => t.id).join(" ")' "tf-gpu.2-17.py310"
expect_json 'j.candidates[0].uris.some(u => u.includes("/tf-gpu.2-17.py310:"))' "true"

# The sunset hand-off: the day before, the platform is still the answer's subject; on the day,
# the successor catalog's images for the service, with their URIs and end dates.
run upgrade --runtime 2.1 --framework scikit-learn --service prediction --at 2025-01-31 --format json
expect_json 'j.handoff_reason.startsWith("no newer runtime in ai-platform")' "true"
run upgrade --runtime 2.1 --framework scikit-learn --service prediction --at 2025-02-01 --format json
expect_exit 0
expect_jsons <<'JSON'
j.handoff | true
j.handoff_reason.includes("past its sunset (2025-02-01)") | true
j.candidates[0].catalog | vertex-prediction
j.candidates[0].id | sklearn-cpu.1-6
j.candidates[0].uris[0] | us-docker.pkg.dev/vertex-ai/prediction/sklearn-cpu.1-6:latest
j.candidates[0].usable_until | 2027-10-14
j.candidates.every(c => c.framework == "scikit-learn") | true
JSON
run upgrade --runtime 1.15 --at 2025-03-01
expect_out "migrate: Google Cloud AI Platform Training and Prediction (legacy) is past its sunset (2025-02-01)"
expect_out "1. vertex-training tf-cpu.2-17.py310"
expect_out "image: us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-17.py310:latest"

# Never an empty answer: the last day an image is usable, then the day it is withdrawn.
run upgrade --runtime 1.15 --at 2026-07-10 --format json
expect_exit 0
expect_json 'j.candidates[0].id' "tf-cpu.2-17.py310"
run upgrade --runtime 1.15 --at 2026-07-11
expect_exit 1
expect_out "error: nothing in ai-platform or vertex-training is available for training with tensorflow on 2026-07-11; vertex-training data as of 2026-08-21, check the vendor's current list [no-candidate]"
expect_out "note: no prebuilt vertex-training image fits on 2026-07-11 (data as of 2026-08-21): use a custom container with tensorflow 1.15.0 and Python 2.7 or 3.7, the job's pinned packages installed in the image, and the trainer's entrypoint"
expect_out "last known prebuilt image: tf-cpu.2-17.py310 (withdrawn 2026-07-11) [custom-container-route]"
expect_out "vertex-training data as of 2026-08-21"
expect_out "last known prebuilt images (none is offered: none is available on this date):"
run upgrade --runtime 1.15 --at 2026-07-11 --format json
expect_json 'j.findings[0].rule' "no-candidate"
expect_json 'j.closest[0].id' "tf-cpu.2-17.py310"
run upgrade --runtime 1.15 --at 2026-07-11 --fail-on never
expect_exit 0

# No framework recorded (1.1: no source names its TensorFlow): every framework's images, and a
# note saying so.
run upgrade --runtime 1.1 --at 2025-06-01 --format json
expect_json 'j.findings[0].rule' "framework-unknown"
expect_json 'new Set(j.candidates.map(c => c.framework)).size > 1' "true"

# Unknown runtime: a finding with did-you-mean; malformed input: exit 2, one line.
run upgrade --runtime 1.99 --at 2020-01-01
expect_exit 1
expect_out "runtime 1.99 is not in the catalog (did you mean 1.15 (supported), 1.14 (supported), 1.13 (expiring)?) [unknown-runtime]"
run upgrade --runtime 1.15 --strategy oldest
expect_input_error "--strategy: unknown value 'oldest' (valid: newest, nearest)"
run upgrade --runtime 1.15 --python three --at 2020-01-01
expect_input_error
run upgrade --runtime 1.15 --at 2020-13-01
expect_input_error "--at: invalid date '2020-13-01'"
run upgrade --runtime 1.15 --format csv --at 2020-01-01
expect_input_error "--format csv is not available for upgrade (valid: table, json)"
# A target whose end is a window says both bounds; an unconfirmed one says when it can have
# appeared.
run upgrade --runtime 1.15 --at 2021-06-01
expect_out "1. ai-platform 2.4  python 3.7, supported, next submission_end 2022-02-26..2022-03-02 (270..274 days), usable until between 2022-02-26 and 2022-03-02"
run upgrade --runtime 1.15 --at 2021-06-01 --format json
expect_json 'j.candidates[0].usable_until' "2022-03-02"
expect_json 'j.candidates[0].usable_until_earliest' "2022-02-26"
run upgrade --runtime 2.1 --framework scikit-learn --service prediction --at 2025-02-01
expect_out "availability on this date unconfirmed: it appeared between 2024-12-01 and 2026-08-21 (the sources list it as of 2026-08-21)"
run upgrade --runtime 2.1 --framework scikit-learn --service prediction --at 2025-02-01 --format json
expect_json 'j.candidates[0].usable_until_earliest' "null"

finish
