#!/usr/bin/env bash
# What a page the kernel allocates costs a short process, measured where it matters: in whole
# processes, each launched by posix_spawn, interleaved run by run with a program that does
# nothing. bench/fault_cost.sh measures the same pages in a loop, where each round reuses the
# pages the round before freed, and says less about a process's first touches.
#   untouched: 64 pages of zeroed data mapped by one madvise(MADV_POPULATE_WRITE), never touched
#   touched:   the same pages mapped that way, then one byte of each written
#   faulted:   one byte of each written, no madvise: a page fault each
# Prints, for each, the ratio of medians against the program that does nothing and the
# microseconds a page that makes (the difference of the medians over 64).
# Usage: bench/fresh_page_cost.sh [RUNS]      (default: 2000)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-2000}
command -v cc >/dev/null || { echo "needs cc" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/pages.c" <<'C'
#include <sys/mman.h>
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif
enum { pages = PAGES, page = 4096 };
__attribute__((aligned(4096))) static char data[pages * page + page];
int main(void) {
  if (POPULATE) madvise(data, pages * page, MADV_POPULATE_WRITE);
  if (TOUCH) for (int i = 0; i < pages * page; i += page) ((volatile char*)data)[i] = 1;
  return 0;
}
C
build() { cc -O2 -static-pie -DPAGES="$2" -DPOPULATE="$3" -DTOUCH="$4" "$tmp/pages.c" -o "$tmp/$1"; }
build nothing 0 0 0
build untouched 64 1 0
build touched 64 1 1
build faulted 64 0 1
cc -O2 -o "$tmp/spawn_interleave" bench/spawn_interleave.c
for variant in untouched touched faulted; do
  "$tmp/spawn_interleave" "$runs" "$variant" nothing -- "$tmp/$variant" -- "$tmp/nothing" |
    awk -v variant="$variant" '
      $(NF - 5) == "median" { median[++n] = $(NF - 4) }
      /^ratio/ { ratio = $NF }
      END { printf "%-10s %s of the program that does nothing, %6.2f us a page\n", variant, ratio, (median[1] - median[2]) * 1000 / 64 }'
done
