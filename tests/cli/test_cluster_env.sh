#!/usr/bin/env bash
# rtcat cluster-env: CLUSTER_SPEC -> framework variables, fed from cluster-spec for every replica.
source "$(dirname "$0")/lib.sh"

# bad_spec FRAMEWORK SPEC MESSAGE: with CLUSTER_SPEC=SPEC, cluster-env exits 2 with MESSAGE.
bad_spec() {
  export CLUSTER_SPEC=$2
  run cluster-env --framework "$1"
  expect_input_error "$3"
}

# replicas FILE: how many replicas a cluster-spec --format json array holds.
replicas() { node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1])).length)' "$1"; }
# replica FILE I FIELD: replica I's FIELD ("type:index" for "task").
replica() {
  node -e 'const r=JSON.parse(require("fs").readFileSync(process.argv[1]))[process.argv[2]];
    console.log(process.argv[3] === "task" ? r.type + ":" + r.index : r[process.argv[3]])' "$1" "$2" "$3"
}

# spec_replicas OUT COUNT ARGS...: `cluster-spec ARGS --format json` into OUT, which must hold COUNT replicas.
spec_replicas() {
  local out=$1 want=$2
  shift 2
  "$RTCAT" cluster-spec "$@" --format json >"$out" || fail "cluster-spec $* failed"
  local got
  got=$(replicas "$out")
  [[ "$got" == "$want" ]] || { CMD="cluster-spec $*"; fail "expected $want replicas, got $got"; }
}

J="$SRC/data/examples/jobs"

# Round trip: every replica of a 1 master + 3 workers + 2 ps job, each framework.
spec_replicas "$WORK/replicas.json" 6 "$J/valid-pytorch-cluster.yaml"
ranks=""
for i in $(seq 0 5); do
  spec=$(replica "$WORK/replicas.json" "$i" CLUSTER_SPEC)
  type=$(replica "$WORK/replicas.json" "$i" task)
  export CLUSTER_SPEC="$spec"
  # PyTorch: master and workers form one group of 4; ps replicas have no PyTorch role.
  run cluster-env --framework pytorch --format json
  case "$type" in
  master:0) expect_exit 0; expect_json 'j.RANK' '0'; expect_json 'j.WORLD_SIZE' '4'; expect_json 'j.MASTER_ADDR' 'cmle-training-master-0'; expect_json 'j.MASTER_PORT' '2222'; ranks+="0 " ;;
  worker:*) expect_exit 0; expect_json 'j.RANK' "$((${type#worker:} + 1))"; expect_json 'j.WORLD_SIZE' '4'; ranks+="$((${type#worker:} + 1)) " ;;
  ps:*) expect_exit 0; expect_json 'JSON.stringify(j)' '{"CLUSTER_ROLE":"ps"}' ;;
  esac
  # MXNet: scheduler, workers, servers. DMLC_PS_ROOT_URI is the master's address resolved in the
  # replica: the master is `localhost` here, the one name a test may resolve.
  export CLUSTER_SPEC=$(sed 's/"cmle-training-master-0:/"localhost:/' <<<"$spec")
  run cluster-env --framework mxnet --format json
  export CLUSTER_SPEC="$spec"
  expect_exit 0
  case "$type" in
  master:0) expect_json 'j.DMLC_ROLE' 'scheduler' ;;
  worker:*) expect_json 'j.DMLC_ROLE' 'worker' ;;
  ps:*) expect_json 'j.DMLC_ROLE' 'server' ;;
  esac
  expect_json 'j.DMLC_NUM_WORKER' '3'
  expect_json 'j.DMLC_NUM_SERVER' '2'
  expect_json 'j.DMLC_PS_ROOT_URI' '127.0.0.1'
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
  spec_replicas "$WORK/entry.json" 5 "$SRC/tests/fixtures/jobs/entrypoint-cluster.yaml" --as "$form"
  seen=""
  for i in $(seq 0 4); do
    type=$(replica "$WORK/entry.json" "$i" task)
    spec=$(replica "$WORK/entry.json" "$i" CLUSTER_SPEC)
    # The master is `localhost`, so that MXNet's replicas resolve it without the network.
    spec=$(sed -E 's/"cmle-training-(master|workerpool0)-0:/"localhost:/' <<<"$spec")
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
  # MXNet, with the master at an IPv4 address, which DMLC_PS_ROOT_URI keeps as it is.
  export CLUSTER_SPEC=$(vspec "${ref%:*}" "${ref#*:}" | sed 's/"cmle-training-workerpool0-0:/"10.0.0.2:/')
  run cluster-env --framework mxnet --format json
  export CLUSTER_SPEC=$(vspec "${ref%:*}" "${ref#*:}")
  expect_exit 0
  case "$ref" in
  workerpool0:0) expect_json 'j.DMLC_ROLE+" "+j.DMLC_PS_ROOT_URI+" "+j.DMLC_PS_ROOT_PORT+" "+j.DMLC_NUM_WORKER+" "+j.DMLC_NUM_SERVER' 'scheduler 10.0.0.2 2222 2 1' ;;
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
bad_spec pytorch '{"cluster": {"workerpool0": ["m:1"], "worker": ["w:1"]}, "task": {"type": "workerpool0", "index": 0}}' \
  "CLUSTER_SPEC: cluster mixes AI Platform names (master, worker, ps, evaluator) with Vertex AI's (workerpool0..3) at 'worker'"
bad_spec mxnet '{"cluster": {"workerpool0": ["m:1"], "workerpool1": ["w:1"]}, "task": {"type": "worker", "index": 0}}' \
  "CLUSTER_SPEC: task type 'worker' is in the other form than the cluster's workerpool0..3 (use workerpool1)"
bad_spec tensorflow '{"cluster": {"workerpool1": ["w:1"]}, "task": {"type": "workerpool1", "index": 0}}' \
  "CLUSTER_SPEC: no workerpool0 in cluster (every job has exactly one)"
bad_spec pytorch '{"cluster": {"workerpool0": ["m:1"], "workerpool1": ["w"]}, "task": {"type": "workerpool1", "index": 0}}' \
  "CLUSTER_SPEC: address 'w' is not host:port"
bad_spec pytorch '{"cluster": {"workerpool0": ["m:1"]}, "task": {"type": "workerpool5", "index": 0}}' \
  "CLUSTER_SPEC: unknown task type 'workerpool5'"

"$RTCAT" cluster-spec "$SRC/tests/fixtures/jobs/entrypoint-cluster.yaml" --replica ps:0 --format json >"$WORK/entry.json" || fail "cluster-spec failed"
export CLUSTER_SPEC=$(replica "$WORK/entry.json" 0 CLUSTER_SPEC)
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
sed 's/"cmle-training-master-0:/"localhost:/' "$J/cluster-spec-master.json" >"$WORK/spec-localhost.json"
export CLUSTER_SPEC=$(cat "$WORK/spec-localhost.json")
run cluster-env --framework mxnet --format dotenv
expect_out "DMLC_ROLE=scheduler"
expect_out "DMLC_PS_ROOT_URI=127.0.0.1"
export CLUSTER_SPEC=$(cat "$J/cluster-spec-master.json")
run cluster-env --framework tensorflow --format dotenv
expect_out "TF_CONFIG='{\"cluster\":{\"chief\":[\"cmle-training-master-0:2222\"]"

# --spec FILE; bad specs: exit 2 with one clear line.
unset CLUSTER_SPEC
run cluster-env --framework mxnet --spec "$WORK/spec-localhost.json"
expect_exit 0
expect_out "export DMLC_NUM_SERVER='1'"
run cluster-env --framework pytorch
expect_input_error "CLUSTER_SPEC is not set"
run cluster-env --framework pytorch --spec "$J/cluster-spec-no-master.json"
expect_input_error "cluster-spec-no-master.json: no master in cluster"
bad_spec pytorch '{"cluster": {"master": ["m:1"]}, "task": {"type": "worker", "index": 0}}' \
  "CLUSTER_SPEC: task worker:0 is out of range"
bad_spec mxnet '{"cluster": {"master": ["m:1"]}, "task": {"type": "boss", "index": 0}}' \
  "CLUSTER_SPEC: unknown task type 'boss' (valid: master, worker, ps, evaluator, or Vertex AI's workerpool0 to workerpool3)"
bad_spec tensorflow '{"cluster": ' \
  "CLUSTER_SPEC:1:13: invalid JSON"
run cluster-env --framework jax
expect_exit 2
expect_err "jax"
run cluster-env --framework pytorch --format csv
expect_input_error "--format csv is not available for cluster-env (valid: sh, json, dotenv)"

# MXNet: DMLC_PS_ROOT_URI must be an IP address. ps-lite's scheduler binds
# "tcp://" + DMLC_PS_ROOT_URI + ":" + port (ps-lite src/zmq_van.h, ZMQVan::Bind, for the node
# src/van.cc, Van::Start makes of DMLC_PS_ROOT_URI), and ZeroMQ binds only an IP address or an
# interface, so cluster-env resolves the master's host in the replica; dmlc-core's tracker hands
# every node the IP address too (tracker/dmlc_tracker/tracker.py, get_host_ip, PSTracker).
# `localhost` resolves to 127.0.0.1 and an IPv4 address stays as it is (above); a name that does
# not resolve (under .invalid, which never does) is one line on stderr, exit 2, on every replica
# that would get DMLC_PS_ROOT_URI.
for type in master worker ps; do
  export CLUSTER_SPEC="{\"cluster\": {\"master\": [\"cmle-training-master-0.invalid:2222\"], \"worker\": [\"w:2222\"], \"ps\": [\"p:2222\"]}, \"task\": {\"type\": \"$type\", \"index\": 0}}"
  run cluster-env --framework mxnet
  expect_input_error "CLUSTER_SPEC: master host 'cmle-training-master-0.invalid' does not resolve to an IPv4 address (a name under .invalid never resolves); MXNet's scheduler binds DMLC_PS_ROOT_URI, which must be an IP address"
done
export CLUSTER_SPEC='{"cluster": {"workerpool0": ["m.invalid:2222"], "workerpool2": ["p:2222"]}, "task": {"type": "workerpool2", "index": 0}}'
run cluster-env --framework mxnet --format json
expect_input_error "CLUSTER_SPEC: workerpool0 host 'm.invalid' does not resolve to an IPv4 address"
# PyTorch and TensorFlow connect to the master by name, which resolves there: kept as given.
export CLUSTER_SPEC='{"cluster": {"master": ["m.invalid:2222"], "worker": ["w:2222"]}, "task": {"type": "worker", "index": 0}}'
run cluster-env --framework pytorch --format json
expect_exit 0
expect_json 'j.MASTER_ADDR' 'm.invalid'

# MXNet without parameter servers: dmlc-core's tracker starts no ps-lite scheduler then
# (tracker/dmlc_tracker/tracker.py, submit: pscmd = None when nserver == 0), and MXNet's
# distributed kvstore aborts on a worker's first push or pull (src/kvstore/kvstore_dist.h,
# KVStoreDist::EncodeKey: CHECK_GT(num_servers, 0)). No replica gets a configuration that
# aborts: each says why and what to do, exit 2. Single-machine kvstores ('local', 'device') need
# no DMLC_ variable at all: without DMLC_ROLE MXNet is a plain worker (include/mxnet/kvstore.h,
# KVStore::IsWorkerNode), while DMLC_ROLE=scheduler makes `import mxnet` run a scheduler and
# exit (python/mxnet/kvstore/kvstore_server.py, _init_kvstore_server_module).
cat >"$WORK/no-ps.yaml" <<'YAML'
trainingInput:
  scaleTier: CUSTOM
  masterType: n1-standard-8
  masterConfig:
    imageUri: gcr.io/my-project/mxnet-trainer:1.9
  workerType: n1-standard-8
  workerCount: 2
  evaluatorType: n1-standard-4
  evaluatorCount: 1
YAML
no_ps="no parameter server (ps) in cluster, and MXNet's distributed kvstore aborts without one; add parameter servers (parameterServerCount, gcloud's --parameter-server-count), or train without DMLC_ variables: kvstore 'local' or 'device' on one machine, Horovod (horovod.mxnet) across machines"
for replica in master:0 worker:0 worker:1 evaluator:0; do
  "$RTCAT" cluster-spec "$WORK/no-ps.yaml" --replica "$replica" --format json >"$WORK/no-ps.json" || fail "cluster-spec --replica $replica failed"
  export CLUSTER_SPEC=$(replica "$WORK/no-ps.json" 0 CLUSTER_SPEC)
  run cluster-env --framework mxnet
  expect_input_error "CLUSTER_SPEC: $no_ps"
  run cluster-env --framework pytorch # PyTorch and TensorFlow need no parameter server
  expect_exit 0
  run cluster-env --framework tensorflow
  expect_exit 0
done
"$RTCAT" cluster-spec "$J/valid-gcloud.sh" --format json >"$WORK/single.json" || fail "cluster-spec valid-gcloud.sh failed"
run cluster-env --framework mxnet --spec <(replica "$WORK/single.json" 0 CLUSTER_SPEC)
expect_input_error "no parameter server (ps) in cluster"
"$RTCAT" cluster-spec "$WORK/no-ps.yaml" --as vertex --replica workerpool1:0 --format json >"$WORK/no-ps.json" || fail "cluster-spec --as vertex failed"
export CLUSTER_SPEC=$(replica "$WORK/no-ps.json" 0 CLUSTER_SPEC)
run cluster-env --framework mxnet
expect_input_error "CLUSTER_SPEC: no parameter server (workerpool2) in cluster, and MXNet's distributed kvstore aborts without one; add parameter servers (workerPoolSpecs[2]), or train without DMLC_ variables"

# Every replica's environment held to the rules of the framework's own code (framework_rules.js
# names the file and function of each rule: TensorFlow's TFConfigClusterResolver,
# multi_worker_util._validate_cluster_spec, tf.estimator's RunConfig and train_and_evaluate;
# ps-lite's Postoffice, Van::Start and ZMQVan::Bind, dmlc-core's tracker, MXNet's KVStoreDist),
# over jobs with workers, parameter servers and an evaluator, in both CLUSTER_SPEC forms.
for job in "$SRC/tests/fixtures/jobs/entrypoint-cluster.yaml" "$J/valid-pytorch-cluster.yaml" "$J/valid-rest.json"; do
  for form in legacy vertex; do
    "$RTCAT" cluster-spec "$job" --as "$form" --format json >"$WORK/rules.json" 2>/dev/null || fail "cluster-spec $job --as $form failed"
    for fw in mxnet tensorflow; do
      CMD="framework_rules.js $fw ${job##*/} ($form)"
      OUT=$(node "$SRC/tests/cli/framework_rules.js" "$RTCAT" "$fw" "$WORK/rules.json" --master-host localhost) ||
        fail "the environment breaks $fw's rules:"$'\n'"$OUT"
    done
  done
done

# PyTorch for real (Debian's python3-torch): the shared entrypoint on every replica of a job with
# a master, two workers, a parameter server and an evaluator, in both forms. The master and the
# workers join one gloo process group over rtcat's variables (init_method="env://") and
# all-reduce rank + 1 (1 + 2 + 3 = 6); the parameter server and the evaluator join none and go on.
CMD="python3-torch: gloo init_process_group + all_reduce over cluster-env's environment"
if /usr/bin/python3 -c 'import torch.distributed as d; assert d.is_available() and d.is_gloo_available()' 2>/dev/null; then
  cat >"$WORK/torch-entrypoint.sh" <<'SH'
set -e
eval "$("$RTCAT" cluster-env --framework pytorch)"
case "${CLUSTER_ROLE:-}" in
  ?*) echo "no process group ($CLUSTER_ROLE)"; exit 0 ;;
esac
exec timeout 120 /usr/bin/python3 "$SRC/tests/cli/gloo_allreduce.py"
SH
  # Both forms at once, each group with its master at localhost on a port the system gives (the
  # other addresses are not dialled).
  pids=()
  for form in legacy vertex; do
    "$RTCAT" cluster-spec "$SRC/tests/fixtures/jobs/entrypoint-cluster.yaml" --as "$form" --format json >"$WORK/torch.json" || fail "cluster-spec --as $form failed"
    port=$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    for i in 0 1 2 3 4; do
      spec=$(replica "$WORK/torch.json" "$i" CLUSTER_SPEC)
      spec=$(sed -E "s/\"cmle-training-(master|workerpool0)-0:2222\"/\"localhost:$port\"/" <<<"$spec")
      CLUSTER_SPEC="$spec" RTCAT="$RTCAT" SRC="$SRC" bash "$WORK/torch-entrypoint.sh" >"$WORK/torch.$form.$i.out" 2>"$WORK/torch.$form.$i.err" &
      pids+=("$!:$form:$i")
    done
  done
  for p in "${pids[@]}"; do
    IFS=: read -r pid form i <<<"$p"
    wait "$pid" || fail "replica $i ($form) exited $?: $(tail -3 "$WORK/torch.$form.$i.err")"
  done
  for form in legacy vertex; do
    case "$form" in
    legacy) ps=ps evaluator=evaluator ;;
    vertex) ps=workerpool2 evaluator=workerpool3 ;;
    esac
    got=$(cat "$WORK"/torch.$form.[0-4].out)
    expected="rank 0 of 3: all_reduce 6 (RANK=0)
rank 1 of 3: all_reduce 6 (RANK=1)
rank 2 of 3: all_reduce 6 (RANK=2)
no process group ($ps)
no process group ($evaluator)"
    [[ "$got" == "$expected" ]] || fail "the replicas ($form) printed:"$'\n'"$got"$'\n'"expected:"$'\n'"$expected"
  done
else
  fail "python3-torch is not installed (scripts/install-deps.sh installs it)"
fi

finish
