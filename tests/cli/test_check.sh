#!/usr/bin/env bash
# rtcat check: validity on a date, why not, and what instead. Milestone edges: the day
# before, of and after, for each kind of milestone.
source "$(dirname "$0")/lib.sh"

# 1.14: released 2019-07-19, submission_end 2020-07-19, deletion 2021-07-19.
cases <<'CASES'
0 | --at 2020-07-18 --warn-days 0 check --runtime 1.14 | runtime 1.14 (ai-platform) is valid for training on 2020-07-18: supported; next: submission_end 2020-07-19 (1 day)
1 | --at 2020-07-19 check --runtime 1.14 | error: runtime 1.14 closed to new jobs on 2020-07-19 [submission-end] (use 2.1)
CASES
run --at 2020-07-20 check --runtime 1.14 --format json
expect_exit 1
expect_json 'j.status' 'submission_end'
expect_json 'j.findings[0].rule' 'submission-end'
expect_json 'j.suggestions[0]' '2.1'
expect_json 'Object.keys(j).join(",")' 'ok,verdict,status,expiring,date,catalog,runtime,python,service,next_milestone,findings,suggestions,suggestion_details'
cases <<'CASES'
0 | --at 2021-07-18 check --runtime 1.14 --deployed --service prediction | warning: runtime 1.14 closed to new jobs on 2020-07-19; it has its model versions deleted on 2021-07-19 (in 1 day) [submission-end]
1 | --at 2021-07-19 check --runtime 1.14 --deployed --service prediction | error: runtime 1.14 had its model versions deleted on 2021-07-19; it closed to new jobs on 2020-07-19 [deletion]

# The retroactive floor: 1.12 closed on 2020-01-13, not 2019-12-19.
0 | --at 2020-01-12 check --runtime 1.12
1 | --at 2020-01-13 check --runtime 1.12 | runtime 1.12 closed to new jobs on 2020-01-13
CASES

# The next milestone counts, whatever came before it: past support_end, the withdrawal 44 days
# ahead makes the image expiring (its status stays support_end), and the warning says when.
cases <<'CASES'
0 | --at 2026-12-01 check --runtime vertex-prediction:tf2-cpu.2-15 | warning: image tf2-cpu.2-15 left support on 2026-07-14; it is withdrawn on 2027-01-14 (in 44 days) [support-end] | support_end; next: availability_end 2027-01-14 (44 days)
0 | --at 2026-09-01 check --runtime vertex-prediction:tf2-cpu.2-15 | warning: image tf2-cpu.2-15 left support on 2026-07-14 [support-end]
CASES
run --at 2026-12-01 check --runtime vertex-prediction:tf2-cpu.2-15 --format json
expect_json 'j.status + " " + j.expiring + " " + j.next_milestone.days' 'support_end true 44'
run --at 2026-09-01 check --runtime vertex-prediction:tf2-cpu.2-15 --format json
expect_json 'j.status + " " + j.expiring' 'support_end false'
# A window counts to its first day: 2.11's deletion, 2024-12-09..2025-02-01, may be 8 days away.
run --at 2024-12-01 check --runtime 2.11 --deployed --service prediction
expect_out "warning: runtime 2.11 closed to new jobs by 2024-04-08 at the latest; it has its model versions deleted between 2024-12-09 and 2025-02-01 (in 8 to 62 days) [submission-end]"
expect_out "next: deletion 2024-12-09..2025-02-01 (8..62 days)"

# The sunset: the day before and of.
run --at 2025-01-31 check --runtime 2.11 --format json
expect_json 'j.status' 'submission_end'
cases <<'CASES'
1 | --at 2025-02-01 check --runtime 2.11 | had its model versions deleted by 2025-02-01 at the latest | legacy AI Platform Training and Prediction were shut down after 2025-01-31

# Vertex images: support_end is a warning, availability_end an error.
0 | --at 2025-07-10 --warn-days 0 check --runtime tf-cpu.2-17.py310
0 | --at 2025-07-11 check --runtime tf-cpu.2-17.py310 | warning: image tf-cpu.2-17.py310 left support on 2025-07-11 [support-end]
1 | --at 2026-07-11 check --runtime tf-cpu.2-17.py310 | error: image tf-cpu.2-17.py310 was withdrawn on 2026-07-11; it left support on 2025-07-11 [availability-end]

# A release window: certain outside it, unknown inside it, always with its bounds.
1 | --at 2021-01-01 check --runtime 2.5 | error: runtime 2.5 is not released before 2021-02-26 (released between 2021-02-26 and 2021-07-08) [unreleased]
0 | --at 2021-05-01 check --runtime 2.5 | warning: the status of runtime 2.5 on 2021-05-01 is unknown: it was released between 2021-02-26 and 2021-07-08 [lifecycle-unknown]
1 | --at 2022-01-01 check --runtime 2.8 | error: runtime 2.8 is not released before 2022-02-11 (released between 2022-02-11 and 2022-05-25) [unreleased]
0 | --at 2022-02-28 check --runtime 2.4 | warning: the status of runtime 2.4 on 2022-02-28 is unknown: it closes to new jobs between 2022-02-26 and 2022-03-02 [lifecycle-unknown]
# An image is no older than its framework (TensorFlow 2.17: after 2024-07-10).
1 | --at 2019-11-30 check --runtime tf-cpu.2-17.py310 | error: image tf-cpu.2-17.py310 is not released before 2024-07-11: it ships TensorFlow 2.17, released after 2024-07-10 [unreleased]

# Python per runtime: 3.10 is not 3.1, 2.7 ends with 1.15.
1 | --at 2020-06-01 check --runtime 2.1 --python 2.7 | error: Python 2.7 is not available on runtime 2.1 (available: 3.7) [python-unsupported]
0 | --at 2020-06-01 check --runtime 1.15 --python 2.7
1 | --at 2020-06-01 check --runtime 1.15 --python 3.10 | Python 3.10 is not available on runtime 1.15 (available: 2.7, 3.7)

# Framework rules per service.
1 | --at 2019-06-01 check --runtime 1.12 --framework scikit-learn | error: training with scikit-learn needs runtime 1.13 or later; runtime 1.12 is older [sklearn-training]
0 | --at 2019-06-01 check --runtime 1.12 --framework sklearn --service prediction
0 | --at 2019-06-01 check --runtime 1.13 --framework xgboost

# Requirements against pins.
0 | --at 2020-06-01 check --runtime 2.1 --require tensorflow>=2.3 | note: tensorflow>=2.3 is not satisfied by runtime 2.1's tensorflow 2.1.0; it is installed over the pin when the job starts (allowed for training) [require-over-pin]
1 | --at 2020-06-01 check --runtime 2.1 --require tensorflow>=2.3 --service prediction | a model version cannot install packages over the runtime's pins [require-over-pin]
CASES
run --at 2020-06-01 check --runtime 2.1 --require 'scikit-learn==0.22.*' --require 'xgboost~=0.90'
expect_exit 0
expect_no_out "require"

# After the sunset: a successor image of the same framework.
run --at 2026-09-01 check --runtime 2.1 --service prediction --framework scikit-learn
expect_exit 1
expect_out "use instead:
  vertex-prediction sklearn-cpu.1-6  expiring, python 3.10, next support_end 2026-10-14
  vertex-prediction sklearn-cpu.1-5  support_end, python 3.10, next availability_end 2027-01-14"
# Nothing usable: say so, with the data date.
cases <<'CASES'
1 | --at 2026-11-30 check --runtime 1.14 | note: nothing in ai-platform or vertex-training is usable for training with tensorflow on 2026-11-30 [no-alternative] | note: no prebuilt vertex-training image fits on 2026-11-30 (data as of 2026-08-21): use a custom container with tensorflow 1.14.0 and Python 2.7 or 3.5 | last known prebuilt image: tf-cpu.2-17.py310 (withdrawn 2026-07-11) [custom-container-route]
CASES

# Suggestions exist on the date: for 2.8 before its release, only runtimes certainly released.
run check --runtime 2.8 --at 2022-01-01 --format json
expect_exit 1
expect_json 'j.suggestions.join(" ")' "2.6 2.5 2.4"
expect_json 'j.suggestion_details.every(s => !s.unconfirmed && s.status != "unreleased")' "true"

# Python is a change, not a filter.
cases <<'CASES'
1 | check --runtime 1.14 --python 3.5 --at 2020-08-01 | ai-platform 2.1  supported, python 3.7 (Python changes from 3.5)

# Not in the catalog: a finding, not an input error.
# Each near id with its status that day: none is released yet, so there is no "use" hint;
# then the hint names the nearest id that new jobs may use that day.
1 | --at 2020-06-01 check --runtime 2.12 | error: runtime 2.12 is not in the catalog (did you mean 2.11 (unreleased), 2.10 (unreleased), 2.9 (unreleased)?) [unknown-runtime]
1 | --at 2020-01-01 check --runtime 1.16 | (did you mean 1.15 (supported), 1.14 (supported), 1.13 (expiring)?) [unknown-runtime] (use 1.15)
CASES
run --at 2020-06-01 check --runtime 2.12
expect_no_out "(use 2."
run --at 2020-06-01 check --runtime 2.12 --format json
expect_json 'j.ok' 'false'
expect_json 'j.status' 'null'

# Malformed input: exit 2, one line.
run check --runtime '2.1;rm'
expect_input_error "invalid runtime '2.1;rm'"
run check --runtime 2.1 --python 3.x
expect_input_error "--python: '3.x' is not a Python version"
run check --runtime 2.1 --require 'tensorflow=>2'
expect_input_error "invalid requirement"
run check --runtime 2.1 --require 'tensorflow>=2.x'
expect_input_error "invalid requirement 'tensorflow>=2.x': invalid version specifier '>=2.x': '2.x' is not a PEP 440 version"
run check --runtime 2.1 --service serving
expect_input_error "--service"
run check
expect_input_error "--runtime is required"
# Each compatibility and lifecycle rule, end to end.
cases <<'CASES'
1 | --at 2019-01-01 check --runtime 1.15 | error: runtime 1.15 is not released until 2019-12-19 [unreleased]
0 | --at 2024-06-01 check --runtime tf2-cpu.2-15 --python 3.10 --service prediction | note: the sources do not say which Python image tf2-cpu.2-15 has; Python 3.10 is unverified [python-unknown]
0 | --at 2018-06-01 check --runtime 1.4 --require tensorflow>=1.4.1 | note: runtime 1.4 is known only to carry tensorflow 1.4.x; tensorflow>=1.4.1 holds on some 1.4.x releases only, so it is unconfirmed [require-unverified] | is possibly valid (unconfirmed) for training
0 | --at 2018-06-01 check --runtime 1.4 --require tensorflow>=1.4 | runtime 1.4 (ai-platform) is valid for training on 2018-06-01
1 | --at 2019-06-01 check --runtime 1.12 --framework xgboost | error: training with XGBoost needs runtime 1.13 or later; runtime 1.12 is older [xgboost-training] (use 1.13)
1 | --at 2018-01-01 check --runtime 1.2 --framework scikit-learn --service prediction | error: serving scikit-learn model versions needs runtime 1.4 or later; runtime 1.2 is older [sklearn-prediction]
1 | --at 2018-01-01 check --runtime 1.2 --framework xgboost --service prediction | error: serving XGBoost model versions needs runtime 1.4 or later; runtime 1.2 is older [xgboost-prediction]
1 | --at 2023-01-01 check --runtime tf-cpu.2-11.py310 --framework pytorch | error: image tf-cpu.2-11.py310 is a TensorFlow image, not torch [framework-mismatch]
1 | --at 2030-01-01 check --runtime 2.11 | note: this answer rests on the ai-platform catalog as of 2026-11-30; dates after that may have changed [stale-data]
CASES

# A framework the runtime does not record: a training job installs it, a model version cannot.
cases <<'CASES'
0 | check --runtime 2.8 --framework pytorch --at 2022-08-01 | runtime 2.8 has no recorded torch version; install it with your job's packages [framework-not-included]
0 | check --runtime 2.8 --framework pytorch --service prediction --at 2022-08-01 | runtime 2.8 has no recorded torch version; a model version cannot install it; check which torch the runtime serves before deploying [framework-not-included]
CASES

finish
