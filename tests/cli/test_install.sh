#!/usr/bin/env bash
# cmake --install into a temporary prefix: the layout, the installed manual page and bash
# completion, and examples/consumer built against the installed CMake package and pkg-config
# file, run.
source "$(dirname "$0")/lib.sh"
require_tools strace
: "${BUILD:?BUILD must name the build folder}"
prefix="$WORK/prefix"

cases=$((cases + 1))
cmake --install "$BUILD" --prefix "$prefix" >"$WORK/install.log" 2>&1 || fail "cmake --install: $(tail -5 "$WORK/install.log")"
libdir=$(cd "$prefix" && dirname "$(find . -name rtcat.pc)" | sed 's|^\./||; s|/pkgconfig$||')
for f in bin/rtcat share/man/man1/rtcat.1.gz share/bash-completion/completions/rtcat share/zsh/site-functions/_rtcat \
  share/fish/vendor_completions.d/rtcat.fish share/doc/rtcat/copyright share/doc/rtcat/changelog.gz \
  include/rtcat/rtcat.hpp include/rtcat/version.hpp "$libdir/librtcat.a" "$libdir/cmake/rtcat/rtcatConfig.cmake" \
  "$libdir/cmake/rtcat/rtcatConfigVersion.cmake" "$libdir/pkgconfig/rtcat.pc" "$libdir/rtcat/librtcat-json.so"; do
  cases=$((cases + 1))
  [[ -f "$prefix/$f" ]] || fail "not installed: $f"
done
# Nothing of the internals: the public headers only.
cases=$((cases + 1))
[[ "$(ls "$prefix/include")" == "rtcat" ]] || fail "installed headers beyond include/rtcat: $(ls "$prefix/include")"

RTCAT="$prefix/bin/rtcat"
run --version
expect_out_eq "rtcat $(sed -n 's/^project(rtcat VERSION \([0-9.]*\).*/\1/p' "$SRC/CMakeLists.txt")"
# The installed rtcat finds the simdjson module in $libdir/rtcat when it reads an inventory.
installed_checks "$RTCAT" "$prefix/bin/../$libdir/rtcat/librtcat-json.so" "$prefix/share/man/man1/rtcat.1.gz" installed
cases=$((cases + 1))
got=$(bash -c 'source "$1"; COMP_WORDS=(rtcat sc); COMP_CWORD=1; _rtcat; echo "${COMPREPLY[*]}"' _ "$prefix/share/bash-completion/completions/rtcat")
[[ "$got" == "scan" ]] || fail "installed bash completion: got '$got'"

# The consumer example, through find_package(rtcat).
cases=$((cases + 1))
cmake -S "$SRC/examples/consumer" -B "$WORK/consumer" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release >"$WORK/consumer.log" 2>&1 &&
  cmake --build "$WORK/consumer" >>"$WORK/consumer.log" 2>&1 || fail "consumer build: $(tail -20 "$WORK/consumer.log")"
RTCAT="$WORK/consumer/runtime-status"
run 1.15 2020-06-01
expect_exit 0
expect_out_eq "ai-platform:1.15 on 2020-06-01: supported, next submission_end on 2020-12-19
check: ok
rtcat 0.1.0"
run 2.1 2023-06-01
expect_exit 1
expect_out "ai-platform:2.1 on 2023-06-01: deletion
check: fails
  error [deletion] runtime 2.1 had its model versions deleted on 2022-03-09"
run vertex-prediction:sklearn-cpu.1-6 2026-09-01
expect_exit 0
expect_out "vertex-prediction:sklearn-cpu.1-6 on 2026-09-01: expiring, next support_end on 2026-10-14
check: ok
  warning [expiring] image sklearn-cpu.1-6 leaves support on 2026-10-14 (in 43 days)"
run 9.9 2023-06-01
expect_exit 1
expect_out_eq "9.9: not in any catalog"
run 2.1 2023-02-30
expect_exit 2
expect_err "runtime-status: invalid date '2023-02-30'"

# The same program through pkg-config.
cases=$((cases + 1))
if command -v pkg-config >/dev/null; then
  PKG_CONFIG_PATH="$prefix/$libdir/pkgconfig" pkg-config --cflags --libs rtcat >"$WORK/pc" || fail "pkg-config rtcat"
  # shellcheck disable=SC2046
  c++ "$SRC/examples/consumer/main.cpp" -o "$WORK/pc-status" $(cat "$WORK/pc") 2>"$WORK/pc.err" || fail "pkg-config build: $(head -5 "$WORK/pc.err")"
  RTCAT="$WORK/pc-status"
  run 1.15 2020-06-01
  expect_exit 0
  expect_out "supported, next submission_end on 2020-12-19"
fi
finish
