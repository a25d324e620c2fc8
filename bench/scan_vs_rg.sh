#!/usr/bin/env bash
# Times `rtcat scan` against ripgrep searching the same patterns over the same generated tree
# (50,000 files, about 500 MB, a few hundred references), in one run, and prints the ratio.
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

rg_cmd=(rg -n --no-heading -e 'runtime[-_]?[Vv]ersion' -e 'python[-_]?[Vv]ersion' -e 'docker\.pkg\.dev/vertex-ai' -e 'gcloud +(beta +)?(ai-platform|ml-engine)' "$DIR")
rt_cmd=("$RTCAT" scan --at 2026-11-30 --format json "$DIR")

# Best of RUNS wall-clock times, in seconds, of a command (output discarded).
best() {
  local best=999999 t0 t1 t
  for _ in $(seq "$RUNS"); do
    t0=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true
    t1=$(date +%s%N)
    t=$(((t1 - t0) / 1000000))
    ((t < best)) && best=$t
  done
  echo "$best"
}

# Warm the page cache for both, then alternate.
"${rg_cmd[@]}" >/dev/null 2>&1 || true
"${rt_cmd[@]}" >/dev/null 2>&1 || true
echo "rg matches: $("${rg_cmd[@]}" | wc -l); rtcat references: $("${rt_cmd[@]}" | grep -c '"form"' || true)"
rg_ms=$(best "${rg_cmd[@]}")
rt_ms=$(best "${rt_cmd[@]}")
echo "rg:    ${rg_ms} ms   (${rg_cmd[*]})"
echo "rtcat: ${rt_ms} ms   (${rt_cmd[*]})"
awk -v a="$rt_ms" -v b="$rg_ms" 'BEGIN { printf "ratio rtcat/rg: %.2f (goal: at most 2.00)\n", a / (b > 0 ? b : 1) }'
