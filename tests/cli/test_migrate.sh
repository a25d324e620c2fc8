#!/usr/bin/env bash
# rtcat migrate: each input form, each scale tier, a custom container with all four pools and a
# tuning job, and every JSON it writes checked against the Vertex AI v1 API's message types.
source "$(dirname "$0")/lib.sh"
require_node_modules protobufjs @google-cloud/aiplatform/package.json
J="$SRC/data/examples/jobs"

source "$(dirname "$0")/migrate_lib.sh"

# REST JSON with a Python package, CUSTOM tier: pools 0 and 1 and 2, the image the target finder picks.
mrun migrate "$J/valid-rest.json" --at 2025-06-01
expect_exit 0
vertex CustomJob
expect_jsons <<'JSON'
j.displayName | census_20200601
j.jobSpec.workerPoolSpecs.length | 3
j.jobSpec.workerPoolSpecs[0].replicaCount | 1
j.jobSpec.workerPoolSpecs[1].replicaCount | 2
j.jobSpec.workerPoolSpecs[2].machineSpec.machineType | n1-standard-4
j.jobSpec.workerPoolSpecs[0].pythonPackageSpec.pythonModule | trainer.task
j.jobSpec.workerPoolSpecs[0].pythonPackageSpec.args | ["--train-steps","1000","--job-dir=gs://my-bucket/census/out"]
j.jobSpec.baseOutputDirectory.outputUriPrefix | gs://my-bucket/census/out
j.jobSpec.workerPoolSpecs[0].pythonPackageSpec.executorImageUri.startsWith("us-docker.pkg.dev/vertex-ai/training/tf-cpu.") | true
JSON
expect_err "note: executorImageUri is us-docker.pkg.dev/vertex-ai/training/tf-cpu."
expect_err "[migrate-image-chosen]"
expect_err "warning: the image runs Python"
expect_err "[migrate-python-differs]"
expect_err "[migrate-no-equivalent]"
expect_err "runtime 1.15 ran tensorflow 1.15.0; the image runs TensorFlow 2."

# config.yaml with a custom container and all four pools; other pools default to the master's image.
mrun migrate "$J/valid-config.yaml" --at 2025-06-01
expect_exit 0
vertex CustomJob
expect_jsons <<'JSON'
j.jobSpec.workerPoolSpecs.length | 4
j.jobSpec.workerPoolSpecs.map(p=>p.replicaCount) | [1,2,1,1]
j.jobSpec.workerPoolSpecs.map(p=>p.containerSpec.imageUri) | ["gcr.io/my-project/census-trainer:1.0","gcr.io/my-project/census-trainer:1.0","gcr.io/my-project/census-trainer:1.0","gcr.io/my-project/census-trainer:1.0"]
j.jobSpec.workerPoolSpecs[3].machineSpec.machineType | n1-standard-4
JSON
expect_err "useChiefInTfConfig has no Vertex AI field"
mrun migrate "$J/valid-config.yaml" --at 2025-06-01 --format gcloud
expect_exit 0
expect_out "cat > valid-config-vertex.yaml <<'EOF'"
expect_out "gcloud ai custom-jobs create --region=us-central1 --display-name=valid-config --config=valid-config-vertex.yaml"
mrun migrate "$J/valid-config.yaml" --at 2025-06-01 --format yaml
expect_exit 0
expect_out "workerPoolSpecs:
  - machineSpec:
      machineType: \"n1-highmem-8\"
    replicaCount: 1
    containerSpec:
      imageUri: \"gcr.io/my-project/census-trainer:1.0\""

# A gcloud command line, as a file and with --gcloud; evaluators only: empty pools in between.
# Its package comes from --package-path, which gcloud built and uploaded: packageUris is a
# placeholder, an error (exit 1) that says so.
mrun migrate "$J/valid-gcloud.sh" --at 2025-06-01
expect_exit 1
vertex CustomJob
expect_json 'j.jobSpec.workerPoolSpecs[0].pythonPackageSpec.packageUris' '["gs://BUCKET/PATH/PACKAGE.tar.gz"]'
expect_err "error: the job's package is built from a local --package-path, which gcloud uploaded: pythonPackageSpec.packageUris is a placeholder, gs://BUCKET/PATH/PACKAGE.tar.gz"
expect_err "[migrate-placeholder]"
mrun migrate --at 2025-06-01 --format json --gcloud "gcloud ai-platform jobs submit training j2 --scale-tier custom --master-machine-type n1-standard-8 --config $J/valid-config.yaml --region europe-west4 --runtime-version 2.1 --python-version 3.7"
expect_exit 0
vertex CustomJob
mrun migrate --at 2025-06-01 --format gcloud --gcloud "gcloud ai-platform jobs submit training j3 --packages gs://b/t-1.tar.gz --module-name t.task --runtime-version 2.1 --python-version 3.7 --region europe-west4 --job-dir gs://b/out -- --epochs 3"
expect_exit 0
expect_out "cat > j3-vertex.yaml <<'EOF'"
expect_out "executorImageUri: \"europe-docker.pkg.dev/vertex-ai/training/tf-cpu."
expect_out "gcloud ai custom-jobs create --region=europe-west4 --display-name=j3 --config=j3-vertex.yaml"
migrate_file eval.json '{"trainingInput": {"scaleTier": "CUSTOM", "masterType": "n1-standard-4", "evaluatorType": "n1-standard-4", "evaluatorCount": 1, "packageUris": ["gs://b/t.tar.gz"], "pythonModule": "t", "runtimeVersion": "2.1", "pythonVersion": "3.7"}}' --at 2025-06-01
expect_exit 0
vertex CustomJob
expect_json 'JSON.stringify(j.jobSpec.workerPoolSpecs.slice(1,3))' '[{},{}]'

# Every scale tier: documented accelerators, a finding where no machine type is documented.
for tier in BASIC STANDARD_1 PREMIUM_1 BASIC_GPU BASIC_TPU CUSTOM; do
  printf '{"trainingInput": {"scaleTier": "%s", "masterType": "n1-standard-8", "packageUris": ["gs://b/t.tar.gz"], "pythonModule": "t", "runtimeVersion": "2.1", "pythonVersion": "3.7"}}\n' "$tier" >"$WORK/$tier.json"
  mrun migrate "$WORK/$tier.json" --at 2025-06-01
  expect_exit 0
  vertex CustomJob
  expect_json 'j.jobSpec.workerPoolSpecs.length' 1
done
mrun migrate "$WORK/BASIC.json" --at 2025-06-01
expect_err "scale tier BASIC (a single worker instance;"
expect_err "[migrate-machine-unmapped]"
mrun migrate "$WORK/BASIC_GPU.json" --at 2025-06-01
expect_json 'j.jobSpec.workerPoolSpecs[0].machineSpec.acceleratorType' NVIDIA_TESLA_T4
expect_json 'j.jobSpec.workerPoolSpecs[0].pythonPackageSpec.executorImageUri.includes("tf-gpu.")' true
expect_err "NVIDIA_TESLA_K80 is no longer offered by Vertex AI"
expect_err "[migrate-accelerator-retired]"
mrun migrate "$WORK/CUSTOM.json" --at 2025-06-01
expect_json 'j.jobSpec.workerPoolSpecs[0].machineSpec.machineType' n1-standard-8

# Every legacy machine name: a valid spec, its documented accelerator count.
for m in standard large_model complex_model_s complex_model_m complex_model_l standard_gpu complex_model_m_gpu complex_model_l_gpu \
  standard_p100 complex_model_m_p100 standard_v100 large_model_v100 complex_model_m_v100 complex_model_l_v100; do
  printf '{"trainingInput": {"scaleTier": "CUSTOM", "masterType": "%s", "packageUris": ["gs://b/t.tar.gz"], "pythonModule": "t", "runtimeVersion": "2.1", "pythonVersion": "3.7"}}\n' "$m" >"$WORK/m.json"
  mrun migrate "$WORK/m.json" --at 2025-06-01
  expect_exit 0
  vertex CustomJob
  expect_err "legacy machine type $m has no documented Compute Engine machine type"
done

# A tuning job: a HyperparameterTuningJob with the study.
mrun migrate "$J/valid-tuning.json" --at 2025-06-01
expect_exit 0
vertex HyperparameterTuningJob
expect_jsons <<'JSON'
j.maxTrialCount | 20
j.parallelTrialCount | 4
j.studySpec.metrics | [{"metricId":"accuracy","goal":"MAXIMIZE"}]
j.studySpec.parameters.map(p=>p.parameterId) | ["learning_rate","hidden_layers","optimizer","batch_size"]
j.studySpec.parameters[1].integerValueSpec | {"minValue":"1","maxValue":"4"}
j.studySpec.parameters[0].scaleType | UNIT_LOG_SCALE
j.trialJobSpec.workerPoolSpecs.length | 1
JSON
expect_err "enableTrialEarlyStopping has no direct equivalent"
mrun migrate "$J/valid-tuning.json" --at 2025-06-01 --format gcloud
expect_out "gcloud ai hp-tuning-jobs create --region=us-central1 --display-name=census_tuning --config=census_tuning-vertex.yaml --max-trial-count=20 --parallel-trial-count=4"

# After the data's last open TensorFlow image: the newest known, said with the data's date; --image chooses.
# No prebuilt TensorFlow image is open on the date: never one written as if it were, but the
# custom-container route, built from the last known one; exit 1, and the gcloud form has the steps.
mrun migrate "$J/valid-rest.json" --at 2027-06-01
expect_exit 1
vertex CustomJob
expect_jsons <<'JSON'
j.jobSpec.workerPoolSpecs[0].containerSpec.imageUri | REGION-docker.pkg.dev/PROJECT/REPOSITORY/TRAINER:TAG
j.jobSpec.workerPoolSpecs[0].containerSpec.command | ["python","-m","trainer.task"]
j.jobSpec.workerPoolSpecs[0].containerSpec.args | ["--train-steps","1000","--job-dir=gs://my-bucket/census/out"]
j.jobSpec.workerPoolSpecs[2].containerSpec.imageUri | REGION-docker.pkg.dev/PROJECT/REPOSITORY/TRAINER:TAG
j.jobSpec.workerPoolSpecs[0].pythonPackageSpec === undefined | true
JSON
expect_err "in the data as of 2026-08-21"
expect_err "[migrate-image-not-open]"
expect_err "error: no prebuilt image runs the job on 2027-06-01, so it is written as a custom-container job: containerSpec.imageUri is a placeholder, REGION-docker.pkg.dev/PROJECT/REPOSITORY/TRAINER:TAG: build the image from the last known prebuilt one (Dockerfile: FROM us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-17.py310:latest | COPY trainer-0.1.tar.gz /trainer/trainer-0.1.tar.gz | RUN pip install --no-cache-dir /trainer/trainer-0.1.tar.gz; copy gs://my-bucket/census/trainer-0.1.tar.gz next to it)"
expect_err "[migrate-placeholder]"
mrun migrate "$J/valid-rest.json" --at 2027-06-01 --format gcloud
expect_exit 1
expect_out "# No prebuilt image runs this job on the date: build one from us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-17.py310:latest,
# push it, and write its URI in place of REGION-docker.pkg.dev/PROJECT/REPOSITORY/TRAINER:TAG (in the config below too).
gsutil cp gs://my-bucket/census/trainer-0.1.tar.gz .
cat > census_20200601.Dockerfile <<'EOF'
FROM us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-17.py310:latest
COPY trainer-0.1.tar.gz /trainer/trainer-0.1.tar.gz
RUN pip install --no-cache-dir /trainer/trainer-0.1.tar.gz
EOF
docker build -f census_20200601.Dockerfile -t REGION-docker.pkg.dev/PROJECT/REPOSITORY/TRAINER:TAG . && docker push REGION-docker.pkg.dev/PROJECT/REPOSITORY/TRAINER:TAG
cat > census_20200601-vertex.yaml <<'EOF'"
mrun migrate "$J/valid-rest.json" --at 2027-06-01 --image gcr.io/p/trainer:2
expect_json 'j.jobSpec.workerPoolSpecs[0].pythonPackageSpec.executorImageUri' gcr.io/p/trainer:2
expect_err "executorImageUri is gcr.io/p/trainer:2 (--image)"
mrun migrate "$J/valid-rest.json" --at 2025-06-01 --fail-on warning
expect_exit 1

# --source: trainer code that reads CLUSTER_SPEC task types by their legacy names (not TF_CONFIG's,
# not files that do not read CLUSTER_SPEC).
mrun migrate "$J/valid-config.yaml" --at 2025-06-01 --source "$SRC/tests/fixtures/migrate-trainer"
expect_exit 0
expect_err "migrate-trainer/trainer/task.py:7:24: warning: the trainer reads CLUSTER_SPEC task type 'master', which Vertex AI names 'workerpool0'"
expect_err "task.py:9:27: warning: the trainer reads CLUSTER_SPEC task type 'worker', which Vertex AI names 'workerpool1'"
expect_err "task.py:9:37: warning: the trainer reads CLUSTER_SPEC task type 'ps', which Vertex AI names 'workerpool2'"
expect_err "migrate-trainer: 3 warnings"
[[ "$ERR" != *util.py* ]] || fail "util.py does not read CLUSTER_SPEC"
[[ "$ERR" != *task.py:12:* ]] || fail "TF_CONFIG's task types are Vertex AI's too"
mrun migrate "$J/valid-config.yaml" --at 2025-06-01 --source "$WORK/no-such-folder"
expect_input_error "no-such-folder"

# Several jobs: a JSON array.
mrun migrate "$J/valid-rest.json" "$J/valid-config.yaml" --at 2025-06-01 -q
expect_exit 0
expect_json 'j.length' 2

# The checker itself: strict about field names, enum values, scalars and Durations, for each type.
check_doc() { # TYPE EXPECTED_EXIT JSON [EXPECTED_OUTPUT]
  cases=$((cases + 1))
  CMD="vertex_check.js $1 $3"
  printf '%s\n' "$3" >"$WORK/c.json"
  OUT=$(node "$SRC/tests/schema/vertex_check.js" "$NODE_PATH" "$1" "$WORK/c.json" 2>&1)
  CODE=$?
  expect_exit "$2"
  [[ -z "${4:-}" ]] || expect_out "$4"
}
check_doc CustomJob 0 '{"displayName": "j", "jobSpec": {"workerPoolSpecs": [{}, {"machineSpec": {"machineType": "n1-standard-4"}, "replicaCount": "2"}], "scheduling": {"timeout": "60s"}}}'
# Required fields: those the .proto marks REQUIRED, and machineSpec.machineType in a used pool.
check_doc CustomJob 1 '{"displayName": "j", "jobSpec": {"workerPoolSpecs": [{"machineSpec": {"acceleratorType": "NVIDIA_TESLA_T4", "acceleratorCount": 1}, "replicaCount": "1"}]}}' \
  "jobSpec.workerPoolSpecs[0].machineSpec.machineType: required by google.cloud.aiplatform.v1.MachineSpec, but not set"
check_doc CustomJob 1 '{"displayName": "j", "jobSpec": {"workerPoolSpecs": [{"replicaCount": "1", "containerSpec": {"imageUri": "gcr.io/p/t:1"}}]}}' \
  "jobSpec.workerPoolSpecs[0].machineSpec: required by google.cloud.aiplatform.v1.WorkerPoolSpec, but not set"
check_doc CustomJob 1 '{"jobSpec": {"workerPoolSpecs": []}}' "displayName: required by google.cloud.aiplatform.v1.CustomJob, but not set"
check_doc ModelDeployment 1 '{"model": {"artifactUri": "gs://b/m", "containerSpec": {"imageUri": "x"}}, "deployedModel": {"dedicatedResources": {"machineSpec": {"machineType": "n1-standard-2"}, "minReplicaCount": 1}}}' \
  "model.displayName: required by google.cloud.aiplatform.v1.Model, but not set"
check_doc BatchPredictionJob 1 '{"displayName": "b", "model": "m", "inputConfig": {"instancesFormat": "jsonl", "gcsSource": {"uris": ["gs://b/i"]}}, "outputConfig": {"predictionsFormat": "jsonl", "gcsDestination": {"outputUriPrefix": "gs://b/o"}}, "dedicatedResources": {"machineSpec": {"acceleratorType": "NVIDIA_TESLA_T4", "acceleratorCount": 1}, "startingReplicaCount": 1}}' \
  "dedicatedResources.machineSpec.machineType: required by google.cloud.aiplatform.v1.MachineSpec, but not set"
check_doc CustomJob 1 '{"displayName": "j", "jobSpec": {"workerPoolSpecs": [{"machineSpec": {"machineType": "n1-standard-4"}, "pythonPackageSpec": {"executorImageUri": "x", "pythonModule": "m"}}]}}' \
  "jobSpec.workerPoolSpecs[0].pythonPackageSpec.packageUris: required by google.cloud.aiplatform.v1.PythonPackageSpec, but not set"
check_doc CustomJob 1 '{"displayName": "j", "jobSpec": {"workerPoolSpecs": [{"machineSpec": {"machineTyp": "n1-standard-4"}}]}}' \
  "jobSpec.workerPoolSpecs[0].machineSpec.machineTyp: unknown field of google.cloud.aiplatform.v1.MachineSpec"
check_doc CustomJob 1 '{"jobSpec": {"workerPoolSpecs": [{"machineSpec": {"acceleratorType": "NVIDIA_TESLA_X"}}]}}' \
  '"NVIDIA_TESLA_X" is not a value of google.cloud.aiplatform.v1.AcceleratorType'
check_doc CustomJob 1 '{"jobSpec": {"workerPoolSpecs": [{"replicaCount": "two"}], "scheduling": {"timeout": "1h"}}}' \
  '"1h" is not a Duration'
check_doc HyperparameterTuningJob 1 '{"studySpec": {"metrics": [{"metricId": "a", "goal": "MAXIMISE"}]}}' \
  '"MAXIMISE" is not a value of google.cloud.aiplatform.v1.StudySpec.MetricSpec.GoalType'
check_doc BatchPredictionJob 0 '{"displayName": "b", "model": "projects/p/locations/us-central1/models/m", "inputConfig": {"instancesFormat": "jsonl", "gcsSource": {"uris": ["gs://b/in.jsonl"]}}, "outputConfig": {"predictionsFormat": "jsonl", "gcsDestination": {"outputUriPrefix": "gs://b/out"}}, "dedicatedResources": {"machineSpec": {"machineType": "n1-standard-4"}, "startingReplicaCount": 1}}'
check_doc BatchPredictionJob 1 '{"inputConfig": {"gcsSource": {"uri": "gs://b/in"}}}' \
  "inputConfig.gcsSource.uri: unknown field of google.cloud.aiplatform.v1.GcsSource"

# Bad input: one line on stderr, exit 2, nothing on stdout.
mrun migrate --at 2025-06-01
expect_input_error "migrate needs a job file"
mrun migrate "$J/malformed-json.json" --at 2025-06-01
expect_input_error "malformed-json.json:"
mrun migrate "$J/invalid-no-code.json" --at 2025-06-01
expect_input_error "has no training code to migrate"
mrun migrate "$J/valid-rest.json" --at 2025-06-01 --format table
expect_input_error
# A runtime whose frameworks the data does not record: --framework says which.
migrate_file unknown.json '{"trainingInput": {"scaleTier": "BASIC", "packageUris": ["gs://b/t.tar.gz"], "pythonModule": "t", "runtimeVersion": "1.1", "pythonVersion": "2.7"}}' --at 2025-06-01
expect_input_error "cannot tell which framework the job trains with (runtimeVersion 1.1): pass --framework NAME"
mrun migrate "$WORK/unknown.json" --at 2025-06-01 --framework scikit-learn
expect_exit 0
vertex CustomJob
expect_json 'j.jobSpec.workerPoolSpecs[0].pythonPackageSpec.executorImageUri.includes("sklearn")' true
# Batch prediction: a REST job with predictionInput and a `jobs submit prediction` command line
# become BatchPredictionJobs.
P="$SRC/tests/fixtures/migrate-prediction"
mrun migrate "$P/batch-rest.json" --at 2025-06-01
expect_exit 0
vertex BatchPredictionJob
expect_jsons <<'JSON'
j.displayName | census_batch_20200601
j.model | projects/my-project/locations/us-central1/models/census-v2
j.inputConfig.instancesFormat | tf-record
j.inputConfig.gcsSource.uris | ["gs://my-bucket/census/in/part-0","gs://my-bucket/census/in/part-1"]
j.outputConfig.predictionsFormat | jsonl
j.outputConfig.gcsDestination.outputUriPrefix | gs://my-bucket/census/predictions
j.dedicatedResources.machineSpec.machineType | n1-standard-2
j.dedicatedResources.startingReplicaCount | 1
j.dedicatedResources.maxReplicaCount | 4
JSON
expect_err "stands for the Vertex AI model uploaded from legacy model census version v2"
expect_err "runtimeVersion has no BatchPredictionJob field"
mrun migrate "$P/batch.sh" --at 2025-06-01
expect_exit 0
vertex BatchPredictionJob
expect_jsons <<'JSON'
j.model | projects/PROJECT/locations/europe-west1/models/MODEL
j.inputConfig.instancesFormat | jsonl
j.dedicatedResources.maxReplicaCount | 10
JSON
expect_err "uploaded from the SavedModel at gs://my-bucket/census/model"
expect_err "dataFormat TEXT (one instance per line) is read as jsonl"
mrun migrate --gcloud "$(cat "$P/batch.sh")" --at 2025-06-01 --format gcloud
expect_exit 0
expect_out "cat > census_batch-vertex.json <<'EOF'"
expect_out "-d @census_batch-vertex.json https://europe-west1-aiplatform.googleapis.com/v1/projects/PROJECT/locations/europe-west1/batchPredictionJobs"
mrun migrate "$P/batch-rest.json" --at 2025-06-01 --format yaml
expect_exit 0
expect_out "inputConfig:
  instancesFormat: \"tf-record\""
# predictionInput.accelerator: the batch machines' GPU (a K80 becomes today's nearest).
migrate_file batch-gpu.json '{"jobId": "gpu_batch", "predictionInput": {"dataFormat": "JSON", "inputPaths": ["gs://b/in"], "outputPath": "gs://b/out", "region": "us-central1", "modelName": "projects/p/models/m", "accelerator": {"count": "1", "type": "NVIDIA_TESLA_K80"}}}' --at 2025-06-01
expect_exit 0
vertex BatchPredictionJob
expect_json 'j.dedicatedResources.machineSpec' '{"machineType":"n1-standard-2","acceleratorType":"NVIDIA_TESLA_T4","acceleratorCount":1}'
expect_err "[migrate-accelerator-retired]"
migrate_file no-out.json '{"jobId": "x", "predictionInput": {"dataFormat": "JSON", "inputPaths": ["gs://b/in"]}}' --at 2025-06-01
expect_input_error "no-out.json: a prediction job needs its input paths and output path"

# Model versions: `versions create` and a `versions list` record become a model upload on the
# prebuilt prediction image and its deployment; a custom prediction routine needs its own container.
mrun migrate "$P/version-create.sh" --at 2025-06-01 --format gcloud
expect_exit 0
expect_out "gcloud ai models upload --region=us-central1 --display-name=census-v2 --container-image-uri=us-docker.pkg.dev/vertex-ai/prediction/tf2-cpu.2-15:latest --artifact-uri=gs://my-bucket/census/model
gcloud ai endpoints create --region=us-central1 --display-name=census-v2
gcloud ai endpoints deploy-model ENDPOINT_ID --region=us-central1 --model=MODEL_ID --display-name=census-v2 --machine-type=n1-standard-4 --min-replica-count=2 --max-replica-count=5"
expect_err "the newest unconfirmed vertex-prediction image of tensorflow on 2025-06-01"
mrun migrate "$P/version-create.sh" --at 2025-06-01 --format gcloud --image gcr.io/p/mine:1
expect_exit 0
expect_out "--container-image-uri=gcr.io/p/mine:1"
# The second version has a custom prediction routine: its image is a placeholder to build (exit 1).
mrun migrate "$P/versions-list.json" --at 2025-06-01
expect_exit 1
expect_err "error: containerSpec.imageUri is a placeholder, REGION-docker.pkg.dev/PROJECT/REPOSITORY/SERVER:TAG: build the custom container the migrate-custom-prediction-routine finding describes"
expect_jsons <<'JSON'
j.length | 2
j[0].model.displayName | iris-v1
j[0].model.containerSpec.imageUri | us-docker.pkg.dev/vertex-ai/prediction/sklearn-cpu.1-6:latest
j[0].deployedModel.dedicatedResources.minReplicaCount | 3
j[0].deployedModel.dedicatedResources.maxReplicaCount | 3
j[0].deployedModel.dedicatedResources.machineSpec.machineType | n1-standard-2
j[1].model.containerSpec.imageUri | REGION-docker.pkg.dev/PROJECT/REPOSITORY/SERVER:TAG
JSON
vertex ModelDeployment
expect_err "machine type mls1-c1-m2 (1 vCPU, 2 GB; https://cloud.google.com/ai-platform/prediction/docs/machine-types-online-prediction) is a legacy (MLS1) type that Vertex AI does not offer for prediction"
expect_err "a custom prediction routine (predictionClass predictor.MyPredictor) needs a custom container on Vertex AI"
expect_err "runs an HTTP server listening on AIP_HTTP_PORT that answers health checks on AIP_HEALTH_ROUTE and prediction requests on AIP_PREDICT_ROUTE"
expect_err "holds the packages gs://my-bucket/iris/predictor-0.1.tar.gz and predictor.MyPredictor"
expect_err "[migrate-custom-prediction-routine]"
expect_err "warning: the image runs Python 3.10, not 3.7 as the version asked (pythonVersion)"
expect_err "scikit-learn 1.6 for CPU, Python 3.10"
# A version with accelerators: the GPU prediction image and the deployment's accelerator (a K80
# becomes today's nearest); a framework without a GPU image keeps the CPU one, as a finding.
mrun migrate "$P/version-create.sh" --at 2025-06-01 --format gcloud --gcloud "$(cat "$P/version-create.sh") --accelerator count=2,type=nvidia-tesla-k80" -q
expect_exit 0
expect_out "--container-image-uri=us-docker.pkg.dev/vertex-ai/prediction/tf2-cpu.2-15:latest"
expect_out "--container-image-uri=us-docker.pkg.dev/vertex-ai/prediction/tf2-gpu.2-15:latest"
expect_out "--machine-type=n1-standard-4 --accelerator='type=nvidia-tesla-t4,count=2' --min-replica-count=2"
expect_err "NVIDIA_TESLA_K80 is no longer offered by Vertex AI"
expect_err "TensorFlow 2.15 for GPU"
migrate_file version-gpu.json '{"name": "projects/p/models/iris/versions/g1", "deploymentUri": "gs://b/m", "framework": "SCIKIT_LEARN", "runtimeVersion": "2.11", "pythonVersion": "3.10", "machineType": "n1-standard-4", "acceleratorConfig": {"count": "1", "type": "NVIDIA_TESLA_T4"}}' --at 2025-06-01
expect_exit 0
expect_jsons <<'JSON'
j.model.containerSpec.imageUri | us-docker.pkg.dev/vertex-ai/prediction/sklearn-cpu.1-6:latest
j.deployedModel.dedicatedResources.machineSpec | {"machineType":"n1-standard-4","acceleratorType":"NVIDIA_TESLA_T4","acceleratorCount":1}
JSON
expect_err "the version asks for accelerators, but the data knows no GPU prediction image of scikit-learn: wrote the CPU one"
[[ "$ERR" != *migrate-python-differs* ]] || fail "Python 3.10 is the image's: no migrate-python-differs"
mrun migrate --at 2025-06-01 --gcloud "gcloud ai-platform versions create v1 --model m --origin gs://b/m --accelerator count=1"
expect_input_error "--gcloud: --accelerator needs type=TYPE"
migrate_file bad-version.sh 'gcloud ai-platform versions create v1 --model=m --min-nodes=x' --at 2025-06-01
expect_input_error "bad-version.sh: --min-nodes must be a whole number, not 'x'"
# An inventory (as audit reads it) with -o DIR: one file per legacy job and model version; an
# existing file is never overwritten without --force, and then nothing is written.
E="$SRC/data/examples"
mrun migrate --inventory "$E/jobs.json" --inventory "$E/versions.json" --at 2025-06-01 -o "$WORK/vx"
expect_exit 0
expect_err "wrote $WORK/vx/census_wide_deep_20191102.json"
expect_err "wrote $WORK/vx/recsys-v12.json"
# Every record, the 2.x ones on their TensorFlow line.
expect_err "wrote $WORK/vx/recsys_two_tower_20230601.json"
[ "$(ls "$WORK/vx" | wc -l)" -eq 10 ] || fail "expected 10 files in -o DIR, got: $(ls "$WORK/vx")"
OUT=$(cat "$WORK/vx/census_wide_deep_20191102.json")
vertex CustomJob
OUT=$(cat "$WORK/vx/churn-v1.json")
expect_json 'j.model.artifactUri.startsWith("gs://")' true
rm "$WORK/vx/churn-v2.json"
echo keep >"$WORK/vx/churn-v1.json"
mrun migrate --inventory "$E/versions.json" --at 2025-06-01 -o "$WORK/vx"
expect_input_error "$WORK/vx/churn-v1.json: already exists; pass --force to overwrite it (nothing was written)"
[ ! -e "$WORK/vx/churn-v2.json" ] || fail "a refused -o DIR run wrote churn-v2.json"
[ "$(cat "$WORK/vx/churn-v1.json")" = keep ] || fail "a refused -o DIR run overwrote churn-v1.json"
mrun migrate --inventory "$E/versions.json" --at 2025-06-01 -o "$WORK/vx" --force --format gcloud -q
expect_exit 0
[ -e "$WORK/vx/churn-v2.sh" ] || fail "--format gcloud -o DIR did not write churn-v2.sh"
grep -q "gcloud ai models upload" "$WORK/vx/churn-v1.sh" || fail "churn-v1.sh lacks the upload command"
mrun migrate --at 2025-06-01
expect_input_error "migrate needs a job file, --gcloud"
# A batch job's batchSize becomes manualBatchTuningParameters.batchSize; the gcloud alpha line of
# the same job (--accelerator-type/--accelerator-count, --batch-size, --signature-name) migrates
# exactly as its REST form does.
migrate_file batch-acc.json '{"jobId": "acc_batch", "predictionInput": {"dataFormat": "TF_RECORD", "inputPaths": ["gs://b/in"], "outputPath": "gs://b/out", "region": "us-central1", "modelName": "projects/PROJECT/models/census", "versionName": "v2", "accelerator": {"count": "2", "type": "NVIDIA_TESLA_T4"}, "batchSize": "32", "signatureName": "serving_raw"}}' --at 2025-06-01
expect_exit 0
vertex BatchPredictionJob
expect_jsons <<'JSON'
j.manualBatchTuningParameters | {"batchSize":32}
j.dedicatedResources.machineSpec | {"machineType":"n1-standard-2","acceleratorType":"NVIDIA_TESLA_T4","acceleratorCount":2}
JSON
expect_err "signatureName has no BatchPredictionJob field: the model's serving container decides it [migrate-no-equivalent]"
[[ "$ERR" != *batchSize* ]] || fail "batchSize has a BatchPredictionJob field"
REST_OUT=$OUT
REST_ERR=${ERR//$WORK\/batch-acc.json/FILE}
mrun migrate --at 2025-06-01 --gcloud "gcloud alpha ai-platform jobs submit prediction acc_batch --model census --version v2 --region us-central1 --data-format tf-record --input-paths gs://b/in --output-path gs://b/out --accelerator-type nvidia-tesla-t4 --accelerator-count 2 --batch-size 32 --signature-name serving_raw"
expect_exit 0
vertex BatchPredictionJob
[[ "$OUT" == "$REST_OUT" ]] || fail "the gcloud line and the REST job migrate differently: $OUT"
[[ "${ERR//--gcloud/FILE}" == "$REST_ERR" ]] || fail "the gcloud line and the REST job have different findings: $ERR"
mrun migrate --at 2025-06-01 --gcloud "gcloud alpha ai-platform jobs submit prediction b --model m --region us-central1 --data-format text --input-paths gs://b/in --output-path gs://b/out --accelerator-type nvidia-tesla-k80"
expect_exit 0
vertex BatchPredictionJob
expect_json 'j.dedicatedResources.machineSpec' '{"machineType":"n1-standard-2","acceleratorType":"NVIDIA_TESLA_T4","acceleratorCount":1}'
expect_err "NVIDIA_TESLA_K80 is no longer offered by Vertex AI"
mrun migrate --at 2025-06-01 --format yaml --gcloud "gcloud ai-platform jobs submit prediction b --model m --region us-central1 --data-format text --input-paths gs://b/in --output-path gs://b/out --batch-size 8"
expect_exit 0
expect_out "manualBatchTuningParameters:
  batchSize: 8"
mrun migrate --at 2025-06-01 --gcloud "gcloud alpha ai-platform jobs submit prediction b --model m --input-paths gs://b/in --output-path gs://b/out --accelerator-count 2"
expect_input_error "--gcloud: --accelerator-count needs --accelerator-type"
mrun migrate --at 2025-06-01 --gcloud "gcloud ai-platform jobs submit prediction b --model m --input-paths gs://b/in --output-path gs://b/out --batch-size many"
expect_input_error "--gcloud: --batch-size must be a whole number, not 'many'"
migrate_file batch-zero.json '{"jobId": "b", "predictionInput": {"inputPaths": ["gs://b/in"], "outputPath": "gs://b/out", "batchSize": "0"}}' --at 2025-06-01
expect_input_error "batch-zero.json: batchSize must be between 1 and 2147483647, not 0"

# A version's description becomes the model's (--description on the upload).
migrate_file version-desc.json '{"name": "projects/p/models/iris/versions/d1", "description": "iris, retrained weekly", "deploymentUri": "gs://b/m", "framework": "SCIKIT_LEARN", "runtimeVersion": "2.11", "pythonVersion": "3.10", "machineType": "n1-standard-4"}' --at 2025-06-01
expect_exit 0
vertex ModelDeployment
expect_json 'j.model.description' 'iris, retrained weekly'
mrun migrate --at 2025-06-01 --format gcloud -q --gcloud "$(cat "$P/version-create.sh") --description 'census, wide and deep'"
expect_exit 0
expect_out "--artifact-uri=gs://my-bucket/census/model --description='census, wide and deep'
gcloud ai endpoints create"

# Machine types Vertex AI does not offer for prediction: the smallest offered N1 type that holds
# them (data/vertex-prediction-machines.json), said as a choice; offered types pass unchanged.
migrate_file version-machines.json '[{"name": "projects/p/models/m/versions/a", "deploymentUri": "gs://b/m", "framework": "TENSORFLOW", "runtimeVersion": "2.11", "machineType": "n1-highcpu-2"}, {"name": "projects/p/models/m/versions/b", "deploymentUri": "gs://b/m", "framework": "TENSORFLOW", "runtimeVersion": "2.11", "machineType": "mls1-c4-m2"}, {"name": "projects/p/models/m/versions/c", "deploymentUri": "gs://b/m", "framework": "TENSORFLOW", "runtimeVersion": "2.11", "machineType": "n1-highcpu-4"}]' --at 2025-06-01
expect_exit 0
vertex ModelDeployment
expect_json 'j.map(d => d.deployedModel.dedicatedResources.machineSpec.machineType)' '["n1-standard-2","n1-highcpu-4","n1-highcpu-4"]'
expect_err "warning: machine type n1-highcpu-2 (2 vCPUs, 1.8 GB; https://cloud.google.com/ai-platform/prediction/docs/machine-types-online-prediction) is not among the machine types Vertex AI offers for prediction (https://cloud.google.com/vertex-ai/docs/predictions/configure-compute): wrote n1-standard-2 (2 vCPUs, 7.5 GB), the smallest N1 type offered with at least its vCPUs and memory, which is rtcat's choice, not a documented mapping: choose a Compute Engine type sized for the model [migrate-machine-unmapped]"
expect_err "machine type mls1-c4-m2 (4 vCPUs, 2 GB; https://cloud.google.com/ai-platform/prediction/docs/machine-types-online-prediction) is a legacy (MLS1) type that Vertex AI does not offer for prediction"
expect_err "wrote n1-highcpu-4 (4 vCPUs, 3.6 GB)"
[[ "$ERR" != *"machine type n1-highcpu-4"* ]] || fail "n1-highcpu-4 is offered: no finding"
mrun migrate --at 2025-06-01 --format gcloud -q --gcloud "gcloud ai-platform versions create v1 --model m --origin gs://b/m --framework tensorflow --runtime-version 2.11 --machine-type n1-highcpu-2"
expect_exit 0
expect_out "--machine-type=n1-standard-2 --min-replica-count=1"
# No --machine-type: the legacy default, mls1-c1-m2 on the global endpoint, n1-standard-2 on a regional one.
mrun migrate --at 2025-06-01 -q --gcloud "gcloud ai-platform versions create v1 --model m --origin gs://b/m --framework tensorflow --runtime-version 2.11"
expect_exit 0
expect_json 'j.deployedModel.dedicatedResources.machineSpec.machineType' n1-standard-2
expect_err "machine type mls1-c1-m2 (the default; 1 vCPU, 2 GB;"
mrun migrate --at 2025-06-01 -q --gcloud "gcloud ai-platform versions create v1 --model m --origin gs://b/m --framework tensorflow --runtime-version 2.11 --region europe-west4"
expect_exit 0
expect_json 'j.deployedModel.dedicatedResources.machineSpec.machineType' n1-standard-2
[[ "$ERR" != *migrate-machine-unmapped* ]] || fail "a regional endpoint's default, n1-standard-2, is offered: no finding"

# A custom-container version keeps its container (image, command, args, env, ports, routes) and
# its service account, from a version record and from gcloud beta's flags alike.
migrate_file version-container.json '{"name": "projects/p/models/census/versions/c1", "description": "custom server", "container": {"image": "us-central1-docker.pkg.dev/p/serve/census:3", "command": ["python", "-m", "server"], "args": ["--workers=2", "--labels=a,b"], "env": [{"name": "MODE", "value": "fast"}, {"name": "MODEL", "value": "$(AIP_STORAGE_URI)"}], "ports": [{"containerPort": 8080}]}, "routes": {"predict": "/predict", "health": "/healthz"}, "serviceAccount": "serve@p.iam.gserviceaccount.com", "deploymentUri": "gs://b/census", "machineType": "n1-standard-4", "manualScaling": {"nodes": 2}}' --at 2025-06-01
expect_exit 0
vertex ModelDeployment
expect_jsons <<'JSON'
j.model.containerSpec.imageUri | us-central1-docker.pkg.dev/p/serve/census:3
j.model.containerSpec.command | ["python","-m","server"]
j.model.containerSpec.args | ["--workers=2","--labels=a,b"]
j.model.containerSpec.env | [{"name":"MODE","value":"fast"},{"name":"MODEL","value":"$(AIP_STORAGE_URI)"}]
j.model.containerSpec.ports | [{"containerPort":8080}]
j.model.containerSpec.predictRoute | /predict
j.model.containerSpec.healthRoute | /healthz
j.model.artifactUri | gs://b/census
j.deployedModel.serviceAccount | serve@p.iam.gserviceaccount.com
j.deployedModel.dedicatedResources.machineSpec.machineType | n1-standard-4
JSON
[[ "$ERR" != *tf2-cpu* && "$ERR" != *migrate-image-chosen* ]] || fail "a custom container gets no prebuilt image: $ERR"
mrun migrate "$WORK/version-container.json" --at 2025-06-01 --format gcloud
expect_exit 0
expect_out "gcloud ai models upload --region=REGION --display-name=census-c1 --container-image-uri=us-central1-docker.pkg.dev/p/serve/census:3 --container-command='python,-m,server' --container-args='^|^--workers=2|--labels=a,b' --container-env-vars='MODE=fast,MODEL=\$(AIP_STORAGE_URI)' --container-ports=8080 --container-predict-route=/predict --container-health-route=/healthz --artifact-uri=gs://b/census --description='custom server'"
expect_out "--machine-type=n1-standard-4 --min-replica-count=2 --max-replica-count=2 --service-account=serve@p.iam.gserviceaccount.com"
# gcloud beta's flags; without routes, the legacy defaults the container answered on are written out.
mrun migrate --at 2025-06-01 --gcloud "gcloud beta ai-platform versions create c1 --model census --region us-central1 --image us-central1-docker.pkg.dev/p/serve/census:3 --command python,-m,server --args '^|^--workers=2|--labels=a,b' --env-vars MODE=fast --ports 8080 --service-account serve@p.iam.gserviceaccount.com --machine-type n1-standard-4"
expect_exit 0
vertex ModelDeployment
expect_jsons <<'JSON'
j.model.containerSpec.imageUri | us-central1-docker.pkg.dev/p/serve/census:3
j.model.containerSpec.args | ["--workers=2","--labels=a,b"]
j.model.containerSpec.env | [{"name":"MODE","value":"fast"}]
j.model.containerSpec.ports | [{"containerPort":8080}]
j.model.containerSpec.predictRoute | /v1/models/census/versions/c1:predict
j.model.containerSpec.healthRoute | /v1/models/census/versions/c1
"artifactUri" in j.model | false
j.deployedModel.serviceAccount | serve@p.iam.gserviceaccount.com
JSON
mrun migrate --at 2025-06-01 --gcloud "gcloud beta ai-platform versions create c1 --model census --image gcr.io/p/s:1 --ports 80800"
expect_input_error "--gcloud: container.ports: a containerPort must be a port number (1 to 65535), not {\"containerPort\":80800}"
migrate_file version-noimage.json '{"name": "c2", "container": {"args": ["x"]}}' --at 2025-06-01
expect_input_error "version-noimage.json: a custom container needs its image (container.image, --image)"

# Labels: the legacy job's (REST JSON, config.yaml, gcloud --labels, which replace the --config
# file's) become the Vertex AI resource's; --format gcloud passes them with --labels.
migrate_file lab.json '{"jobId": "lab", "labels": {"team": "ml", "cost-center": "42"}, "trainingInput": {"scaleTier": "CUSTOM", "masterType": "n1-standard-8", "packageUris": ["gs://b/t.tar.gz"], "pythonModule": "t", "runtimeVersion": "2.1", "pythonVersion": "3.7"}}' --at 2025-06-01
expect_exit 0
vertex CustomJob
expect_json 'j.labels' '{"team":"ml","cost-center":"42"}'
mrun migrate "$WORK/lab.json" --at 2025-06-01 --format gcloud
expect_exit 0
expect_out "gcloud ai custom-jobs create --display-name=lab --config=lab-vertex.yaml --labels='team=ml,cost-center=42'"
mrun migrate "$WORK/lab.json" --at 2025-06-01 --format yaml
expect_exit 0
expect_no_out "team"
printf 'labels:\n  team: ml\n  version: 2\ntrainingInput:\n  scaleTier: CUSTOM\n  masterType: n1-standard-8\n  masterConfig:\n    imageUri: gcr.io/p/t:1\n' >"$WORK/lab.yaml"
mrun migrate "$WORK/lab.yaml" --at 2025-06-01
expect_exit 0
vertex CustomJob
expect_json 'j.labels' '{"team":"ml","version":"2"}'
mrun migrate --at 2025-06-01 --gcloud "gcloud ai-platform jobs submit training lab2 --config $WORK/lab.yaml --labels env=prod"
expect_exit 0
vertex CustomJob
expect_json 'j.labels' '{"env":"prod"}'
mrun migrate "$J/valid-tuning.json" --at 2025-06-01 --gcloud "gcloud ai-platform jobs submit training t2 --config $J/valid-tuning.json --labels team=ml" -q
expect_exit 0
expect_json 'j[1].labels' '{"team":"ml"}'
printf '%s\n' 'trainingInput:' '  hyperparameters:' '    goal: MAXIMIZE' '    hyperparameterMetricTag: acc' '    maxTrials: 4' '    params:' '      - parameterName: lr' '        type: DOUBLE' '        minValue: 0.01' '        maxValue: 0.1' '  scaleTier: BASIC' '  masterConfig:' '    imageUri: gcr.io/p/t:1' 'labels:' '  team: ml' >"$WORK/tune.yaml"
mrun migrate "$WORK/tune.yaml" --at 2025-06-01
expect_exit 0
vertex HyperparameterTuningJob
expect_json 'j.labels' '{"team":"ml"}'
mrun migrate "$WORK/tune.yaml" --at 2025-06-01 --format gcloud
expect_out "--max-trial-count=4 --parallel-trial-count=1 --labels=team=ml"
mrun migrate --at 2025-06-01 --gcloud "$(cat "$SRC/tests/fixtures/migrate-prediction/batch.sh") --labels team=ml"
expect_exit 0
vertex BatchPredictionJob
expect_json 'j.labels' '{"team":"ml"}'
mrun migrate --at 2025-06-01 --format gcloud -q --gcloud "$(cat "$SRC/tests/fixtures/migrate-prediction/version-create.sh") --labels team=ml"
expect_exit 0
expect_out "--artifact-uri=gs://my-bucket/census/model --labels=team=ml
gcloud ai endpoints create --region=us-central1 --display-name=census-v2 --labels=team=ml
gcloud ai endpoints deploy-model"
migrate_file version-labels.json '{"name": "projects/p/models/m/versions/v1", "deploymentUri": "gs://b/m", "framework": "SCIKIT_LEARN", "runtimeVersion": "2.11", "pythonVersion": "3.7", "machineType": "n1-standard-2", "labels": {"team": "ml"}}' --at 2025-06-01
expect_exit 0
expect_json 'j.model.labels' '{"team":"ml"}'
migrate_file bad-labels.json '{"jobId": "lab", "labels": ["team"], "trainingInput": {"scaleTier": "BASIC"}}' --at 2025-06-01
expect_input_error "bad-labels.json:1:18: labels must be an object of KEY: VALUE strings, not a list"
mrun migrate --at 2025-06-01 --gcloud "gcloud ai-platform jobs submit training j --master-image-uri gcr.io/p/t:1 --labels team"
expect_input_error "--gcloud:1:84: --labels takes KEY=VALUE pairs separated by commas, not 'team'"

# gcloud's accelerator flags: each role's machineSpec accelerator; a K80 becomes today's nearest, as a finding.
mrun migrate --at 2025-06-01 --gcloud "gcloud ai-platform jobs submit training acc --scale-tier custom --master-machine-type n1-standard-8 --master-accelerator type=nvidia-tesla-v100,count=2 --worker-machine-type n1-standard-8 --worker-count 2 --worker-accelerator=type=nvidia-tesla-k80 --parameter-server-machine-type n1-standard-4 --parameter-server-count 1 --parameter-server-accelerator count=1,type=nvidia-tesla-p100 --master-image-uri gcr.io/p/t:1"
expect_exit 0
vertex CustomJob
expect_jsons <<'JSON'
j.jobSpec.workerPoolSpecs[0].machineSpec | {"machineType":"n1-standard-8","acceleratorType":"NVIDIA_TESLA_V100","acceleratorCount":2}
j.jobSpec.workerPoolSpecs[1].machineSpec | {"machineType":"n1-standard-8","acceleratorType":"NVIDIA_TESLA_T4","acceleratorCount":1}
j.jobSpec.workerPoolSpecs[2].machineSpec | {"machineType":"n1-standard-4","acceleratorType":"NVIDIA_TESLA_P100","acceleratorCount":1}
JSON
expect_err "--gcloud:1:153: warning: NVIDIA_TESLA_K80 is no longer offered by Vertex AI"
expect_err "migrated to NVIDIA_TESLA_T4"
expect_err "[migrate-accelerator-retired]"
# A Python package job with a GPU from the flags runs on the GPU twin of the image.
mrun migrate --at 2025-06-01 --gcloud "gcloud ai-platform jobs submit training accp --scale-tier custom --master-machine-type n1-standard-8 --master-accelerator type=nvidia-tesla-t4,count=1 --packages gs://b/t.tar.gz --module-name t --runtime-version 2.1 --python-version 3.7"
expect_exit 0
vertex CustomJob
expect_json 'j.jobSpec.workerPoolSpecs[0].pythonPackageSpec.executorImageUri.includes("tf-gpu.")' true
mrun migrate --at 2025-06-01 --gcloud "gcloud ai-platform jobs submit training acc --master-image-uri gcr.io/p/t:1 --master-accelerator count=2"
expect_input_error "--gcloud:1:98: --master-accelerator needs type=TYPE (for example type=nvidia-tesla-t4,count=1)"
mrun migrate --at 2025-06-01 --gcloud "gcloud ai-platform jobs submit training acc --master-image-uri gcr.io/p/t:1 --master-accelerator type=nvidia-tesla-t4,count=x"
expect_input_error "--gcloud:1:98: --master-accelerator count must be a whole number, not 'x'"
# encryptionConfig (and gcloud's --kms-key with its keyring, location and project) become the job's
# encryptionSpec; --format gcloud passes it as --kms-key.
migrate_file enc.json '{"jobId": "enc", "trainingInput": {"scaleTier": "CUSTOM", "masterType": "n1-standard-8", "masterConfig": {"imageUri": "gcr.io/p/t:1"}, "encryptionConfig": {"kmsKeyName": "projects/p/locations/us-central1/keyRings/r/cryptoKeys/k"}}}' --at 2025-06-01
expect_exit 0
vertex CustomJob
expect_json 'j.encryptionSpec.kmsKeyName' 'projects/p/locations/us-central1/keyRings/r/cryptoKeys/k'
[[ "$ERR" != *encryptionConfig* ]] || fail "encryptionConfig has an equivalent"
mrun migrate --at 2025-06-01 --format gcloud --gcloud "gcloud ai-platform jobs submit training e2 --master-image-uri gcr.io/p/t:1 --kms-key k --kms-keyring r --kms-location us-central1 --kms-project p"
expect_exit 0
expect_out "gcloud ai custom-jobs create --display-name=e2 --config=e2-vertex.yaml --kms-key=projects/p/locations/us-central1/keyRings/r/cryptoKeys/k"
finish
