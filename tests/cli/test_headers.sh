#!/usr/bin/env bash
# Each public header of include/rtcat/ compiles on its own, with warnings as errors, and names
# nothing of rtcat's internals or of its third-party libraries.
source "$(dirname "$0")/lib.sh"
: "${BUILD:?BUILD must name the build folder}"
headers=("$SRC"/include/rtcat/*.hpp "$BUILD"/include/rtcat/version.hpp)
# Each in its own translation unit (included twice: the include guard), compiled in parallel.
for h in "${headers[@]}"; do
  name=$(basename "$h" .hpp)
  printf '#include <rtcat/%s.hpp>\n#include <rtcat/%s.hpp>\n' "$name" "$name" >"$WORK/$name.cpp"
  (c++ -std=c++20 -Wall -Wextra -Wpedantic -Werror -fsyntax-only -I"$SRC/include" -I"$BUILD/include" "$WORK/$name.cpp" \
    2>"$WORK/$name.err"; echo $? >"$WORK/$name.code") &
done
wait
for h in "${headers[@]}"; do
  name=rtcat/$(basename "$h")
  base=$(basename "$h" .hpp)
  cases=$((cases + 1))
  CMD="c++ $name"
  [[ "$(cat "$WORK/$base.code")" == 0 ]] || fail "$name does not compile alone: $(head -5 "$WORK/$base.err")"
  cases=$((cases + 1))
  ! grep -E '#include [<"](util|catalog|lib|render|cli|nlohmann|date|CLI|yaml-cpp|SQLiteCpp)/' "$h" ||
    fail "$name includes an internal or third-party header"
done
finish
