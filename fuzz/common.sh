# Sourced by fuzz/run.sh and fuzz/explore.sh: builds the fuzz targets (clang, libFuzzer, ASan,
# UBSan) and sets `targets` to the ones named in "$@", else every target of fuzz/CMakeLists.txt.
cd "$(dirname "${BASH_SOURCE[0]}")/.."
targets=("$@")
if ((${#targets[@]} == 0)); then
  mapfile -t targets < <(sed -n '/^set(RTCAT_FUZZ_TARGETS/,/^)/p' fuzz/CMakeLists.txt | sed '1d;$d' | tr -d ' ')
fi
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j"$(nproc)" --target "${targets[@]/#/fuzz_}" >/dev/null
mkdir -p fuzz/artifacts

# report_failure LOG: the lines of a libFuzzer log that say what went wrong, on stderr.
report_failure() {
  grep -E 'ERROR|SUMMARY|runtime error|Running:|Test unit written' "$1" | tail -20 >&2
}
