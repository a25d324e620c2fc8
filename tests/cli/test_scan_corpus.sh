#!/usr/bin/env bash
# Recall and precision of rtcat scan on a corpus in the shapes public ML sample repositories use
# (tests/fixtures/scan-corpus, the committed test data): expected.tsv lists every runtime
# reference a reader counts, at the line and column where it is used; an edit to a corpus file
# updates expected.tsv by hand. A reference counts
# as found when rtcat reports the same path, line, column and value (the runtime or image, or
# "python X" for a Python version reported on its own). Bars: recall >= 97%, precision >= 97%.
# Prints the figures; exact misses and extras on failure.
source "$SRC/tests/cli/lib.sh"
command -v node >/dev/null || skip "node is not installed"
cd "$SRC/tests/fixtures/scan-corpus/repo" || exit 1

run scan --no-config --at 2024-06-01 --format json --fail-on never .
expect_exit 0
MEASURE=$(node -e '
const fs = require("fs");
const j = JSON.parse(fs.readFileSync(0, "utf8"));
const exp = new Set(fs.readFileSync("../expected.tsv", "utf8").split("\n")
  .filter(l => l && !l.startsWith("#")).map(l => l.split("\t").join(":")));
const got = new Set(j.references.map(r => [r.path, r.line, r.column, r.runtime ?? "python " + r.python].join(":")));
const tp = [...got].filter(x => exp.has(x)).length;
const recall = tp / exp.size, precision = tp / got.size;
console.log(`corpus: ${exp.size} expected, ${got.size} reported, ${tp} found: recall ${(100 * recall).toFixed(1)}%, precision ${(100 * precision).toFixed(1)}%`);
for (const x of exp) if (!got.has(x)) console.log("missed " + x);
for (const x of got) if (!exp.has(x)) console.log("extra " + x);
process.exitCode = recall >= 0.97 && precision >= 0.97 ? 0 : 1;
' <<<"$OUT")
STATUS=$?
echo "$MEASURE"
[[ $STATUS -eq 0 ]] || fail "recall or precision below the bar"


finish
