gcloud ai-platform jobs submit training j --runtime-version 1.15 --python-version 3.7
