#!/usr/bin/env bash
# rtcat validate: every example job in data/examples/jobs, in each input form.
source "$(dirname "$0")/lib.sh"
J="$SRC/data/examples/jobs"

# Valid jobs, one per input form, exit 0.
cases <<CASES
0 | validate $J/valid-rest.json --at 2020-06-01 | valid-rest.json: ok
0 | validate $J/valid-bare-training-input.json --at 2020-06-01
0 | validate $J/valid-config.yaml --at 2020-06-01 | valid-config.yaml: 3 notes | valid-config.yaml:8:3: note: workerConfig.imageUri is not set: the 2 workers run the master's image gcr.io/my-project/census-trainer:1.0 [image-defaults-to-master]
0 | validate $J/valid-gcloud.sh --at 2020-06-01 | valid-gcloud.sh: ok
0 | validate $J/valid-pytorch-cluster.yaml --at 2020-06-01 -q
CASES
run validate --gcloud "gcloud ai-platform jobs submit training j1 --runtime-version=2.1 --python-version 3.7 --packages gs://b/t-1.tar.gz --module-name t.task" --at 2020-06-01
expect_exit 0
expect_out "--gcloud: ok"

# A --config fragment (no jobId) is judged as gcloud merges it with the command's flags: what the
# command line usually gives is a note naming the flag; what the file states is judged strictly.
F="$SRC/tests/fixtures/fragments"
cases <<CASES
0 | validate $F/census/config.yaml --at 2021-01-01 | census/config.yaml: 3 notes | census/config.yaml:1:1: note: runtimeVersion is not in this --config fragment: the gcloud command that submits it must give --runtime-version (flags win over the file) [runtime-version-required] | note: pythonVersion is not in this --config fragment: the gcloud command that submits it must give --python-version | note: the training code (packageUris, or masterConfig.imageUri) is not in this --config fragment: the gcloud command that submits it must give --package-path (or --packages) with --module-name, or --master-image-uri (flags win over the file) [no-training-code]
0 | validate $F/census/submit.sh --at 2020-06-01 | census/submit.sh: ok
1 | validate $F/tuning/hptuning_config.yaml --at 2021-01-01 | hptuning_config.yaml:3:3: error: runtime 1.13 closed to new jobs on 2020-03-06; it has its model versions deleted on 2021-03-06 (in 64 days) [submission-end] | 1 error, 2 notes
1 | validate $F/typo/config.yaml --at 2021-01-01 | typo/config.yaml:2:3: error: scaleTier 'basic_gpu' is not a scale tier (did you mean BASIC_GPU?)
1 | validate $F/census/config.yaml --at 2021-01-01 --fail-on note
CASES
run validate --gcloud "gcloud ai-platform jobs submit training j --python-version 3.5 --package-path trainer --module-name trainer.task --config $F/tuning/hptuning_config.yaml" --at 2019-06-01
expect_exit 0
expect_out "--gcloud: ok"
# scaleTier CUSTOM without masterType: the command line gives it (--master-machine-type), as it
# gives the runtime; the merged job without it is the error.
cases <<CASES
0 | validate $F/resnet/config.yaml --at 2021-01-01 | resnet/config.yaml: 4 notes | resnet/config.yaml:3:1: note: masterType (scaleTier CUSTOM needs the master's machine type) is not in this --config fragment: the gcloud command that submits it must give --master-machine-type (flags win over the file) [master-type-required]
0 | validate $F/resnet/submit.sh --at 2021-01-01 | resnet/submit.sh: ok
1 | validate $F/resnet/submit-no-machine.sh --at 2021-01-01 | resnet/config.yaml:4:3: error: scaleTier CUSTOM needs masterType (the master's machine type, like n1-standard-8) [master-type-required] | submit-no-machine.sh: 1 error
CASES
run validate --gcloud "gcloud ai-platform jobs submit training j --region us-central1 --master-machine-type n1-highmem-8 --master-image-uri gcr.io/acme-ml/t:1 --config $F/resnet/config.yaml" --at 2021-01-01
expect_exit 0
expect_out "--gcloud: ok"
# A REST job body (jobId) is a complete job: the same gaps are errors.
printf '{"jobId": "j", "trainingInput": {"scaleTier": "BASIC"}}' >"$WORK/complete.json"
run validate "$WORK/complete.json" --at 2021-01-01
expect_exit 1
expect_out "error: runtimeVersion is required"
expect_out "error: the job has neither packageUris nor masterConfig.imageUri"

# Lifecycle from the core, on the day before, of and after 1.14's submission_end (2020-07-19: released 2019-07-19 + 12 months).
cases <<CASES
0 | validate $J/invalid-runtime-closed.json --at 2020-07-18 | warning: runtime 1.14 closes to new jobs
1 | validate $J/invalid-runtime-closed.json --at 2020-07-19 | invalid-runtime-closed.json:8:5: error: runtime 1.14 closed to new jobs on 2020-07-19 | closed to new jobs on 2020-07-19 [submission-end]
1 | validate $J/invalid-runtime-closed.json --at 2020-07-20 --format json
CASES
expect_jsons <<'JSON'
j.find(f=>f.rule==="submission-end").line | 8
j.find(f=>f.rule==="submission-end").column | 5
j.find(f=>f.rule==="submission-end").runtime | 1.14
j.find(f=>f.rule==="submission-end").python | 3.5
j.find(f=>f.rule==="submission-end").path.endsWith("invalid-runtime-closed.json") | true
JSON

cases <<CASES
1 | validate $J/invalid-unknown-runtime.json --at 2020-06-01 | invalid-unknown-runtime.json:5:5: error: runtime 2.12 is not in the catalog (did you mean | [unknown-runtime]
1 | validate $J/invalid-python.json --at 2020-06-01 | invalid-python.json:6:5: error: Python 2.7 is not available on runtime 2.1 (available: 3.7) [python-unsupported]

# Required fields: defaulted before 2020-01-13, required from that day.
0 | validate $J/invalid-missing-versions.json --at 2020-01-12 | note: runtimeVersion is not set: on 2020-01-12 it defaults to 1.0 (required from 2020-01-13) [runtime-version-defaulted] | note: pythonVersion is not set: on 2020-01-12 it defaults to 2.7 (required from 2020-01-13) [python-version-defaulted]
1 | validate $J/invalid-missing-versions.json --at 2020-01-13 | invalid-missing-versions.json:3:3: error: runtimeVersion is required from 2020-01-13 (before, it defaulted to 1.0) | [runtime-version-required] | [python-version-required]

1 | validate $J/invalid-scale-tier.yaml --at 2020-06-01 | invalid-scale-tier.yaml:2:3: error: scaleTier 'basic-gpu' is not a scale tier (did you mean BASIC_GPU?) (valid: BASIC, STANDARD_1, PREMIUM_1, BASIC_GPU, BASIC_TPU, CUSTOM) [unknown-scale-tier] (use BASIC_GPU)
1 | validate $J/invalid-custom-replicas.json --at 2020-06-01 | [master-type-required] | invalid-custom-replicas.json:5:5: error: workerCount is 2 but workerType is not set | invalid-custom-replicas.json:6:5: error: parameterServerType is set but parameterServerCount is not
1 | validate $J/invalid-packages.json --at 2020-06-01 | invalid-packages.json:4:21: error: package 'dist/trainer-0.1.tar.gz' is not on Cloud Storage | invalid-packages.json:4:48: error: package 'gs://my-bucket/trainer/task.py' is not a pip package | [python-module-missing]
1 | validate $J/invalid-no-code.json --at 2020-06-01 | [no-training-code]

# scikit-learn training needs 1.13 (runtime 1.12 still open on 2019-06-01); pins vs requirements.
1 | validate $J/invalid-sklearn-runtime.yaml --requirements $J/requirements-sklearn.txt --at 2019-06-01 | requirements-sklearn.txt:2:1: error: training with scikit-learn needs runtime 1.13 or later; runtime 1.12 is older [sklearn-training]
0 | validate $J/valid-gcloud.sh --requirements $J/requirements-sklearn.txt --at 2020-06-01 | requirements-sklearn.txt:2:1: note: scikit-learn==0.23.2 is not satisfied by runtime 2.1's scikit-learn 0.22.1; it is installed over the pin when the job starts (allowed for training) [require-over-pin]
0 | validate $J/valid-gcloud.sh --requirements $J/setup.py --at 2020-06-01 --format json
CASES
expect_json 'j.filter(f=>f.rule==="require-over-pin").map(f=>f.line+":"+f.column).join(" ")' '4:6'

cases <<CASES
1 | validate $J/invalid-evaluators.yaml --at 2021-01-01 | [replica-image-without-master] | invalid-evaluators.yaml:9:3: warning: TensorFlow expects at most one evaluator; evaluatorCount is 2 (tf.estimator.train_and_evaluate accepts only evaluator index 0 and raises ValueError on evaluator 1) [multiple-evaluators]
1 | validate $J/invalid-not-custom.json --at 2020-06-01 --fail-on warning | [not-custom-tier] | [use-chief-no-effect]
0 | validate $J/invalid-custom-container.yaml --at 2021-01-01 | invalid-custom-container.yaml:6:3: warning: runtimeVersion: 2.10 is a YAML number, which a YAML reader takes as 2.1 (gcloud submits 2.1, judged here); quote it ('2.10') [yaml-unquoted-version] | [runtime-with-custom-container] | invalid-custom-container.yaml:7:3: warning: trainingInput.python_version is not a trainingInput field; did you mean pythonVersion?
0 | validate $J/invalid-gcloud-flag.sh --at 2020-06-01 | invalid-gcloud-flag.sh:5:3: warning: --machine-type is not a flag of 'gcloud ai-platform jobs submit training'

# Several files at once: findings of all, worst exit.
1 | validate $J/valid-rest.json $J/invalid-no-code.json --at 2020-06-01 | valid-rest.json: ok
CASES
# Three evaluators: train_and_evaluate (tensorflow_estimator/python/estimator/training.py) raises
# ValueError on every evaluator whose task index is above 0; the warning names them.
cat >"$WORK/evaluators-3.json" <<'JSON'
{"scaleTier": "CUSTOM", "masterType": "n1-standard-8", "evaluatorType": "n1-standard-4", "evaluatorCount": 3,
 "packageUris": ["gs://b/t-0.1.tar.gz"], "pythonModule": "t.task", "runtimeVersion": "2.1", "pythonVersion": "3.7"}
JSON
run validate "$WORK/evaluators-3.json" --at 2020-06-01
expect_exit 0
expect_out "evaluators-3.json:1:90: warning: TensorFlow expects at most one evaluator; evaluatorCount is 3 (tf.estimator.train_and_evaluate accepts only evaluator index 0 and raises ValueError on evaluators 1 to 2) [multiple-evaluators]"

# Malformed input: exit 2, one line with the position, nothing on stdout.
run validate "$J/malformed-json.json"
expect_input_error "malformed-json.json:4:5: invalid JSON: syntax error while parsing object - unexpected string literal; expected '}' (is a ',' missing before it?)"
run validate "$J/malformed-yaml.yaml"
expect_input_error "malformed-yaml.yaml:"
expect_err "invalid YAML"
run validate "$J/malformed-gcloud.sh"
expect_input_error "malformed-gcloud.sh:3:17: unterminated single quote"
run validate "$J/malformed-type.json"
expect_input_error "malformed-type.json:6:5: trainingInput.workerCount must be a whole number, not the string \"four\""
run validate --gcloud "gcloud ai-platform jobs submit training j --worker-count=x"
expect_input_error "--gcloud:1:58: --worker-count must be a whole number, not 'x'"
run validate "$J/missing.json"
expect_input_error "missing.json: cannot read"
run validate
expect_input_error "validate needs a job file or --gcloud"
run validate "$J/valid-rest.json" --requirements "$J/valid-rest.json"
expect_input_error "valid-rest.json:1:1:"
run validate "$J/valid-rest.json" --format csv
expect_input_error "--format csv is not available for validate (valid: text, json)"

# Found by fuzzing: a NUL and an unterminated quote make yaml-cpp hand back bytes that are not
# UTF-8; they are shown replaced, never an internal error.
run validate --at 2020-06-01 --format json "$SRC/tests/fixtures/yaml-nul-in-quoted-value.yaml"
[[ "$CODE" == 0 || "$CODE" == 1 || "$CODE" == 2 ]] || fail "expected exit 0, 1 or 2, not $CODE"
expect_no_out "internal error"
[[ "$ERR" != *"internal error"* ]] || fail "internal error on stderr"
run cluster-spec "$SRC/tests/fixtures/yaml-nul-in-quoted-value.yaml"
[[ "$CODE" == 0 || "$CODE" == 2 ]] || fail "expected exit 0 or 2, not $CODE"

# A negative replica count.
cat >"$WORK/negative.json" <<'JSON'
{"trainingInput": {"scaleTier": "CUSTOM", "masterType": "n1-standard-4",
  "workerCount": -1, "workerType": "n1-standard-4",
  "packageUris": ["gs://b/t.tar.gz"], "pythonModule": "t.task", "runtimeVersion": "2.1", "pythonVersion": "3.7"}}
JSON
run --at 2020-06-01 validate "$WORK/negative.json"
expect_exit 1
expect_out "negative.json:2:3: error: workerCount is -1; it must be 0 or more [invalid-replica-count]"

# "Nothing is usable" is said once a run, not once a file; each distinct custom-container route
# once.
run --at 2026-11-30 validate "$SRC/data/examples/jobs/valid-bare-training-input.json" "$SRC/data/examples/jobs/valid-rest.json"
expect_exit 1
[[ "$(grep -c 'no-alternative' <<<"$OUT")" == 1 ]] || fail "no-alternative said more than once: $OUT"
[[ "$(grep -c 'custom-container-route' <<<"$OUT")" == 2 ]] || fail "expected a route per distinct job: $OUT"
run --at 2026-11-30 validate "$SRC/data/examples/jobs/valid-rest.json" "$SRC/data/examples/jobs/valid-rest.json"
[[ "$(grep -c 'custom-container-route' <<<"$OUT")" == 1 ]] || fail "the same route said twice: $OUT"

# An unquoted runtimeVersion: 2.10 is the number 2.1, which gcloud submits: the job is judged on
# runtime 2.1 (deleted by 2023), not 2.10 (open then), and the warning stays.
printf 'trainingInput:\n  scaleTier: BASIC\n  runtimeVersion: 2.10\n  pythonVersion: "3.7"\n  packageUris: [gs://b/t.tar.gz]\n  pythonModule: trainer.task\n  region: us-central1\n' >"$WORK/unquoted.yaml"
run validate "$WORK/unquoted.yaml" --at 2023-06-01
expect_exit 1
expect_out "unquoted.yaml:3:3: warning: runtimeVersion: 2.10 is a YAML number, which a YAML reader takes as 2.1 (gcloud submits 2.1, judged here); quote it ('2.10') [yaml-unquoted-version]"
expect_out "unquoted.yaml:3:3: error: runtime 2.1 had its model versions deleted on 2022-03-09"
expect_no_out "runtime 2.10"
# Quoted, it is 2.10.
sed -i "s/runtimeVersion: 2.10/runtimeVersion: '2.10'/" "$WORK/unquoted.yaml"
run validate "$WORK/unquoted.yaml" --at 2023-06-01
expect_no_out "yaml-unquoted-version"
expect_no_out "runtime 2.1 "

finish
