#!/usr/bin/env bash
# Exploratory fuzzing, run on purpose (never by CI): random seeds, as long as you like.
# Each target runs for SECONDS from its seed corpus; new coverage goes to fuzz/found/TARGET/.
# A crash keeps its reproducer in fuzz/artifacts/: fix it, then copy the input into
# fuzz/corpus/TARGET/ (named regression-WHAT) so that every CI run replays it.
#   fuzz/explore.sh [SECONDS_PER_TARGET] [TARGET...]     (default 600 s, every target)
set -euo pipefail
seconds=${1:-600}
shift || true
source "$(dirname "$0")/common.sh" "$@"
status=0
for t in "${targets[@]}"; do
  mkdir -p fuzz/found/"$t"
  log=fuzz/found/"$t".log
  if build-fuzz/fuzz/fuzz_"$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix=fuzz/artifacts/"$t"- fuzz/found/"$t" fuzz/corpus/"$t" >"$log" 2>&1; then
    runs=$(grep -m1 'stat::number_of_executed_units' "$log" | awk '{print $2}')
    echo "fuzz $t: ok, ${runs:-?} executions in ${seconds}s"
  else
    status=1
    echo "fuzz $t: FAILED (log: $log)" >&2
    report_failure "$log"
  fi
done
exit $status
