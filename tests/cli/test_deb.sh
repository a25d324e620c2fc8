#!/usr/bin/env bash
# cpack -G DEB: rtcat_<version>_<arch>.deb with the runtime files only, Depends from
# dpkg-shlibdeps (libc6 for rtcat; libsimdjson14 and libstdc++6 for the simdjson module it loads)
# and, where rtcat loads SQLite when its store first calls it (RTCAT_SQLITE_ON_DEMAND=ON),
# libsqlite3-0; the copyright file and changelog Debian expects; lintian reports no error;
# unpacked with dpkg -x, the binary runs and loads its module, the manual page renders and a
# completion loads.
source "$(dirname "$0")/lib.sh"
: "${BUILD:?BUILD must name the build folder}"
require_tools cpack dpkg-deb dpkg-shlibdeps lintian man strace
version=$(sed -n 's/^project(rtcat VERSION \([0-9.]*\).*/\1/p' "$SRC/CMakeLists.txt")
arch=$(dpkg --print-architecture)
deb="$WORK/pkg/rtcat_${version}_${arch}.deb"

cases=$((cases + 1))
(cd "$BUILD" && cpack -G DEB -B "$WORK/pkg" >"$WORK/cpack.log" 2>&1) || fail "cpack: $(tail -5 "$WORK/cpack.log")"
[[ -f "$deb" ]] || fail "no $deb: $(ls "$WORK/pkg")"

cases=$((cases + 1))
# With a Depends of its own, CPack writes dpkg-shlibdeps's versions; without, "*" for each.
if [[ "${RTCAT_SQLITE_ON_DEMAND:-OFF}" == ON ]]; then
  depends='Depends: libsqlite3-0 (>= 3.14), libc6 (>= 2.14), libgcc-s1 (>= 3.0), libsimdjson14 (>= 2.0.1), libstdc++6 (>= 5)'
else
  depends='Depends: libc6 (>= "*"), libsimdjson14 (>= "*"), libstdc++6 (>= "*")'
fi
dpkg-deb -f "$deb" Package Version Architecture Depends Section >"$WORK/fields"
[[ "$(cat "$WORK/fields")" == "Package: rtcat
Version: $version
Architecture: $arch
$depends
Section: utils" ]] || fail "control fields: $(cat "$WORK/fields")"

cases=$((cases + 1))
dpkg-deb -c "$deb" | awk '{ print $6 }' | grep -v '/$' | sort >"$WORK/files"
[[ "$(cat "$WORK/files")" == "./usr/bin/rtcat
./usr/lib/rtcat/librtcat-json.so
./usr/share/bash-completion/completions/rtcat
./usr/share/doc/rtcat/changelog.gz
./usr/share/doc/rtcat/copyright
./usr/share/fish/vendor_completions.d/rtcat.fish
./usr/share/man/man1/rtcat.1.gz
./usr/share/zsh/vendor-completions/_rtcat" ]] || fail "package contents: $(cat "$WORK/files")"

cases=$((cases + 1))
lintian --no-tag-display-limit "$deb" >"$WORK/lintian" 2>"$WORK/lintian.err"
grep -q '^E:' "$WORK/lintian" && fail "lintian errors: $(grep '^E:' "$WORK/lintian")"
grep -q '^W:' "$WORK/lintian" && echo "lintian warnings: $(grep '^W:' "$WORK/lintian")"

root="$WORK/root"
dpkg -x "$deb" "$root"
RTCAT="$root/usr/bin/rtcat"
cases <<T
0 | --version | rtcat $version
0 | --at 2020-06-01 show 1.15 | submission_end
1 | --at 2023-06-01 check --runtime 2.1 | deletion
T
installed_checks "$RTCAT" "$root/usr/bin/../lib/rtcat/librtcat-json.so" "$root/usr/share/man/man1/rtcat.1.gz" packaged
grep -q "^ENVIRONMENT" "$WORK/man.txt" || fail "the rendered manual has no ENVIRONMENT section"
cases=$((cases + 1))
got=$(PATH="$root/usr/bin:$PATH" bash -c 'source "$1"; COMP_WORDS=(rtcat completion ""); COMP_CWORD=2; _rtcat; echo "${COMPREPLY[*]}"' _ "$root/usr/share/bash-completion/completions/rtcat")
[[ "$got" == "bash zsh fish" ]] || fail "bash completion from the package: got '$got'"
cases=$((cases + 1))
zcat "$root/usr/share/doc/rtcat/changelog.gz" | head -1 | grep -q "^rtcat ($version) " || fail "changelog does not start with version $version"
finish
