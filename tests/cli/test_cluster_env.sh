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
# workers, a parameter server and an evaluator, for each framework (torch is pytorch). Replicas
# the framework gives no role get CLUSTER_ROLE and a comment, and the entrypoint goes on.
"$RTCAT" cluster-spec "$SRC/tests/fixtures/jobs/entrypoint-cluster.yaml" --format json >"$WORK/entry.json" || fail "cluster-spec failed"
n=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1])).length)' "$WORK/entry.json")
[[ "$n" == 5 ]] || { CMD="cluster-spec entrypoint"; fail "expected 5 replicas, got $n"; }
cat >"$WORK/entrypoint.sh" <<'SH'
set -e
eval "$("$RTCAT" cluster-env --framework "$1")"
echo "started role=${CLUSTER_ROLE:-} rank=${RANK:-} dmlc=${DMLC_ROLE:-} tf=${TF_CONFIG:+set}"
SH
for i in $(seq 0 $((n - 1))); do
  type=$(node -e 'const r=JSON.parse(require("fs").readFileSync(process.argv[1]))[process.argv[2]]; console.log(r.type+":"+r.index)' "$WORK/entry.json" "$i")
  spec=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1]))[process.argv[2]].CLUSTER_SPEC)' "$WORK/entry.json" "$i")
  for fw in pytorch torch mxnet tensorflow; do
    CMD="entrypoint $fw on $type"
    OUT=$(CLUSTER_SPEC="$spec" RTCAT="$RTCAT" bash "$WORK/entrypoint.sh" "$fw" 2>"$WORK/entry.err") || fail "the entrypoint exited $?: $(cat "$WORK/entry.err")"
    case "$fw/$type" in
    pytorch/master:0 | torch/master:0) expected="started role= rank=0 dmlc= tf=" ;;
    pytorch/worker:* | torch/worker:*) expected="started role= rank=$((${type#worker:} + 1)) dmlc= tf=" ;;
    pytorch/ps:0 | torch/ps:0) expected="started role=ps rank= dmlc= tf=" ;;
    pytorch/evaluator:0 | torch/evaluator:0) expected="started role=evaluator rank= dmlc= tf=" ;;
    mxnet/master:0) expected="started role= rank= dmlc=scheduler tf=" ;;
    mxnet/worker:*) expected="started role= rank= dmlc=worker tf=" ;;
    mxnet/ps:0) expected="started role= rank= dmlc=server tf=" ;;
    mxnet/evaluator:0) expected="started role=evaluator rank= dmlc= tf=" ;;
    tensorflow/*) expected="started role= rank= dmlc= tf=set" ;;
    esac
    [[ "$OUT" == "$expected" ]] || fail "printed '$OUT', expected '$expected'"
  done
done
export CLUSTER_SPEC=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1]))[3].CLUSTER_SPEC)' "$WORK/entry.json")
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
expect_input_error "CLUSTER_SPEC: unknown task type 'boss' (valid: master, worker, ps, evaluator)"
export CLUSTER_SPEC='{"cluster": '
run cluster-env --framework tensorflow
expect_input_error "CLUSTER_SPEC:1:13: invalid JSON"
run cluster-env --framework jax
expect_exit 2
expect_err "jax"
run cluster-env --framework pytorch --format csv
expect_input_error "--format csv is not available for cluster-env (valid: sh, json, dotenv)"

finish
