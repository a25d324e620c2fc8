#!/usr/bin/env bash
# Builds the fuzz targets (clang, libFuzzer, ASan, UBSan) and runs each for SECONDS, starting
# from its checked-in seed corpus (new inputs go to a scratch corpus, not into the repo).
# Fails on any crash, leak, timeout or UB report; the reproducer is kept in fuzz/artifacts/.
#   fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-15}
shift || true
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j"$(nproc)" >/dev/null
targets=("$@")
if ((${#targets[@]} == 0)); then
  mapfile -t targets < <(sed -n '/^set(RTCAT_FUZZ_TARGETS/,/^)/p' fuzz/CMakeLists.txt | sed '1d;$d' | tr -d ' ')
fi
mkdir -p fuzz/artifacts
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
status=0
for t in "${targets[@]}"; do
  mkdir -p "$scratch/$t"
  log="$scratch/$t.log"
  if build-fuzz/fuzz/fuzz_"$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix=fuzz/artifacts/"$t"- "$scratch/$t" fuzz/corpus/"$t" >"$log" 2>&1; then
    runs=$(grep -m1 'stat::number_of_executed_units' "$log" | awk '{print $2}')
    echo "fuzz $t: ok, ${runs:-?} executions in ${seconds}s"
  else
    status=1
    echo "fuzz $t: FAILED" >&2
    grep -E 'ERROR|SUMMARY|runtime error|Test unit written' "$log" | head -20 >&2
  fi
done
exit $status
