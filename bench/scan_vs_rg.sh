#!/usr/bin/env bash
# Times `rtcat scan` against ripgrep searching the same patterns over the same generated tree
# (50,000 files, about 500 MB, one in eight a notebook, a few hundred references), runs the two
# interleaved (rg, rtcat, rg, rtcat, ...) so that both see the same machine load, and prints the
# best time of each, every run's ratio and the ratio of the bests.
# usage: bench/scan_vs_rg.sh [RTCAT] [DIR]     (RTCAT_BENCH=1 scripts/install-deps.sh installs rg)
set -euo pipefail
cd "$(dirname "$0")/.."
RTCAT=${1:-build/rtcat}
DIR=${2:-/tmp/rtcat-bench-scan}
RUNS=${RUNS:-5}
if [[ ! -f "$DIR/.complete" ]]; then
  rm -rf "$DIR"
  python3 bench/gen_scan_tree.py "$DIR" 50000 10000
  touch "$DIR/.complete"
fi
echo "tree: $(find "$DIR" -type f ! -name .complete | wc -l) files, $(du -sh "$DIR" | cut -f1)"

rg_cmd=(rg -n --no-heading -e 'runtime[-_]?[Vv]ersion' -e 'python[-_]?[Vv]ersion' -e 'docker\.pkg\.dev/vertex-ai'
  -e 'gcr\.io/cloud-aiplatform' -e 'get_prebuilt_prediction_container_uri' -e 'gcloud +(beta +)?(ai-platform|ml-engine)' "$DIR")
rt_cmd=("$RTCAT" scan --at 2026-11-30 --format json "$DIR")

# Wall-clock time of one run of a command, in milliseconds (output discarded).
once() {
  local t0 t1
  t0=$(date +%s%N)
  "$@" >/dev/null 2>&1 || true
  t1=$(date +%s%N)
  echo $(((t1 - t0) / 1000000))
}

# Warm the page cache for both, then alternate.
"${rg_cmd[@]}" >/dev/null 2>&1 || true
"${rt_cmd[@]}" >/dev/null 2>&1 || true
echo "rg matches: $("${rg_cmd[@]}" | wc -l); rtcat references: $("${rt_cmd[@]}" | grep -c '"form"' || true)"
rg_ms=999999
rt_ms=999999
for run in $(seq "$RUNS"); do
  a=$(once "${rg_cmd[@]}")
  b=$(once "${rt_cmd[@]}")
  ((a < rg_ms)) && rg_ms=$a
  ((b < rt_ms)) && rt_ms=$b
  awk -v r="$run" -v a="$a" -v b="$b" 'BEGIN { printf "run %d: rg %d ms, rtcat %d ms, ratio %.2f\n", r, a, b, b / (a > 0 ? a : 1) }'
done
echo "rg:    ${rg_ms} ms   (${rg_cmd[*]})"
echo "rtcat: ${rt_ms} ms   (${rt_cmd[*]})"
awk -v a="$rt_ms" -v b="$rg_ms" 'BEGIN { printf "ratio rtcat/rg (bests): %.2f (goal: at most 2.00)\n", a / (b > 0 ? b : 1) }'
