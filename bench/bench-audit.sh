#!/usr/bin/env bash
# Times `rtcat audit` against jq doing the same field extraction on the same inventory, in one
# run, and prints throughput, the ratio and both peak RSS figures (from /usr/bin/time -v).
# The inventory (JSON Lines, gcloud-shaped jobs and model versions) is generated here, never
# committed.
#
#   bench/bench-audit.sh [RECORDS]        (default 1000000; needs jq and GNU time: RTCAT_BENCH=1 scripts/install-deps.sh)
#   RTCAT=build/rtcat KEEP=1 bench/bench-audit.sh 200000
set -euo pipefail
cd "$(dirname "$0")/.."
records=${1:-1000000}
rtcat=${RTCAT:-build/rtcat}
for tool in jq /usr/bin/time awk; do
  command -v "$tool" >/dev/null || { echo "bench-audit: $tool is missing (RTCAT_BENCH=1 scripts/install-deps.sh)" >&2; exit 2; }
done
[[ -x $rtcat ]] || { echo "bench-audit: $rtcat is not built" >&2; exit 2; }
work=$(mktemp -d)
[[ -n "${KEEP:-}" ]] || trap 'rm -rf "$work"' EXIT
inv=$work/inventory.jsonl

bench/gen_inventory.sh "$records" >"$inv"
bytes=$(stat -c %s "$inv")

filter='[(.jobId // .name), (if .jobId then "job" else "model_version" end), .state,
  (.trainingInput.runtimeVersion // .predictionInput.runtimeVersion // .runtimeVersion // ""),
  (.trainingInput.pythonVersion // .predictionInput.pythonVersion // .pythonVersion // ""), (.framework // ""),
  (.trainingInput.masterConfig.imageUri // .container.image // "")] | @csv'

# measure NAME CMD...: elapsed seconds and peak RSS (KB) of one run, output to /dev/null.
measure() {
  local name=$1
  shift
  /usr/bin/time -v -o "$work/$name.time" "$@" >/dev/null 2>"$work/$name.err" || {
    local code=$?
    # rtcat exits 1 when findings reach --fail-on; anything else is a failure.
    [[ $name == rtcat* && $code == 1 ]] || { echo "bench-audit: $name failed ($code)" >&2; cat "$work/$name.err" >&2; exit 2; }
  }
  local wall rss
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s }' "$work/$name.time")
  rss=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$work/$name.time")
  echo "$wall $rss"
}

read -r t_rtcat rss_rtcat < <(measure rtcat "$rtcat" --at 2024-12-01 audit --format csv "$inv")
read -r t_jq rss_jq < <(measure jq jq -r "$filter" "$inv")
# Peak RSS on a tenth of the input: flat memory means the same figure.
head -n $((records / 10)) "$inv" >"$work/small.jsonl"
read -r _ rss_small < <(measure rtcat_small "$rtcat" --at 2024-12-01 audit --format csv "$work/small.jsonl")

awk -v n="$records" -v b="$bytes" -v tr="$t_rtcat" -v tj="$t_jq" -v rr="$rss_rtcat" -v rj="$rss_jq" -v rs="$rss_small" 'BEGIN {
  printf "inventory: %d records, %.1f MB of JSON Lines\n", n, b / 1e6;
  printf "rtcat audit --format csv: %6.2f s  %9.0f records/s  %6.1f MB/s  peak RSS %6.1f MB (%.1f MB at a tenth of the input)\n",
         tr, n / tr, b / 1e6 / tr, rr / 1024, rs / 1024;
  printf "jq -r (same fields, @csv): %6.2f s  %9.0f records/s  %6.1f MB/s  peak RSS %6.1f MB\n", tj, n / tj, b / 1e6 / tj, rj / 1024;
  printf "ratio: rtcat is %.2fx the speed of jq\n", tj / tr;
  printf "goals: faster than jq: %s; peak RSS under 64 MB: %s\n", (tr < tj ? "yes" : "NO"), (rr < 65536 ? "yes" : "NO");
}'
