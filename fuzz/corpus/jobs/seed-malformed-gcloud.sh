gcloud ai-platform jobs submit training quoted \
  --runtime-version 2.1 \
  --module-name 'trainer.task
