#!/usr/bin/env bash
# AWS Deep Learning Containers: scan and audit with a fixture aws-dlc catalog (three images).
# An ECR image is the entry that lists its repository and tag, whatever its account and region;
# an unlisted tag of a listed repository is an unknown image; another repository a custom image.
source "$(dirname "$0")/lib.sh"
CAT=$SRC/tests/fixtures/aws/catalog.json
S=$SRC/tests/fixtures/sagemaker

# scan: a Dockerfile's FROM, YAML, JSON, a shell variable, Python strings, image_uri= through a
# variable and a template, a notebook.
cd "$SRC/tests/fixtures/scan-aws" || exit 1
run --catalog "$CAT" scan --no-config --at 2026-05-01
expect_exit 1
expect_out "Dockerfile:1:6: warning: image pytorch-training.2.6-gpu-ec2 left support on 2026-01-29 [support-end]"
expect_out "deployment.yaml:8:18: warning: image pytorch-inference.2.6-cpu-sagemaker leaves support on 2026-06-30 (in 60 days) [expiring]"
expect_out "pull.sh:3:8: warning: image pytorch-training.2.6-gpu-ec2 left support on 2026-01-29 (through TAG, set on line 1) [support-end]"
expect_out "train.ipynb:18:22: warning: image pytorch-training.2.6-gpu-ec2 left support on 2026-01-29 [support-end]"
expect_out "train.py:11:16: warning: image pytorch-training.2.6-gpu-ec2 left support on 2026-01-29 [support-end]"
expect_out "train.py:15:51: warning: image pytorch-training.2.6-gpu-ec2 left support on 2026-01-29 (through IMAGE, set on line 7) [support-end]"
expect_out "train.py:16:27: warning: image pytorch-inference.2.6-cpu-sagemaker leaves support on 2026-06-30 (in 60 days) (through SERVING_TAG, set on line 8) [expiring]"
expect_out "train.py:17:28: error: runtime aws-dlc:pytorch-training:9.9-gpu-py399 is not in the catalog"
expect_no_out "acme"
expect_no_out "train.py:7:"
expect_out "6 files scanned, 9 references: 1 error, 7 warnings, 0 notes"
run --catalog "$CAT" scan --no-config --at 2026-05-01 --format json
expect_json 'j.references.find(r => r.path === "training-job.json").runtime' "pytorch-training.2.9-gpu-sagemaker"
expect_json 'j.references.find(r => r.path === "training-job.json").status' "supported"
expect_json 'j.references.find(r => r.path === "deployment.yaml").service' "prediction"
expect_json 'j.references.find(r => r.path === "train.ipynb").cell' "1"
# Only warnings: the default threshold (error) passes.
run --catalog "$CAT" scan --no-config --at 2026-05-01 Dockerfile deployment.yaml
expect_exit 0
expect_out "2 files scanned, 2 references: 0 errors, 2 warnings, 0 notes"

# audit: describe-training-job (one object), describe-model (objects one after another), JSON
# Lines of describe outputs, and a list-training-jobs page, whose summaries name no image.
cd "$WORK" || exit 1
run --catalog "$CAT" audit "$S/describe-training-job.json" "$S/describe-model.json" "$S/training-jobs.jsonl" --at 2026-05-01
expect_exit 1
expect_out "describe-training-job.json:1:1: warning: training job churn-2026-04, AlgorithmSpecification: image pytorch-training.2.6-gpu-ec2 left support on 2026-01-29 [support-end]"
expect_out "describe-model.json:1:1: warning: model churn-serving, PrimaryContainer: image pytorch-inference.2.6-cpu-sagemaker leaves support on 2026-06-30 (in 60 days) [expiring]"
expect_out "describe-model.json:14:1: note: model ranker-pipeline, Containers[0]: custom image: not tracked: 683313688378.dkr.ecr.us-east-1.amazonaws.com/sagemaker-scikit-learn:1.2-1-cpu-py3 is not an image the catalogs list [custom-container]"
expect_out "describe-model.json:14:1: warning: model ranker-pipeline, Containers[1]: image pytorch-inference.2.6-cpu-sagemaker"
expect_out "training-jobs.jsonl:2:1: error: training job ranker-next, AlgorithmSpecification: runtime aws-dlc:pytorch-training:9.9-gpu-py399 is not in the catalog"
expect_out "training-jobs.jsonl:3:1: note: training job acme-custom, AlgorithmSpecification: custom image: not tracked: 111122223333.dkr.ecr.us-east-1.amazonaws.com/acme/trainer:1.2"
expect_out "audited 8 resources in 3 files on 2026-05-01"
run --catalog "$CAT" audit "$S/describe-training-job.json" "$S/describe-model.json" "$S/training-jobs.jsonl" --at 2026-05-01 --format json
expect_jsons <<'JS'
j.resources[0].kind | training_job
j.resources[0].catalog | aws-dlc
j.resources[0].runtime | pytorch-training.2.6-gpu-ec2
j.resources[0].status | support_end
j.resources[0].part | AlgorithmSpecification
j.resources[0].image_uri | 763104351884.dkr.ecr.us-west-2.amazonaws.com/pytorch-training:2.6.0-gpu-py312-cu126-ubuntu22.04-ec2
j.resources[1].kind | model
j.resources[1].service | prediction
j.resources[4].name | ranker-nightly
j.resources[4].runtime | pytorch-training.2.9-gpu-sagemaker
j.resources[4].status | supported
j.resources[5].status | unknown-runtime
j.resources[6].status | custom-image
j.resources[7].name | xgb-builtin
j.resources[7].status | no-image
j.summary.worst | error
JS
# list-training-jobs: summaries without images, said so; a NextToken: the listing is incomplete.
run --catalog "$CAT" audit "$S/list-training-jobs.json" --at 2026-05-01 --format json
expect_exit 0
expect_json 'j.resources.map(r => r.kind + " " + r.name + " " + r.status).join(", ")' "training_job churn-2026-04 no-image, training_job ranker-nightly no-image"
expect_json 'j.resources[0].action' "describe the training job (aws sagemaker describe-training-job): a listing's summary names no image"
expect_json 'j.summary.incomplete_listings[0].collection' "TrainingJobSummaries"
expect_err "list-training-jobs.json:1:1: the TrainingJobSummaries listing is incomplete: this list response has a NextToken"

# Malformed exports: a malformed record is a finding; with --strict one line, exit 2.
printf '{"TrainingJobName": "x", "AlgorithmSpecification": {"TrainingImage": 42}}\n' >"$WORK/bad.jsonl"
run --catalog "$CAT" audit "$WORK/bad.jsonl" --at 2026-05-01
expect_exit 1
expect_out "bad.jsonl:1:1: error: malformed record: field AlgorithmSpecification.TrainingImage must be a string, found a number [malformed-record]"
run --catalog "$CAT" audit --strict "$WORK/bad.jsonl" --at 2026-05-01
expect_input_error "$WORK/bad.jsonl:1:1: malformed record: field AlgorithmSpecification.TrainingImage must be a string"
printf '{"ModelName": "m", "Containers": [{"Image": "a"}, {"Image": ["b"]}]}\n' >"$WORK/bad-model.jsonl"
run --catalog "$CAT" audit --strict "$WORK/bad-model.jsonl" --at 2026-05-01
expect_input_error "$WORK/bad-model.jsonl:1:1: malformed record: field Containers[1].Image must be a string, found"
head -c 300 "$S/list-training-jobs.json" >"$WORK/cut.json"
run --catalog "$CAT" audit --strict "$WORK/cut.json" --at 2026-05-01
expect_input_error "$WORK/cut.json:"
finish
