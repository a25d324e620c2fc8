#!/usr/bin/env bash
# Each public header of include/rtcat/ compiles on its own, with warnings as errors, and names
# nothing of rtcat's internals or of its third-party libraries.
source "$(dirname "$0")/lib.sh"
: "${BUILD:?BUILD must name the build folder}"
for h in "$SRC"/include/rtcat/*.hpp "$BUILD"/include/rtcat/version.hpp; do
  name=rtcat/$(basename "$h")
  cases=$((cases + 1))
  CMD="c++ $name"
  printf '#include <%s>\n#include <%s>\n' "$name" "$name" >"$WORK/one.cpp"
  c++ -std=c++20 -Wall -Wextra -Wpedantic -Werror -fsyntax-only -I"$SRC/include" -I"$BUILD/include" "$WORK/one.cpp" 2>"$WORK/err" ||
    fail "$name does not compile alone: $(head -5 "$WORK/err")"
  cases=$((cases + 1))
  ! grep -E '#include [<"](util|catalog|lib|render|cli|nlohmann|date|CLI|yaml-cpp|SQLiteCpp)/' "$h" ||
    fail "$name includes an internal or third-party header"
done
finish
