#!/usr/bin/env bash
# rtcat db: init, import, export, verify, and --catalog with a store.
source "$(dirname "$0")/lib.sh"
DB="$WORK/catalog.db"

run db init "$DB"
expect_exit 0
expect_out "initialised catalog store $DB (schema version 3)"
[[ $(sqlite3 "$DB" 'PRAGMA user_version') == 3 ]] || fail "user_version is not 3"
[[ $(sqlite3 "$DB" 'PRAGMA journal_mode') == wal ]] || fail "journal_mode is not WAL"

run db import "$DB"
expect_exit 0
expect_out "imported ai-platform (26 entries) into $DB"
expect_out "imported vertex-prediction (78 entries)"
expect_out "imported aws-dlc (61 entries)"

run db verify "$DB"
expect_exit 0
expect_out "$DB: ok (schema version 3, 5 catalogs)"

# Again on the same store: nothing is created or lost, and the answer says so (on a copy).
cp "$DB" "$WORK/again.db"
DB0=$DB
DB="$WORK/again.db"
run db init "$DB"
expect_exit 0
expect_out_eq "catalog store $DB already exists (schema version 3), unchanged: it holds ai-platform (26 entries), vertex-training (91 entries), vertex-prediction (78 entries), aws-dlc (61 entries), python (18 entries)"
run db import "$DB"
expect_exit 0
expect_out "unchanged ai-platform (26 entries) in $DB: the same catalog is already there"
expect_no_out "imported"
# A catalog of the same name with other contents replaces it, and says what it had.
sed 's/"notes": "/"notes": "Edited. /' "$SRC/data/ai-platform.json" >"$WORK/edited.json"
run db import "$DB" "$WORK/edited.json"
expect_exit 0
expect_out_eq "replaced ai-platform in $DB (26 entries; it had 26 entries)"
run db import "$DB" "$SRC/data/ai-platform.json"
expect_out_eq "replaced ai-platform in $DB (26 entries; it had 26 entries)"
"$RTCAT" db init "$WORK/empty.db" >/dev/null
run db init "$WORK/empty.db"
expect_out_eq "catalog store $WORK/empty.db already exists (schema version 3), unchanged: it holds no catalog; add catalogs with 'rtcat db import $WORK/empty.db [FILE...]'"
DB=$DB0

# export -> import -> export is byte-identical.
run db export "$DB" --name ai-platform -o "$WORK/a1.json"
expect_exit 0
"$RTCAT" db init "$WORK/second.db" >/dev/null
"$RTCAT" db import "$WORK/second.db" "$WORK/a1.json" >/dev/null
"$RTCAT" db export "$WORK/second.db" -o "$WORK/a2.json"
cmp -s "$WORK/a1.json" "$WORK/a2.json" || fail "export -> import -> export differs"

# The store answers like the embedded catalog.
run --catalog "$DB" --at 2020-06-01 check --runtime 1.15
expect_exit 0
expect_out "on 2020-06-01: supported"
RTCAT_CATALOG="$WORK/second.db" run --at 2020-06-01 list --format csv
expect_out "1.15,2019-12-19"
expect_no_out "vertex"

# A JSON catalog file works directly too.
run --catalog "$WORK/a1.json" --at 2020-06-01 combos --format csv
expect_out "ai-platform,2.1,3.7,supported"

# A failing import changes nothing and writes nothing.
sed 's/"id": "1.15"/"id": "1.14"/' "$WORK/a1.json" >"$WORK/dup.json"
run db import "$DB" "$SRC/data/vertex-training.json" "$WORK/dup.json"
expect_input_error "$WORK/dup.json: /runtimes/14/id: duplicate id \"1.14\""
run db export "$DB" --name ai-platform
cmp -s <(printf '%s\n' "$OUT") "$WORK/a1.json" || fail "the store changed after a failed import"

# Errors: each one line, exit 2.
run db export "$DB"
expect_input_error "holds 5 catalogs; choose one with --name (ai-platform, vertex-training, vertex-prediction, aws-dlc, python)"
run db export "$DB" --name nope
expect_input_error "no catalog named 'nope' (valid: ai-platform, vertex-training, vertex-prediction, aws-dlc, python)"
run db import "$WORK/none.db"
expect_input_error "no such catalog store; create it with 'rtcat db init $WORK/none.db'"
echo "not a database" >"$WORK/text.db"
run db init "$WORK/text.db"
expect_input_error "exists and is not an SQLite database"
run db verify "$WORK/text.db"
expect_input_error "rtcat: error:"
head -c 3000 "$DB" >"$WORK/truncated.db"
run --catalog "$WORK/truncated.db" list
expect_input_error "rtcat: error: $WORK/truncated.db:"
run db
expect_input_error "A subcommand is required"

# A store written with schema version 1 opens: it is upgraded in one transaction, and rtcat says so.
sqlite3 "$WORK/v1.db" >/dev/null <<SQL
PRAGMA journal_mode = WAL;
ATTACH '$DB' AS cur;
CREATE TABLE catalogs (name TEXT PRIMARY KEY, position INTEGER NOT NULL, header TEXT NOT NULL);
CREATE TABLE runtimes (
  catalog TEXT NOT NULL REFERENCES catalogs(name) ON DELETE CASCADE, position INTEGER NOT NULL,
  id TEXT NOT NULL, version TEXT, released TEXT, released_by TEXT, document TEXT NOT NULL,
  PRIMARY KEY (catalog, id));
CREATE INDEX runtimes_by_position ON runtimes(catalog, position);
INSERT INTO catalogs SELECT name, position, header FROM cur.catalogs WHERE name = 'ai-platform';
INSERT INTO runtimes SELECT catalog, position, id, version, released, released_by,
  json_remove(document, '$.released_after') FROM cur.runtimes WHERE catalog = 'ai-platform';
PRAGMA user_version = 1;
SQL
run --catalog "$WORK/v1.db" --at 2020-06-01 check --runtime 2.1
expect_exit 0
expect_err "rtcat: upgraded catalog store $WORK/v1.db from schema version 1 to 3"
[[ $(sqlite3 "$WORK/v1.db" 'PRAGMA user_version') == 3 ]] || fail "v1 store not upgraded to 3"
run db verify "$WORK/v1.db"
expect_exit 0
expect_out "$WORK/v1.db: ok (schema version 3, 1 catalogs)"
[[ "$ERR" != *upgraded* ]] || fail "upgraded twice"

# A damaged document: verify reports it (exit 1), reading it is an error (exit 2).
cp "$DB" "$WORK/damaged.db"
sqlite3 "$WORK/damaged.db" "UPDATE runtimes SET document = '{\"id\": 5}' WHERE id = '2.1'"
run db verify "$WORK/damaged.db"
expect_exit 1
expect_out "$WORK/damaged.db: error: corrupt catalog store: $WORK/damaged.db (catalog ai-platform, runtime 2.1): /id: expected a string"
run --catalog "$WORK/damaged.db" list --platform ai-platform
expect_input_error "corrupt catalog store"

# Export to a file is atomic: a failed export leaves no file behind.
run db export "$DB" --name ai-platform -o "$WORK/no/such/dir/out.json"
expect_input_error "cannot write"
[[ -z $(ls "$WORK" | grep tmp-) ]] || fail "a temporary file was left behind"
finish
