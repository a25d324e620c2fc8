#!/usr/bin/env bash
# rtcat scan output formats: JSON fields, SARIF 2.1.0 (validated against the OASIS JSON Schema
# that @microsoft/jest-sarif ships), GitHub workflow annotations, -o FILE.
source "$SRC/tests/cli/lib.sh"
require_node_modules ajv-draft-04 ajv-formats @microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json
cd "$SRC/tests/fixtures/scan" || exit 1

run scan --no-config --at 2024-06-01 --format json
expect_exit 1
expect_json 'j.date' "2024-06-01"
expect_json 'j.files' "10"
# pkg/blob.bin is binary, pkg/escape.yaml a symlink out of the tree: both hold runtime 1.0.
expect_json 'j.skipped' '{"binary":1,"too_large":0,"ignored":0,"symlinks":1,"unreadable":0}'
expect_json 'j.references.filter(r => r.runtime === "1.0").length' "0"
expect_json 'Object.keys(j.findings[0]).join(",")' "rule,severity,message,path,line,column,catalog,runtime"
expect_json 'j.findings.find(f => f.rule === "python-unsupported" && f.path === "jobs/config.yaml").line' "4"
expect_json 'j.findings.find(f => f.rule === "python-unsupported" && f.path === "jobs/config.yaml").python' "3.5"
expect_json 'j.findings.find(f => f.path === "scripts/train.sh" && f.line === 10).suggestion' "sklearn-cpu.1-5"
expect_json 'j.references.length' "16"
expect_json 'j.references.find(r => r.form === "image" && r.path === "Dockerfile").catalog' "vertex-training"
expect_json 'j.references.find(r => r.form === "image" && r.path === "Dockerfile").status' "support_end"
expect_json 'j.references.filter(r => r.form === "gcloud").map(r => r.path + ":" + r.line + ":" + r.service).join(" ")' \
  ".github/workflows/ci.yml:9:training Makefile:4:training Makefile:8:prediction docs/howto.md:4:training scripts/train.sh:5:training scripts/train.sh:10:prediction"
# validate's job rules on the jobs found (three name no training code).
expect_json 'j.findings.filter(f => f.rule === "no-training-code").map(f => f.path + ":" + f.line + ":" + f.column + " " + f.catalog + " " + f.runtime).join(", ")' \
  ".github/workflows/ci.yml:8:51 ai-platform 2.8, Makefile:4:42 ai-platform 2.11, jobs/job.json:3:3 ai-platform 2.11"
expect_json 'j.summary' '{"error":19,"warning":2,"note":0}'

# SARIF: schema-valid, every ruleId described in tool.driver.rules, relative URIs, fingerprints.
run scan --no-config --at 2024-06-01 --format sarif
expect_exit 1
sarif_check() {
  node -e '
    const fs = require("fs");
    const Ajv = require("ajv-draft-04");
    const addFormats = require("ajv-formats");
    const schema = JSON.parse(fs.readFileSync(require.resolve("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json"), "utf8"));
    const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    const log = JSON.parse(fs.readFileSync(0, "utf8"));
    if (!validate(log)) { console.log(JSON.stringify(validate.errors.slice(0, 3))); process.exit(1); }
    const run = log.runs[0], rules = run.tool.driver.rules;
    for (const r of run.results) {
      if (rules[r.ruleIndex].id !== r.ruleId) { console.log("ruleIndex mismatch " + r.ruleId); process.exit(1); }
      if (!rules[r.ruleIndex].fullDescription.text) { console.log("no description " + r.ruleId); process.exit(1); }
      const loc = r.locations[0].physicalLocation;
      if (loc.artifactLocation.uri.startsWith("/") || loc.artifactLocation.uriBaseId !== "%SRCROOT%") { console.log("uri " + loc.artifactLocation.uri); process.exit(1); }
      if (!/^[0-9a-f]{16}$/.test(r.partialFingerprints["rtcatFinding/v1"])) { console.log("fingerprint"); process.exit(1); }
    }
    console.log("valid " + run.results.length);'
}
got=$(sarif_check <<<"$OUT" 2>&1)
[[ "$got" == "valid 21" ]] || fail "SARIF check: $got"
expect_json 'j.runs[0].tool.driver.rules.map(r => r.id).includes("python-version-required")' "true"
# The registry is the rule list: help, default level, and former ids as deprecatedIds.
expect_json 'j.runs[0].tool.driver.rules.find(r => r.id === "runtime-version-required").deprecatedIds.join(",")' "required-field,missing-runtime"
expect_json 'j.runs[0].tool.driver.rules.find(r => r.id === "support-end").defaultConfiguration.level' "warning"
expect_json 'j.runs[0].tool.driver.rules.every(r => r.help.text && r.shortDescription.text)' "true"
expect_json 'j.runs[0].columnKind' "unicodeCodePoints"
expect_json 'j.runs[0].results.find(r => r.ruleId === "python-unsupported").locations[0].physicalLocation.region' \
  '{"startLine":4,"startColumn":19,"endLine":4,"endColumn":22}'
expect_json 'j.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri' ".github/workflows/ci.yml"
# The same line moved keeps its fingerprint; a different line does not share it.
expect_json 'new Set(j.runs[0].results.map(r => r.partialFingerprints["rtcatFinding/v1"])).size > 15' "true"

# A clean tree is valid SARIF too (no results).
mkdir -p "$WORK/clean" && echo "nothing here" >"$WORK/clean/a.txt"
run scan "$WORK/clean" --at 2024-06-01 --format sarif
expect_exit 0
got=$(sarif_check <<<"$OUT" 2>&1)
[[ "$got" == "valid 0" ]] || fail "SARIF check (clean): $got"

# -o writes the whole report to a file, nothing on stdout; the exit code still reports findings.
run scan --no-config --at 2024-06-01 --format sarif -o "$WORK/out.sarif"
expect_exit 1
expect_out_eq ""
got=$(sarif_check <"$WORK/out.sarif" 2>&1)
[[ "$got" == "valid 21" ]] || fail "SARIF file check: $got"
run scan --no-config --at 2024-06-01 --format sarif -o "$WORK/no/such/dir/out.sarif"
expect_input_error
[[ ! -e "$WORK/no/such/dir/out.sarif" ]] || fail "a half-written report was left"

# GitHub annotations: one workflow command per finding, escaped.
run scan --no-config --at 2024-06-01 --format github --ignore no-alternative
expect_exit 1
expect_out "::error file=jobs/config.yaml,line=4,col=19,endColumn=22,title=rtcat python-unsupported::Python 3.5 is not available on runtime 2.1 (available: 3.7) (use tf-cpu.2-16.py310)"
expect_out "::warning file=Dockerfile,line=1,col=6,endColumn=67,title=rtcat support-end::image tf-cpu.2-11.py310 left support on 2023-11-15"
[[ $(grep -c '^::' <<<"$OUT") -eq 21 ]] || fail "expected 21 annotations"
# 2.8 carries its TensorFlow line: its images are the way forward, not a no-alternative note.
run scan --no-config --at 2024-06-01 --format github
expect_out "::error file=.github/workflows/ci.yml,line=9,col=31,endColumn=34,title=rtcat deletion::runtime 2.8 had its model versions deleted by 2024-05-25 at the latest; it closed to new jobs by 2023-05-25 at the latest (use tf-cpu.2-16.py310)"
expect_no_out "no-alternative"

run scan --list-rules
expect_exit 0
expect_out "submission-end"
expect_out "required-field"
finish
