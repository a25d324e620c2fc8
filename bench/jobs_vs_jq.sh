#!/usr/bin/env bash
# Whole-process cost of the job commands, side by side with jq doing the least the same
# question needs (parse the input, pull out the fields):
#   rtcat validate valid-rest.json           vs  jq '.trainingInput | .runtimeVersion, .pythonVersion, .scaleTier'
#   rtcat cluster-env --framework pytorch    vs  jq computing MASTER_ADDR/PORT, WORLD_SIZE and RANK from CLUSTER_SPEC
# Several rounds; each round times N runs of each with the same loop, and the script prints the
# median per-run time of each and the median ratio.
# Usage: bench/jobs_vs_jq.sh [BUILD_DIR] [ROUNDS] [RUNS]
set -euo pipefail
build=${1:-build}
rounds=${2:-5}
runs=${3:-200}
rtcat="$build/rtcat"
src=$(cd "$(dirname "$0")/.." && pwd)
job="$src/data/examples/jobs/valid-rest.json"
command -v jq >/dev/null || { echo "needs jq (Debian package jq)" >&2; exit 2; }
[[ -x "$rtcat" ]] || { echo "build rtcat first: $rtcat" >&2; exit 2; }
export RTCAT_TODAY=2020-06-01 NO_COLOR=1
export CLUSTER_SPEC
CLUSTER_SPEC=$("$rtcat" cluster-spec "$job" --replica worker:1 --format json | jq -r '.[0].CLUSTER_SPEC')

loop() { # loop N CMD...: wall-clock nanoseconds for N runs
  local n=$1; shift
  local t0 t1
  t0=$(date +%s%N)
  for ((i = 0; i < n; i++)); do "$@" >/dev/null || true; done
  t1=$(date +%s%N)
  echo $((t1 - t0))
}
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
per_run() { awk -v t="$1" -v n="$runs" 'BEGIN { printf "%.3f ms", t / n / 1e6 }'; }

jq_env='env.CLUSTER_SPEC | fromjson | (.cluster.master[0] | split(":")) as $m |
  "export MASTER_ADDR=\($m[0])\nexport MASTER_PORT=\($m[1])\nexport WORLD_SIZE=\(1 + (.cluster.worker | length))\nexport RANK=\(if .task.type == "master" then 0 else .task.index + 1 end)"'

bench() { # bench LABEL_OURS LABEL_PEER -- OURS... -- PEER...
  local label_ours=$1 label_peer=$2
  shift 3
  local ours_cmd=() peer_cmd=()
  while [[ $1 != -- ]]; do ours_cmd+=("$1"); shift; done
  shift
  peer_cmd=("$@")
  local ours=() peer=() ratios=()
  for ((r = 0; r < rounds; r++)); do
    a=$(loop "$runs" "${ours_cmd[@]}")
    b=$(loop "$runs" "${peer_cmd[@]}")
    ours+=("$a")
    peer+=("$b")
    ratios+=("$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", a / b }')")
  done
  printf '%-44s %s per run\n' "$label_ours:" "$(per_run "$(median "${ours[@]}")")"
  printf '%-44s %s per run\n' "$label_peer:" "$(per_run "$(median "${peer[@]}")")"
  echo "median ratio rtcat/jq over $rounds rounds of $runs runs: $(median "${ratios[@]}")"
}

bench "rtcat validate valid-rest.json" "jq (3 fields of trainingInput)" -- \
  "$rtcat" validate "$job" -- jq '.trainingInput | .runtimeVersion, .pythonVersion, .scaleTier' "$job"
bench "rtcat cluster-env --framework pytorch" "jq (the same 4 variables)" -- \
  "$rtcat" cluster-env --framework pytorch -- jq -rn "$jq_env"
