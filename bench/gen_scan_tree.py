#!/usr/bin/env python3
"""Generates the scan benchmark tree: N text files (about SIZE bytes each) in folders of 100,
with a few hundred runtime references in every form `rtcat scan` reads. Deterministic (seeded).

usage: gen_scan_tree.py DIR [FILES] [SIZE]
"""
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
EXTS = [".py", ".sh", ".yaml", ".json", ".md", ".txt", ".cfg", "/Dockerfile"]

REFS = [
    "gcloud ai-platform jobs submit training job_{i} \\\n  --region us-central1 \\\n  --runtime-version 1.15 \\\n  --python-version 3.7\n",
    "gcloud ml-engine versions create v{i} --model m --runtime-version=2.1 --framework SCIKIT_LEARN --python-version 3.7\n",
    "trainingInput:\n  runtimeVersion: '2.11'\n  pythonVersion: '3.7'\n",
    '{{"trainingInput": {{"runtimeVersion": "2.8", "pythonVersion": "3.7"}}}}\n',
    "JOB = {{'runtimeVersion': '2.3', 'pythonVersion': '3.7'}}\nsubmit(runtime_version='2.8', python_version=\"3.7\")\n",
    "FROM us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-11.py310:latest\n",
    "image: europe-docker.pkg.dev/vertex-ai/prediction/sklearn-cpu.1-0:latest\n",
]


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
    if i % 150 == 7:
        ref = REFS[(i // 150) % len(REFS)].format(i=i)
        half = len(body) // 2
        cut = body.index("\n", half) + 1
        body = body[:cut] + ref + body[cut:]
        refs += 1
    with open(path, "w") as f:
        f.write(body)
print("%d files, %d reference blocks in %s" % (files, refs, root))
