#!/usr/bin/env bash
# The one target order (lib/core/targets.hpp), as every command shows it: standing first (supported,
# expiring, unconfirmed, past support), then no downgrade, then the newest framework version, then
# Python; builds for the job's accelerator; Ray images only for Ray; TensorFlow lines of 2.2-2.11;
# check and upgrade sharing their verdict; an image's own service.
source "$(dirname "$0")/lib.sh"

# Standing before Python: a Python 3.7 job on 1.15, 2024-06-01, goes to a supported image that
# changes its Python (tf-cpu.2-16.py310), not to tf-cpu.2-11 (Python 3.7, past support since
# 2023-11-15 and withdrawn on 2024-11-15).
run upgrade -r 1.15 -p 3.7 --at 2024-06-01 --format json
expect_exit 0
expect_jsons <<'JSON'
j.candidates[0].id | tf-cpu.2-16.py310
j.candidates[0].standing | unconfirmed
j.candidates[0].python_changes | true
j.candidates.some(c => c.id === "tf-cpu.2-11") | false
JSON
run upgrade -r 1.15 -p 3.7 --at 2024-06-01
expect_out "candidates for training (supported first, then newest):"
expect_out "1. vertex-training tf-cpu.2-16.py310  python 3.10"
# migrate writes the same first target, in words that are true of it.
run migrate --at 2024-06-01 --gcloud "gcloud ai-platform jobs submit training j --region us-central1 --runtime-version 1.15 --python-version 3.7 --module-name trainer.task --packages gs://b/trainer-0.1.tar.gz"
expect_exit 0
expect_out '"executorImageUri": "us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-16.py310:latest"'
expect_err "the newest unconfirmed vertex-training image of tensorflow (from runtime 1.15)"
expect_no_out "tf-cpu.2-11"
# check gives the same first target.
run check -r 1.15 -p 3.7 --at 2024-06-01 --format json
expect_json 'j.suggestions[0]' "tf-cpu.2-16.py310"

# Prediction: never a scikit-learn older than the job's 0.22.1 (sklearn-cpu.0-20), and the
# supported (if unconfirmed) images before those past support.
run check -r 2.1 -p 3.7 --framework scikit-learn --service prediction --at 2024-06-01 --format json
expect_exit 1
expect_json 'j.suggestions.join(" ")' "sklearn-cpu.1-5 sklearn-cpu.1-4 sklearn-cpu.1-3"
run upgrade -r 2.1 -p 3.7 --framework scikit-learn --service prediction --at 2024-06-01 --format json
expect_jsons <<'JSON'
j.candidates[0].id | sklearn-cpu.1-5
j.candidates.some(c => c.id === "sklearn-cpu.0-20") | false
j.candidates.map(c => c.standing).join(" ") | unconfirmed unconfirmed unconfirmed unconfirmed past-support
JSON

# A GPU PyTorch job gets a GPU build, never the PyTorch/XLA ones.
cat >"$WORK/gpu.yaml" <<'YAML'
trainingInput:
  scaleTier: CUSTOM
  masterType: n1-standard-8
  masterConfig:
    acceleratorConfig:
      count: 1
      type: NVIDIA_TESLA_T4
  runtimeVersion: "2.1"
  pythonVersion: "3.7"
  region: us-central1
  pythonModule: trainer.task
  packageUris: ["gs://b/trainer.tar.gz"]
YAML
run migrate "$WORK/gpu.yaml" --framework pytorch --at 2025-03-01
expect_exit 0
expect_out '"executorImageUri": "us-docker.pkg.dev/vertex-ai/training/pytorch-gpu.2-4.py310:latest"'
expect_no_out "pytorch-xla"

# Ray images are not training images: not in combos, not a target for a framework.
run combos --platform vertex-training --at 2026-01-01
expect_exit 0
expect_no_out "ray-"
run upgrade -r 2.1 --framework pytorch --at 2026-01-01 --max 20 --format json
expect_json 'j.candidates.concat(j.closest).some(c => c.id.startsWith("ray-"))' "false"

# Runtimes 2.2-2.11 carry their TensorFlow line: one answer in every command.
run list --platform ai-platform --framework tensorflow --at 2022-04-01 --format json
expect_json 'j.filter(e => /^2\.([2-9]|1[01])$/.test(e.id)).length' "10"
run check -r 2.11 -p 3.7 --at 2025-06-01 --format json
expect_exit 1
expect_json 'j.suggestions[0]' "tf-cpu.2-17.py310"
expect_no_out "no framework is recorded"
run upgrade -r 2.11 --at 2025-06-01 --format json
expect_json 'j.frameworks.join(" ")' "tensorflow"
# A requirement against a line: cannot hold, holds, or possibly holds (unconfirmed, a note).
run check -r 2.2 --require 'tensorflow>=2.3' --service prediction --at 2021-06-01
expect_exit 1
expect_out "tensorflow>=2.3 is not satisfied by runtime 2.2's tensorflow 2.2.x; a model version cannot install packages over the runtime's pins [require-over-pin]"
run check -r 2.8 --require 'tensorflow==2.8.*' --service prediction --at 2022-06-01 --format json
expect_json 'j.findings.filter(f => f.rule.startsWith("require")).length' "0"
run check -r 2.8 --require 'tensorflow==2.8.4' --at 2022-06-01
expect_exit 0
expect_out "note: runtime 2.8 is known only to carry tensorflow 2.8.x; tensorflow==2.8.4 holds on some 2.8.x releases only, so it is unconfirmed [require-unverified]"
expect_out "runtime 2.8 (ai-platform) is possibly valid (unconfirmed) for training on 2022-06-01"
run check -r 2.8 --require 'tensorflow==2.8.4' --at 2022-06-01 --format json
expect_json 'j.verdict' "unconfirmed"
# The example of docs/reference/commands.md (`check`): 2.2 serves TensorFlow 2.2, so it is not
# offered for tensorflow>=2.3; the custom container carries the requirement, not the runtime's
# older pin.
run check --runtime 2.1 --require 'tensorflow>=2.3' --service prediction --at 2020-06-01
expect_exit 1
expect_no_out "(use 2.2)"
expect_out "use a custom serving container with tensorflow>=2.3 and Python 3.7"
# The 1.x -> 2.x step is breaking, to a line as to a pin.
run upgrade -r 1.15 --at 2021-06-01 --max 3
expect_out "tensorflow 1.15.0 -> 2.4.x (breaking)"

# check and upgrade share their verdict: a Python 2.7 job on 2.1 cannot stay; the fixes are
# Python 3.7 on 2.1, or 1.15 with Python 2.7 (a downgrade).
run check -r 2.1 -p 2.7 --at 2020-06-01 --format json
expect_exit 1
expect_jsons <<'JSON'
j.suggestion_details[0].id | 2.1
j.suggestion_details[0].runs_python | 3.7
j.suggestion_details.find(s => s.id === "1.15").downgrade | true
j.suggestion_details.find(s => s.id === "1.15").runs_python | 2.7
JSON
run upgrade -r 2.1 -p 2.7 --at 2020-06-01
expect_exit 0
expect_out "cannot stay: Python 2.7 is not available on runtime 2.1 (available: 3.7) [python-unsupported]"
expect_out "1. ai-platform 2.1  python 3.7"
expect_out "tensorflow 2.1.0 -> 1.15.0 (breaking): a downgrade: a lower version than the job runs"
expect_no_out "keep it"
# Adding a fact never turns a suggestion into a dead end: 1.15 does not exist on 2019-06-01, and
# no runtime of that day has Python 3.7; 1.13 with an older Python is the answer, not a container
# with TensorFlow 1.15.0, released four months later.
run check --runtime 1.15 --at 2019-06-01 --format json
expect_json 'j.suggestions[0]' "1.13"
run check --runtime 1.15 --python 3.7 --at 2019-06-01
expect_exit 1
expect_out "ai-platform 1.13  supported, python 3.5 (Python changes from 3.7, to an older one)"
expect_no_out "custom-container-route"
run upgrade --runtime 1.15 --python 3.7 --at 2019-06-01 --format json
expect_exit 0
expect_jsons <<'JSON'
j.candidates[0].id | 1.13
j.candidates[0].python_older | true
JSON

# An image's own service: a prediction image is judged for prediction; --service training
# contradicts it (an input error).
run check --runtime vertex-prediction:sklearn-cpu.1-6 --at 2026-01-01
expect_out "for prediction on 2026-01-01"
run check --runtime vertex-prediction:sklearn-cpu.1-6 --service training --at 2026-01-01
expect_input_error "rtcat: error: --service training contradicts vertex-prediction:sklearn-cpu.1-6, a prediction image (leave --service out, or name a training image)"
run check --runtime tf2-cpu.2-15 --at 2026-01-01 --format json
expect_json 'j.service' "prediction"
run check --runtime 2.1 --at 2020-06-01 --format json
expect_json 'j.service' "training"

finish
