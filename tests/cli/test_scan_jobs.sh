#!/usr/bin/env bash
# rtcat scan applies validate's job rules to every job it finds (a JSON or YAML job spec with a
# trainingInput at its top, a gcloud `jobs submit training` command in a script or CI file):
# the same rule ids as validate, at the job, never twice what the runtime reference already says,
# and nothing judged that is not a job as written.
source "$SRC/tests/cli/lib.sh"
EX="$SRC/data/examples/jobs"
rules_of() { # the distinct rule ids of a findings array (validate) or of .findings (scan)
  node -e 'const j = JSON.parse(require("fs").readFileSync(0, "utf8"));
    const fs = Array.isArray(j) ? j : j.findings;
    console.log([...new Set(fs.map(f => f.rule))].sort().join(","))' <<<"$OUT"
}

# A directory holding only a job that names neither version: what validate reports, where it does.
mkdir -p "$WORK/one"
cp "$EX/invalid-missing-versions.json" "$WORK/one/"
cd "$WORK" || exit 1
run scan one --no-config --at 2020-06-01
expect_exit 1
expect_out "one/invalid-missing-versions.json:3:3: error: runtimeVersion is required from 2020-01-13 (before, it defaulted to 1.0); set it, or set masterConfig.imageUri for a custom container [runtime-version-required] (use 2.1)"
expect_out "one/invalid-missing-versions.json:3:3: error: pythonVersion is required from 2020-01-13 (before, it defaulted to 2.7); set it, or set masterConfig.imageUri for a custom container [python-version-required]"
expect_out "1 file scanned, 0 references: 2 errors, 0 warnings, 0 notes"
run validate one/invalid-missing-versions.json --at 2020-06-01
expect_out "one/invalid-missing-versions.json:3:3: error: runtimeVersion is required"

# Every example job, alone in a directory, on dates before, at and after the policy's change:
# scan finds the rules validate finds (the notes that follow from another, said once a run
# by scan, aside).
for f in "$EX"/*.json "$EX"/*.yaml "$EX"/*.sh; do
  case $(basename "$f") in cluster-spec-* | malformed-*) continue ;; esac # not jobs, not readable
  rm -rf "$WORK/alone" && mkdir "$WORK/alone" && cp "$f" "$WORK/alone/"
  for on in 2019-06-01 2020-06-01 2024-06-01; do
    run validate "alone/$(basename "$f")" --at "$on" --format json
    want=$(rules_of | tr ',' '\n' | grep -vE '^(no-alternative|custom-container-route)$' | paste -sd,)
    run scan alone --no-config --at "$on" --format json
    got=$(rules_of | tr ',' '\n' | grep -vE '^(no-alternative|custom-container-route)$' | paste -sd,)
    [[ "$got" == "$want" ]] || fail "scan of $(basename "$f") on $on: rules $got, validate's $want"
  done
done

# A gcloud line without --python-version: python-version-required once, also when its runtime
# is in no catalog (scan's runtime reference then cannot say it).
mkdir -p "$WORK/ci"
cat >"$WORK/ci/train.sh" <<'SH'
gcloud ai-platform jobs submit training j1 --region us-central1 --runtime-version 2.1 --module-name t.task --package-path t/
gcloud ai-platform jobs submit training j2 --region us-central1 --runtime-version 2.12 --module-name t.task --package-path t/
SH
run scan ci --no-config --at 2020-06-01 --format json
expect_exit 1
expect_json 'j.findings.filter(f => f.rule == "python-version-required").map(f => f.line).join(",")' "1,2"
expect_json 'j.findings.find(f => f.rule == "python-version-required" && f.line == 2).column' "41"
expect_json 'j.findings.some(f => f.rule == "unknown-runtime" && f.line == 2)' "true"
run validate --gcloud "$(sed -n 2p "$WORK/ci/train.sh")" --at 2020-06-01 --format json
expect_json 'j.filter(f => f.rule == "python-version-required").length' "1"
# Before the policy, the Python version defaults to 2.7, which runtime 2.1 does not offer.
run scan ci --no-config --at 2019-06-01 --format json
expect_json 'j.findings.filter(f => f.line == 1).map(f => f.rule).sort().join(",")' "python-unsupported,python-version-defaulted,unreleased"

# The rest of validate's job rules, each at its field on the command line; a suppression covers them.
cat >"$WORK/ci/tier.sh" <<'SH'
gcloud ai-platform jobs submit training j3 --region us-central1 --runtime-version 2.1 --python-version 3.7 \
  --scale-tier CUSTOM --package-path t/ --module-name t.task --worker-count 2 --bogus-flag x
# rtcat: ignore[no-training-code]
gcloud ai-platform jobs submit training j4 --region us-central1 --runtime-version 2.1 --python-version 3.7
SH
run scan ci/tier.sh --no-config --at 2020-06-01
expect_exit 1
expect_out "ci/tier.sh:2:3: error: scaleTier CUSTOM needs masterType (the master's machine type, like n1-standard-8) [master-type-required]"
expect_out "ci/tier.sh:2:62: error: workerCount is 2 but workerType is not set; set the machine type of the workers [replica-type-missing]"
expect_out "ci/tier.sh:2:79: warning: --bogus-flag is not a flag of 'gcloud ai-platform jobs submit training'; it is ignored here [gcloud-unknown-flag]"
expect_no_out "no-training-code"
expect_out "1 file scanned, 2 references: 2 errors, 1 warning, 0 notes (1 suppressed)"

# What is known only when the command runs is not judged: a scale tier or package in a variable,
# an expansion in the job id or a flag, flags that a word may expand into.
mkdir -p "$WORK/vars"
cat >"$WORK/vars/submit.sh" <<'SH'
gcloud ai-platform jobs submit training "j_$(date +%s)" --region ${{ env.REGION }} --runtime-version 2.1 \
  --python-version 3.7 --scale-tier $TIER --packages $PKG --module-name t.task
gcloud ai-platform jobs submit training j6 $FLAGS --runtime-version 2.1 --python-version 3.7
SH
run scan vars --no-config --at 2020-06-01
expect_exit 0
expect_out "1 file scanned, 2 references: 0 errors, 0 warnings, 0 notes"

# Only jobs as written: a Markdown example, a Python program that builds a job, a JSON document
# that is not a job (an inventory, a CLUSTER_SPEC) are not judged by the job rules.
mkdir -p "$WORK/other"
printf '```sh\ngcloud ai-platform jobs submit training j --runtime-version 2.1 --python-version 3.7\n```\n' >"$WORK/other/README.md"
printf 'cmd = "gcloud ai-platform jobs submit training j --runtime-version 2.1 --python-version 3.7"\n' >"$WORK/other/submit.py"
cp "$EX/cluster-spec-master.json" "$SRC/data/examples/jobs.json" "$WORK/other/"
run scan other --no-config --at 2020-06-01 --format json
expect_json 'j.findings.filter(f => f.rule == "no-training-code" || f.rule == "unknown-field").length' "0"
finish
