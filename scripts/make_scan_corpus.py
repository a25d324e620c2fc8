#!/usr/bin/env python3
"""Writes tests/fixtures/scan-corpus: a tree in the shapes public ML sample repositories use
(AI Platform samples: shell scripts, config.yaml, READMEs, notebooks with !gcloud and REST bodies;
Vertex AI samples: notebooks with Colab forms, version if/else chains, image URIs built with
.format and f-strings, the SDK), and expected.tsv: every runtime reference a reader would count,
at the line and column of the raw file where it is used.

Each expected reference is marked in the templates below by ⟪VALUE⟫ (or ⟪A|B⟫ for a value that
depends on a condition) written just before the text where it is used; the marker is removed from
the file and its place recorded. Text without a marker (prose, outputs, option lists) holds no
reference. tests/cli/test_scan_corpus.sh compares `rtcat scan` with expected.tsv (recall and
precision). Run from the repository root: python3 scripts/make_scan_corpus.py
"""
import json
import os
import re
import shutil

ROOT = "tests/fixtures/scan-corpus"
MARK = re.compile("⟪([^⟫]*)⟫")
expected = []


def place(path, raw):
    """Removes the markers from raw, recording where each stood; writes the file."""
    out = []
    line, col = 1, 1
    pos = 0
    for m in MARK.finditer(raw):
        chunk = raw[pos:m.start()]
        out.append(chunk)
        for ch in chunk:
            if ch == "\n":
                line, col = line + 1, 1
            else:
                col += 1
        for value in m.group(1).split("|"):
            expected.append((path, line, col, value))
        pos = m.end()
    out.append(raw[pos:])
    full = os.path.join(ROOT, "repo", path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w", encoding="utf-8") as f:
        f.write("".join(out))


def notebook(path, cells):
    nb = {"cells": [], "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                                    "colab": {"name": os.path.basename(path)}},
          "nbformat": 4, "nbformat_minor": 4}
    for c in cells:
        kind, src = c[0], c[1]
        cell = {"cell_type": kind, "metadata": {}, "source": src.splitlines(True)}
        if kind == "code":
            cell["execution_count"] = None
            cell["outputs"] = c[2] if len(c) > 2 else []
        nb["cells"].append(cell)
    place(path, json.dumps(nb, indent=1, ensure_ascii=False) + "\n")


def stream(*lines):
    return [{"name": "stdout", "output_type": "stream", "text": [l + "\n" for l in lines]}]


shutil.rmtree(os.path.join(ROOT, "repo"), ignore_errors=True)

# --- AI Platform samples (cloudml-samples style) -------------------------------------------
place("census/tensorflow/scripts/train-cloud.sh", """#!/bin/bash
# Copyright 2019 Google LLC
set -euxo pipefail

echo "Submitting an AI Platform job..."

RUNTIME_VERSION=1.15
PYTHON_VERSION=3.7
REGION=us-central1
DATE=$(date '+%Y%m%d_%H%M%S')
JOB_NAME=census_$DATE
JOB_DIR=gs://$BUCKET_NAME/models/$JOB_NAME

gcloud ai-platform jobs submit training "$JOB_NAME" \\
  --stream-logs \\
  --job-dir "$JOB_DIR" \\
  --package-path trainer \\
  --module-name trainer.task \\
  --region $REGION \\
  --runtime-version ⟪1.15⟫$RUNTIME_VERSION \\
  --python-version $PYTHON_VERSION \\
  -- \\
  --train-files "$TRAIN_FILES"
""")

place("census/tensorflow/scripts/train-hptuning.sh", """#!/bin/bash
export RUNTIME_VERSION="2.1"
export PYTHON_VERSION="3.7"
CONFIG_FILE=hptuning_config.yaml

gcloud ai-platform jobs submit training "${JOB_NAME}" \\
  --config "${CONFIG_FILE}" \\
  --package-path=trainer \\
  --module-name=trainer.task \\
  --region="${REGION:-us-central1}" \\
  --runtime-version="⟪2.1⟫${RUNTIME_VERSION}" \\
  --python-version="${PYTHON_VERSION}"
""")

place("census/tensorflow/Makefile", """RUNTIME_VERSION ?= 1.15
PYTHON_VERSION ?= 3.7
JOB_NAME := census_$(shell date +%s)

train-cloud:
	gcloud ai-platform jobs submit training $(JOB_NAME) --region us-central1 --config hptuning_config.yaml \\
	  --runtime-version ⟪1.15⟫$(RUNTIME_VERSION) --python-version $(PYTHON_VERSION) \\
	  --package-path trainer --module-name trainer.task

deploy:
	gcloud ai-platform versions create v1 --model census --origin gs://b/export --runtime-version ⟪1.15⟫$(RUNTIME_VERSION)
""")

place(".github/workflows/deploy.yml", """name: deploy
on: {push: {branches: [main]}}
jobs:
  deploy:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: google-github-actions/setup-gcloud@v2
      - run: |
          gcloud ai-platform versions create "v${GITHUB_RUN_NUMBER}" --model census \\
            --runtime-version ⟪2.3⟫2.3 --python-version 3.7 --origin gs://b/export
""")

place("census/tensorflow/trainer/launch.py", """import os
import subprocess

RUNTIME_VERSION = '2.2'
REGION = os.environ.get('REGION') or 'us-central1'


def launch(job):
    os.system(f"gcloud ai-platform jobs submit training {job} --region {REGION} "
              f"--runtime-version ⟪2.2⟫{RUNTIME_VERSION} --python-version 3.7 --package-path trainer")
    subprocess.run(["gcloud", "ai-platform", "jobs", "describe", job], check=True)
""")

place("census/tensorflow/hptuning_config.yaml", """trainingInput:
  scaleTier: CUSTOM
  masterType: n1-standard-8
  runtimeVersion: "⟪2.1⟫2.1"
  pythonVersion: "3.7"
  hyperparameters:
    goal: MAXIMIZE
    maxTrials: 4
""")

place("census/tensorflow/README.md", """# Census: TensorFlow on AI Platform

This sample trains on runtime version 1.15 with Python 3.7, and was tested with
runtimeVersion: 1.14, 1.15 and 2.1. Versions before 1.13 do not support Python 3.7.

## Train on the cloud

```shell
gcloud ai-platform jobs submit training census_job \\
    --region us-central1 \\
    --runtime-version ⟪1.15⟫1.15 \\
    --python-version 3.7 \\
    --package-path trainer/ --module-name trainer.task
```

## Deploy

```bash
gcloud ai-platform versions create v1 --model census \\
    --runtime-version=⟪1.15⟫1.15 --python-version=3.7 --framework=tensorflow \\
    --origin gs://bucket/export
```

Runtime 1.15 reached its end of support; see the runtime version list.
""")

place("census/sklearn/scripts/deploy.sh", """#!/bin/bash
MODEL_NAME=census_sklearn
VERSION_NAME=v1
FLAGS="--runtime-version ⟪1.10⟫1.10 --python-version 2.7 --framework scikit-learn"
gcloud ml-engine versions create $VERSION_NAME --model $MODEL_NAME $FLAGS --origin gs://bucket/model/
""")

place("census/sklearn/batch_predict.sh", """#!/bin/bash
gcloud ai-platform jobs submit prediction census_batch_$(date +%s) \\
  --model census_sklearn \\
  --input-paths gs://bucket/input/* \\
  --output-path gs://bucket/output \\
  --region us-central1 \\
  --data-format text \\
  --runtime-version ⟪1.14⟫1.14
""")

place("census/customcontainer/Dockerfile", """FROM ⟪tf-gpu.2-8⟫us-docker.pkg.dev/vertex-ai/training/tf-gpu.2-8:latest
WORKDIR /root
COPY trainer/ trainer/
ENTRYPOINT ["python", "-m", "trainer.task"]
""")

place("census/rest/job.json", """{
  "jobId": "census_rest_1",
  "trainingInput": {
    "scaleTier": "BASIC",
    "packageUris": ["gs://bucket/trainer-0.1.tar.gz"],
    "pythonModule": "trainer.task",
    "region": "us-central1",
    "runtimeVersion": "⟪1.15⟫1.15",
    "pythonVersion": "3.7"
  }
}
""")

place("census/rest/submit.py", """\"\"\"Submits the census job with the REST API.\"\"\"
import os
import subprocess

from googleapiclient import discovery

PROJECT_ID = os.environ.get("PROJECT_ID", "my-project")
RUNTIME_VERSION = os.getenv("RUNTIME_VERSION", "2.3")
PYTHON_VERSION = "3.7"


def build_job(job_id):
    training_inputs = {
        "scaleTier": "BASIC",
        "packageUris": ["gs://bucket/trainer-0.1.tar.gz"],
        "pythonModule": "trainer.task",
        "region": "us-central1",
        "runtimeVersion": ⟪2.3⟫RUNTIME_VERSION,
        "pythonVersion": PYTHON_VERSION,
    }
    return {"jobId": job_id, "trainingInput": training_inputs}


def submit_with_gcloud(job_id):
    cmd = [
        "gcloud", "ai-platform", "jobs", "submit", "training", job_id,
        "--region", "us-central1",
        "--runtime-version", ⟪2.3⟫RUNTIME_VERSION,
        "--python-version", PYTHON_VERSION,
    ]
    subprocess.check_call(cmd)


def main():
    ml = discovery.build("ml", "v1")
    request = ml.projects().jobs().create(parent="projects/" + PROJECT_ID, body=build_job("census_1"))
    print(request.execute())
""")

notebook("notebooks/ai-platform/census_keras.ipynb", [
    ("markdown", "# Census with Keras on AI Platform\n\nThis notebook uses **runtime version 1.15** (also tested on 1.14 and 2.1).\n"),
    ("code", "PROJECT_ID = \"my-project\"  # @param {type:\"string\"}\nBUCKET_NAME = \"my-bucket\"  # @param {type:\"string\"}\nREGION = \"us-central1\"  # @param {type:\"string\"}\n"),
    ("code", "%env PROJECT_ID=my-project\n%env REGION us-central1\n%env RUNTIME_VERSION 1.15\n%env PYTHON_VERSION=3.7\n"),
    ("code", "JOB_NAME = 'my_first_keras_job'\nJOB_DIR = 'gs://' + BUCKET_NAME + '/keras-job-dir'\n"),
    ("code", "! gcloud ai-platform jobs submit training $JOB_NAME \\\n  --package-path trainer/ \\\n  --module-name trainer.task \\\n  --region $REGION \\\n  --python-version $PYTHON_VERSION \\\n  --runtime-version ⟪1.15⟫$RUNTIME_VERSION \\\n  --job-dir $JOB_DIR \\\n  --stream-logs\n",
     stream("jobId: my_first_keras_job", "state: QUEUED", "trainingInput:", "  runtimeVersion: '1.15'", "  pythonVersion: '3.7'")),
    ("markdown", "## Deploy\n\nCreate a version on runtime 1.15:\n\n```\ngcloud ai-platform versions create v1 --model keras --runtime-version ⟪1.15⟫1.15 --python-version 3.7 --framework tensorflow\n```\n"),
    ("code", "MODEL_NAME = \"my_first_keras_model\"\nMODEL_VERSION = \"v1\"\n\n! gcloud ai-platform versions create $MODEL_VERSION \\\n  --model $MODEL_NAME \\\n  --runtime-version ⟪1.15⟫1.15 \\\n  --python-version 3.7 \\\n  --framework tensorflow \\\n  --origin $JOB_DIR/keras_export\n"),
    ("code", "! gcloud ai-platform versions describe $MODEL_VERSION --model $MODEL_NAME\n",
     stream("deploymentUri: gs://my-bucket/keras-job-dir/keras_export", "framework: TENSORFLOW", "runtimeVersion: '1.15'", "pythonVersion: '3.7'")),
])

notebook("notebooks/ai-platform/sklearn_xgboost.ipynb", [
    ("markdown", "# scikit-learn and XGBoost\n\nAI Platform runtime versions 1.13 and later can train scikit-learn.\n"),
    ("code", "RUNTIME_VERSION = \"1.15\"  # @param [\"1.13\", \"1.14\", \"1.15\", \"2.1\"]\nPYTHON_VERSION = \"3.7\"  # @param [\"2.7\", \"3.5\", \"3.7\"]\nFRAMEWORK = \"scikit-learn\"\n"),
    ("code", "%%bash\ngcloud ai-platform jobs submit training sklearn_job_1 \\\n  --region us-central1 \\\n  --runtime-version ⟪1.14⟫1.14 \\\n  --python-version 3.7 \\\n  --package-path ./trainer --module-name trainer.task\n"),
    ("code", "!gcloud ai-platform versions create xgb_v1 --model xgb --origin gs://b/model \\\n  --runtime-version=⟪1.15⟫$RUNTIME_VERSION --framework $FRAMEWORK --python-version=$PYTHON_VERSION\n"),
    ("code", "%%writefile config.yaml\ntrainingInput:\n  scaleTier: BASIC\n  runtimeVersion: '⟪2.1⟫2.1'\n  pythonVersion: '3.7'\n"),
    ("code", "job_spec = {\n    'jobId': 'xgb_' + TIMESTAMP,\n    'trainingInput': {\n        'scaleTier': 'BASIC',\n        'runtimeVersion': ⟪1.15⟫RUNTIME_VERSION,\n        'pythonVersion': PYTHON_VERSION,\n        'region': REGION,\n    },\n}\n"),
])

notebook("notebooks/ai-platform/hyperparameter_tuning.ipynb", [
    ("markdown", "# Hyperparameter tuning\n\nThe job's settings are in `config.yaml`; the runtime must be 1.13 or later.\n"),
    ("code", "%%writefile config.yaml\ntrainingInput:\n  scaleTier: BASIC\n  runtimeVersion: \"⟪1.14⟫1.14\"\n  pythonVersion: \"3.7\"\n  hyperparameters:\n    goal: MAXIMIZE\n    maxTrials: 10\n"),
    ("code", "!gcloud ai-platform jobs submit training hptuning_1 --config config.yaml --region us-central1 \\\n    --package-path trainer --module-name trainer.task\n",
     stream("Job [hptuning_1] submitted successfully.", "runtimeVersion: '1.14'")),
    ("code", "import json\nwith open('job.json', 'w') as f:\n    json.dump({'jobId': 'j', 'trainingInput': {'runtimeVersion': '⟪1.14⟫1.14', 'pythonVersion': '3.7'}}, f)\n"),
])

notebook("notebooks/ai-platform/batch_prediction.ipynb", [
    ("markdown", "## Batch prediction\n\n`gcloud ai-platform jobs submit prediction` takes `--runtime-version` too.\n"),
    ("code", "RUNTIME = '1.14'\nINPUT = 'gs://bucket/batch/*.json'\n!gcloud ai-platform jobs submit prediction batch_1 --model census --input-paths $INPUT \\\n    --output-path gs://bucket/out --region us-central1 --data-format text --runtime-version ⟪1.14⟫{RUNTIME}\n"),
    ("code", "body = {\"jobId\": \"batch_2\", \"predictionInput\": {\"dataFormat\": \"JSON\", \"inputPaths\": [INPUT],\n        \"outputPath\": \"gs://bucket/out2\", \"region\": \"us-central1\", \"runtimeVersion\": \"⟪1.14⟫1.14\",\n        \"modelName\": \"projects/p/models/census\"}}\n"),
])

# --- Vertex AI samples (vertex-ai-samples style) ---------------------------------------------
notebook("notebooks/vertex/custom_training_tf.ipynb", [
    ("markdown", "# Custom training with a prebuilt container\n\nPrebuilt containers such as `tf-cpu.2-1` and `tf-gpu.2-1` are listed in the docs; versions 2.1 to 2.8 work.\n"),
    ("code", "import os\n\nPROJECT_ID = \"[your-project-id]\"  # @param {type:\"string\"}\nREGION = \"us-central1\"  # @param {type: \"string\"}\n"),
    ("code", "if os.getenv(\"IS_TESTING_TF\"):\n    TF = os.getenv(\"IS_TESTING_TF\")\nelse:\n    TF = \"2-1\"\n\nif TF[0] == \"2\":\n    if TRAIN_GPU:\n        TRAIN_VERSION = \"tf-gpu.{}\".format(TF)\n    else:\n        TRAIN_VERSION = \"tf-cpu.{}\".format(TF)\n    if DEPLOY_GPU:\n        DEPLOY_VERSION = \"tf2-gpu.{}\".format(TF)\n    else:\n        DEPLOY_VERSION = \"tf2-cpu.{}\".format(TF)\nelse:\n    TRAIN_VERSION = \"tf-cpu.{}\".format(TF)\n    DEPLOY_VERSION = \"tf-cpu.{}\".format(TF)\n\nTRAIN_IMAGE = \"⟪tf-gpu.2-1|tf-cpu.2-1⟫{}-docker.pkg.dev/vertex-ai/training/{}:latest\".format(\n    REGION.split(\"-\")[0], TRAIN_VERSION\n)\nDEPLOY_IMAGE = \"⟪tf2-gpu.2-1|tf2-cpu.2-1⟫{}-docker.pkg.dev/vertex-ai/prediction/{}:latest\".format(\n    REGION.split(\"-\")[0], DEPLOY_VERSION\n)\n\nprint(\"Training:\", TRAIN_IMAGE, TRAIN_GPU)\nprint(\"Deployment:\", DEPLOY_IMAGE, DEPLOY_GPU)\n",
     stream("Training: us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-1:latest None", "Deployment: us-docker.pkg.dev/vertex-ai/prediction/tf2-cpu.2-1:latest None")),
    ("code", "job = aiplatform.CustomTrainingJob(\n    display_name=\"custom_\" + TIMESTAMP,\n    script_path=\"task.py\",\n    container_uri=TRAIN_IMAGE,\n    requirements=[\"gcsfs==0.7.1\"],\n    model_serving_container_image_uri=DEPLOY_IMAGE,\n)\n"),
])

notebook("notebooks/vertex/sdk_custom_container.ipynb", [
    ("code", "%%writefile Dockerfile\nFROM ⟪tf-cpu.2-3⟫gcr.io/cloud-aiplatform/training/tf-cpu.2-3:latest\nWORKDIR /root\nCOPY trainer trainer\n"),
    ("code", "IMAGE_URI = \"⟪pytorch-gpu.1-11⟫us-docker.pkg.dev/vertex-ai/training/pytorch-gpu.1-11:latest\"\nDEPLOY = f\"⟪pytorch-cpu.1-11⟫{REGION.split('-')[0]}-docker.pkg.dev/vertex-ai/prediction/pytorch-cpu.1-11:latest\"\n"),
    ("code", "job = aiplatform.CustomContainerTrainingJob(\n    display_name=\"pt\",\n    container_uri=\"⟪pytorch-gpu.1-13⟫us-docker.pkg.dev/vertex-ai/training/pytorch-gpu.1-13:latest\",\n    model_serving_container_image_uri=\"⟪pytorch-cpu.1-13⟫europe-docker.pkg.dev/vertex-ai/prediction/pytorch-cpu.1-13:latest\",\n)\n"),
    ("code", "serving_uri = aiplatform.helpers.get_prebuilt_prediction_container_uri(\n    framework=\"sklearn\", framework_version=\"⟪sklearn-cpu.1-0⟫1.0\", accelerator=\"cpu\"\n)\n"),
    ("code", "FRAMEWORK = \"xgboost\"\nFRAMEWORK_VERSION = \"1.4\"\nxgb_uri = aiplatform.helpers.get_prebuilt_prediction_container_uri(FRAMEWORK, ⟪xgboost-cpu.1-4⟫FRAMEWORK_VERSION)\n"),
])

notebook("notebooks/vertex/sdk_automl_options.ipynb", [
    ("markdown", "Pick a container below; the list shows every option the form offers.\n"),
    ("code", "CONTAINER = \"⟪sklearn-cpu.0-24⟫us-docker.pkg.dev/vertex-ai/prediction/sklearn-cpu.0-24:latest\"  # @param [\"us-docker.pkg.dev/vertex-ai/prediction/sklearn-cpu.0-23:latest\", \"us-docker.pkg.dev/vertex-ai/prediction/sklearn-cpu.0-24:latest\", \"us-docker.pkg.dev/vertex-ai/prediction/sklearn-cpu.1-0:latest\"]\n"),
    ("code", "! docker pull ⟪tf2-cpu.2-8⟫$REGION-docker.pkg.dev/vertex-ai/prediction/tf2-cpu.2-8:latest\n"),
    ("code", "print(aiplatform.__version__)\n", [{"data": {"text/plain": ["'us-docker.pkg.dev/vertex-ai/prediction/tf2-cpu.2-3:latest'"]},
                                            "execution_count": 3, "metadata": {}, "output_type": "execute_result"}]),
])

place("vertex/pipelines/deploy.sh", """#!/bin/bash
REGION=${REGION:-us-central1}
IMAGE_URI=⟪sklearn-cpu.1-0⟫${REGION%%-*}-docker.pkg.dev/vertex-ai/prediction/sklearn-cpu.1-0:latest
gcloud ai models upload --region=$REGION --display-name=m --container-image-uri=$IMAGE_URI --artifact-uri=gs://b/m
""")

place("vertex/trainer/submit.py", """from google.cloud import aiplatform

TRAIN_IMAGE = "⟪tf-cpu.2-11.py310⟫us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-11.py310:latest"


def run(region: str):
    serving = "⟪tf2-cpu.2-11⟫{}-docker.pkg.dev/vertex-ai/prediction/{}:latest".format(region.split("-")[0], "tf2-cpu.2-11")
    job = aiplatform.CustomTrainingJob(display_name="t", script_path="task.py", container_uri=TRAIN_IMAGE,
                                       model_serving_container_image_uri=serving)
    return job.run()
""")

place("vertex/trainer/images.py", """\"\"\"Image URIs for the pipeline, by TensorFlow version.\"\"\"
TF_VERSION = '2.1'
REGION = "us-central1"

LEGACY_IMAGE = f"⟪tf-cpu.2-1⟫gcr.io/cloud-aiplatform/training/tf-cpu.{TF_VERSION.replace('.', '-')}:latest"
SERVING_IMAGE = "⟪tf2-cpu.2-1⟫{}-docker.pkg.dev/vertex-ai/prediction/tf2-cpu.{}:latest".format(
    REGION.split("-")[0], TF_VERSION.replace(".", "-"))
GPU_IMAGE = "⟪tf-gpu.2-1⟫us-docker.pkg.dev/vertex-ai/training/tf-gpu.%s:latest" % TF_VERSION.replace(".", "-")
""")

place("docs/runtime-versions.md", """# Runtime versions

| runtime | Python | status |
|---|---|---|
| 1.15 | 3.7 | closed |
| 2.1 | 3.7 | closed |

Supported runtimeVersion values were 1.14, 1.15, 2.1 and 2.2; pythonVersion: 3.7.
The prebuilt images tf-cpu.2-1 and tf2-cpu.2-1 replaced them on Vertex AI
(us-docker.pkg.dev/vertex-ai/training/...).

To migrate, replace `--runtime-version 1.15` with a container image such as
`⟪tf-cpu.2-11.py310⟫us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-11.py310:latest`.
""")

if __name__ == "__main__":
    with open(os.path.join(ROOT, "expected.tsv"), "w", encoding="utf-8") as f:
        f.write("# path\tline\tcolumn\tvalue (written by scripts/make_scan_corpus.py)\n")
        for path, line, col, value in expected:
            if value:
                f.write(f"{path}\t{line}\t{col}\t{value}\n")
