#!/usr/bin/env bash
# Writes a generated inventory to stdout: RECORDS lines of JSON Lines, gcloud-shaped, the same
# every time (fixed seed). Used by bench/bench-audit.sh and bench/bench-report.sh; never committed.
#   bench/gen_inventory.sh RECORDS >/tmp/inventory.jsonl
set -euo pipefail
records=${1:?usage: bench/gen_inventory.sh RECORDS}
# Realistic records: 70% training jobs (5% of them custom containers), 30% model versions;
# runtimes, Python versions and frameworks as seen in the field, plus the fields gcloud prints.
awk -v n="$records" 'BEGIN {
  srand(42);
  split("1.14 1.15 2.1 2.2 2.3 2.4 2.5 2.6 2.7 2.8 2.9 2.10 2.11 1.13 9.9", rt, " ");
  split("3.7 3.7 3.7 3.5 2.7", py, " ");
  split("TENSORFLOW SCIKIT_LEARN XGBOOST", fw, " ");
  split("SUCCEEDED FAILED CANCELLED RUNNING", st, " ");
  split("us-central1 europe-west1 asia-east1 us-east1", rg, " ");
  for (i = 1; i <= n; i++) {
    r = rt[int(rand() * 15) + 1]; p = py[int(rand() * 5) + 1]; reg = rg[int(rand() * 4) + 1];
    day = sprintf("20%02d-%02d-%02dT%02d:%02d:%02dZ", 19 + int(rand() * 5), 1 + int(rand() * 12), 1 + int(rand() * 28),
                  int(rand() * 24), int(rand() * 60), int(rand() * 60));
    if (rand() < 0.7) {
      if (rand() < 0.05) {
        printf "{\"jobId\":\"custom_job_%d\",\"state\":\"%s\",\"createTime\":\"%s\",\"etag\":\"ZXRhZy0%d=\",\"trainingInput\":{\"masterConfig\":{\"imageUri\":\"us-docker.pkg.dev/acme/train/model:%d\"},\"masterType\":\"n1-standard-8\",\"region\":\"%s\",\"scaleTier\":\"CUSTOM\"},\"labels\":{\"team\":\"ranking\",\"env\":\"prod\"}}\n", i, st[int(rand() * 4) + 1], day, i, i % 17, reg
      } else {
        printf "{\"jobId\":\"train_job_%d\",\"state\":\"%s\",\"createTime\":\"%s\",\"startTime\":\"%s\",\"etag\":\"ZXRhZy0%d=\",\"trainingInput\":{\"args\":[\"--epochs\",\"%d\",\"--data\",\"gs://acme-ml/data/part-%05d\"],\"packageUris\":[\"gs://acme-ml/staging/trainer-%d.tar.gz\"],\"pythonModule\":\"trainer.task\",\"pythonVersion\":\"%s\",\"region\":\"%s\",\"runtimeVersion\":\"%s\",\"scaleTier\":\"BASIC\"},\"trainingOutput\":{\"consumedMLUnits\":%.2f}}\n", i, st[int(rand() * 4) + 1], day, day, i, 1 + i % 50, i % 1000, i % 9, p, reg, r, rand() * 10
      }
    } else {
      printf "{\"name\":\"projects/acme-ml/models/model_%d/versions/v%d\",\"state\":\"READY\",\"createTime\":\"%s\",\"deploymentUri\":\"gs://acme-ml/models/m%d/\",\"etag\":\"dmVyc2lvbi0%d=\",\"framework\":\"%s\",\"machineType\":\"mls1-c1-m2\",\"pythonVersion\":\"%s\",\"runtimeVersion\":\"%s\",\"isDefault\":%s}\n", i % 5000, i % 7, day, i, i, fw[int(rand() * 3) + 1], p, r, (i % 7 == 0 ? "true" : "false")
    }
  }
}'
