#!/usr/bin/env bash
# Peak RSS, time and output size of `rtcat report` (CSV, JSON, HTML) at inventory sizes, next to
# `rtcat audit --format csv` of the same inventory, and the ratio of each report's time to the
# audit's. The four commands run interleaved, round by round (audit, csv, json, html, audit, ...),
# so that load on a shared machine falls on all alike; each figure is the median time and the
# largest peak RSS (GNU time's %M) over the rounds. Output goes through a pipe to `wc -c`, never
# to disk. Inventories are generated (bench/gen_inventory.sh) in a temporary folder, never kept.
#
#   bench/bench-report.sh [RECORDS...]        (default: 200000 1000000; ROUNDS=3)
#   RTCAT=build/rtcat ROUNDS=5 bench/bench-report.sh 200000
#
# Goals (issue 14) at 1,000,000 records: peak RSS < 128 MB, HTML < 5 MB, time <= 2x audit's.
set -euo pipefail
cd "$(dirname "$0")/.."
rtcat=${RTCAT:-build/rtcat}
rounds=${ROUNDS:-3}
sizes=("$@")
[[ ${#sizes[@]} -gt 0 ]] || sizes=(200000 1000000)
[[ -x /usr/bin/time ]] || { echo "bench-report: GNU time is missing (apt-get install time)" >&2; exit 2; }
[[ -x $rtcat ]] || { echo "bench-report: $rtcat is not built" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
names=(audit csv json html)

# one NAME INVENTORY: appends "seconds peak_kb output_bytes" of one run to $work/NAME.runs.
one() {
  local name=$1 inv=$2 cmd bytes
  if [[ $name == audit ]]; then
    cmd=("$rtcat" --at 2024-12-01 --fail-on never audit --format csv "$inv")
  else
    cmd=("$rtcat" --at 2024-12-01 --fail-on never report --format "$name" --inventory "$inv")
  fi
  bytes=$(/usr/bin/time -f '%e %M' -o "$work/time" "${cmd[@]}" 2>"$work/err" | wc -c)
  [[ -s $work/err ]] && { echo "bench-report: $name failed:" >&2; cat "$work/err" >&2; exit 2; }
  echo "$(tail -n 1 "$work/time") $bytes" >>"$work/$name.runs"
}

for records in "${sizes[@]}"; do
  inv=$work/inventory.jsonl
  bench/gen_inventory.sh "$records" >"$inv"
  rm -f "$work"/*.runs
  for ((i = 0; i < rounds; i++)); do
    for name in "${names[@]}"; do one "$name" "$inv"; done
  done
  printf 'inventory: %d records, %.1f MB of JSON Lines; %d interleaved rounds\n' "$records" \
    "$(awk -v b="$(stat -c %s "$inv")" 'BEGIN { print b / 1e6 }')" "$rounds"
  audit_median=$(sort -n "$work/audit.runs" | awk '{ t[NR] = $1 } END { print t[int((NR + 1) / 2)] }')
  for name in "${names[@]}"; do
    sort -n "$work/$name.runs" | awk -v name="$name" -v a="$audit_median" '
      { t[NR] = $1; if ($2 > rss) rss = $2; bytes = $3 }
      END {
        med = t[int((NR + 1) / 2)];
        label = name == "audit" ? "rtcat audit --format csv" : "rtcat report --format " name;
        printf "  %-28s median %7.2f s  (%4.2fx audit)  peak RSS %7.1f MB  output %8.1f MB\n", label, med, med / a, rss / 1024, bytes / 1e6;
      }'
  done
  rm -f "$inv"
done
