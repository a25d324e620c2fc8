#!/usr/bin/env bash
# Start-up cost of a lifecycle question, whole process, against a C peer, interleaved run by run:
#   rtcat check --runtime 2.1 --python 3.7 --at 2020-06-01   vs   ubuntu-distro-info --supported
# Prints each one's median and mean per-run time and the ratio of the medians (goal: <= 0.85),
# launched both ways bench/interleave.sh knows.
# Usage: bench/check_vs_distro_info.sh [BUILD_DIR] [RUNS]      (default: build 600)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
runs=${2:-600}
command -v ubuntu-distro-info >/dev/null || { echo "needs ubuntu-distro-info (RTCAT_BENCH=1 scripts/install-deps.sh)" >&2; exit 2; }
[[ -x "$build/rtcat" ]] || { echo "build rtcat first: $build/rtcat" >&2; exit 2; }
export NO_COLOR=1
# Timed as installed: a copy. The file the linker wrote starts about 10% slower than any copy of
# it (cp, cat, dpkg), whatever its folder (measured interleaved, docs/benchmarks.md).
installed=$(mktemp -d)
trap 'rm -rf "$installed"' EXIT
cp "$build/rtcat" "$installed/rtcat"
# Twice: each run launched by a fork of bash, then by posix_spawn (bench/interleave.sh says why).
for launch in bash spawn; do
  echo "launched by $launch:"
  INTERLEAVE_LAUNCH=$launch bench/interleave.sh "$runs" "rtcat check --runtime 2.1 --python 3.7" "ubuntu-distro-info --supported" -- \
    "$installed/rtcat" check --runtime 2.1 --python 3.7 --at 2020-06-01 -- ubuntu-distro-info --supported
done
