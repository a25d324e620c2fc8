#!/usr/bin/env bash
# The start-up's pages in a few calls (cli/startup_pages.cpp, docs/benchmarks.md): where lld lays
# out the static PIE on x86-64, the executable enters at rtcat_start, first in the text, which
# maps before anything else runs, each with one madvise: the top of the stack, the read-only data
# up to the unwind tables, the code up to rtcat_startup_text_end (placed after every function
# cli/startup.order names; for a `check`, up to rtcat_startup_check_end, after the functions of
# the check command lines, which the file names first) and what follows it (_init to .iplt), and
# every writable segment, the zeroed data's up to rtcat_startup_data_end; then
# main maps the next 64 KiB of the heap. The ranges are checked against the program headers,
# call by call (strace), and the answer is the same as ever.
# Environment: RTCAT_STARTUP_ENTRY (ON where the build links the entry point).
source "$(dirname "$0")/lib.sh"
export LC_ALL=C
[[ "${RTCAT_STARTUP_ENTRY:-OFF}" == ON ]] || skip "linked without the start-up entry point (lld and x86-64 only: cli/CMakeLists.txt)"
require_tools readelf nm strace

page_up() { echo $((($1 + 4095) / 4096 * 4096)); }

# The entry point, first in the text; the marker after every function the order file places.
cases=$((cases + 1))
CMD="the entry point of $RTCAT"
symbols=$(nm --defined-only "$RTCAT")
address_of() { awk -v s="$1" '$3 == s { print "0x" $1 }' <<<"$symbols"; }
start=$(address_of rtcat_start)
marker=$(address_of rtcat_startup_text_end)
[[ -n $start && -n $marker ]] || fail "rtcat_start or rtcat_startup_text_end is not in the executable"
entry=$(readelf -hW "$RTCAT" | awk '/Entry point address/ { print $NF }')
((entry == start)) || fail "the entry point is $entry, not rtcat_start ($start)"
text_start=$(readelf -SW "$RTCAT" | awk '{ for (i = 1; i < NF; i++) if ($i == ".text") print "0x" $(i + 2) }')
((start == text_start)) || fail "rtcat_start is at $start, not first in .text ($text_start)"
grep -v '^#' "$SRC/cli/startup.order" | sort -u >"$WORK/ordered"
[[ $(head -1 < <(grep -v '^#' "$SRC/cli/startup.order")) == rtcat_start ]] || fail "cli/startup.order does not name rtcat_start first"
[[ $(tail -1 "$SRC/cli/startup.order") == rtcat_startup_text_end ]] || fail "cli/startup.order does not name rtcat_startup_text_end last"
last_placed=$(nm -S --defined-only "$RTCAT" | awk 'NF == 4 && $3 ~ /^[TtWw]$/ { print $4, $1 }' | sort -k1,1 |
  join "$WORK/ordered" - | awk '$1 != "rtcat_startup_text_end" { print $2 }' | sort | tail -1)
[[ -n $last_placed ]] || fail "none of the functions cli/startup.order names is in the executable"
((0x${last_placed:-0} < marker)) || fail "an ordered function lies at 0x$last_placed, after the marker ($marker)"
# The functions named before rtcat_startup_check_end lie before it, and it before the end.
check_marker=$(address_of rtcat_startup_check_end)
data_end=$(address_of rtcat_startup_data_end)
[[ -n $data_end && -n $(address_of _init) ]] || fail "rtcat_startup_data_end or _init is not in the executable"
[[ -n $check_marker ]] || fail "rtcat_startup_check_end is not in the executable"
((start < ${check_marker:-0} && ${check_marker:-0} < marker)) ||
  fail "rtcat_startup_check_end ($check_marker) does not lie between rtcat_start ($start) and rtcat_startup_text_end ($marker)"
sed -n '/^rtcat_startup_check_end$/q; /^[^#]/p' "$SRC/cli/startup.order" | sort -u >"$WORK/check_ordered"
last_check=$(nm -S --defined-only "$RTCAT" | awk 'NF == 4 && $3 ~ /^[TtWw]$/ { print $4, $1 }' | sort -k1,1 |
  join "$WORK/check_ordered" - | awk '{ print $2 }' | sort | tail -1)
[[ -n $last_check ]] || fail "cli/startup.order names no function of check's before rtcat_startup_check_end"
((0x${last_check:-0} < ${check_marker:-0})) ||
  fail "a function of check's lies at 0x$last_check, after rtcat_startup_check_end ($check_marker)"

# The calls, in order, before the C library's first (brk, for the thread's block), and each
# range that of its segment.
CMD="strace -e trace=madvise,brk rtcat check --runtime 2.1 --python 3.7 --at 2020-06-01"
strace -o /dev/null true 2>/dev/null || skip "strace cannot trace here (no ptrace)"
cases=$((cases + 1))
strace -o "$WORK/trace" -e trace=madvise,brk "$RTCAT" check --runtime 2.1 --python 3.7 --at 2020-06-01 >"$WORK/out" 2>"$WORK/err"
CODE=$?
OUT=$(cat "$WORK/out")
ERR=$(cat "$WORK/err")
expect_exit 0
expect_out_eq "runtime 2.1 (ai-platform) with Python 3.7 is valid for training on 2020-06-01: supported; next: submission_end 2021-03-09 (281 days)"
if grep -q 'MADV_POPULATE_READ) = -1 EINVAL' "$WORK/trace"; then
  skip "this kernel cannot populate (MADV_POPULATE_READ needs Linux 5.14): the executable runs as before, page fault by page fault"
fi
mapfile -t calls < <(sed -n 's/^madvise(\(0x[0-9a-f]*\), \([0-9]*\), \(MADV_[A-Z_]*\)) = \(.*\)$/\1 \2 \3 \4/p' "$WORK/trace")
segments=$(readelf -lW "$RTCAT" | awk '$1 == "LOAD" { flags = ""; for (i = 7; i < NF; i++) flags = flags $i; print $3, $6, flags }')
unwind=$(readelf -lW "$RTCAT" | awk '$1 == "GNU_EH_FRAME" { print $3 }')
# stack, read-only data, text and its last page, one per writable segment, heap
expected_count=$((4 + $(grep -c 'RW' <<<"$segments") + 1))
if [[ ${#calls[@]} -ne $expected_count ]]; then
  fail "$expected_count madvise calls expected, ${#calls[@]} made: $(cat "$WORK/trace")"
  finish
  exit
fi
[[ $(head -1 "$WORK/trace") == madvise* ]] || fail "the C library's first brk comes before the calls: $(head -1 "$WORK/trace")"
for c in "${calls[@]}"; do
  [[ $c == *" 0" ]] || fail "a call failed: $c"
done
read -r _ length advice _ <<<"${calls[0]}"
[[ $advice == MADV_POPULATE_WRITE ]] && ((length == 16384 || length == 20480)) ||
  fail "the first call does not map the stack's top 16 KiB (to the page) for writing: ${calls[0]}"
read -r base length advice _ <<<"${calls[1]}"
[[ $advice == MADV_POPULATE_READ && $length -eq $(page_up "$unwind") ]] ||
  fail "the read-only data: ${calls[1]}, expected $(page_up "$unwind") bytes from the image's start"
i=2
while read -r vaddr memsz flags; do
  case $flags in
    R) ;;
    RE)
      read -r at length advice _ <<<"${calls[$i]}"
      ((at == base + vaddr && length == $(page_up $((check_marker - vaddr))))) && [[ $advice == MADV_POPULATE_READ ]] ||
        fail "the text of a check: ${calls[$i]}, expected $((check_marker - vaddr)) bytes (rounded up) from $vaddr"
      text_vaddr=$vaddr
      i=$((i + 1))
      read -r at length advice _ <<<"${calls[$i]}"
      tail_from=$(($(address_of _init) / 4096 * 4096))
      ((at == base + tail_from && at + length == base + $(page_up $((vaddr + memsz))))) && [[ $advice == MADV_POPULATE_READ ]] ||
        fail "what follows the text, from _init ($tail_from) to the segment's end (.iplt): ${calls[$i]}"
      i=$((i + 1))
      ;;
    RW)
      read -r at length advice _ <<<"${calls[$i]}"
      # The segment of the zeroed data up to rtcat_startup_data_end, any other whole.
      size=$memsz
      ((vaddr <= data_end && data_end < vaddr + memsz)) && size=$((data_end + 1 - vaddr))
      ((at == base + vaddr && length == $(page_up "$size"))) && [[ $advice == MADV_POPULATE_WRITE ]] ||
        fail "the writable segment at $vaddr: ${calls[$i]}, expected $size bytes (rounded up)"
      i=$((i + 1))
      ;;
  esac
done <<<"$segments"
read -r at length advice _ <<<"${calls[$i]}"
# The break when main maps the heap: the last brk before that call.
break_end=$(sed -n "/^madvise(${calls[$i]%% *},/q; s/^brk(0x[0-9a-f]*) *= \(0x[0-9a-f]*\)$/\1/p" "$WORK/trace" | tail -1)
[[ -n $break_end ]] || fail "no brk before the heap's call: $(cat "$WORK/trace")"
[[ $advice == MADV_POPULATE_WRITE ]] && ((length <= 65536 + 4096 && at + length <= $(page_up "${break_end:-0}"))) ||
  fail "the heap: ${calls[$i]}, expected at most 64 KiB below the break ($break_end)"

# Any other command maps the code up to rtcat_startup_text_end: the third call.
CMD="strace -e trace=madvise rtcat list --format csv"
cases=$((cases + 1))
strace -o "$WORK/trace" -e trace=madvise "$RTCAT" list --format csv >"$WORK/out" 2>"$WORK/err"
CODE=$?
OUT=$(cat "$WORK/out")
ERR=$(cat "$WORK/err")
expect_exit 0
[[ $(head -1 "$WORK/out") == CATALOG,ID,* ]] || fail "list --format csv printed no header: $(head -1 "$WORK/out")"
mapfile -t calls < <(sed -n 's/^madvise(\(0x[0-9a-f]*\), \([0-9]*\), \(MADV_[A-Z_]*\)) = \(.*\)$/\1 \2 \3 \4/p' "$WORK/trace")
read -r base _ <<<"${calls[1]}"
read -r at length advice _ <<<"${calls[2]}"
((at == base + ${text_vaddr:-0} && length == $(page_up $((marker - ${text_vaddr:-0}))))) && [[ $advice == MADV_POPULATE_READ ]] ||
  fail "the text of a list: ${calls[2]}, expected $((marker - ${text_vaddr:-0})) bytes (rounded up) from ${text_vaddr:-0}"
finish
