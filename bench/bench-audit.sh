#!/usr/bin/env bash
# Times `rtcat audit` against jq extracting fields of the same inventory (by default the issue's
# peer, `jq -c` with three fields; JQ=csv: every field the audit reads, as CSV), runs
# interleaved (rtcat, jq, rtcat, jq, ... with bench/interleave.sh, so that the machine's load
# falls on both alike), and prints throughput, the ratio of the medians, both peak RSS figures
# and CPU time (from /usr/bin/time -v: rtcat audit's the median of RUNS runs, the others' one
# run). Then `rtcat report` (HTML) of the
# same inventory against `rtcat audit`, interleaved too: its time ratio, peak RSS and HTML size.
# The inventory (JSON Lines, gcloud-shaped jobs and model versions) is generated here, never
# committed.
#
#   bench/bench-audit.sh [RECORDS]        (default 1000000; needs jq and GNU time: RTCAT_BENCH=1 scripts/install-deps.sh)
#   RTCAT=build/rtcat RUNS=5 KEEP=1 bench/bench-audit.sh 300000   (KEEP=1: keep the inventory, and say where)
#   RTCAT_JSON_MODULE=none bench/bench-audit.sh 300000            (rtcat without its simdjson module: nlohmann's parser)
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

# The peer (issue 14): jq -c extracting three fields of each record (name, state, runtime).
# JQ=csv: jq -r extracting every field the audit reads, as CSV (the peer of earlier figures).
if [[ ${JQ:-fields3} == csv ]]; then
  filter='[(.jobId // .name), (if .jobId then "job" else "model_version" end), .state,
  (.trainingInput.runtimeVersion // .predictionInput.runtimeVersion // .runtimeVersion // ""),
  (.trainingInput.pythonVersion // .predictionInput.pythonVersion // .pythonVersion // ""), (.framework // ""),
  (.trainingInput.masterConfig.imageUri // .container.image // "")] | @csv'
  jqcmd=(jq -r "$filter" "$inv")
  jqlabel="jq -r (the audit's fields, @csv)"
else
  jqcmd=(jq -c '{name: (.jobId // .name), state, runtime: (.trainingInput.runtimeVersion // .runtimeVersion)}' "$inv")
  jqlabel="jq -c (three fields)"
fi

# measure NAME CMD...: elapsed seconds, peak RSS (KB) and user+system CPU seconds of one run,
# output to /dev/null.
measure() {
  local name=$1
  shift
  /usr/bin/time -v -o "$work/$name.time" "$@" >/dev/null 2>"$work/$name.err" || {
    local code=$?
    # rtcat exits 1 when findings reach --fail-on; anything else is a failure.
    [[ $name == rtcat* && $code == 1 ]] || { echo "bench-audit: $name failed ($code)" >&2; cat "$work/$name.err" >&2; exit 2; }
  }
  awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; wall = s }
    /Maximum resident set size/ { rss = $2 } /User time/ { cpu += $2 } /System time/ { cpu += $2 }
    END { print wall, rss, cpu }' "$work/$name.time"
}

runs=${RUNS:-3}
audit=("$rtcat" --at 2024-12-01 audit --format csv "$inv")
report=("$rtcat" --at 2024-12-01 report --inventory "$inv" --format html -o "$work/report.html")
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
read -r _ rss_rtcat cpu_rtcat < <(measure rtcat "${audit[@]}")
# The throughput goal is a CPU-time figure: the median of RUNS runs (one run's CPU time drifts
# with the machine as much as its wall time does).
cpus=("$cpu_rtcat")
for ((i = 1; i < runs; i++)); do
  read -r _ _ cpu < <(measure rtcat "${audit[@]}")
  cpus+=("$cpu")
done
cpu_rtcat=$(printf '%s\n' "${cpus[@]}" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
read -r _ rss_jq cpu_jq < <(measure jq "${jqcmd[@]}")
read -r _ rss_report cpu_report < <(measure rtcat_report "${report[@]}")
html=$(stat -c %s "$work/report.html")
# Peak RSS on a tenth of the input: flat memory means the same figure.
head -n $((records / 10)) "$inv" >"$work/small.jsonl"
read -r _ rss_small _ < <(measure rtcat_small "$rtcat" --at 2024-12-01 audit --format csv "$work/small.jsonl")

il_audit=$(bench/interleave.sh "$runs" "rtcat audit --format csv" "$jqlabel" -- "${audit[@]}" -- "${jqcmd[@]}")
il_report=$(bench/interleave.sh "$runs" "rtcat report --format html" "rtcat audit --format csv" -- "${report[@]}" -- "${audit[@]}")
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
median() { awk -v label="$2" 'index($0, label) == 1 { for (i = 1; i <= NF; i++) if ($i == "median") print $(i + 1) / 1000 }' <<<"$1"; }
t_rtcat=$(median "$il_audit" "rtcat audit")
t_jq=$(median "$il_audit" "jq -")
t_report=$(median "$il_report" "rtcat report")
t_audit2=$(median "$il_report" "rtcat audit")

echo "$il_audit"
echo "$il_report"
awk -v n="$records" -v b="$bytes" -v tr="$t_rtcat" -v tj="$t_jq" -v rr="$rss_rtcat" -v rj="$rss_jq" -v rs="$rss_small" \
  -v cr="$cpu_rtcat" -v cj="$cpu_jq" -v tp="$t_report" -v ta="$t_audit2" -v rp="$rss_report" -v h="$html" -v cp="$cpu_report" -v jl="$jqlabel" 'BEGIN {
  printf "inventory: %d records, %.1f MB of JSON Lines\n", n, b / 1e6;
  printf "rtcat audit --format csv: median %6.2f s  %9.0f records/s  %6.1f MB/s (median CPU %.2f s: %.1f MB/s)  peak RSS %6.1f MB (%.1f MB at a tenth of the input)\n",
         tr, n / tr, b / 1e6 / tr, cr, b / 1e6 / cr, rr / 1024, rs / 1024;
  printf "%s: median %6.2f s  %9.0f records/s  %6.1f MB/s (CPU %.2f s)  peak RSS %6.1f MB\n", jl, tj, n / tj, b / 1e6 / tj, cj, rj / 1024;
  printf "ratio: rtcat audit is %.2fx the speed of jq (interleaved medians; CPU time %.2fx)\n", tj / tr, cj / cr;
  printf "rtcat report --format html: median %6.2f s (%.2fx audit, interleaved; CPU %.2f s)  peak RSS %6.1f MB  HTML %.2f MB\n",
         tp, tp / ta, cp, rp / 1024, h / 1e6;
  printf "goals: audit >= 5x jq: %s; >= 300 MB/s (CPU time): %s; audit RSS < 64 MB: %s; report RSS < 128 MB: %s; HTML < 5 MB: %s; report <= 2x audit: %s\n",
         (tj / tr >= 5 ? "yes" : "NO"), (b / 1e6 / cr >= 300 ? "yes" : "NO"), (rr < 65536 ? "yes" : "NO"), (rp < 131072 ? "yes" : "NO"),
         (h < 5e6 ? "yes" : "NO"), (tp <= 2 * ta ? "yes" : "NO");
}'
[[ -z "${KEEP:-}" ]] || echo "kept: $work (inventory.jsonl, report.html)"
