#!/usr/bin/env bash
# The SQLite store under stress: 8 reader processes export the catalog while a writer
# re-imports it in a loop, alternating two versions: every read sees one version whole, and
# none fails with "database is locked". An import killed with SIGKILL half-way leaves the
# previous catalog intact. A corrupted file is a clear error.
source "$(dirname "$0")/lib.sh"
DB="$WORK/store.db"
A="$SRC/data/ai-platform.json"
B="$WORK/ai-platform-b.json"
sed 's/"title": "Google Cloud AI Platform Training and Prediction (legacy)"/"title": "version B"/' "$A" >"$B"
"$RTCAT" db init "$DB" >/dev/null
"$RTCAT" db import "$DB" "$B" >/dev/null && "$RTCAT" db export "$DB" -o "$WORK/expect-b.json"
"$RTCAT" db import "$DB" "$A" >/dev/null && "$RTCAT" db export "$DB" -o "$WORK/expect-a.json"
cmp -s "$WORK/expect-a.json" "$WORK/expect-b.json" && fail "the two versions must differ"

writer() {
  for ((i = 0; i < 40; i++)); do
    local f=$A
    ((i % 2)) && f=$B
    "$RTCAT" db import "$DB" "$f" >/dev/null 2>"$WORK/writer.err" || { echo "writer failed: $(cat "$WORK/writer.err")"; return 1; }
  done
}
reader() {
  local n=$1
  for ((i = 0; i < 25; i++)); do
    if ! "$RTCAT" db export "$DB" --name ai-platform >"$WORK/read-$n.json" 2>"$WORK/read-$n.err"; then
      echo "reader $n failed: $(cat "$WORK/read-$n.err")"
      return 1
    fi
    if ! cmp -s "$WORK/read-$n.json" "$WORK/expect-a.json" && ! cmp -s "$WORK/read-$n.json" "$WORK/expect-b.json"; then
      echo "reader $n saw a mix of the two versions"
      return 1
    fi
    "$RTCAT" --catalog "$DB" --at 2020-06-01 check --runtime 1.15 >/dev/null 2>"$WORK/check-$n.err" ||
      { echo "reader $n: check failed: $(cat "$WORK/check-$n.err")"; return 1; }
  done
}
cases=$((cases + 1))
CMD="8 readers and a writer"
pids=()
writer >"$WORK/writer.log" 2>&1 &
pids+=($!)
for n in 1 2 3 4 5 6 7 8; do
  reader "$n" >"$WORK/reader-$n.log" 2>&1 &
  pids+=($!)
done
for p in "${pids[@]}"; do
  wait "$p" || { OUT=$(cat "$WORK"/writer.log "$WORK"/reader-*.log); fail "a process failed"; }
done
grep -l "locked" "$WORK"/*.err 2>/dev/null && fail "database is locked"

# SIGKILL half-way through a large import: the previous catalog stays, whole.
"$RTCAT" db import "$DB" "$A" >/dev/null
node -e '
  const c = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const base = c.runtimes[15];
  c.runtimes = [];
  for (let i = 0; i < 40000; i++) c.runtimes.push({...base, id: "9." + i, version: "9." + i});
  process.stdout.write(JSON.stringify(c));' "$A" >"$WORK/huge.json"
"$RTCAT" db import "$DB" "$WORK/huge.json" >/dev/null 2>&1 &
importer=$!
# Wait (bounded, no sleep) until the import has written to the WAL, then kill it.
for ((i = 0; i < 200000; i++)); do
  size=$(stat -c %s "$DB-wal" 2>/dev/null || echo 0)
  ((size > 2000000)) && break
  kill -0 "$importer" 2>/dev/null || break
done
kill -KILL "$importer" 2>/dev/null
wait "$importer" 2>/dev/null
cases=$((cases + 1))
CMD="kill -9 during import (WAL had $size bytes)"
((size > 2000000)) || fail "the import was not caught half-way"
run db verify "$DB"
expect_exit 0
run db export "$DB" --name ai-platform
cmp -s <(printf '%s\n' "$OUT") "$WORK/expect-a.json" || fail "the catalog changed after a killed import"

# A corrupted file (the schema page overwritten): a clear error, exit 2.
cp "$DB" "$WORK/corrupt.db"
head -c 3000 /dev/zero | tr '\0' '\377' | dd of="$WORK/corrupt.db" bs=1 seek=100 conv=notrunc status=none
run --catalog "$WORK/corrupt.db" list
expect_input_error "rtcat: error: $WORK/corrupt.db:"
run db verify "$WORK/corrupt.db"
expect_exit 1
expect_out "$WORK/corrupt.db: error: cannot check: database disk image is malformed"
finish
