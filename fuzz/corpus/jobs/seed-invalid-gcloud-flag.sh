gcloud ml-engine jobs submit training flags_job \
  --runtime-version=2.1 --python-version=3.7 \
  --packages gs://my-bucket/trainer-0.1.tar.gz \
  --module-name trainer.task \
  --machine-type n1-standard-4
