#!/usr/bin/env bash
# rtcat audit and report on Vertex AI inventories: every record kind in a JSON array and in JSON
# Lines, the endpoint join, custom images, and a run mixing AI Platform and Vertex AI records.
source "$(dirname "$0")/lib.sh"
V=$SRC/tests/fixtures/vertex
EX=$SRC/data/examples
P=projects/123456789/locations/us-central1

# Each kind, each format: the same findings. YAML (gcloud's default output, documents separated
# by ---) is checked once the inventory reader takes YAML; until then its fixtures wait.
exts=(json jsonl)
run audit "$V/models.yaml" --at 2026-06-01 --fail-on never
if [[ "$CODE" == 0 ]]; then
  exts+=(yaml)
else
  expect_err "not an inventory"
fi
for ext in "${exts[@]}"; do
  run audit "$V/models.$ext" "$V/custom-jobs.$ext" "$V/hp-tuning-jobs.$ext" "$V/training-pipelines.$ext" "$V/endpoints.$ext" --at 2026-06-01
  expect_exit 1
  expect_out "error: model $P/models/333: image xgboost-cpu.1-6 was withdrawn on 2024-11-15; it left support on 2023-11-15 [availability-end] (use xgboost-cpu.2-1)"
  expect_out "note: model $P/models/444: custom image: not tracked: us-central1-docker.pkg.dev/acme-ml/serving/ranker:3.2 is not a Vertex AI prebuilt image [custom-container]"
  expect_out "warning: custom job $P/customJobs/7001, jobSpec.workerPoolSpecs[0], jobSpec.workerPoolSpecs[2]: image tf-cpu.2-17.py310 left support on 2025-07-11; it is withdrawn on 2026-07-11 (in 40 days) [support-end]"
  expect_out "error: custom job $P/customJobs/7002, jobSpec.workerPoolSpecs[0]: image tf-cpu.2-11 was withdrawn on 2024-11-15; it left support on 2023-11-15 [availability-end] (use tf-cpu.2-17.py310)"
  expect_out "note: custom job $P/customJobs/7003, jobSpec.workerPoolSpecs[0]: custom image: not tracked: gcr.io/acme-ml/trainer:1.2"
  expect_out "error: hyperparameter tuning job $P/hyperparameterTuningJobs/8001, trialJobSpec.workerPoolSpecs[0]: image xgboost-cpu.1-6 was withdrawn on 2025-06-30"
  expect_out "error: training pipeline $P/trainingPipelines/9001, trainingTaskInputs.workerPoolSpecs[0]: image sklearn-cpu.1-0 was withdrawn on 2025-06-30"
  expect_out "training pipeline $P/trainingPipelines/9001, modelToUpload: the status of image sklearn-cpu.1-6 on 2026-06-01 is unknown"
  expect_out "endpoint $P/endpoints/900, deployed model 5002 (model $P/models/222): the status of image tf2-cpu.2-15"
  expect_out "warning: endpoint $P/endpoints/900, deployed model 5003 (model $P/models/999): no inventory of the run describes its model, so the image it serves is not judged [deployed-model-missing]"
  expect_out "audited 15 resources in 5 files on 2026-06-01"
  expect_out "custom-image      2"
  expect_out "model-missing     1"
  expect_out "no-image          2"
done

# Deadlines and targets: support_end a warning, availability_end an error, the catalog's window
# kept as unknown until it is past; models deployed to an endpoint say so.
run audit "$V/models.json" "$V/endpoints.json" --at 2026-09-01 --format json
expect_jsons <<'JS'
j.resources[0].status | expiring
j.resources[0].deadline | 2027-10-14
j.resources[0].deadline_milestone | availability_end
j.resources[0].catalog | vertex-prediction
j.resources[0].findings[0].message | model projects/123456789/locations/us-central1/models/111 (deployed to projects/123456789/locations/us-central1/endpoints/900): image sklearn-cpu.1-6 leaves support on 2026-10-14 (in 43 days)
j.resources[1].status | support_end
j.resources[1].findings[0].severity | warning
j.resources[2].status | availability_end
j.resources[2].target | xgboost-cpu.2-1
j.resources[2].action | upgrade to xgboost-cpu.2-1
j.resources[3].status | custom-image
j.resources[3].image_uri | us-central1-docker.pkg.dev/acme-ml/serving/ranker:3.2
j.resources[4].status | no-image
j.resources[5].kind | endpoint
j.resources[5].part | deployed model 5001 (model projects/123456789/locations/us-central1/models/111)
j.resources[5].runtime | sklearn-cpu.1-6
j.resources[7].status | model-missing
j.summary.worst | error
JS
# The endpoint first, its models after: the join waits for them.
run audit "$V/endpoints.jsonl" "$V/models.jsonl" --at 2026-09-01 --format jsonl --fail-on never
expect_exit 0
expect_out '"kind":"endpoint","name":"projects/123456789/locations/us-central1/endpoints/900","part":"deployed model 5001 (model projects/123456789/locations/us-central1/models/111)"'
expect_out '"runtime":"sklearn-cpu.1-6"'
expect_out '{"summary":{"resources":8,"malformed":0,"by_status":{"availability_end":1,"custom-image":1,"expiring":2,"model-missing":1,"no-image":1,"support_end":2},"worst":"error","incomplete_listings":[]}}'

# Legacy and Vertex AI records in one run, and in one report.
cat "$EX/inventory.jsonl" "$V/custom-jobs.jsonl" >"$WORK/mixed.jsonl"
run audit "$WORK/mixed.jsonl" "$V/models.json" --at 2026-06-01 --format csv
expect_exit 1
# Listed READY after the platform's shutdown: a stale export; the deletion stands.
expect_out "model_version,projects/acme-ml/models/churn/versions/v1,READY,1.15,3.7,SCIKIT_LEARN,deletion,2021-12-19,"
expect_out "custom_job,$P/customJobs/7002,JOB_STATE_RUNNING,tf-cpu.2-11,,,availability_end,2024-11-15,availability_end,,-563,upgrade to tf-cpu.2-17.py310,tf-cpu.2-17.py310,jobSpec.workerPoolSpecs[0]"
run report --inventory "$WORK/mixed.jsonl" --inventory "$V/models.json" --inventory "$V/endpoints.json" --at 2026-06-01 --format json
expect_json 'j.resources.some(r => r.kind === "job")' true
expect_json 'j.resources.some(r => r.kind === "custom_job" && r.runtime === "tf-cpu.2-11")' true
expect_json 'j.resources.some(r => r.kind === "endpoint" && r.status === "model-missing")' true
run report --inventory "$WORK/mixed.jsonl" --inventory "$V/models.json" --at 2026-06-01
expect_out "custom job"
expect_out "tf-cpu.2-11"
expect_out "model version"

# A Vertex AI field of the wrong type is a malformed record, the rest audited.
printf '%s\n' '{"name":"projects/p/locations/l/models/1","containerSpec":{"imageUri":7}}' \
  '{"name":"projects/p/locations/l/models/2","containerSpec":{"imageUri":"us-docker.pkg.dev/vertex-ai/prediction/xgboost-cpu.1-6:latest"}}' >"$WORK/bad.jsonl"
run audit "$WORK/bad.jsonl" --at 2026-06-01
expect_exit 1
expect_out "$WORK/bad.jsonl:1:1: error: malformed record: field containerSpec.imageUri must be a string, found a number [malformed-record]"
expect_out "audited 1 resource in 1 file"

finish
