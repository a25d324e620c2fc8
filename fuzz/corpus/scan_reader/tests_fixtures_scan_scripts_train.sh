#!/bin/sh
# Submits the nightly training job.
gcloud ai-platform jobs submit training "nightly_$(date +%s)" \
  --region us-central1 \
  --runtime-version 1.15 \
  --python-version 3.7 \
  --module-name trainer.task --package-path trainer/

gcloud ml-engine versions create v2 --model census \
  --runtime-version=2.1 --python-version="3.7" --framework SCIKIT_LEARN --origin gs://b/m
