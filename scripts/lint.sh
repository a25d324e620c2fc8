#!/usr/bin/env bash
# clang-format (must leave every C++ file unchanged) and clang-tidy (the checks in
# .clang-tidy, all errors) over the project's sources.
#   scripts/lint.sh [BUILD_DIR with compile_commands.json]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
mapfile -t files < <(git ls-files '*.cpp' '*.hpp' | grep -v '^tests/fixtures/')
clang-format --dry-run -Werror "${files[@]}"
echo "clang-format: ${#files[@]} files clean"
[[ -f "$build/compile_commands.json" ]] || { echo "no $build/compile_commands.json: configure with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON" >&2; exit 2; }
mapfile -t sources < <(git ls-files 'util/*.cpp' 'catalog/*.cpp' 'lib/*.cpp' 'render/*.cpp' 'cli/*.cpp' 'api/*.cpp')
printf '%s\n' "${sources[@]}" | xargs -P "$(nproc)" -n 4 clang-tidy -p "$build" --quiet --extra-arg=-Wno-unknown-warning-option 2>/dev/null
echo "clang-tidy: ${#sources[@]} files clean"
