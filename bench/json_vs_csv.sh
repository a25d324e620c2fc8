#!/usr/bin/env bash
# CPU time of `audit` and `report` in each list format on the same inventory, and of jq -c
# extracting three fields: every command once a round, round after round (interleaved, so that
# the machine's load falls on all alike), each under GNU time (user + system seconds) with its
# output to /dev/null. Prints each command's median and least CPU time and peak RSS, then the
# ratios the goals are stated in, of the medians and of the bests.
#   bench/json_vs_csv.sh [RECORDS]     (default 300000; ROUNDS=11, RTCAT=build/rtcat, AT=2021-01-01;
#                                       JQ=0 leaves jq out; needs jq and GNU time)
set -euo pipefail
cd "$(dirname "$0")/.."
records=${1:-300000}
rounds=${ROUNDS:-11}
rtcat=${RTCAT:-build/rtcat}
at=${AT:-2021-01-01}
for tool in /usr/bin/time awk; do
  command -v "$tool" >/dev/null || { echo "json_vs_csv: $tool is missing (RTCAT_BENCH=1 scripts/install-deps.sh)" >&2; exit 2; }
done
[[ -x $rtcat ]] || { echo "json_vs_csv: $rtcat is not built" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
inv=$work/inventory.jsonl
bench/gen_inventory.sh "$records" >"$inv"

names=(audit-csv audit-json audit-jsonl report-csv report-json report-jsonl)
cmds=(
  "$rtcat audit $inv --at $at --fail-on never --format csv"
  "$rtcat audit $inv --at $at --fail-on never --format json"
  "$rtcat audit $inv --at $at --fail-on never --format jsonl"
  "$rtcat report --inventory $inv --at $at --fail-on never --format csv"
  "$rtcat report --inventory $inv --at $at --fail-on never --format json"
  "$rtcat report --inventory $inv --at $at --fail-on never --format jsonl"
)
if [[ ${JQ:-1} != 0 ]]; then
  command -v jq >/dev/null || { echo "json_vs_csv: jq is missing (or JQ=0)" >&2; exit 2; }
  names+=(jq)
  cmds+=("jq -c {name:(.jobId//.name),state,runtime:(.trainingInput.runtimeVersion//.runtimeVersion)} $inv")
fi

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores; $records records, $(stat -c %s "$inv") bytes"
for ((r = 0; r < rounds; r++)); do
  for i in "${!names[@]}"; do
    # shellcheck disable=SC2086 # the command's words, none with spaces
    /usr/bin/time -f '%U %S %M' -o "$work/t" ${cmds[$i]} >/dev/null 2>"$work/err" || {
      echo "json_vs_csv: ${names[$i]} failed" >&2
      cat "$work/err" >&2
      exit 2
    }
    awk -v n="${names[$i]}" '{ print n, $1 + $2, $3 }' "$work/t" >>"$work/all"
  done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
awk '
  { cpu[$1] = cpu[$1] " " $2; if ($3 > rss[$1]) rss[$1] = $3; order[$1] = order[$1] ? order[$1] : ++n; name[n] = $1 }
  function sorted(list, v,   k, i, j, t) {
    k = split(list, v, " ")
    for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
    return k
  }
  function median(list,   v, k) { k = sorted(list, v); return (k % 2) ? v[(k + 1) / 2] : (v[k / 2] + v[k / 2 + 1]) / 2 }
  function best(list,   v) { sorted(list, v); return v[1] }
  # A goal as the ratio of the medians and of the bests (the least CPU time of the rounds: what
  # the command costs with the least interference, on a machine whose load adds to every run).
  function ratio(label, a, b, goal) { printf "%-26s %.2f  (goal %s; bests %.2f)\n", label, m[a] / m[b], goal, lo[a] / lo[b] }
  END {
    for (i = 1; i <= n; i++) {
      m[name[i]] = median(cpu[name[i]]); lo[name[i]] = best(cpu[name[i]])
      printf "%-14s median CPU %6.3f s   best %6.3f s   peak RSS %6.1f MB\n", name[i], m[name[i]], lo[name[i]], rss[name[i]] / 1024
    }
    ratio("audit json / audit csv", "audit-json", "audit-csv", "<= 1.5")
    ratio("audit jsonl / audit csv", "audit-jsonl", "audit-csv", "<= 1.5")
    ratio("report json / report csv", "report-json", "report-csv", "<= 1.5")
    ratio("report jsonl / report csv", "report-jsonl", "report-csv", "<= 1.5")
    ratio("report json / audit csv", "report-json", "audit-csv", "<= 2")
    if ("jq" in m) ratio("jq / audit json", "jq", "audit-json", ">= 5")
  }' "$work/all"
