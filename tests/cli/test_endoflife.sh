#!/usr/bin/env bash
# endoflife.date's API v1, both ways: db import --format endoflife reads a product
# (tests/fixtures/endoflife/python.json, written by hand from endoflife.date's Python data: see
# the README there), list --format endoflife writes one, valid against the API's schema
# (tests/fixtures/endoflife/product-response.schema.json, from its openapi.yml), and the dates
# survive the round trip.
source "$(dirname "$0")/lib.sh"
require_node_modules ajv/dist/2020 ajv-formats
FIX="$SRC/tests/fixtures/endoflife"
DB="$WORK/eol.db"
"$RTCAT" db init "$DB" >/dev/null || fail "db init"

# --- Reading a product ---
run db import "$DB" --format endoflife "$FIX/python.json"
expect_exit 0
expect_out_eq "imported python (6 entries) into $DB"
run --catalog "$DB" --at 2026-08-22 list --format json
expect_exit 0
expect_jsons <<'J'
j.length | 6
j.find(e => e.id === "3.12").released | 2023-10-02
j.find(e => e.id === "3.12").status | support_end
j.find(e => e.id === "3.9").status | end_of_life
j.find(e => e.id === "3.14").status | supported
J
# eoas: true with no date: reached after the release, by the file's last_modified (in UTC).
run --catalog "$DB" --at 2026-08-22 show 2.7
expect_exit 0
expect_out "2010-07-03..2026-08-13"
run db export "$DB" --name python
expect_jsons <<'J'
j.as_of | 2026-08-13
j.policy.milestones.map(m => m.name + ":" + m.severity).join(" ") | support_end:warning end_of_life:error
j.runtimes.find(r => r.id === "3.5").milestones.support_end.from | 2015-09-13
j.runtimes.find(r => r.id === "3.5").notes | latest: 3.5.10 (2020-09-05)
J
expect_json 'j.policy.sources.join(" ")' "https://devguide.python.org/versions/ $FIX/python.json"
# What the reader makes is a catalog file like any other: valid against rtcat's catalog schema.
cp "$WORK/out" "$WORK/imported.json"
run_script "the imported catalog against data/catalog.schema.json" node "$SRC/tests/schema/validate.js" \
  "$SRC/data/catalog.schema.json" "$WORK/imported.json"
expect_exit 0
# Importing the same product again changes nothing.
run db import "$DB" --format endoflife "$FIX/python.json"
expect_exit 0
expect_out "unchanged python (6 entries)"

# --- Bad input: one line naming the file and the place, exit 2, nothing written ---
sed 's/"name": "3.12"/"name": "3 12"/' "$FIX/python.json" >"$WORK/spaced.json"
cp "$DB" "$WORK/before.db"
run db import "$DB" --format endoflife "$FIX/python.json" "$WORK/spaced.json"
expect_input_error "$WORK/spaced.json: /result/releases/2/name: release name \"3 12\" cannot be an entry id (it must be non-empty, without spaces or ':')"
cmp -s "$DB" "$WORK/before.db" || fail "a failed import changed the store"
sed 's/"eolFrom": "2028-10-31"/"eolFrom": "2028-10"/' "$FIX/python.json" >"$WORK/month.json"
run db import "$DB" --format endoflife "$WORK/month.json"
expect_input_error "$WORK/month.json: /result/releases/2/eolFrom: invalid date \"2028-10\" (expected YYYY-MM-DD)"
run db import "$DB" --format endoflife "$SRC/data/python.json"
expect_input_error "expected an endoflife.date product"
run db import "$DB" --format endoflife
expect_input_error "db import --format endoflife: name the endoflife.date product files to read"
run db import "$DB" --format yaml "$FIX/python.json"
expect_input_error "--format yaml is not available for import"
# --help, the manual and the completions know the input formats.
run db import --help
expect_out "  --format FORMAT             Input format: catalog, endoflife (default catalog)"
run man
expect_out 'Input format: catalog, endoflife (default catalog)'
"$RTCAT" completion bash >"$WORK/c.bash"
run_script "completion of db import --format" bash -c 'source "$1"; COMP_WORDS=(rtcat db import --format ""); COMP_CWORD=4; _rtcat; echo "${COMPREPLY[*]}"' _ "$WORK/c.bash"
expect_out_eq "catalog endoflife"
# The default format is still rtcat's catalog JSON.
run db import "$DB" "$FIX/python.json"
expect_input_error "$FIX/python.json: /: missing key"

# --- Writing a product ---
run --at 2026-08-22 list --platform python --format endoflife
expect_exit 0
cp "$WORK/out" "$WORK/python-eol.json"
expect_jsons <<'J'
j.generated_at | 2026-08-22T00:00:00Z
j.last_modified | 2026-08-22T00:00:00Z
j.result.name | python
j.result.labels.eoas + " " + j.result.labels.eol | bugfix_end end_of_life
j.result.releases.length | 16
j.result.releases.find(r => r.name === "3.9").isEol | true
j.result.releases.find(r => r.name === "3.9").eolFrom | 2025-10-31
j.result.releases.find(r => r.name === "3.10").isEol | false
j.result.releases.find(r => r.name === "3.10").eolFrom | 2026-10-31
j.result.releases.find(r => r.name === "3.10").custom.eolFrom_earliest | 2026-10-01
j.result.releases.find(r => r.name === "3.12").isEoas | true
j.result.releases.find(r => r.name === "3.12").eoasFrom | 2025-04-08
j.result.releases.find(r => r.name === "3.12").custom.eoasFrom_earliest | 2025-04-02
j.result.releases.some(r => r.name === "3.16") | false
J
# The booleans are those of the date evaluated: --at, or RTCAT_TODAY.
RTCAT_TODAY=2026-10-31 run list --platform python --format endoflife
expect_json 'j.result.releases.find(r => r.name === "3.10").isEol' true
export RTCAT_TODAY=2026-10-30
run list --platform python --format endoflife
expect_json 'j.result.releases.find(r => r.name === "3.10").isEol' false
unset RTCAT_TODAY
# list's filters choose the releases.
run --at 2026-08-22 list --platform python --status supported,expiring --format endoflife
expect_json 'j.result.releases.map(r => r.name).join(" ")' "3.10 3.13 3.14"
# Catalogs without end_of_life: their last error-severity milestone is the end of life.
run --at 2026-08-22 list --platform vertex-training --format endoflife
expect_exit 0
cp "$WORK/out" "$WORK/vertex-eol.json"
expect_json 'j.result.labels.eoas + " " + j.result.labels.eol' "support_end availability_end"
run --at 2026-08-22 list --platform ai-platform --format endoflife
expect_exit 0
cp "$WORK/out" "$WORK/ai-platform-eol.json"
expect_json 'j.result.labels.eoas + " " + j.result.labels.eol' "submission_end deletion"
# One product at a time: several catalogs selected is an input error naming them.
run --at 2026-08-22 list --format endoflife
expect_input_error "list --format endoflife writes one endoflife.date product, and 5 catalogs are selected: choose one with --platform"

# Valid against the API's own schema (ProductResponse, formats checked).
run_script "validate against the OpenAPI schema" node "$SRC/tests/schema/validate_openapi.js" \
  "$FIX/product-response.schema.json" "$WORK/python-eol.json" "$WORK/vertex-eol.json" "$WORK/ai-platform-eol.json" "$FIX/python.json"
expect_exit 0

# --- Round trip: the embedded python catalog, written and read back, keeps its dates ---
run db import "$DB" --format endoflife "$WORK/python-eol.json"
expect_exit 0
expect_out "replaced python in $DB (16 entries; it had 6 entries)"
run db export "$DB" --name python
cp "$WORK/out" "$WORK/back.json"
run_script "round trip" node -e '
const fs = require("fs");
const [orig, back] = process.argv.slice(1).map(f => JSON.parse(fs.readFileSync(f, "utf8")));
const day = m => m === undefined ? "absent" : m === null ? "null" : typeof m === "string" ? m : m.from + ".." + m.to;
let bad = 0;
for (const r of back.runtimes) {
  const o = orig.runtimes.find(x => x.id === r.id);
  const pairs = [["released", o.released, r.released], ["bugfix_end/support_end", day(o.milestones.bugfix_end), day(r.milestones.support_end)],
                 ["end_of_life", day(o.milestones.end_of_life), day(r.milestones.end_of_life)]];
  for (const [what, a, b] of pairs) if (a !== b) { bad++; console.log(`${r.id} ${what}: ${a} became ${b}`); }
}
console.log(`${back.runtimes.length} releases compared`);
process.exit(bad ? 1 : 0);' "$SRC/data/python.json" "$WORK/back.json"
expect_exit 0
expect_out "16 releases compared"

finish
