#!/usr/bin/env python3
"""Generates the scan benchmark tree: N text files (about SIZE bytes each) in folders of 100,
with a few hundred runtime references in every form `rtcat scan` reads. Deterministic (seeded).

As in public ML sample repositories, one file in eight is a Jupyter notebook (nbformat 4 JSON:
Markdown and code cells, stream outputs and a base64 image output), and most references live in
notebooks: about three quarters of the reference blocks go into one, in the notebook forms ("!gcloud" lines,
%%bash cells, Python request bodies, values through variables and if/else chains, image URIs
built with .format and f-strings).

usage: gen_scan_tree.py DIR [FILES] [SIZE]
"""
import json
import os
import random
import sys

root = sys.argv[1]
files = int(sys.argv[2]) if len(sys.argv) > 2 else 50000
size = int(sys.argv[3]) if len(sys.argv) > 3 else 10000
rng = random.Random(5)

WORDS = ("the model trainer data input output batch epoch layer tensor gradient loss metric eval "
         "config value return import def class self print job region bucket storage path file "
         "version release update deploy service endpoint request response python runtime").split()
EXTS = [".py", ".sh", ".yaml", ".json", ".md", ".txt", ".cfg", "/Dockerfile", ".ipynb"]

REFS = [
    "gcloud ai-platform jobs submit training job_{i} \\\n  --region us-central1 \\\n  --runtime-version 1.15 \\\n  --python-version 3.7\n",
    "gcloud ml-engine versions create v{i} --model m --runtime-version=2.1 --framework SCIKIT_LEARN --python-version 3.7\n",
    "trainingInput:\n  runtimeVersion: '2.11'\n  pythonVersion: '3.7'\n",
    '{{"trainingInput": {{"runtimeVersion": "2.8", "pythonVersion": "3.7"}}}}\n',
    "JOB = {{'runtimeVersion': '2.3', 'pythonVersion': '3.7'}}\nsubmit(runtime_version='2.8', python_version=\"3.7\")\n",
    "FROM us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-11.py310:latest\n",
    "image: europe-docker.pkg.dev/vertex-ai/prediction/sklearn-cpu.1-0:latest\n",
]


# Code cells holding references, in the shapes notebooks use.
NB_REFS = [
    "RUNTIME_VERSION = \"1.15\"  # @param [\"1.14\", \"1.15\", \"2.1\"]\nPYTHON_VERSION = \"3.7\"\n"
    "! gcloud ai-platform jobs submit training job_{i} --region us-central1 \\\n"
    "    --runtime-version $RUNTIME_VERSION --python-version $PYTHON_VERSION\n",
    "%%bash\ngcloud ai-platform versions create v{i} --model m --runtime-version=2.1 --framework scikit-learn --python-version 3.7\n",
    "if os.getenv(\"IS_TESTING_TF\"):\n    TF = os.getenv(\"IS_TESTING_TF\")\nelse:\n    TF = \"2-8\"\n"
    "TRAIN_VERSION = \"tf-cpu.{{}}\".format(TF)\n"
    "TRAIN_IMAGE = \"{{}}-docker.pkg.dev/vertex-ai/training/{{}}:latest\".format(REGION.split(\"-\")[0], TRAIN_VERSION)\n",
    "job = {{\"jobId\": \"j{i}\", \"trainingInput\": {{\"scaleTier\": \"BASIC\", \"runtimeVersion\": RUNTIME_VERSION,\n"
    "        \"pythonVersion\": \"3.7\"}}}}\nRUNTIME_VERSION = \"2.3\"\n",
    "%env RUNTIME 2.11\n!gcloud ai-platform jobs submit prediction b{i} --model m --data-format text --runtime-version $RUNTIME\n",
    "DEPLOY_IMAGE = f\"{{REGION.split('-')[0]}}-docker.pkg.dev/vertex-ai/prediction/tf2-cpu.2-8:latest\"\n"
    "uri = aiplatform.helpers.get_prebuilt_prediction_container_uri(framework=\"sklearn\", framework_version=\"1.0\")\n",
    "%%writefile Dockerfile\nFROM gcr.io/cloud-aiplatform/training/tf-cpu.2-3:latest\n",
]

PNG = "iVBORw0KGgoAAAANSUhEUgAA" + "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/") for _ in range(3000))


def notebook(body, ref):
    """A notebook of about len(body) bytes: the filler as Markdown and code cells, with outputs."""
    lines = body.splitlines(True)
    cells = []
    k = 0
    while k < len(lines):
        chunk = lines[k:k + 12]
        k += 12
        if len(cells) % 3 == 0:
            cells.append({"cell_type": "markdown", "metadata": {}, "source": ["## " + chunk[0]] + chunk[1:]})
        else:
            outputs = [{"name": "stdout", "output_type": "stream", "text": chunk[:3]}]
            if len(cells) % 5 == 1:
                outputs.append({"data": {"image/png": PNG, "text/plain": ["<Figure size 640x480 with 1 Axes>"]},
                                "metadata": {}, "output_type": "display_data"})
            cells.append({"cell_type": "code", "execution_count": len(cells), "metadata": {}, "outputs": outputs,
                          "source": ["# " + l if not l.startswith("#") else l for l in chunk]})
        if ref is not None and len(cells) == 4:
            cells.append({"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                          "source": ref.splitlines(True)})
    nb = {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    return json.dumps(nb, indent=1) + "\n"


def filler(n):
    out = []
    total = 0
    while total < n:
        line = " ".join(rng.choice(WORDS) for _ in range(rng.randint(4, 14)))
        out.append(line)
        total += len(line) + 1
    return "\n".join(out) + "\n"


blocks = [filler(size) for _ in range(64)]
refs = 0
for i in range(files):
    folder = os.path.join(root, "d%03d" % (i // 100))
    if i % 100 == 0:
        os.makedirs(folder, exist_ok=True)
    ext = EXTS[i % len(EXTS)]
    path = os.path.join(folder, "f%05d%s" % (i, ext)) if not ext.startswith("/") else os.path.join(folder, "f%05d.Dockerfile" % i)
    body = blocks[i % len(blocks)]
    if ext == ".ipynb":
        # One notebook in five gets a reference block (every 45th file), the other files one in
        # 150: about three quarters of the blocks are in notebooks.
        ref = None
        if i % 45 == 8:
            ref = NB_REFS[(i // 45) % len(NB_REFS)].format(i=i)
            refs += 1
        body = notebook(body, ref)
    elif i % 150 == 7:
        ref = REFS[(i // 150) % len(REFS)].format(i=i)
        half = len(body) // 2
        cut = body.index("\n", half) + 1
        body = body[:cut] + ref + body[cut:]
        refs += 1
    with open(path, "w") as f:
        f.write(body)
print("%d files, %d reference blocks in %s" % (files, refs, root))
