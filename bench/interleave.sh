#!/usr/bin/env bash
# Times two commands interleaved, run by run (A, B, A, B, ...), so that whatever load the
# machine carries falls on both alike, and prints each one's median and mean per-run wall time
# and the ratio A/B of the medians. Output of the commands is discarded; their exit codes are not
# judged (a command that exits 1 on findings is still timed).
#   bench/interleave.sh RUNS LABEL_A LABEL_B -- CMD_A... -- CMD_B...
# Times come from bash's $EPOCHREALTIME (no process is started to read the clock), and bash
# launches each run with a fork of itself. INTERLEAVE_LAUNCH=spawn launches them with posix_spawn
# instead (bench/spawn_interleave.c, compiled here): a fork of bash makes both sides pay the
# shell's copy-on-write page faults, which on a machine where faults are dear is most of a short
# run's time (docs/benchmarks.md).
set -euo pipefail
case ${INTERLEAVE_LAUNCH:-bash} in
  bash | spawn) ;;
  *) echo "interleave: INTERLEAVE_LAUNCH is bash or spawn, not '$INTERLEAVE_LAUNCH'" >&2; exit 2 ;;
esac
if [[ ${INTERLEAVE_LAUNCH:-bash} == spawn ]]; then
  command -v cc >/dev/null || { echo "interleave: INTERLEAVE_LAUNCH=spawn needs cc" >&2; exit 2; }
  launcher_dir=$(mktemp -d)
  trap 'rm -rf "$launcher_dir"' EXIT
  cc -O2 -o "$launcher_dir/spawn_interleave" "$(dirname "$0")/spawn_interleave.c"
  "$launcher_dir/spawn_interleave" "$@"
  exit
fi
runs=$1 label_a=$2 label_b=$3
shift 3
[[ $1 == -- ]] || { echo "usage: bench/interleave.sh RUNS LABEL_A LABEL_B -- CMD_A... -- CMD_B..." >&2; exit 2; }
shift
a=()
while [[ $# -gt 0 && $1 != -- ]]; do a+=("$1"); shift; done
[[ $# -gt 1 ]] || { echo "interleave: missing -- CMD_B" >&2; exit 2; }
shift
b=("$@")

times_a=() times_b=()
"${a[@]}" >/dev/null 2>&1 || true # warm-up: page cache and binaries
"${b[@]}" >/dev/null 2>&1 || true
for ((i = 0; i < runs; i++)); do
  t0=${EPOCHREALTIME/[.,]/}
  "${a[@]}" >/dev/null 2>&1 || true
  t1=${EPOCHREALTIME/[.,]/}
  "${b[@]}" >/dev/null 2>&1 || true
  t2=${EPOCHREALTIME/[.,]/}
  times_a+=($((t1 - t0)))
  times_b+=($((t2 - t1)))
done
stats() { # median and mean of microsecond figures, in ms
  printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1; s += $1 } END { printf "%.3f %.3f", v[int((NR + 1) / 2)] / 1000, s / NR / 1000 }'
}
read -r med_a mean_a <<<"$(stats "${times_a[@]}")"
read -r med_b mean_b <<<"$(stats "${times_b[@]}")"
printf '%-48s median %9.3f ms   mean %9.3f ms\n' "$label_a" "$med_a" "$mean_a"
printf '%-48s median %9.3f ms   mean %9.3f ms\n' "$label_b" "$med_b" "$mean_b"
awk -v a="$med_a" -v b="$med_b" -v n="$runs" -v la="$label_a" -v lb="$label_b" \
  'BEGIN { printf "ratio %s / %s (medians, %d interleaved runs each): %.2f\n", la, lb, n, a / b }'
