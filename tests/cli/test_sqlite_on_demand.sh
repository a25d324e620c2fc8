#!/usr/bin/env bash
# SQLite loaded when the store first calls it (cli/sqlite_on_demand.cpp): the executable holds
# none of SQLite's own code, only the functions SQLiteCpp calls, as jumps; a command that reads no
# store never opens the library; one that does opens Debian's libsqlite3.so.0 and works as before
# (e2e.db tests the store itself); and without the library the store's command says so in one
# line, exit 2, and leaves no file behind.
# Environment: RTCAT_SQLITE_ON_DEMAND (ON where the build links the jumps: lld, x86-64).
source "$(dirname "$0")/lib.sh"
[[ "${RTCAT_SQLITE_ON_DEMAND:-OFF}" == ON ]] || skip "SQLite is linked in (the jumps need lld and x86-64: cli/CMakeLists.txt)"
require_tools nm strace

# The symbols: SQLiteCpp's functions defined, none of SQLite's own (sqlite3 followed by a capital).
cases=$((cases + 1))
CMD="nm $RTCAT"
symbols=$(nm --defined-only "$RTCAT")
for s in sqlite3_open_v2 sqlite3_prepare_v2 sqlite3_step sqlite3_db_config sqlite3_bind_double; do
  grep -q " T $s$" <<<"$symbols" || fail "$s is not defined"
done
internal=$(grep -c ' sqlite3[A-Z]' <<<"$symbols" || true)
((internal == 0)) || fail "$internal of SQLite's own functions are linked in, e.g. $(grep -m1 ' sqlite3[A-Z]' <<<"$symbols")"

# What a run opens: sets CODE, and OPENED to how many times it opened the library.
opened() {
  strace -f -e trace=open,openat -o "$WORK/trace" "$RTCAT" "$@" >"$WORK/out" 2>"$WORK/err"
  CODE=$?
  OPENED=$(grep -v ENOENT "$WORK/trace" | grep -c 'libsqlite3\.so' || true)
}
cases=$((cases + 1))
CMD="strace rtcat check --runtime 2.1 --python 3.7 --at 2020-06-01"
opened check --runtime 2.1 --python 3.7 --at 2020-06-01
((OPENED == 0)) || fail "check opened libsqlite3"
expect_exit 0
cases=$((cases + 1))
CMD="strace rtcat db init"
opened db init "$WORK/store.db"
((OPENED >= 1)) || fail "db init did not open libsqlite3: $(cat "$WORK/trace")"
expect_exit 0

# The store works through it: import, verify, and a command reading the store.
run db import "$WORK/store.db" "$SRC/data/ai-platform.json"
expect_exit 0
expect_out "imported ai-platform (26 entries) into $WORK/store.db"
run db verify "$WORK/store.db"
expect_exit 0
expect_out "$WORK/store.db: ok (schema version 3, 1 catalogs)"
run --catalog "$WORK/store.db" check --runtime 2.1 --python 3.7 --at 2020-06-01
expect_exit 0
expect_out "runtime 2.1 (ai-platform) with Python 3.7 is valid for training on 2020-06-01"

# Without the library (a mount namespace where it is /dev/null): one line, exit 2, no output.
library=$(strace -f -e trace=openat -o /dev/stdout "$RTCAT" db verify "$WORK/store.db" 2>/dev/null |
  sed -n 's/.*openat([^"]*"\([^"]*libsqlite3\.so[^"]*\)".*= [0-9].*/\1/p' | head -1)
if [[ -n $library ]] && unshare -m true 2>/dev/null; then
  cases=$((cases + 1))
  CMD="rtcat db verify, without $library"
  unshare -m bash -c 'mount --bind /dev/null "$(readlink -f "$1")" && exec "$2" db verify "$3"' _ "$library" "$RTCAT" "$WORK/store.db" \
    >"$WORK/out" 2>"$WORK/err"
  CODE=$?
  OUT=$(cat "$WORK/out")
  ERR=$(cat "$WORK/err")
  expect_exit 2
  expect_err "rtcat: error: the catalog store needs SQLite, which did not load: "
  expect_err "(install the package libsqlite3-0)"
  [[ -z $OUT ]] || fail "stdout is not empty"
  [[ $(wc -l <"$WORK/err") -eq 1 ]] || fail "more than one line on stderr"
  # A command writing a file leaves nothing behind: the error is an exception like any other.
  cases=$((cases + 1))
  CMD="rtcat --catalog store.db report --output, without $library"
  mkdir "$WORK/report"
  unshare -m bash -c 'mount --bind /dev/null "$(readlink -f "$1")" && exec "$2" --catalog "$3" report --inventory "$4" --output "$5"' \
    _ "$library" "$RTCAT" "$WORK/store.db" "$SRC/data/examples/jobs.json" "$WORK/report/report.html" >"$WORK/out" 2>"$WORK/err"
  CODE=$?
  ERR=$(cat "$WORK/err")
  expect_exit 2
  expect_err "the catalog store needs SQLite, which did not load"
  [[ -z $(ls -A "$WORK/report") ]] || fail "left files behind: $(ls -A "$WORK/report")"
else
  echo "note: no mount namespace here (unshare -m): the case without the library is not run"
fi
finish
