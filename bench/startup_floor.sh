#!/usr/bin/env bash
# The floor under `rtcat check`'s start-up on this machine: a C program that does nothing and a
# C++ program that prints one line through iostreams, both static PIEs as rtcat is (libstdc++
# linked in), each timed against `ubuntu-distro-info --supported` interleaved run by run, with
# `rtcat check` itself; and the page faults of each (GNU time's minor faults, median of 21 runs).
# Usage: bench/startup_floor.sh [BUILD_DIR] [RUNS]      (default: build 400)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
runs=${2:-400}
for tool in ubuntu-distro-info /usr/bin/time cc c++; do
  command -v "$tool" >/dev/null || { echo "needs $tool (RTCAT_BENCH=1 scripts/install-deps.sh)" >&2; exit 2; }
done
[[ -x "$build/rtcat" ]] || { echo "build rtcat first: $build/rtcat" >&2; exit 2; }
export NO_COLOR=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'int main(void) { return 0; }\n' >"$tmp/empty.c"
printf '#include <iostream>\nint main() { std::cout << "x\\n"; }\n' >"$tmp/iostream.cpp"
cc -O2 -static-pie "$tmp/empty.c" -o "$tmp/empty"
c++ -O2 -static-pie "$tmp/iostream.cpp" -o "$tmp/iostream"
cp "$build/rtcat" "$tmp/rtcat" # timed as installed: a copy (bench/check_vs_distro_info.sh says why)

# Median minor faults of 21 runs of a command, as the kernel accounts them: every page faulted
# in, and every page madvise(MADV_POPULATE_*) maps (cli/startup_pages.cpp), though that takes no
# trap; `perf stat -e page-faults` counts the traps alone.
faults() {
  for _ in $(seq 21); do /usr/bin/time -f %R "$@" 2>&1 >/dev/null | tail -1; done | sort -n | sed -n 11p
}
printf '%-44s %s\n' "ubuntu-distro-info --supported" "$(faults ubuntu-distro-info --supported) minor faults"
printf '%-44s %s\n' "empty C program, static PIE" "$(faults "$tmp/empty") minor faults"
printf '%-44s %s\n' "C++ iostream hello, static PIE" "$(faults "$tmp/iostream") minor faults"
printf '%-44s %s\n' "rtcat check --runtime 2.1 --python 3.7" "$(faults "$tmp/rtcat" check --runtime 2.1 --python 3.7 --at 2020-06-01) minor faults (pages mapped)"
# Each run launched by a fork of bash, then by posix_spawn (bench/interleave.sh says why).
for launch in bash spawn; do
  echo "launched by $launch:"
  export INTERLEAVE_LAUNCH=$launch
  bench/interleave.sh "$runs" "empty C program" "ubuntu-distro-info" -- "$tmp/empty" -- ubuntu-distro-info --supported | tail -1
  bench/interleave.sh "$runs" "C++ iostream hello" "ubuntu-distro-info" -- "$tmp/iostream" -- ubuntu-distro-info --supported | tail -1
  bench/interleave.sh "$runs" "rtcat check" "ubuntu-distro-info" -- \
    "$tmp/rtcat" check --runtime 2.1 --python 3.7 --at 2020-06-01 -- ubuntu-distro-info --supported | tail -1
done
