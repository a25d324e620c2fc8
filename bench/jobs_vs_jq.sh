#!/usr/bin/env bash
# Whole-process cost of the job commands, side by side with jq doing the least the same
# question needs (parse the input, pull out the fields):
#   rtcat validate valid-rest.json           vs  jq '.trainingInput | .runtimeVersion, .pythonVersion, .scaleTier'
#   rtcat cluster-env --framework pytorch    vs  jq computing MASTER_ADDR/PORT, WORLD_SIZE and RANK from CLUSTER_SPEC
# The two commands of each pair run interleaved, run by run (bench/interleave.sh), and the script
# prints each one's median and mean per-run time and the ratio of the medians.
# Usage: bench/jobs_vs_jq.sh [BUILD_DIR] [RUNS]      (default: build 600)
set -euo pipefail
build=${1:-build}
runs=${2:-600}
rtcat="$build/rtcat"
src=$(cd "$(dirname "$0")/.." && pwd)
job="$src/data/examples/jobs/valid-rest.json"
command -v jq >/dev/null || { echo "needs jq (Debian package jq)" >&2; exit 2; }
[[ -x "$rtcat" ]] || { echo "build rtcat first: $rtcat" >&2; exit 2; }
export RTCAT_TODAY=2020-06-01 NO_COLOR=1
export CLUSTER_SPEC
CLUSTER_SPEC=$("$rtcat" cluster-spec "$job" --replica worker:1 --format json | jq -r '.[0].CLUSTER_SPEC')

jq_env='env.CLUSTER_SPEC | fromjson | (.cluster.master[0] | split(":")) as $m |
  "export MASTER_ADDR=\($m[0])\nexport MASTER_PORT=\($m[1])\nexport WORLD_SIZE=\(1 + (.cluster.worker | length))\nexport RANK=\(if .task.type == "master" then 0 else .task.index + 1 end)"'

bench() { # bench LABEL_OURS LABEL_PEER -- OURS... -- PEER...
  local label_ours=$1 label_peer=$2
  shift 2
  "$src/bench/interleave.sh" "$runs" "$label_ours" "$label_peer" "$@"
  echo
}

bench "rtcat validate valid-rest.json" "jq (3 fields of trainingInput)" -- \
  "$rtcat" validate "$job" -- jq '.trainingInput | .runtimeVersion, .pythonVersion, .scaleTier' "$job"
bench "rtcat cluster-env --framework pytorch" "jq (the same 4 variables)" -- \
  "$rtcat" cluster-env --framework pytorch -- jq -rn "$jq_env"
