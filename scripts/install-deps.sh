#!/usr/bin/env bash
# Installs the Debian packages rtcat builds and tests with, when any is missing.
# Idempotent: does nothing (and needs no network) when everything is there.
#   --build-only  only what building rtcat needs (the GitHub Action in action.yml uses it)
set -euo pipefail

build_packages=(
  cmake g++ make pkg-config
  lld # links the executable with its start-up layout (cli/CMakeLists.txt); GNU ld does without it
  libsqlitecpp-dev libsqlite3-dev nlohmann-json3-dev libhowardhinnant-date-dev libcli11-dev libyaml-cpp-dev libsimdjson-dev
)
packages=(
  "${build_packages[@]}" doctest-dev
  sqlite3
  clang libclang-rt-14-dev clang-format clang-tidy
  chromium          # report and timeline: rendered and measured headless in end-to-end tests
  python3-icalendar # timeline: the iCalendar feed is validated with a real parser (Debian's version)
  python3-torch     # cluster-env: a real gloo process group over the PyTorch variables it prints
  # installation and integration tests: the manual page, the completions, the .deb, pre-commit
  man-db groff-base zsh fish dpkg-dev file lintian pre-commit git python3-yaml
  strace            # which files a run opens (the simdjson module is loaded only when needed)
  valgrind          # the start-up layout: which functions a short command runs (callgrind)
)
# Node.js and npm (test-time JSON Schema and SARIF validation): any installation will do.
command -v node >/dev/null && command -v npm >/dev/null || packages+=(nodejs npm)
[[ "${1:-}" == --build-only ]] && packages=("${build_packages[@]}")
if [[ "${RTCAT_BENCH:-}" == 1 ]]; then
  packages+=(distro-info hyperfine jq ripgrep time python3)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}" >&2
  sudo_cmd=()
  [[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
