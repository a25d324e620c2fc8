#!/usr/bin/env bash
# Times `rtcat scan` against ripgrep searching the same patterns over the same generated tree
# (FILES files, 20,000 by default: about 260 MB, one in eight a notebook, a few hundred
# references, a third of them through variables), runs the two interleaved (rg, rtcat, rg,
# rtcat, ...) so that both see the same machine load, and prints every round's ratio, the median
# of each and the ratio of the medians (the goal), and the ratio of the bests.
# usage: bench/scan_vs_rg.sh [RTCAT] [DIR]     (RTCAT_BENCH=1 scripts/install-deps.sh installs rg)
#   RUNS=N rounds (default 9), FILES=N files in a tree generated at DIR (default /tmp/rtcat-bench-scan-FILES)
set -euo pipefail
cd "$(dirname "$0")/.."
RTCAT=${1:-build/rtcat}
FILES=${FILES:-20000}
DIR=${2:-/tmp/rtcat-bench-scan-$FILES}
RUNS=${RUNS:-9}
if [[ ! -f "$DIR/.complete" ]]; then
  rm -rf "$DIR"
  python3 bench/gen_scan_tree.py "$DIR" "$FILES" 10000
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
rg_all=()
rt_all=()
for run in $(seq "$RUNS"); do
  a=$(once "${rg_cmd[@]}")
  b=$(once "${rt_cmd[@]}")
  rg_all+=("$a")
  rt_all+=("$b")
  awk -v r="$run" -v a="$a" -v b="$b" 'BEGIN { printf "run %d: rg %d ms, rtcat %d ms, ratio %.2f\n", r, a, b, b / (a > 0 ? a : 1) }'
done
# The median (the middle one, or the mean of the middle two) and the best of a list of times.
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
best() { printf '%s\n' "$@" | sort -n | head -1; }
rg_med=$(median "${rg_all[@]}")
rt_med=$(median "${rt_all[@]}")
echo "rg:    median ${rg_med} ms, best $(best "${rg_all[@]}") ms   (${rg_cmd[*]})"
echo "rtcat: median ${rt_med} ms, best $(best "${rt_all[@]}") ms   (${rt_cmd[*]})"
awk -v a="$rt_med" -v b="$rg_med" 'BEGIN { printf "ratio rtcat/rg (medians): %.2f (goal: at most 1.00)\n", a / (b > 0 ? b : 1) }'
awk -v a="$(best "${rt_all[@]}")" -v b="$(best "${rg_all[@]}")" 'BEGIN { printf "ratio rtcat/rg (bests):   %.2f\n", a / (b > 0 ? b : 1) }'
