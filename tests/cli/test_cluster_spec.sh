#!/usr/bin/env bash
# rtcat cluster-spec: the CLUSTER_SPEC and TF_CONFIG of every replica.
source "$(dirname "$0")/lib.sh"
J="$SRC/data/examples/jobs"

run cluster-spec "$J/valid-config.yaml" --format json
expect_exit 0
expect_json 'j.map(r=>r.type+":"+r.index).join(" ")' 'master:0 worker:0 worker:1 ps:0 evaluator:0'
expect_json 'j.every(r=>r.image_uri==="gcr.io/my-project/census-trainer:1.0")' 'true'
expect_json 'JSON.parse(j[2].CLUSTER_SPEC).task' '{"type":"worker","index":1}'
expect_json 'Object.keys(JSON.parse(j[0].CLUSTER_SPEC).cluster).join(" ")' 'master worker ps evaluator'
expect_json 'Object.keys(JSON.parse(j[0].TF_CONFIG).cluster).join(" ")' 'chief worker ps'
expect_json 'JSON.parse(j[0].TF_CONFIG).task.type' 'chief'
expect_json 'JSON.parse(j[4].TF_CONFIG).task.type' 'evaluator'
expect_json 'JSON.parse(j[0].CLUSTER_SPEC).job.master_type' 'n1-highmem-8'

# job has one form (snake_case, int64 as strings) whatever the job came as: YAML, JSON, flags.
cat >"$WORK/form.yaml" <<'EOF2'
trainingInput:
  scaleTier: CUSTOM
  masterType: n1-standard-8
  masterConfig:
    imageUri: gcr.io/p/t:1
  workerType: n1-standard-8
  workerCount: 2
EOF2
cat >"$WORK/form.json" <<'EOF2'
{"jobId": "j", "trainingInput": {"scaleTier": "CUSTOM", "masterType": "n1-standard-8", "masterConfig": {"imageUri": "gcr.io/p/t:1"}, "workerType": "n1-standard-8", "workerCount": "2"}}
EOF2
form='{"scale_tier":"CUSTOM","master_type":"n1-standard-8","master_config":{"image_uri":"gcr.io/p/t:1"},"worker_type":"n1-standard-8","worker_count":"2"}'
for f in form.yaml form.json; do
  run cluster-spec "$WORK/$f" --format json
  expect_exit 0
  expect_json 'j.map(r=>JSON.stringify(JSON.parse(r.CLUSTER_SPEC).job)).join(" ")' "$form $form $form"
  expect_json 'j.map(r=>JSON.stringify(JSON.parse(r.TF_CONFIG).job)).join(" ")' "$form $form $form"
done
run cluster-spec --gcloud "gcloud ai-platform jobs submit training j --scale-tier custom --master-machine-type n1-standard-8 --master-image-uri gcr.io/p/t:1 --worker-machine-type n1-standard-8 --worker-count 2" --format json
expect_exit 0
expect_json 'JSON.parse(j[1].CLUSTER_SPEC).job.worker_count' '2'
expect_json 'typeof JSON.parse(j[1].CLUSTER_SPEC).job.worker_count' 'string'
expect_json 'JSON.parse(j[1].CLUSTER_SPEC).job.master_config.image_uri' 'gcr.io/p/t:1'

# Runtime 1.15 without evaluators or useChiefInTfConfig: master stays master; no image.
run cluster-spec "$J/valid-rest.json" --format json
expect_exit 0
expect_json 'j.length' '4'
expect_json 'j[0].image_uri' 'null'
expect_json 'JSON.parse(j[0].TF_CONFIG).task.type' 'master'
# Runtime 2.1: chief.
run cluster-spec "$J/valid-gcloud.sh" --format json
expect_exit 0
expect_json 'JSON.parse(j[0].TF_CONFIG).task.type' 'chief'
expect_json 'JSON.parse(j[0].CLUSTER_SPEC).job.args.join(" ")' '--max-depth 5'

# One replica, a trial, a host pattern; text output is export lines for eval.
run cluster-spec "$J/valid-pytorch-cluster.yaml" --replica worker:2 --trial 7 --host-pattern '{type}-{index}.train.svc:23456'
expect_exit 0
expect_out "# worker 2  image gcr.io/my-project/pytorch-trainer:2.0"
expect_out "export CLUSTER_SPEC='{\"cluster\":{\"master\":[\"master-0.train.svc:23456\"],\"worker\":[\"worker-0.train.svc:23456\",\"worker-1.train.svc:23456\",\"worker-2.train.svc:23456\"],\"ps\":[\"ps-0.train.svc:23456\",\"ps-1.train.svc:23456\"]},\"environment\":\"cloud\",\"task\":{\"type\":\"worker\",\"index\":2,\"trial\":\"7\"},"
expect_out "export TF_CONFIG='{\"cluster\":{\"master\":"

eval "$OUT"
[[ "$(node -e 'console.log(JSON.parse(process.env.CLUSTER_SPEC).task.index)')" == 2 ]] || fail "eval of the text output"
unset CLUSTER_SPEC TF_CONFIG

# Errors: exit 2 with one line.
run cluster-spec "$J/valid-pytorch-cluster.yaml" --replica worker:3
expect_input_error "--replica worker:3: the job has 3 worker replicas (worker:0 to worker:2)"
run cluster-spec "$J/valid-pytorch-cluster.yaml" --replica boss:0
expect_input_error "TYPE one of master, worker, ps, evaluator"
run cluster-spec "$J/valid-pytorch-cluster.yaml" --host-pattern 'node-{index}:2222'
expect_input_error "--host-pattern 'node-{index}:2222'"
run cluster-spec "$J/invalid-not-custom.json"
expect_input_error "invalid-not-custom.json:3:5: scaleTier STANDARD_1 lets the service choose"
run cluster-spec "$J/malformed-json.json"
expect_input_error "malformed-json.json:4:5: invalid JSON"
run cluster-spec
expect_input_error "cluster-spec needs one job"
run cluster-spec "$J/valid-rest.json" --trial 0
expect_exit 2


# --as vertex: a job with workers, a parameter server and an evaluator as Vertex AI runs it after
# `migrate`: CLUSTER_SPEC names pools workerpool0..3, TF_CONFIG chief/worker/ps (evaluators outside
# its cluster), both carry the migrated CustomJobSpec as `job`; the images are the same.
run cluster-spec "$J/valid-config.yaml" --as vertex --format json
expect_exit 0
expect_json 'j.map(r=>r.type+":"+r.index).join(" ")' 'workerpool0:0 workerpool1:0 workerpool1:1 workerpool2:0 workerpool3:0'
expect_json 'j.every(r=>r.image_uri==="gcr.io/my-project/census-trainer:1.0")' 'true'
expect_json 'j.map(r=>{const c=JSON.parse(r.CLUSTER_SPEC); return Object.keys(c).join(",")+"/"+Object.keys(c.cluster).join(",")+"/"+c.task.type+":"+c.task.index}).join(" ")' \
  'cluster,environment,task,job/workerpool0,workerpool1,workerpool2,workerpool3/workerpool0:0 cluster,environment,task,job/workerpool0,workerpool1,workerpool2,workerpool3/workerpool1:0 cluster,environment,task,job/workerpool0,workerpool1,workerpool2,workerpool3/workerpool1:1 cluster,environment,task,job/workerpool0,workerpool1,workerpool2,workerpool3/workerpool2:0 cluster,environment,task,job/workerpool0,workerpool1,workerpool2,workerpool3/workerpool3:0'
expect_json 'j.map(r=>{const t=JSON.parse(r.TF_CONFIG); return Object.keys(t).join(",")+"/"+Object.keys(t.cluster).join(",")+"/"+t.task.type+":"+t.task.index}).join(" ")' \
  'cluster,environment,task,job/chief,worker,ps/chief:0 cluster,environment,task,job/chief,worker,ps/worker:0 cluster,environment,task,job/chief,worker,ps/worker:1 cluster,environment,task,job/chief,worker,ps/ps:0 cluster,environment,task,job/chief,worker,ps/evaluator:0'
expect_json 'JSON.parse(j[3].CLUSTER_SPEC).cluster.workerpool2[0]' 'cmle-training-workerpool2-0:2222'
expect_json 'JSON.parse(j[0].CLUSTER_SPEC).environment' 'cloud'
# The same replicas and images as the legacy form, in the same order.
"$RTCAT" cluster-spec "$J/valid-config.yaml" --format json >"$WORK/legacy.json"
expect_json 'j.map(r=>r.index+r.image_uri).join(" ")' "$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1])).map(r=>r.index+r.image_uri).join(" "))' "$WORK/legacy.json")"

# `job` is the CustomJobSpec `rtcat migrate` writes for the job (REST JSON, camelCase).
"$RTCAT" migrate "$J/valid-config.yaml" --format json 2>/dev/null >"$WORK/migrated.json"
export JOB=$(node -e 'console.log(JSON.stringify(JSON.parse(require("fs").readFileSync(process.argv[1])).jobSpec))' "$WORK/migrated.json")
expect_json 'j.every(r=>JSON.stringify(JSON.parse(r.CLUSTER_SPEC).job)===process.env.JOB && JSON.stringify(JSON.parse(r.TF_CONFIG).job)===process.env.JOB)' true

# sh output per replica, for eval; --replica takes either name.
for ref in workerpool1:1 worker:1; do
  run cluster-spec "$J/valid-config.yaml" --as vertex --replica "$ref"
  expect_exit 0
  expect_out_eq "# workerpool1 1  image gcr.io/my-project/census-trainer:1.0
export CLUSTER_SPEC='{\"cluster\":{\"workerpool0\":[\"cmle-training-workerpool0-0:2222\"],\"workerpool1\":[\"cmle-training-workerpool1-0:2222\",\"cmle-training-workerpool1-1:2222\"],\"workerpool2\":[\"cmle-training-workerpool2-0:2222\"],\"workerpool3\":[\"cmle-training-workerpool3-0:2222\"]},\"environment\":\"cloud\",\"task\":{\"type\":\"workerpool1\",\"index\":1},\"job\":$JOB}'
export TF_CONFIG='{\"cluster\":{\"chief\":[\"cmle-training-workerpool0-0:2222\"],\"worker\":[\"cmle-training-workerpool1-0:2222\",\"cmle-training-workerpool1-1:2222\"],\"ps\":[\"cmle-training-workerpool2-0:2222\"]},\"environment\":\"cloud\",\"task\":{\"type\":\"worker\",\"index\":1},\"job\":$JOB}'"
done
for ref in workerpool0:0 workerpool2:0 workerpool3:0; do
  run cluster-spec "$J/valid-config.yaml" --as vertex --replica "$ref"
  expect_exit 0
  expect_out "# ${ref%:*} 0  image gcr.io/my-project/census-trainer:1.0"
  (eval "$OUT" && [[ $(node -e 'console.log(JSON.parse(process.env.CLUSTER_SPEC).task.type)') == "${ref%:*}" ]]) || fail "eval of $ref"
done
# A trial: task.trial in both strings; runtime 1.15 still gives chief on Vertex AI.
run cluster-spec "$J/valid-config.yaml" --as vertex --replica workerpool0:0 --trial 2 --format json
expect_exit 0
expect_json 'JSON.parse(j[0].CLUSTER_SPEC).task.trial+" "+JSON.parse(j[0].TF_CONFIG).task.trial+" "+JSON.parse(j[0].TF_CONFIG).task.type' '2 2 chief'
run cluster-spec "$J/valid-rest.json" --as vertex --replica master:0 --format json
expect_exit 0
expect_json 'JSON.parse(j[0].TF_CONFIG).task.type' 'chief'
# A Python package job: `job` runs the prebuilt image migrate picks on --at.
run cluster-spec "$J/valid-rest.json" --as vertex --replica workerpool1:1 --format json --at 2025-06-01
expect_exit 0
expect_json 'JSON.parse(j[0].CLUSTER_SPEC).job.workerPoolSpecs[1].pythonPackageSpec.executorImageUri' 'us-docker.pkg.dev/vertex-ai/training/tf-cpu.2-17.py310:latest'
expect_json 'JSON.parse(j[0].CLUSTER_SPEC).job.baseOutputDirectory.outputUriPrefix' 'gs://my-bucket/census/out'
# A trial of a tuning job: its trialJobSpec, with the trial's own output directory under the job's.
run cluster-spec --gcloud "gcloud ai-platform jobs submit training t --config $J/valid-tuning.json --scale-tier custom --master-machine-type n1-standard-8 --job-dir gs://b/tune" --as vertex --trial 3 --format json --at 2025-06-01
expect_exit 0
expect_json 'JSON.parse(j[0].CLUSTER_SPEC).job.baseOutputDirectory.outputUriPrefix' 'gs://b/tune/3'
expect_json 'JSON.parse(j[0].CLUSTER_SPEC).task.trial' '3'
expect_json '"studySpec" in JSON.parse(j[0].CLUSTER_SPEC).job' false
# A job migrate cannot rewrite (no framework known): `job` left out, with a note that says why.
printf '%s\n' '{"trainingInput": {"scaleTier": "BASIC", "packageUris": ["gs://b/t.tar.gz"], "pythonModule": "t", "runtimeVersion": "1.1"}}' >"$WORK/unknown-framework.json"
run cluster-spec "$WORK/unknown-framework.json" --as vertex --format json --at 2025-06-01
expect_exit 0
expect_json 'Object.keys(JSON.parse(j[0].CLUSTER_SPEC)).join(",")' 'cluster,environment,task'
expect_err "note: \`job\` is left out: the job cannot be migrated ("
expect_err "cannot tell which framework the job trains with (runtimeVersion 1.1): pass --framework NAME"

# Bad --as, bad or absent pool.
run cluster-spec "$J/valid-config.yaml" --as platform
expect_exit 2
expect_err "--as"
run cluster-spec "$J/valid-config.yaml" --as vertex --replica workerpool4:0
expect_input_error "expected TYPE:INDEX with TYPE one of master, worker, ps, evaluator or workerpool0 to workerpool3"
run cluster-spec "$J/valid-config.yaml" --as vertex --replica workerpool2:1
expect_input_error "--replica workerpool2:1: the job has 1 workerpool2 replica (workerpool2:0 to workerpool2:0)"

finish
