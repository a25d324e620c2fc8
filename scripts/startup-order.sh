#!/usr/bin/env bash
# Writes cli/startup.order: the functions that rtcat's short commands run, by the names the linker
# knows them by, one a line, those of `check` first. Where lld links rtcat (cli/CMakeLists.txt),
# it lays these functions out together at the start of the text, so that a short command maps a
# dozen pages of code rather than fifty spread over 7 MB (docs/benchmarks.md, "Start-up layout").
# The first names are the entry point, rtcat_start, and rtcat_populate_image, which it calls; the
# last is rtcat_startup_text_end, which ends the code the entry point maps in one call
# (cli/startup_pages.cpp), and rtcat_startup_check_end, after the functions of the `check`
# command lines, ends what a `check` maps.
#
# Run it after changing what start-up or a short command runs, then rebuild. A name the link no
# longer finds is skipped; e2e.startup_layout fails when the file no longer covers them.
# The same code gives the same file: the commands run at a fixed date, without colour, on the
# embedded catalogs, and callgrind counts what runs, not time. Only glibc's start-up differs by
# the make of processor (a few functions), which the test allows for.
#   scripts/startup-order.sh [BUILD_DIR] [OUT]      (default: build cli/startup.order)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
out=${2:-cli/startup.order}
for tool in valgrind callgrind_annotate; do
  command -v "$tool" >/dev/null || { echo "startup-order: needs $tool (Debian's valgrind)" >&2; exit 2; }
done
[[ -x "$build/rtcat" ]] || { echo "startup-order: build rtcat first: $build/rtcat" >&2; exit 2; }

commands=(
  "check --runtime 2.1 --python 3.7 --at 2020-06-01"
  "check --runtime 2.1 --framework scikit-learn --service prediction --format json --at 2020-06-01"
  "check --runtime vertex-prediction:sklearn-cpu.1-6 --warn-days 365"
  "list"
  "show 2.1"
  "upgrade --runtime 2.1"
  "combos --at 2020-06-01"
  "--version"
)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
{
  echo "# The functions rtcat's short commands run, those of check first: the link lays them out"
  echo "# together (cli/CMakeLists.txt). Written by scripts/startup-order.sh; do not edit."
  # First: the entry point and what it calls, which map at once the rest of what follows
  # (cli/startup_pages.cpp).
  echo rtcat_start
  echo rtcat_populate_image
  i=0
  {
    # Then what every start runs that callgrind does not name or does not see: _start (its
    # "(below main)"), frame_dummy (the C runtime's first constructor) and the C library's setup
    # of the vDSO, which a run under valgrind has not got (its symbols looked up by name: strcmp,
    # whose variants follow it below).
    printf '%s\n' _start frame_dummy _dl_new_object _dl_add_to_namespace_list _dl_setup_hash _dl_lookup_symbol_x do_lookup_x \
      check_match __strcmp_avx2
    for args in "${commands[@]}"; do
      i=$((i + 1))
      # After the check command lines: the marker that ends what a `check` maps at once.
      if [[ $args != check* && $i -gt 1 && ${prev:-} == check* ]]; then
        echo rtcat_startup_check_end
      fi
      prev=$args
      # shellcheck disable=SC2086 # the words of the command line
      env -u RTCAT_CATALOG RTCAT_TODAY=2026-06-01 NO_COLOR=1 RTCAT_JSON_MODULE=none \
        valgrind --tool=callgrind --demangle=no --callgrind-out-file="$tmp/$i.out" "$build/rtcat" $args >/dev/null 2>&1 || true
      # Every function with a cost, most expensive first; "'2" marks a recursion, not a name.
      callgrind_annotate --threshold=100 "$tmp/$i.out" |
        awk '/file:function/ { body = 1; getline; next } body && NF >= 2' |
        sed -E -n "s/^.*\\?\\?\\?:([^ ']+)('[0-9]+)? \\[.*$/\\1/p"
    done
  } | grep -v -e '^(below' -e '^0x[0-9a-f]*$' >"$tmp/names"
  # glibc picks a string function's variant for the processor it runs on (callgrind's is not
  # the machine's): every variant of one that runs.
  nm "$build/rtcat" | awk '{ print $NF }' | grep -E '^__(mem|str|stp|wmem|wcs)[a-z]*_(sse|ssse|avx|evex)' |
    sort -u >"$tmp/variants"
  while read -r name; do
    echo "$name"
    if [[ $name =~ ^(__(mem|str|stp|wmem|wcs)[a-z]*)_(sse|ssse|avx|evex) ]]; then
      grep -E "^${BASH_REMATCH[1]}_(sse|ssse|avx|evex)" "$tmp/variants" || true
    fi
  done <"$tmp/names" | grep -vx -e rtcat_start -e rtcat_populate_image -e rtcat_startup_text_end | awk '!seen[$0]++'
  # Then the writable data (.data, .bss) the first check reads or writes, by the symbols that hold
  # it: the link packs it into the first pages of each section, where it lay over three times as
  # many. Every page of them a run touches is a page the kernel has just allocated
  # (docs/benchmarks.md, "Start-up: a `check` maps only its own code"). lackey lists each access;
  # under valgrind the executable is loaded where its first instruction, rtcat_start, says.
  # shellcheck disable=SC2086 # the words of the command line
  env -u RTCAT_CATALOG RTCAT_TODAY=2026-06-01 NO_COLOR=1 RTCAT_JSON_MODULE=none \
    valgrind --tool=lackey --trace-mem=yes --log-file="$tmp/accesses" "$build/rtcat" ${commands[0]} >/dev/null 2>&1 || true
  # The sections' bounds (a thread-local symbol's "address" is an offset in its block).
  { readelf -SW "$build/rtcat" | sed 's/^ *\[ *[0-9]*\]//' | awk '$1 == ".data" || $1 == ".bss" { print "s", $3, $5 }'
    nm -n -S --defined-only "$build/rtcat"; } |
    awk '$1 == "s" { print; next }
      NF == 4 && $3 ~ /^[dDbBuvV]$/ { print "d", $1, $2, $4 } $3 == "T" && $NF == "rtcat_start" { print "e", $1 }' |
    awk -v accesses="$tmp/accesses" '
      function hex(h,   i, n) { n = 0; h = tolower(h); for (i = 1; i <= length(h); i++) n = n * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1; return n }
      $1 == "s" { sections++; low[sections] = hex($2); high[sections] = hex($2) + hex($3); next }
      $1 == "e" { entry = hex($2); next }
      {
        at = hex($2)
        for (i = 1; i <= sections; i++) {
          if (low[i] <= at && at < high[i]) { n++; from[n] = at; to[n] = at + hex($3); name[n] = $4 }
        }
      }
      END {
        while ((getline line < accesses) > 0) {
          if (line !~ /^ [LSM] /) {
            if (base == "" && line ~ /^I /) { split(substr(line, 4), a, ","); base = hex(a[1]) - entry }
            continue
          }
          split(substr(line, 4), a, ","); at = hex(a[1]) - base
          lo = 1; hi = n # the last symbol that starts at or before the address
          while (lo < hi) { mid = int((lo + hi + 1) / 2); if (from[mid] <= at) lo = mid; else hi = mid - 1 }
          if (n && from[lo] <= at && at < to[lo] && name[lo] != "rtcat_startup_data_end" && !seen[name[lo]]++) print name[lo]
        }
      }'
  # After the data: the marker that ends the zeroed data the entry point maps (a variable);
  # last: the marker that ends the code it maps (cli/startup_pages.cpp).
  echo rtcat_startup_data_end
  echo rtcat_startup_text_end
} >"$tmp/order"
mv "$tmp/order" "$out"
echo "$out: $(grep -vc '^#' "$out") names" >&2
