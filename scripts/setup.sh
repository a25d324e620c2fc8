#!/usr/bin/env bash
# First command of the README: install what is missing, build, and run `rtcat list` on the
# embedded catalog.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)"
./build/rtcat list
