#!/usr/bin/env bash
# rtcat migrate writes jobs that Vertex AI accepts as written: every used pool has a machine type
# (documented, --machine-type, or rtcat's choice said as one), every JSON passes the v1 message
# types with their required fields, and what migrate exits 0 on, scanned the same day, has no
# error; where it cannot know a required value it writes a placeholder and exits 1.
source "$(dirname "$0")/lib.sh"
require_node_modules protobufjs @google-cloud/aiplatform/package.json
J="$SRC/data/examples/jobs"

source "$(dirname "$0")/migrate_lib.sh"

pkg='--packages gs://b/t-1.tar.gz --module-name t.task --runtime-version 2.1 --python-version 3.7 --region us-central1'

# Every scale tier: one primary pool with a machine type, rtcat's choice said as one.
for tier in basic standard-1 premium-1 basic-gpu basic-tpu; do
  mrun migrate --at 2025-06-01 --gcloud "gcloud ai-platform jobs submit training t $pkg --scale-tier $tier"
  expect_exit 0
  vertex CustomJob
  expect_err "not a documented mapping"
  expect_err "[migrate-machine-unmapped]"
done
mrun migrate --at 2025-06-01 --gcloud "gcloud ai-platform jobs submit training t $pkg --scale-tier basic"
expect_json 'j.jobSpec.workerPoolSpecs[0].machineSpec' '{"machineType":"n1-standard-4"}'
expect_err "scale tier BASIC (a single worker instance; https://cloud.google.com/python/docs/reference/notebooks/1.9.0-rc0/google.cloud.notebooks_v1.types.ExecutionTemplate.ScaleTier) names no machine type: wrote n1-standard-4 for its replica, a standard machine (rtcat's choice: the smallest n1-standard type AI Platform Training accepted by name (its list of Compute Engine types starts there)), not a documented mapping; --machine-type TYPE chooses another"
mrun migrate --at 2025-06-01 --gcloud "gcloud ai-platform jobs submit training t $pkg --scale-tier standard-1"
expect_err "its replica counts are not documented either, so only the primary pool is written (add the pools you need)"
mrun migrate --at 2025-06-01 --gcloud "gcloud ai-platform jobs submit training t $pkg --scale-tier basic-gpu"
expect_json 'j.jobSpec.workerPoolSpecs[0].machineSpec' '{"machineType":"n1-standard-4","acceleratorType":"NVIDIA_TESLA_T4","acceleratorCount":1}'
expect_json 'j.jobSpec.workerPoolSpecs[0].pythonPackageSpec.executorImageUri.includes("/tf-gpu.")' true
mrun migrate --at 2025-06-01 --gcloud "gcloud ai-platform jobs submit training t $pkg --scale-tier basic-tpu"
expect_json 'j.jobSpec.workerPoolSpecs[0].machineSpec' '{"machineType":"cloud-tpu","acceleratorType":"TPU_V2","acceleratorCount":8}'
expect_json 'j.jobSpec.workerPoolSpecs[0].pythonPackageSpec.executorImageUri.includes("/tf-tpu.")' true

# Every legacy machine name, in every pool; the gcloud form has the machine type too.
for name in standard large_model complex_model_s complex_model_m complex_model_l standard_gpu complex_model_m_gpu \
  complex_model_l_gpu standard_p100 complex_model_m_p100 standard_v100 large_model_v100 complex_model_m_v100 \
  complex_model_l_v100 cloud_tpu; do
  printf '{"jobId": "m", "trainingInput": {"scaleTier": "CUSTOM", "masterType": "%s", "workerType": "%s", "workerCount": "2", "parameterServerType": "%s", "parameterServerCount": "1", "evaluatorType": "%s", "evaluatorCount": "1", "masterConfig": {"imageUri": "gcr.io/p/t:1"}}}\n' \
    "$name" "$name" "$name" "$name" >"$WORK/m.json"
  mrun migrate "$WORK/m.json" --at 2025-06-01
  expect_exit 0
  vertex CustomJob
  expect_json 'j.jobSpec.workerPoolSpecs.every((p) => p.machineSpec.machineType)' true
  mrun migrate "$WORK/m.json" --at 2025-06-01 --format gcloud
  expect_exit 0
  expect_out "machineType: \""
done
mrun migrate "$WORK/m.json" --at 2025-06-01
expect_err "legacy machine type cloud_tpu has no documented Vertex AI machine type (documented: a TPU VM including one Cloud TPU; https://github.com/googleapis/google-api-ruby-client/blob/c6e1a022f393e225b3e22d7b78c727e40ea2fde1/generated/google/apis/ml_v1/classes.rb): wrote cloud-tpu with 8 TPU_V2, rtcat's choice: Vertex AI's TPU machine type with one TPU v2 device (8 cores), the smallest TPU it lists for custom training, not a documented mapping; --machine-type workerpool0=TYPE chooses another"
# A name documented as like another gets that one's choice, with its own accelerators; eight K80s
# become the four T4s one machine takes.
printf '{"jobId": "g", "trainingInput": {"scaleTier": "CUSTOM", "masterType": "complex_model_l_gpu", "masterConfig": {"imageUri": "gcr.io/p/t:1"}}}\n' >"$WORK/g.json"
mrun migrate "$WORK/g.json" --at 2025-06-01
expect_exit 0
vertex CustomJob
expect_json 'j.jobSpec.workerPoolSpecs[0].machineSpec' '{"machineType":"n1-highcpu-64","acceleratorType":"NVIDIA_TESLA_T4","acceleratorCount":4}'
expect_err "wrote n1-highcpu-64 with 8 NVIDIA_TESLA_K80, as for complex_model_l, rtcat's choice: twice the cores and memory of the choice for complex_model_m, as documented, not a documented mapping"
expect_err "one machine takes at most 4 NVIDIA_TESLA_T4 (https://cloud.google.com/compute/docs/gpus), so it gets 4 instead of 8: add replicas if the job needs more GPUs"

# --machine-type: for every pool, or one pool by its Vertex AI or legacy name.
mrun migrate "$J/valid-rest.json" --at 2025-06-01 --machine-type n1-standard-16 --machine-type ps=n1-highmem-8
expect_exit 0
vertex CustomJob
expect_jsons <<'JSON'
j.jobSpec.workerPoolSpecs.map((p) => p.machineSpec.machineType) | ["n1-standard-16","n1-standard-16","n1-highmem-8"]
JSON
mrun migrate --at 2025-06-01 --gcloud "gcloud ai-platform jobs submit training t $pkg --scale-tier basic-gpu" --machine-type workerpool0=n1-standard-8
expect_exit 0
expect_json 'j.jobSpec.workerPoolSpecs[0].machineSpec' '{"machineType":"n1-standard-8","acceleratorType":"NVIDIA_TESLA_T4","acceleratorCount":1}'
[[ "$ERR" != *migrate-machine-unmapped* ]] || fail "a machine type the user chose is not rtcat's choice"
mrun migrate "$J/valid-rest.json" --at 2025-06-01 --machine-type wrker=n1-standard-4
expect_input_error "--machine-type wrker=n1-standard-4: no pool 'wrker' (did you mean worker?); pools: workerpool0, master, workerpool1, worker, workerpool2, parameterServer, ps, workerpool3, evaluator"
mrun migrate "$J/valid-rest.json" --at 2025-06-01 --machine-type worker=
expect_input_error "--machine-type worker=: no machine type after the pool (like worker=n1-standard-8)"
# A CUSTOM config fragment that leaves masterType to the command line: --machine-type gives it,
# else a placeholder that says so (exit 1).
printf 'trainingInput:\n  scaleTier: CUSTOM\n  packageUris: [gs://b/t-1.tar.gz]\n  pythonModule: t.task\n  runtimeVersion: "2.1"\n  pythonVersion: "3.7"\n' >"$WORK/frag.yaml"
mrun migrate "$WORK/frag.yaml" --at 2025-06-01
expect_exit 1
expect_err "masterType is not set: machineSpec.machineType is a placeholder, MACHINE_TYPE: pass --machine-type workerpool0=TYPE [migrate-placeholder]"
mrun migrate "$WORK/frag.yaml" --at 2025-06-01 --machine-type master=n1-standard-8
expect_exit 0
vertex CustomJob
expect_json 'j.jobSpec.workerPoolSpecs[0].machineSpec.machineType' n1-standard-8
# Workers without workerType (validate's replica-type-missing): the primary's type, said as a choice.
printf '{"jobId": "w", "trainingInput": {"scaleTier": "CUSTOM", "masterType": "n1-highmem-8", "workerCount": "2", "masterConfig": {"imageUri": "gcr.io/p/t:1"}}}\n' >"$WORK/w.json"
mrun migrate "$WORK/w.json" --at 2025-06-01
expect_exit 0
vertex CustomJob
expect_json 'j.jobSpec.workerPoolSpecs[1].machineSpec.machineType' n1-highmem-8
expect_err "workerType is not set: workerpool1 gets the primary pool's machine type, n1-highmem-8 (rtcat's choice: the job names none for it)"

# Each replica's diskConfig becomes its diskSpec; a custom container's containerCommand and
# containerArgs its containerSpec.command and args; scheduling.priority is a finding.
cat >"$WORK/c.json" <<'JSON'
{"jobId": "c", "trainingInput": {"scaleTier": "CUSTOM", "region": "us-central1",
  "masterType": "n1-standard-8", "masterConfig": {"imageUri": "gcr.io/p/t:1", "containerCommand": ["python3", "-m", "trainer"],
    "containerArgs": ["--epochs", "3"], "diskConfig": {"bootDiskType": "pd-ssd", "bootDiskSizeGb": 200}},
  "workerType": "n1-standard-8", "workerCount": "2", "workerConfig": {"diskConfig": {"bootDiskSizeGb": "150"}},
  "scheduling": {"maxRunningTime": "3600s", "priority": 700}}}
JSON
mrun migrate "$WORK/c.json" --at 2025-06-01
expect_exit 0
vertex CustomJob
expect_jsons <<'JSON'
j.jobSpec.workerPoolSpecs[0].diskSpec | {"bootDiskType":"pd-ssd","bootDiskSizeGb":200}
j.jobSpec.workerPoolSpecs[0].containerSpec | {"imageUri":"gcr.io/p/t:1","command":["python3","-m","trainer"],"args":["--epochs","3"]}
j.jobSpec.workerPoolSpecs[1].diskSpec | {"bootDiskSizeGb":150}
j.jobSpec.workerPoolSpecs[1].containerSpec | {"imageUri":"gcr.io/p/t:1"}
j.jobSpec.scheduling | {"timeout":"3600s"}
JSON
expect_err "scheduling.priority has no Vertex AI equivalent: CustomJobs that ask for the same accelerators are not ordered by priority; it is dropped"
mrun migrate "$WORK/c.json" --at 2025-06-01 --format yaml
expect_out "    diskSpec:
      bootDiskType: \"pd-ssd\"
      bootDiskSizeGb: 200
    containerSpec:
      imageUri: \"gcr.io/p/t:1\"
      command:
        - \"python3\""

# Python package jobs on runtimes that document only their TensorFlow line: TensorFlow, said as
# rtcat's default that --framework changes.
for r in 2.5 2.8 2.11; do
  mrun migrate --at 2024-06-01 --gcloud "gcloud ai-platform jobs submit training t --packages gs://b/t-1.tar.gz --module-name t.task --runtime-version $r --python-version 3.7 --scale-tier basic"
  expect_exit 0
  vertex CustomJob
  expect_json 'j.jobSpec.workerPoolSpecs[0].pythonPackageSpec.executorImageUri.includes("/tf-cpu.")' true
  expect_err "(from runtime $r, which documents only its tensorflow line: rtcat's default, --framework NAME trains with another)"
done
mrun migrate --at 2024-06-01 --framework scikit-learn --gcloud "gcloud ai-platform jobs submit training t --packages gs://b/t-1.tar.gz --module-name t.task --runtime-version 2.11 --python-version 3.7 --scale-tier basic"
expect_exit 0
expect_json 'j.jobSpec.workerPoolSpecs[0].pythonPackageSpec.executorImageUri.includes("/sklearn-cpu.")' true

# cluster-spec --as vertex takes the same choices, so its `job` is the job migrate writes.
mrun cluster-spec "$J/valid-rest.json" --as vertex --at 2025-06-01 --machine-type n1-standard-16 --replica workerpool1:0 --format json
expect_exit 0
expect_json 'JSON.parse(j[0].CLUSTER_SPEC).job.workerPoolSpecs.map((p) => p.machineSpec.machineType)' '["n1-standard-16","n1-standard-16","n1-standard-16"]'
mrun cluster-spec "$J/valid-rest.json" --as vertex --at 2025-06-01 --image gcr.io/p/own:1 --replica workerpool0:0 --format json
expect_json 'JSON.parse(j[0].CLUSTER_SPEC).job.workerPoolSpecs[0].pythonPackageSpec.executorImageUri' gcr.io/p/own:1
mrun cluster-spec --as vertex --at 2024-06-01 --format json --gcloud "gcloud ai-platform jobs submit training t --packages gs://b/t-1.tar.gz --module-name t.task --runtime-version 2.11 --python-version 3.7 --scale-tier basic"
expect_exit 0
expect_json 'JSON.parse(j[0].CLUSTER_SPEC).job.workerPoolSpecs[0].pythonPackageSpec.executorImageUri.includes("/tf-cpu.")' true
mrun migrate "$J/valid-rest.json" --at 2025-06-01 --framework tensorflw
expect_exit 2
expect_err "did you mean 'tensorflow'?"
mrun cluster-spec "$J/valid-rest.json" --as vertex --at 2025-06-01 --framework scikit-lern
expect_exit 2
expect_err "did you mean 'scikit-learn'? valid: tensorflow, scikit-learn, xgboost, pytorch, ray)"
mrun cluster-spec "$J/valid-rest.json" --at 2025-06-01 --framework pytorch
expect_input_error "--image, --framework and --machine-type choose the migrated job's \`job\`: they need --as vertex"

# What migrate exits 0 on, scanned the same day, has no error finding; when it exits 1 it said why
# (an error finding of its own). Every example job, across the years around the shutdown.
for on in 2024-06-01 2024-12-01 2025-06-01 2025-12-01 2026-03-01 2026-06-01 2026-07-10 2026-07-12 2026-12-01 2027-06-01; do
  for f in valid-rest.json valid-config.yaml valid-gcloud.sh valid-tuning.json valid-pytorch-cluster.yaml valid-bare-training-input.json; do
    out="$WORK/out-$on-${f%%.*}"
    mrun migrate "$J/$f" --at "$on" --format yaml -o "$out" -q
    case $CODE in
      0) mrun scan "$out" --at "$on"
         expect_exit 0 ;;
      1) expect_err ": error: " ;;
      *) fail "migrate $f on $on: exit $CODE" ;;
    esac
  done
done
finish
