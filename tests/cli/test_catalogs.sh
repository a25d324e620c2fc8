#!/usr/bin/env bash
# rtcat catalogs: as_of, age, entries and source of each catalog; --diff of two catalogs.
source "$(dirname "$0")/lib.sh"

run catalogs --at 2026-12-01
expect_exit 0
expect_out "NAME               AS OF       AGE   ENTRIES  SOURCE    TITLE"
expect_out "vertex-training    2026-08-21  102d  91       embedded  Vertex AI prebuilt containers for custom training"
run catalogs --at 2026-12-01 --format json --platform vertex-prediction
expect_jsons <<'JS'
j.length | 1
j[0].name | vertex-prediction
j[0].as_of | 2026-08-21
j[0].age_days | 102
j[0].entries | 78
j[0].source | embedded
JS

# Newer data: a catalog file with a later as_of, one date changed, one image added, one gone.
node -e '
const fs = require("fs");
const d = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
d.as_of = "2026-11-02";
d.runtimes[0].milestones.support_end = "2025-09-01";
d.runtimes.push(Object.assign({}, d.runtimes[1], {id: "tf-cpu.2-99.py310"}));
d.runtimes = d.runtimes.filter(r => r.id !== "xgboost-gpu.1-6");
fs.writeFileSync(process.argv[2], JSON.stringify(d));
' "$SRC/data/vertex-training.json" "$WORK/vertex-training.json"
run db init "$WORK/catalog.db"
run db import "$WORK/catalog.db"
run catalogs --diff "$WORK/catalog.db" "$WORK/vertex-training.json"
expect_exit 0
expect_out_eq "changed vertex-training: as_of 2026-08-21 -> 2026-11-02
changed vertex-training:tf-cpu.2-17.py310: support_end 2025-07-11 -> 2025-09-01
added vertex-training:tf-cpu.2-99.py310
removed vertex-training:xgboost-gpu.1-6"
run catalogs --diff "$WORK/catalog.db" "$WORK/catalog.db"
expect_out_eq "no changes"
run catalogs --diff "$WORK/catalog.db" "$WORK/vertex-training.json" --format json
expect_json 'j[1].details[0]' "support_end 2025-07-11 -> 2025-09-01"

# After the import, the store's catalog is the newer one, and the freshness gate passes.
run db import "$WORK/catalog.db" "$WORK/vertex-training.json"
run --catalog "$WORK/catalog.db" catalogs --at 2026-12-01 --platform vertex-training
expect_out "vertex-training  2026-11-02  29d  91       $WORK/catalog.db"
run --catalog "$WORK/catalog.db" check --runtime vertex-training:tf-cpu.2-17.py310 --platform vertex-training --at 2026-12-01 --max-data-age 90d --fail-on never
expect_exit 0
[[ -z "$ERR" ]] || fail "no data-too-old after the import"

# Bad input.
run catalogs --diff "$WORK/catalog.db"
expect_input_error
run catalogs --diff "$WORK/missing.json" "$WORK/catalog.db"
expect_input_error "missing.json"
run catalogs --format svg
expect_input_error

finish
