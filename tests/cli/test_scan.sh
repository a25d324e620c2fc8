#!/usr/bin/env bash
# rtcat scan: every reference form at its exact line and column; what the walk skips (binary,
# symlinks out of the tree, .gitignore, --exclude, large files); bad input.
source "$SRC/tests/cli/lib.sh"
FIX="$SRC/tests/fixtures/scan"
cd "$FIX" || exit 1

run scan --no-config --at 2024-06-01 --ignore no-alternative
expect_exit 1
expect_out "scripts/train.sh:5:21: error: runtime 1.15 had its model versions deleted on 2021-12-19; it closed to new jobs on 2020-12-19 [deletion] (use tf-cpu.2-16.py310)" # supported, before tf-cpu.2-11 (Python 3.7, past support)
expect_out "scripts/train.sh:10:21: error: runtime 2.1 had its model versions deleted on 2022-03-09"
expect_out "(use sklearn-cpu.1-5)"
expect_out "Makefile:8:22: error: runtime 2.11 closed to new jobs by 2024-04-08 at the latest"
expect_out "Makefile:4:65: error: runtime 2.11 closed to new jobs by 2024-04-08 at the latest (through RUNTIME, set on line 1) [submission-end]" # $(RUNTIME)
expect_out ".github/workflows/ci.yml:9:31: error: pythonVersion is required from 2020-01-13 (before, it defaulted to 2.7) [python-version-required]"
expect_out "Dockerfile:1:6: warning: image tf-cpu.2-11.py310 left support on 2023-11-15 [support-end]"
expect_out "docs/howto.md:4:64: error: runtime 1.14 had its model versions deleted on 2021-07-19"
expect_out "docs/howto.md:7:13: warning: image sklearn-cpu.1-0 left support on 2023-11-15 [support-end]"
expect_out "jobs/config.yaml:3:20: error: runtime 2.1"
expect_out "jobs/config.yaml:4:19: error: Python 3.5 is not available on runtime 2.1 (available: 3.7) [python-unsupported]"
expect_out "jobs/job.json:4:24: error: runtime 2.11 closed to new jobs"
expect_out "pkg/submit.py:3:45: error: runtime 2.3"
expect_out "pkg/submit.py:7:43: error: runtime 2.8"
expect_out "pkg/submit.py:12:66: error: Python 3.7 is not available on runtime 1.13 (available: 2.7, 3.5) [python-unsupported]"
# Columns count code points; malformed UTF-8 bytes count one each.
expect_out "pkg/latin1.txt:1:35: error: runtime 2.11 closed to new jobs"
# validate's job rules on every job found, at the job (the gcloud command's job id, the
# trainingInput key), with validate's rule ids: these jobs name no training code.
expect_out ".github/workflows/ci.yml:8:51: error: the job has neither packageUris nor masterConfig.imageUri: give the trainer package (with pythonModule) or a custom container image [no-training-code]"
expect_out "Makefile:4:42: error: the job has neither packageUris nor masterConfig.imageUri"
expect_out "jobs/job.json:3:3: error: the job has neither packageUris nor masterConfig.imageUri"
expect_no_out "scripts/train.sh:3:" # a whole job: nothing more to say than its runtime
expect_no_out "jobs/config.yaml:1:1" # a --config fragment: what the commands give is theirs to give
expect_out "10 files scanned, 16 references: 19 errors, 2 warnings, 0 notes (1 suppressed)"

# A gcloud command naming --config FILE is judged as the merged job (flags win), reported at the
# command; the fragment's own findings that the commands resolve are not reported again.
cd "$SRC/tests/fixtures/fragments" || exit 1
run scan --no-config --at 2021-01-01
expect_exit 1
expect_out "census/submit.sh:5:21: warning: runtime 2.1 closes to new jobs on 2021-03-09"
expect_no_out "census/config.yaml"
# tuning: the runtime comes from the fragment (reported at --config), Python from the flag; the
# Makefile's job id $(shell date +%s) does not end the command.
# (Its deletion is 64 days ahead: the finding says when, whatever came before it.)
expect_out "tuning/Makefile:7:13: error: runtime 1.13 closed to new jobs on 2020-03-06; it has its model versions deleted on 2021-03-06 (in 64 days) (the job merged with --config hptuning_config.yaml) [submission-end]"
expect_out "tuning/hptuning_config.yaml:3:20: error: runtime 1.13 closed to new jobs on 2020-03-06; it has its model versions deleted on 2021-03-06 (in 64 days) [submission-end]"
expect_no_out "python-version-required"
expect_no_out "runtime-version-required"
# What a fragment states is judged as validate judges it; what the command gives is not asked of it.
expect_out "typo/config.yaml:2:3: error: scaleTier 'basic_gpu' is not a scale tier (did you mean BASIC_GPU?)"
expect_no_out "typo/config.yaml:1:1"
# resnet: scaleTier CUSTOM in the fragment, the master's machine from the command: a command
# without --master-machine-type is the error, at the command; the fragment alone says nothing.
expect_no_out "resnet/config.yaml"
expect_no_out "resnet/submit.sh"
expect_out "resnet/submit-no-machine.sh:3:1: error: scaleTier CUSTOM needs masterType (the master's machine type, like n1-standard-8) (the job merged with --config config.yaml; give --master-machine-type) [master-type-required]"
expect_out "9 files scanned, 3 references: 4 errors, 1 warning, 0 notes"
# A fragment found from the repository root; a command overriding its runtime; a missing fragment.
mkdir -p "$WORK/repo/scripts" "$WORK/repo/configs" "$WORK/repo/other"
printf 'trainingInput:\n  scaleTier: BASIC\n  runtimeVersion: "1.13"\n' >"$WORK/repo/configs/hp.yaml"
printf 'gcloud ai-platform jobs submit training j --package-path t --module-name t.task \\\n  --runtime-version 2.1 --python-version 3.7 \\\n  --config configs/hp.yaml\n' >"$WORK/repo/scripts/train.sh"
printf 'gcloud ai-platform jobs submit training j --python-version 3.7 --config missing.yaml\n' >"$WORK/repo/other/run.sh"
cd "$WORK/repo" || exit 1
run scan --no-config --at 2020-06-01
expect_exit 0 # train.sh gives both versions: the fragment's runtimeVersion is overridden
expect_no_out "configs/hp.yaml"
expect_no_out "other/run.sh" # its fragment is not found: the runtime it may give is not judged
expect_out "3 files scanned, 2 references: 0 errors, 0 warnings, 0 notes"
# Another command uses the fragment's runtime: it is judged there and on the fragment.
printf 'gcloud ai-platform jobs submit training j --config ../configs/hp.yaml\n' >"$WORK/repo/other/python.sh"
run scan --no-config --at 2020-06-01
expect_exit 1
expect_out "configs/hp.yaml:3:20: error: runtime 1.13 closed to new jobs on 2020-03-06 [submission-end]"
expect_out "other/python.sh:1:52: error: runtime 1.13 closed to new jobs on 2020-03-06 (the job merged with --config ../configs/hp.yaml) [submission-end]"
expect_out "other/python.sh:1:52: error: pythonVersion is required from 2020-01-13"
cd "$SRC" || exit 1

# The next milestone counts, whatever came before it: an image past support_end is withdrawn
# in 44 days, and the warning says so (the status stays support_end).
mkdir -p "$WORK/deploy"
printf 'IMAGE=us-docker.pkg.dev/vertex-ai/prediction/tf2-cpu.2-15:latest\n' >"$WORK/deploy/deploy.sh"
cd "$WORK/deploy" || exit 1
run scan . --at 2026-12-01
expect_exit 0
expect_out "deploy.sh:1:7: warning: image tf2-cpu.2-15 left support on 2026-07-14; it is withdrawn on 2027-01-14 (in 44 days) [support-end]"
run scan . --at 2026-09-01
expect_out "deploy.sh:1:7: warning: image tf2-cpu.2-15 left support on 2026-07-14 [support-end]" # 135 days ahead: not yet
cd "$SRC" || exit 1

# Same paths when named from outside the tree; a file given directly.
cd "$SRC" || exit 1
run scan tests/fixtures/scan/jobs --at 2024-06-01 -q
expect_exit 1
expect_out "tests/fixtures/scan/jobs/config.yaml:4:19: error: Python 3.5"
expect_no_out "files scanned"
run scan tests/fixtures/scan/Dockerfile --at 2024-06-01 --fail-on error
expect_exit 0
expect_out "tests/fixtures/scan/Dockerfile:1:6: warning:"

# The walk: binary files, symlinks, .gitignore in a checkout, --exclude, size limit.
T="$WORK/tree"
mkdir -p "$T/src" "$T/vendor" "$T/build" "$WORK/outside"
printf "runtimeVersion: '1.15'\n" >"$WORK/outside/secret.yaml"
printf "runtimeVersion: '1.15'\n" >"$T/src/real.yaml"
printf "\x00\x01runtimeVersion: '1.15'\n" >"$T/src/blob.bin"
ln -s "$WORK/outside/secret.yaml" "$T/src/out.yaml"
ln -s "$WORK/outside" "$T/src/outdir"
ln -s real.yaml "$T/src/same.yaml"
printf "runtimeVersion: '1.15'\n" >"$T/vendor/lib.yaml"
printf "runtimeVersion: '1.15'\n" >"$T/build/gen.yaml"
printf "runtimeVersion: '1.15'\n" >"$T/src/keep.log"
printf "build/\n*.log\n!keep.log\n" >"$T/.gitignore"
head -c 3000 /dev/zero | tr '\0' 'x' >"$T/src/big.txt"
printf "\nruntimeVersion: '1.15'\n" >>"$T/src/big.txt"

cd "$T" || exit 1
run scan --at 2024-06-01 --format json
expect_exit 1
expect_json 'j.findings.filter(f => f.rule === "deletion").map(f => f.path).join(" ")' "build/gen.yaml src/big.txt src/keep.log src/real.yaml vendor/lib.yaml"
expect_json 'j.skipped.binary' "1"
expect_json 'j.skipped.symlinks' "3"
# Inside a git checkout .gitignore applies (the last matching pattern wins).
mkdir -p .git
run scan --at 2024-06-01 --format json --exclude 'vendor/**' --max-filesize 1K
expect_json 'j.findings.filter(f => f.rule === "deletion").map(f => f.path).join(" ")' "src/keep.log src/real.yaml"
expect_json 'j.skipped.too_large' "1"
expect_json 'j.skipped.ignored' "2"
run scan --at 2024-06-01 --format json --no-ignore
expect_json 'j.findings.filter(f => f.rule === "deletion").length' "5"
# A symlink named on the command line is followed.
run scan src/out.yaml --at 2024-06-01 -q
expect_exit 1
expect_out "src/out.yaml:1:18: error: runtime 1.15"

# A FIFO named on the command line is skipped, never waited on.
mkfifo "$WORK/fifo"
run scan "$WORK/fifo" --at 2024-06-01
expect_exit 0
expect_out "0 files scanned"

# Bad input: one line on stderr, exit 2.
run scan no/such/dir --at 2024-06-01
expect_input_error "rtcat: error: no/such/dir: cannot scan: No such file or directory"
run scan --at 2024-06-01 --max-filesize 10Q
expect_input_error "--max-filesize: invalid size '10Q'"
run scan --at 2024-06-01 --format csv
expect_input_error "--format csv is not available for scan (valid: text, json, sarif, github)"
run scan --at 2024-13-01
expect_input_error "--at: invalid date"
finish
