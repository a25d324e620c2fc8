#!/usr/bin/env bash
# What a page costs on this machine, by the way it is mapped: touched one page at a time (a page
# fault each: a trap into the kernel, which a hypervisor may see) or mapped by one
# madvise(MADV_POPULATE_READ / MADV_POPULATE_WRITE) call (Linux 5.14). The start-up maps its
# pages the second way (cli/startup_pages.cpp); these figures say when that pays: where a fault
# costs far more than a page, every fault a short command avoids is worth the pages it maps.
# Prints microseconds per page (or per fault), the best of 5 rounds of 256 pages each.
#   bench/fault_cost.sh
set -euo pipefail
command -v cc >/dev/null || { echo "needs cc" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
head -c $((16 << 20)) /dev/zero >"$tmp/file"
cat >"$tmp/cost.c" <<'C'
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <time.h>
#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#define MADV_POPULATE_WRITE 23
#endif
enum { pages = 256, page = 4096, rounds = 5 };
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e6 + t.tv_nsec / 1e3; }
static int fd;
// One round: maps 256 pages (anonymous, or the file privately), then touches them at `stride`
// (reading or writing) or populates them with `advice`; microseconds per page touched.
static double round_of(int anonymous, int write, int stride, int advice) {
  size_t size = (size_t)pages * page;
  char *p = mmap(0, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | (anonymous ? MAP_ANONYMOUS : 0), anonymous ? -1 : fd, 0);
  volatile char sink = 0;
  double t0 = now();
  if (advice) madvise(p, size, advice);
  else for (size_t i = 0; i < size; i += stride) { if (write) p[i] = 1; else sink += p[i]; }
  double t = now() - t0;
  munmap(p, size);
  return t / (advice ? pages : (double)size / stride);
}
static void best(const char *what, int anonymous, int write, int stride, int advice) {
  double b = 1e9;
  for (int r = 0; r < rounds; r++) { double t = round_of(anonymous, write, stride, advice); if (t < b) b = t; }
  printf("%-58s %7.3f us\n", what, b);
}
int main(int argc, char **argv) {
  (void)argc;
  fd = open(argv[1], O_RDONLY);
  best("anonymous page, written: one fault a page", 1, 1, page, 0);
  best("anonymous pages, MADV_POPULATE_WRITE: a page", 1, 1, page, MADV_POPULATE_WRITE);
  best("file page, written (copy on write): one fault a page", 0, 1, page, 0);
  best("file pages, MADV_POPULATE_WRITE (copy on write): a page", 0, 1, page, MADV_POPULATE_WRITE);
  best("file, read every 64 KiB: one fault (maps the window)", 0, 0, 16 * page, 0);
  best("file pages, MADV_POPULATE_READ: a page", 0, 0, page, MADV_POPULATE_READ);
  return 0;
}
C
cc -O2 "$tmp/cost.c" -o "$tmp/cost"
cat "$tmp/file" >/dev/null # in the page cache
"$tmp/cost" "$tmp/file"
