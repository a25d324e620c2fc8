#!/usr/bin/env bash
# What the statically linked executable leaves out of its start-up (docs/benchmarks.md):
# - the standard streams (cli/no_streams.cpp, cli/CMakeLists.txt): neither std::ios_base::Init
#   nor std::cin, std::cout, std::cerr, std::clog or their wide twins is in it, so start-up
#   builds none of them; and every kind of text the command line writes itself (help, version,
#   answers, errors, notes) still arrives, each on its own stream;
# - libgcc's processor probe (__cpu_indicator_init, linked by __builtin_cpu_supports), a
#   constructor whose CPUID instructions trap to the hypervisor on a virtual machine: util/find
#   asks glibc, which has read the processor already.
# - the relocation of constant tables of texts: the rule registry, gcloud's flags, the
#   framework aliases and SQLite's function names hold their texts in their rows
#   (util/fixed_text.hpp), so they are read-only data, not data every start relocates.
# Environment: RTCAT_NO_STREAMS (ON where the C++ runtime is linked statically).
source "$(dirname "$0")/lib.sh"
[[ "${RTCAT_NO_STREAMS:-OFF}" == ON ]] || skip "the C++ runtime is not static: its own start-up builds the streams"
require_tools nm

# The symbols: the wrapped constructions, and not one standard stream object.
cases=$((cases + 1))
CMD="nm $RTCAT"
symbols=$(nm "$RTCAT")
grep -q ' T __wrap__ZNSt8ios_base4InitC1Ev$' <<<"$symbols" || fail "std::ios_base::Init is not wrapped"
for s in __cpu_indicator_init _ZNSt8ios_base4InitC1Ev _ZSt3cin _ZSt4cout _ZSt4cerr _ZSt4clog _ZSt4wcin _ZSt5wcout _ZSt5wcerr _ZSt5wclog; do
  ! grep -q " [A-Za-z] $s$" <<<"$symbols" || fail "the executable defines $s"
done
# The tables of texts: read-only data (r), not relocated data (d).
cases=$((cases + 1))
for table in _ZN3lib12_GLOBAL__N_1L7k_rulesE _ZN3lib4jobs12_GLOBAL__N_1L7k_flagsE _ZZN3lib12_GLOBAL__N_111compute_keyESt17basic_string_viewIcSt11char_traitsIcEEE9k_aliases; do
  kind=$(awk -v s="$table" '$3 == s { print $2 }' <<<"$symbols" | head -1)
  [[ $kind == [rR] ]] || fail "the table $table is not read-only data (nm says '${kind:-nothing}')"
done

# What the command line writes itself, through stdio.
run --help
expect_exit 0
expect_out "Usage: rtcat"
[[ -z "$ERR" ]] || fail "stderr is not empty: $ERR"
run --version
expect_exit 0
expect_out_eq "rtcat $(sed -n 's/^project(rtcat VERSION \([0-9.]*\).*/\1/p' "$SRC/CMakeLists.txt")"
run check --runtime 2.1 --python 3.7 --at 2020-06-01
expect_exit 0
expect_out_eq "runtime 2.1 (ai-platform) with Python 3.7 is valid for training on 2020-06-01: supported; next: submission_end 2021-03-09 (281 days)"
run chek
expect_exit 2
expect_err "rtcat: error: unknown command 'chek' (did you mean 'check'?)"
[[ -z "$OUT" ]] || fail "stdout is not empty: $OUT"
run check --runtime
expect_exit 2
expect_err "rtcat: error: --runtime: a value is missing (see 'rtcat check --help')"
RTCAT_TODAY=bad run check --runtime 2.1
expect_exit 2
expect_err "rtcat: error: RTCAT_TODAY: invalid date 'bad' (expected YYYY-MM-DD)"

# The answer, then the data-age gate's finding, each on its own stream.
run list --platform ai-platform --max-data-age 1d --at 2030-01-01
expect_out "2.11  2022-12-09..2023-04-08"
expect_err "older than --max-data-age 1d"
expect_err "[data-too-old]"
finish
