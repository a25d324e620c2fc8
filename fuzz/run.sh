#!/usr/bin/env bash
# The fuzzing that CI runs: the same verdict for the same commit, every time.
# Builds the fuzz targets (clang, libFuzzer, ASan, UBSan), then for each target
#   1. replays every input of its checked-in seed corpus (a regression run: each input once);
#   2. runs a bounded search with a fixed seed and a fixed number of executions, starting from
#      that corpus (new inputs go to a scratch corpus, never into the repository).
# Nothing here depends on the clock: no -max_total_time, no random seed. Exploratory fuzzing
# (random seeds, long runs) is fuzz/explore.sh, run on purpose; what it finds goes into the corpus.
# Fails on any crash, leak, timeout or UB report; the reproducer is kept in fuzz/artifacts/.
#   fuzz/run.sh [TARGET...]
set -euo pipefail
source "$(dirname "$0")/common.sh" "$@"
# Executions of the bounded search, per target: chosen so that the whole pass takes a few
# minutes on a 2-core machine (inventory writes and streams a file on every execution).
runs_for() {
  case "$1" in
    inventory) echo 2000 ;;
    catalog_json | jobs) echo 20000 ;;
    *) echo 50000 ;;
  esac
}
readonly seed=20261130
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
status=0
for t in "${targets[@]}"; do
  bin=build-fuzz/fuzz/fuzz_"$t"
  common=(-timeout=30 -rss_limit_mb=2048 -artifact_prefix=fuzz/artifacts/"$t"-)
  mapfile -t seeds < <(find fuzz/corpus/"$t" -type f | LC_ALL=C sort)
  log="$scratch/$t.replay.log"
  if ! "$bin" "${common[@]}" "${seeds[@]}" >"$log" 2>&1; then
    status=1
    echo "fuzz $t: FAILED replaying the seed corpus" >&2
    report_failure "$log"
    continue
  fi
  runs=$(runs_for "$t")
  mkdir -p "$scratch/$t"
  log="$scratch/$t.log"
  if "$bin" "${common[@]}" -seed="$seed" -runs="$runs" -print_final_stats=1 "$scratch/$t" fuzz/corpus/"$t" >"$log" 2>&1; then
    echo "fuzz $t: ok, ${#seeds[@]} seeds replayed, $runs executions from seed $seed"
  else
    status=1
    echo "fuzz $t: FAILED (seed $seed, $runs executions)" >&2
    report_failure "$log"
  fi
done
exit $status
