#!/usr/bin/env bash
# Start-up cost of a lifecycle question, whole process, side by side with a C peer:
#   rtcat check --runtime 2.1 --python 3.7   vs   ubuntu-distro-info --supported
# Several rounds; each round times N runs of each with the same loop, alternating, and the
# script prints the median per-run time of each and the median ratio (goal: <= 1.5).
# Usage: bench/check_vs_distro_info.sh [BUILD_DIR] [ROUNDS] [RUNS]
set -euo pipefail
build=${1:-build}
rounds=${2:-7}
runs=${3:-500}
rtcat="$build/rtcat"
command -v ubuntu-distro-info >/dev/null || { echo "needs ubuntu-distro-info (Debian package distro-info)" >&2; exit 2; }
[[ -x "$rtcat" ]] || { echo "build rtcat first: $rtcat" >&2; exit 2; }
export RTCAT_TODAY=2020-06-01 NO_COLOR=1

loop() { # loop N CMD...: wall-clock nanoseconds for N runs
  local n=$1; shift
  local t0 t1
  t0=$(date +%s%N)
  for ((i = 0; i < n; i++)); do "$@" >/dev/null; done
  t1=$(date +%s%N)
  echo $((t1 - t0))
}

ours=()
peer=()
ratios=()
for ((r = 0; r < rounds; r++)); do
  a=$(loop "$runs" "$rtcat" check --runtime 2.1 --python 3.7)
  b=$(loop "$runs" ubuntu-distro-info --supported)
  ours+=("$a")
  peer+=("$b")
  ratios+=("$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", a / b }')")
done
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
m_ours=$(median "${ours[@]}")
m_peer=$(median "${peer[@]}")
echo "rtcat check --runtime 2.1 --python 3.7: $(awk -v t="$m_ours" -v n="$runs" 'BEGIN { printf "%.3f ms", t / n / 1e6 }') per run"
echo "ubuntu-distro-info --supported:         $(awk -v t="$m_peer" -v n="$runs" 'BEGIN { printf "%.3f ms", t / n / 1e6 }') per run"
echo "median ratio rtcat/ubuntu-distro-info over $rounds rounds of $runs runs: $(median "${ratios[@]}") (goal <= 1.5)"
