#!/usr/bin/env bash
# Counts the CPUID instructions a statically linked program executes in one run, by function:
# on a virtual machine each one traps to the hypervisor (about 5 microseconds here, against a
# nanosecond for an ordinary instruction), so a dozen of them weigh more in a short command's
# time than its whole main (docs/benchmarks.md, "Start-up: what traps").
# It puts a breakpoint on every CPUID in the executable's text (gdb) and counts the hits; the
# leaf is the one asked for (EAX as the instruction starts). Prints "COUNT FUNCTION LEAF" lines,
# most first, then the total. Also prints what one CPUID costs on this machine.
#   bench/cpuid_count.sh PROGRAM [ARGS...]      e.g. bench/cpuid_count.sh build/rtcat check --runtime 2.1
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in gdb objdump cc; do
  command -v "$tool" >/dev/null || { echo "needs $tool" >&2; exit 2; }
done
[[ $# -ge 1 && -x "$1" ]] || { echo "usage: bench/cpuid_count.sh PROGRAM [ARGS...]" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
program=$(readlink -f "$1")
shift
objdump -d --no-show-raw-insn "$program" | awk '$2 == "cpuid" { sub(":", "", $1); print $1 }' >"$tmp/sites"
cat >"$tmp/count.py" <<EOF
import collections, gdb
maps = gdb.execute("info proc mappings", to_string=True)
base = next(int(l.split()[0], 16) for l in maps.splitlines() if l.rstrip().endswith("$program"))
for site in open("$tmp/sites"):
    gdb.execute("break *%#x" % (base + int(site, 16)), to_string=True)
hits = collections.Counter()
while True:
    try:
        gdb.execute("continue", to_string=True)
        pc = int(gdb.parse_and_eval("\$pc"))
    except gdb.error:
        break
    where = gdb.execute("info symbol %#x" % pc, to_string=True).split()[0]
    hits[(where, "%#x" % (int(gdb.parse_and_eval("\$eax")) & 0xffffffff))] += 1
for (where, leaf), n in hits.most_common():
    print("%4d %s %s" % (n, where, leaf))
print("%4d CPUID instructions in all" % sum(hits.values()))
EOF
NO_COLOR=1 gdb -q -batch -ex 'set pagination off' -ex starti -x "$tmp/count.py" -ex kill --args "$program" "$@" 2>/dev/null |
  grep -E '^ *[0-9]+ ' || true

# What one CPUID costs here: a loop of 20,000.
cat >"$tmp/one.c" <<'EOF'
#include <cpuid.h>
#include <stdio.h>
#include <time.h>
int main(void) {
  unsigned a, b, c, d, sum = 0;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int i = 0; i < 20000; i++) { __cpuid(0, a, b, c, d); sum += a; }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  printf("one CPUID takes %.2f microseconds on this machine\n",
         ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / 20000 / 1000.0);
  return sum == 1;
}
EOF
cc -O2 "$tmp/one.c" -o "$tmp/one" && "$tmp/one"
