#!/usr/bin/env bash
# Second command of the README (and CI): install what is missing, build, run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
# Test-time JavaScript tools (JSON Schema validation) from the npm registry, kept in build/.
if [[ ! -d build/node/node_modules/ajv || ! -d build/node/node_modules/@microsoft/jest-sarif || ! -d build/node/node_modules/ajv-draft-04 ]]; then
  mkdir -p build/node
  npm install --silent --no-audit --no-fund --prefix build/node ajv@8 ajv-formats@3 @microsoft/jest-sarif@1.0.0-beta.0 ajv-draft-04@1 >/dev/null
fi
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DRTCAT_WARNINGS_AS_ERRORS=ON >/dev/null
cmake --build build -j"$(nproc)"
ctest --test-dir build --output-on-failure -j"$(nproc)"
