#!/bin/sh
# A scikit-learn training job on runtime 2.1, submitted with gcloud.
gcloud ai-platform jobs submit training iris_sklearn_20200601 \
  --region=us-central1 \
  --runtime-version 2.1 \
  --python-version "3.7" \
  --scale-tier basic \
  --package-path ./trainer \
  --module-name trainer.task \
  --job-dir gs://my-bucket/iris \
  -- \
  --max-depth 5
