#!/usr/bin/env bash
# The start-up layout (cli/CMakeLists.txt, docs/benchmarks.md): where lld linked the executable,
# every loadable segment starts at a multiple of 64 KiB in the file and in memory; the functions
# in cli/startup.order come first in the text, in few 64 KiB windows; and the file still names
# the functions the short commands run (scripts/startup-order.sh, run again on this binary, finds
# next to nothing the committed file lacks); the variables a check writes, which the file names
# too, come first in .bss, before rtcat_startup_data_end.
# Environment: RTCAT_STARTUP_LAYOUT (ON where the build links with lld).
source "$(dirname "$0")/lib.sh"
export LC_ALL=C # one collation for sort, join and comm
[[ "${RTCAT_STARTUP_LAYOUT:-OFF}" == ON ]] || skip "linked without lld: no start-up layout (cli/CMakeLists.txt)"
require_tools readelf nm valgrind callgrind_annotate
order=$SRC/cli/startup.order
CMD="the start-up layout of $RTCAT"

# Segments: offset and address of each LOAD a multiple of 0x10000, and its alignment at least that.
cases=$((cases + 1))
loads=$(readelf -lW "$RTCAT" | awk '$1 == "LOAD" { print $2, $3, $NF }')
[[ $(wc -l <<<"$loads") -ge 3 ]] || fail "fewer than 3 LOAD segments: $loads"
while read -r offset vaddr align; do
  ((offset % 0x10000 == 0 && vaddr % 0x10000 == 0 && align >= 0x10000)) ||
    fail "LOAD at offset $offset, address $vaddr, alignment $align: not on 64 KiB"
done <<<"$loads"

# The ordered functions: first in the text, and few windows of 64 KiB hold them all.
cases=$((cases + 1))
nm -S --defined-only "$RTCAT" | awk 'NF == 4 && ($3 == "T" || $3 == "t") { print $4, $1, $2 }' | sort -k1,1 >"$WORK/symbols"
# The functions only: the file also names the data a check writes (placed in .data and .bss).
nm --defined-only "$RTCAT" | awk '$2 ~ /^[dDbBuvV]$/ { print $3 }' | sort -u >"$WORK/data"
grep -v '^#' "$order" | sort -u | comm -23 - "$WORK/data" >"$WORK/ordered"
join "$WORK/ordered" "$WORK/symbols" >"$WORK/placed"
placed=$(wc -l <"$WORK/placed")
listed=$(wc -l <"$WORK/ordered")
((placed * 10 >= listed * 9)) || fail "only $placed of the $listed functions in cli/startup.order are in the binary"
windows=$(while read -r _ address size; do
  printf '%d\n%d\n' $((0x$address / 65536)) $(((0x$address + 0x$size) / 65536))
done <"$WORK/placed" | sort -u | wc -l)
((windows <= 24)) || fail "the ordered functions span $windows windows of 64 KiB (the layout keeps them within 24)"
text_start=$(readelf -SW "$RTCAT" | awk '$2 == ".text" { print $4 }')
first=$(sort -k2,2 "$WORK/placed" | head -1 | awk '{ print $2 }')
(((0x$first - 0x$text_start) < 0x10000)) || fail "the first ordered function is at 0x$first, not at the start of .text (0x$text_start)"

# Coverage: the functions the commands run now, against the committed list (a few may differ by
# machine: glibc's start-up takes a branch for the processor's make).
cases=$((cases + 1))
"$SRC/scripts/startup-order.sh" "$(dirname "$RTCAT")" "$WORK/now.order" 2>"$WORK/err" || fail "startup-order.sh failed: $(cat "$WORK/err")"
grep -v '^#' "$WORK/now.order" | sort -u | comm -23 - "$WORK/data" >"$WORK/now"
missing=$(comm -23 "$WORK/now" "$WORK/ordered")
run_count=$(wc -l <"$WORK/now")
missing_count=$(grep -c . <<<"$missing" || true)
((run_count > 200)) || fail "the short commands ran only $run_count functions under callgrind"
((missing_count * 50 <= run_count)) ||
  fail "cli/startup.order lacks $missing_count of the $run_count functions the short commands run: run scripts/startup-order.sh; for example: $(head -5 <<<"$missing" | tr '\n' ' ')"

# The data a check writes: named in the file, placed first in .data and .bss, and the marker that
# ends it after all of it (cli/startup_pages.cpp maps the zeroed data up to there).
cases=$((cases + 1))
grep -v '^#' "$order" | sort -u | comm -12 - "$WORK/data" >"$WORK/ordered_data"
data_count=$(wc -l <"$WORK/ordered_data")
((data_count >= 50)) || fail "cli/startup.order names only $data_count variables a check writes"
bss=$(readelf -SW "$RTCAT" | sed 's/^ *\[ *[0-9]*\]//' | awk '$1 == ".bss" { print "0x" $3, "0x" $5 }')
read -r bss_start bss_size <<<"$bss"
data_end=$(nm --defined-only "$RTCAT" | awk '$3 == "rtcat_startup_data_end" { print "0x" $1 }')
[[ -n $data_end && -n $bss_start ]] || fail "no rtcat_startup_data_end, or no .bss"
((bss_start <= ${data_end:-0} && ${data_end:-0} < bss_start + bss_size)) || fail "rtcat_startup_data_end ($data_end) is not in .bss"
# Every ordered variable of .bss lies before the marker, and the marker in the first third of it.
while read -r name address; do
  [[ $name == rtcat_startup_data_end ]] && continue
  ((0x$address < bss_start || 0x$address >= bss_start + bss_size || 0x$address < data_end)) ||
    fail "a variable the file names lies at 0x$address, after rtcat_startup_data_end ($data_end)"
done < <(nm --defined-only "$RTCAT" | awk '$2 ~ /^[bBuvV]$/ { print $3, $1 }' | sort -k1,1 | join "$WORK/ordered_data" -)
((${data_end:-0} - bss_start < bss_size / 3)) || fail "rtcat_startup_data_end ($data_end) is not in the first third of .bss ($bss_start, $bss_size bytes)"
finish
