#!/usr/bin/env bash
# rtcat cluster-env: CLUSTER_SPEC -> framework variables, fed from cluster-spec for every replica.
source "$(dirname "$0")/lib.sh"
J="$SRC/data/examples/jobs"

# Round trip: every replica of a 1 master + 3 workers + 2 ps job, each framework.
"$RTCAT" cluster-spec "$J/valid-pytorch-cluster.yaml" --format json >"$WORK/replicas.json" || fail "cluster-spec failed"
count=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1])).length)' "$WORK/replicas.json")
[[ "$count" == 6 ]] || { CMD="cluster-spec"; fail "expected 6 replicas, got $count"; }
ranks=""
for i in $(seq 0 $((count - 1))); do
  spec=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1]))[process.argv[2]].CLUSTER_SPEC)' "$WORK/replicas.json" "$i")
  type=$(node -e 'const r=JSON.parse(require("fs").readFileSync(process.argv[1]))[process.argv[2]]; console.log(r.type+":"+r.index)' "$WORK/replicas.json" "$i")
  export CLUSTER_SPEC="$spec"
  # PyTorch: master and workers form one group of 4; ps replicas have no PyTorch role.
  run cluster-env --framework pytorch --format json
  case "$type" in
  master:0) expect_exit 0; expect_json 'j.RANK' '0'; expect_json 'j.WORLD_SIZE' '4'; expect_json 'j.MASTER_ADDR' 'cmle-training-master-0'; expect_json 'j.MASTER_PORT' '2222'; ranks+="0 " ;;
  worker:*) expect_exit 0; expect_json 'j.RANK' "$((${type#worker:} + 1))"; expect_json 'j.WORLD_SIZE' '4'; ranks+="$((${type#worker:} + 1)) " ;;
  ps:*) expect_exit 0; expect_json 'JSON.stringify(j)' '{"CLUSTER_ROLE":"ps"}' ;;
  esac
  # MXNet: scheduler, workers, servers.
  run cluster-env --framework mxnet --format json
  expect_exit 0
  case "$type" in
  master:0) expect_json 'j.DMLC_ROLE' 'scheduler' ;;
  worker:*) expect_json 'j.DMLC_ROLE' 'worker' ;;
  ps:*) expect_json 'j.DMLC_ROLE' 'server' ;;
  esac
  expect_json 'j.DMLC_NUM_WORKER' '3'
  expect_json 'j.DMLC_NUM_SERVER' '2'
  expect_json 'j.DMLC_PS_ROOT_URI' 'cmle-training-master-0'
  # TensorFlow: TF_CONFIG with chief.
  run cluster-env --framework tensorflow --format json
  expect_exit 0
  expect_json 'Object.keys(JSON.parse(j.TF_CONFIG).cluster).join(" ")' 'chief worker ps'
  expect_json 'JSON.parse(j.TF_CONFIG).task.type' "$(sed 's/^master$/chief/' <<<"${type%:*}")"
  expect_json 'JSON.parse(j.TF_CONFIG).task.index' "${type#*:}"
done
[[ "$ranks" == "0 1 2 3 " ]] || { CMD="cluster-env ranks"; fail "ranks were $ranks"; }

# A shared entrypoint: `set -e; eval "$(rtcat cluster-env ...)"` on every replica of a job with
# workers, a parameter server and an evaluator, for each framework (torch is pytorch), with the
# CLUSTER_SPEC AI Platform sets (master, worker, ps, evaluator) and the one Vertex AI sets on the
# migrated job (workerpool0..3): the same entrypoint runs before and after the move. Replicas
# the framework gives no role get CLUSTER_ROLE (named as the spec names them) and a comment, and
# the entrypoint goes on.
cat >"$WORK/entrypoint.sh" <<'SH'
set -e
eval "$("$RTCAT" cluster-env --framework "$1")"
echo "started role=${CLUSTER_ROLE:-} rank=${RANK:-} dmlc=${DMLC_ROLE:-} tf=${TF_CONFIG:+set}"
SH
for form in legacy vertex; do
  "$RTCAT" cluster-spec "$SRC/tests/fixtures/jobs/entrypoint-cluster.yaml" --as "$form" --format json >"$WORK/entry.json" || fail "cluster-spec --as $form failed"
  n=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1])).length)' "$WORK/entry.json")
  [[ "$n" == 5 ]] || { CMD="cluster-spec entrypoint --as $form"; fail "expected 5 replicas, got $n"; }
  seen=""
  for i in $(seq 0 $((n - 1))); do
    type=$(node -e 'const r=JSON.parse(require("fs").readFileSync(process.argv[1]))[process.argv[2]]; console.log(r.type+":"+r.index)' "$WORK/entry.json" "$i")
    spec=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1]))[process.argv[2]].CLUSTER_SPEC)' "$WORK/entry.json" "$i")
    seen+="$type "
    # The role the replica plays, and how CLUSTER_ROLE names it in this form.
    role=$(sed 's/^workerpool0/master/; s/^workerpool1/worker/; s/^workerpool2/ps/; s/^workerpool3/evaluator/' <<<"$type")
    for fw in pytorch torch mxnet tensorflow; do
      CMD="entrypoint $fw on $type ($form)"
      OUT=$(CLUSTER_SPEC="$spec" RTCAT="$RTCAT" bash "$WORK/entrypoint.sh" "$fw" 2>"$WORK/entry.err") || fail "the entrypoint exited $?: $(cat "$WORK/entry.err")"
      case "$fw/$role" in
      pytorch/master:0 | torch/master:0) expected="started role= rank=0 dmlc= tf=" ;;
      pytorch/worker:* | torch/worker:*) expected="started role= rank=$((${role#worker:} + 1)) dmlc= tf=" ;;
      pytorch/ps:0 | torch/ps:0 | pytorch/evaluator:0 | torch/evaluator:0) expected="started role=${type%:*} rank= dmlc= tf=" ;;
      mxnet/master:0) expected="started role= rank= dmlc=scheduler tf=" ;;
      mxnet/worker:*) expected="started role= rank= dmlc=worker tf=" ;;
      mxnet/ps:0) expected="started role= rank= dmlc=server tf=" ;;
      mxnet/evaluator:0) expected="started role=${type%:*} rank= dmlc= tf=" ;;
      tensorflow/*) expected="started role= rank= dmlc= tf=set" ;;
      esac
      [[ "$OUT" == "$expected" ]] || fail "printed '$OUT', expected '$expected'"
    done
  done
  case "$form" in
  legacy) [[ "$seen" == "master:0 worker:0 worker:1 ps:0 evaluator:0 " ]] || { CMD="entrypoint replicas"; fail "replicas were $seen"; } ;;
  vertex) [[ "$seen" == "workerpool0:0 workerpool1:0 workerpool1:1 workerpool2:0 workerpool3:0 " ]] || { CMD="entrypoint replicas"; fail "replicas were $seen"; } ;;
  esac
done

# Vertex AI's CLUSTER_SPEC, every pool x framework: the values are those of the same replica in
# AI Platform's form; TF_CONFIG names the pools chief, worker, ps (evaluators outside `cluster`).
V='{"cluster":{"workerpool0":["cmle-training-workerpool0-0:2222"],"workerpool1":["cmle-training-workerpool1-0:2222","cmle-training-workerpool1-1:2222"],"workerpool2":["cmle-training-workerpool2-0:2222"],"workerpool3":["cmle-training-workerpool3-0:2222"]},"environment":"cloud","task":{"type":"TYPE","index":INDEX}}'
vspec() { sed "s/TYPE/$1/; s/INDEX/$2/" <<<"$V"; }
for ref in workerpool0:0 workerpool1:0 workerpool1:1 workerpool2:0 workerpool3:0; do
  export CLUSTER_SPEC=$(vspec "${ref%:*}" "${ref#*:}")
  run cluster-env --framework pytorch --format json
  expect_exit 0
  case "$ref" in
  workerpool0:0) expect_json 'JSON.stringify(j)' '{"MASTER_ADDR":"cmle-training-workerpool0-0","MASTER_PORT":"2222","WORLD_SIZE":"3","RANK":"0"}' ;;
  workerpool1:*) expect_json 'j.RANK+" "+j.WORLD_SIZE' "$((${ref#*:} + 1)) 3" ;;
  *) expect_json 'JSON.stringify(j)' "{\"CLUSTER_ROLE\":\"${ref%:*}\"}" ;;
  esac
  run cluster-env --framework mxnet --format json
  expect_exit 0
  case "$ref" in
  workerpool0:0) expect_json 'j.DMLC_ROLE+" "+j.DMLC_PS_ROOT_URI+" "+j.DMLC_PS_ROOT_PORT+" "+j.DMLC_NUM_WORKER+" "+j.DMLC_NUM_SERVER' 'scheduler cmle-training-workerpool0-0 2222 2 1' ;;
  workerpool1:*) expect_json 'j.DMLC_ROLE' 'worker' ;;
  workerpool2:0) expect_json 'j.DMLC_ROLE' 'server' ;;
  workerpool3:0) expect_json 'JSON.stringify(j)' '{"CLUSTER_ROLE":"workerpool3"}' ;;
  esac
  run cluster-env --framework tensorflow --format json
  expect_exit 0
  tf_type=$(sed 's/^workerpool0/chief/; s/^workerpool1/worker/; s/^workerpool2/ps/; s/^workerpool3/evaluator/' <<<"${ref%:*}")
  expect_json 'j.TF_CONFIG' "{\"cluster\":{\"chief\":[\"cmle-training-workerpool0-0:2222\"],\"worker\":[\"cmle-training-workerpool1-0:2222\",\"cmle-training-workerpool1-1:2222\"],\"ps\":[\"cmle-training-workerpool2-0:2222\"]},\"environment\":\"cloud\",\"task\":{\"type\":\"$tf_type\",\"index\":${ref#*:}}}"
done
export CLUSTER_SPEC=$(vspec workerpool2 0)
run cluster-env --framework torch
expect_exit 0
expect_out_eq "# workerpool2:0 (ps) joins no PyTorch process group (only master and worker replicas join it); nothing to set up for it
export CLUSTER_ROLE='workerpool2'"

# A malformed Vertex AI CLUSTER_SPEC: exit 2, one line.
export CLUSTER_SPEC='{"cluster": {"workerpool0": ["m:1"], "worker": ["w:1"]}, "task": {"type": "workerpool0", "index": 0}}'
run cluster-env --framework pytorch
expect_input_error "CLUSTER_SPEC: cluster mixes AI Platform names (master, worker, ps, evaluator) with Vertex AI's (workerpool0..3) at 'worker'"
export CLUSTER_SPEC='{"cluster": {"workerpool0": ["m:1"], "workerpool1": ["w:1"]}, "task": {"type": "worker", "index": 0}}'
run cluster-env --framework mxnet
expect_input_error "CLUSTER_SPEC: task type 'worker' is in the other form than the cluster's workerpool0..3 (use workerpool1)"
export CLUSTER_SPEC='{"cluster": {"workerpool1": ["w:1"]}, "task": {"type": "workerpool1", "index": 0}}'
run cluster-env --framework tensorflow
expect_input_error "CLUSTER_SPEC: no workerpool0 in cluster (every job has exactly one)"
export CLUSTER_SPEC='{"cluster": {"workerpool0": ["m:1"], "workerpool1": ["w"]}, "task": {"type": "workerpool1", "index": 0}}'
run cluster-env --framework pytorch
expect_input_error "CLUSTER_SPEC: address 'w' is not host:port"
export CLUSTER_SPEC='{"cluster": {"workerpool0": ["m:1"]}, "task": {"type": "workerpool5", "index": 0}}'
run cluster-env --framework pytorch
expect_input_error "CLUSTER_SPEC: unknown task type 'workerpool5'"

"$RTCAT" cluster-spec "$SRC/tests/fixtures/jobs/entrypoint-cluster.yaml" --replica ps:0 --format json >"$WORK/entry.json" || fail "cluster-spec failed"
export CLUSTER_SPEC=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1]))[0].CLUSTER_SPEC)' "$WORK/entry.json")
run cluster-env --framework torch
expect_exit 0
expect_out_eq "# ps:0 joins no PyTorch process group (only master and worker replicas join it); nothing to set up for it
export CLUSTER_ROLE='ps'"

# sh output is meant for eval.
export CLUSTER_SPEC=$(cat "$J/cluster-spec-master.json")
run cluster-env --framework pytorch
expect_exit 0
expect_out_eq "export MASTER_ADDR='cmle-training-master-0'
export MASTER_PORT='2222'
export WORLD_SIZE='3'
export RANK='0'"
eval "$OUT"
[[ "$WORLD_SIZE" == 3 && "$RANK" == 0 ]] || fail "eval of sh output"
run cluster-env --framework mxnet --format dotenv
expect_out "DMLC_ROLE=scheduler"
expect_out "DMLC_PS_ROOT_URI=cmle-training-master-0"
run cluster-env --framework tensorflow --format dotenv
expect_out "TF_CONFIG='{\"cluster\":{\"chief\":[\"cmle-training-master-0:2222\"]"

# --spec FILE; bad specs: exit 2 with one clear line.
unset CLUSTER_SPEC
run cluster-env --framework mxnet --spec "$J/cluster-spec-master.json"
expect_exit 0
expect_out "export DMLC_NUM_SERVER='1'"
run cluster-env --framework pytorch
expect_input_error "CLUSTER_SPEC is not set"
run cluster-env --framework pytorch --spec "$J/cluster-spec-no-master.json"
expect_input_error "cluster-spec-no-master.json: no master in cluster"
export CLUSTER_SPEC='{"cluster": {"master": ["m:1"]}, "task": {"type": "worker", "index": 0}}'
run cluster-env --framework pytorch
expect_input_error "CLUSTER_SPEC: task worker:0 is out of range"
export CLUSTER_SPEC='{"cluster": {"master": ["m:1"]}, "task": {"type": "boss", "index": 0}}'
run cluster-env --framework mxnet
expect_input_error "CLUSTER_SPEC: unknown task type 'boss' (valid: master, worker, ps, evaluator, or Vertex AI's workerpool0 to workerpool3)"
export CLUSTER_SPEC='{"cluster": '
run cluster-env --framework tensorflow
expect_input_error "CLUSTER_SPEC:1:13: invalid JSON"
run cluster-env --framework jax
expect_exit 2
expect_err "jax"
run cluster-env --framework pytorch --format csv
expect_input_error "--format csv is not available for cluster-env (valid: sh, json, dotenv)"

finish
