#!/usr/bin/env bash
# Second command of the README (and CI): install what is missing, then
#   1. build (Release, -Werror) and run every unit and end-to-end test;
#   2. lint: clang-format on every C++ file, clang-tidy with the enforced checks;
#   3. build with clang, AddressSanitizer and UndefinedBehaviorSanitizer, and run the tests again;
#   4. replay every fuzz seed corpus, then a bounded search with a fixed seed and run count.
# RTCAT_QUICK=1 stops after step 1.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
jobs=$(nproc)
# Test-time JavaScript tools (JSON Schema and SARIF validation, the GitHub Actions validator, the
# Vertex AI v1 .proto files and a protobuf library to check migrated jobs against them) from the
# npm registry, in build/.
if [[ ! -d build/node/node_modules/ajv || ! -d build/node/node_modules/@microsoft/jest-sarif || ! -d build/node/node_modules/ajv-draft-04 ||
  ! -x build/node/node_modules/.bin/action-validator || ! -d build/node/node_modules/@google-cloud/aiplatform ||
  ! -d build/node/node_modules/protobufjs ]]; then
  mkdir -p build/node
  npm install --silent --no-audit --no-fund --prefix build/node ajv@8 ajv-formats@3 @microsoft/jest-sarif@1.0.0-beta.0 ajv-draft-04@1 \
    @action-validator/cli@0.6.0 @action-validator/core@0.6.0 @google-cloud/aiplatform@7.4.0 protobufjs@7.6.6 >/dev/null
fi

echo "== release build and tests"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DRTCAT_WARNINGS_AS_ERRORS=ON -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
cmake --build build -j"$jobs"
ctest --test-dir build --output-on-failure -j"$jobs"
[[ "${RTCAT_QUICK:-}" == 1 ]] && exit 0

echo "== lint"
scripts/lint.sh build

echo "== sanitizers (clang, ASan + UBSan)"
mkdir -p build-asan/node
[[ -d build-asan/node/node_modules ]] || cp -r build/node/node_modules build-asan/node/
cmake --preset asan >/dev/null
cmake --build --preset asan -j"$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
  ctest --test-dir build-asan --output-on-failure -j"$jobs"

echo "== fuzzing (seed corpora, bounded)"
fuzz/run.sh
