#!/usr/bin/env bash
# rtcat completion bash|zsh|fish and rtcat man: generated from the command table, with the
# values options take; each script is valid for its shell and the bash one completes.
source "$(dirname "$0")/lib.sh"

cases <<'T'
0 | completion bash | complete -F _rtcat rtcat | 'ai-platform vertex-training vertex-prediction aws-dlc python'
0 | completion zsh  | #compdef rtcat | _rtcat_db_export() | (sh json dotenv)
0 | completion fish | complete -c rtcat -n '__fish_seen_subcommand_from list' -l status -x -a 'unreleased supported expiring unknown submission_end deletion support_end availability_end bugfix_end end_of_life'
0 | completion --help | Print the shell completion script | source <(rtcat completion bash)
T
run completion tcsh
expect_input_error "unknown value 'tcsh' (valid: bash, zsh, fish)"
run completion
expect_input_error "shell is required"

for shell in bash zsh fish; do
  "$RTCAT" completion "$shell" >"$WORK/c.$shell" || fail "completion $shell"
done
cases=$((cases + 3))
bash -n "$WORK/c.bash" || fail "bash -n rejects the bash completion"
if command -v zsh >/dev/null; then
  zsh -n "$WORK/c.zsh" || fail "zsh -n rejects the zsh completion"
  # compinit finds it on fpath (#compdef) and binds it to rtcat.
  mkdir -p "$WORK/zfunc" && cp "$WORK/c.zsh" "$WORK/zfunc/_rtcat"
  got=$(HOME="$WORK" zsh -f -c 'fpath=($1 $fpath); autoload -Uz compinit; compinit -u -D; print -r -- $_comps[rtcat]' _ "$WORK/zfunc" 2>&1)
  [[ "$got" == "_rtcat" ]] || fail "zsh compinit does not bind _rtcat to rtcat: $got"
fi
if command -v fish >/dev/null; then fish -n "$WORK/c.fish" || fail "fish -n rejects the fish completion"; fi

# Every command of `rtcat --help` is completed, and every runtime id of the embedded catalogs.
run --help
commands=$(sed -n '/^Commands:/,/^$/p' <<<"$OUT" | awk 'NR > 1 && NF { print $1 }' | tr '\n' ' ')
[[ "$commands" == *"scan"*"completion"*"man"* ]] || fail "commands not listed: $commands"
for c in $commands; do
  grep -q "'$c')" "$WORK/c.bash" || fail "bash completion lacks the command $c"
  grep -q "^complete -c rtcat -n .* -a '$c'" "$WORK/c.fish" || fail "fish completion lacks the command $c"
  grep -q "^    '$c:" "$WORK/c.zsh" || fail "zsh completion lacks the command $c"
done
run --at 2026-01-01 list --format json
offered=" $(bash -c 'source "$1"; COMP_WORDS=(rtcat show ""); COMP_CWORD=2; _rtcat; echo "${COMPREPLY[*]}"' _ "$WORK/c.bash") "
ids=$(node -e 'for (const e of JSON.parse(require("fs").readFileSync(0, "utf8"))) console.log(e.catalog + ":" + e.id)' <<<"$OUT")
[[ $(wc -l <<<"$ids") -gt 100 ]] || fail "too few entries listed"
for id in $ids; do
  [[ "$offered" == *" $id "* && "$offered" == *" ${id#*:} "* ]] || fail "show completion lacks the runtime $id"
done

# Each command's --format completion is exactly what the command accepts.
check_formats() { # COMMAND ARGS...: the formats offered for COMMAND == those its error lists
  local cmd=$1
  shift
  run "$cmd" "$@" --format nope
  local valid=${ERR##*(valid: }
  valid=${valid%)*}
  valid=${valid//, / }
  local offered
  offered=$(COMP_WORDS=(rtcat "$cmd" --format '') bash -c 'source "$1"; COMP_WORDS=(rtcat "$2" --format ""); COMP_CWORD=3; _rtcat; echo "${COMPREPLY[*]}"' _ "$WORK/c.bash" "$cmd")
  [[ "$offered" == "$valid" ]] || fail "--format for $cmd: completion offers '$offered', the command accepts '$valid'"
  # ... and what its --help and its section of the manual list (the same list, the default first).
  local listed="Output format: ${valid// /, } (default ${valid%% *})"
  run "$cmd" --help
  expect_out "  --format FORMAT             $listed"
  [[ "$MANUAL" == *".SS \"${cmd//-/\\-}\""*"${listed//-/\\-}"* ]] || fail "the manual's $cmd section lacks: $listed"
}
MANUAL=$("$RTCAT" man)
check_formats list
check_formats show 2.1
check_formats check --runtime 2.1
check_formats combos
check_formats upgrade --runtime 2.1
check_formats timeline
check_formats rules
check_formats report --inventory "$SRC/data/examples/jobs.json"
check_formats audit "$SRC/data/examples/jobs.json"
check_formats scan "$WORK"
check_formats validate --gcloud "gcloud ai-platform jobs submit training j1"
check_formats cluster-spec "$WORK/none.json"
check_formats cluster-env --framework pytorch
# ... and every command with a --format has its formats in the table the completions use.
run --help
for c in $(sed -n '/^Commands:/,/^$/p' <<<"$OUT" | awk 'NR > 1 && NF { print $1 }'); do
  case "$c" in db | completion | man) continue ;; esac
  offered=$(bash -c 'source "$1"; COMP_WORDS=(rtcat "$2" --format ""); COMP_CWORD=3; _rtcat; echo "${COMPREPLY[*]}"' _ "$WORK/c.bash" "$c")
  [[ -n "$offered" ]] || fail "no --format values completed for $c"
done

# The bash completion, as the shell runs it (COMP_WORDBREAKS splits catalog:id at ':').
complete_bash() { # EXPECTED WORD...: the replies for the command line WORD... (the last one is completed)
  cases=$((cases + 1))
  local expected=$1 got
  shift
  got=$(bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _rtcat; echo "${COMPREPLY[*]}"' _ "$WORK/c.bash" "$@")
  [[ "$got" == "$expected" ]] || { CMD="complete $*"; fail "completions: expected '$expected', got '$got'"; }
}
complete_bash "list" rtcat li
complete_bash "--status" rtcat list --st
complete_bash "expiring" rtcat list --status ex
complete_bash "csv" rtcat --format json list --format c
complete_bash "1.1 1.10 1.11 1.12 1.13 1.14 1.15" rtcat show ai-platform : 1.1
complete_bash "sklearn-cpu.1-6 sklearn-cpu.1-5 sklearn-cpu.1-4 sklearn-cpu.1-3 sklearn-cpu.1-2 sklearn-cpu.1-0" rtcat --at 2020-01-01 check --runtime vertex-prediction : sklearn-cpu.1-
complete_bash "init import export verify" rtcat db ''
complete_bash "vertex-prediction" rtcat db export --name vertex-p
complete_bash "bash zsh fish" rtcat completion ''
complete_bash "warning" rtcat scan --fail-on w
complete_bash "pytorch" rtcat cluster-env --framework p
complete_bash "newest nearest" rtcat upgrade --strategy n
complete_bash "auto always" rtcat --color a
mkdir -p "$WORK/tree/deploy" && : >"$WORK/tree/deploy/job.yaml"
(cd "$WORK/tree" && complete_bash "deploy" rtcat scan dep) || failures=$((failures + 1))
(cd "$WORK/tree" && complete_bash "deploy/job.yaml" rtcat scan --config deploy/j) || failures=$((failures + 1))
loaded=$(bash -c 'source "$1"; complete -p rtcat' _ "$WORK/c.bash")
[[ "$loaded" == "complete -F _rtcat rtcat" ]] || fail "complete -p: $loaded"

# The fish completion, as fish runs it.
if command -v fish >/dev/null; then
  complete_fish() { # EXPECTED LINE: the candidates fish offers for LINE, one per line, without descriptions
    cases=$((cases + 1))
    local got
    got=$(HOME="$WORK" fish --no-config -c 'source $argv[1]; complete -C $argv[2]' "$WORK/c.fish" "$2" 2>&1 | cut -f1 | tr '\n' ' ')
    [[ "$got" == "$1 " ]] || { CMD="fish: complete -C '$2'"; fail "expected '$1', got '$got'"; }
  }
  complete_fish "expiring" "rtcat list --status ex"
  complete_fish "show" "rtcat sh"
  complete_fish "export" "rtcat db ex"
  complete_fish "dotenv" "rtcat cluster-env --format d"
  complete_fish "vertex-prediction:sklearn-cpu.1-6" "rtcat show vertex-prediction:sklearn-cpu.1-6"
  complete_fish "--fail-on" "rtcat scan --fail-o"
fi

# Every option whose values are a fixed set (a one_of check) completes to exactly those values:
# given a value it does not take, each command names the ones it does, and bash offers them.
mkdir -p "$WORK/empty"
one_of=""
for c in $commands "db init" "db import" "db export" "db verify"; do
  [[ "$c" == db ]] && continue
  # shellcheck disable=SC2086
  run $c --help
  for opt in $(grep -oE '^  (-[a-zA-Z],)?--[a-z][a-z-]* [^ ]' <<<"$OUT" | sed -E 's/^  (-[a-zA-Z],)?//; s/ [^ ]$//'); do
    [[ "$opt" == --format ]] && continue # checked above, with the command's own message
    # shellcheck disable=SC2086
    err=$(cd "$WORK/empty" && "$RTCAT" $c "$opt" zzzz 2>&1 </dev/null >/dev/null)
    [[ "$err" == *"--${opt#--}: unknown value 'zzzz' (valid: "* ]] || continue
    valid=${err##*(valid: }
    valid=${valid%%)*}
    valid=${valid//, / }
    # shellcheck disable=SC2086
    offered=$(bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _rtcat; echo "${COMPREPLY[*]}"' _ "$WORK/c.bash" rtcat $c "$opt" '')
    cases=$((cases + 1))
    [[ "$offered" == "$valid" ]] || fail "$c $opt: completion offers '$offered', the command takes '$valid'"
    one_of+="$c $opt, "
  done
done
# Those the table declares with one_of: all found, cluster-spec's --as among them.
for expected in "cluster-spec --as" "cluster-env --framework" "upgrade --strategy" "check --service" "list --color" "scan --fail-on"; do
  [[ "$one_of" == *"$expected, "* ]] || fail "no one_of option $expected among: $one_of"
done
complete_bash "legacy vertex" rtcat cluster-spec job.json --as ''
run completion zzzz
expect_input_error "(valid: bash, zsh, fish)"
complete_bash "bash zsh fish" rtcat completion ''
# validate and audit write compiler-style findings as text, as scan does: no `table` offered.
complete_bash "text" rtcat validate --format t
complete_bash "text" rtcat audit --format t
complete_bash "text" rtcat scan --format t

# The manual page: every command, option, exit code, variable and file; renders without warnings.
run man
expect_exit 0
expect_out '.TH RTCAT 1 "" "rtcat '
for c in $commands; do
  grep -qF ".SS \"${c//-/\\-}\"" <<<"$OUT" || fail "the manual lacks the command $c"
done
expect_out '.SS "db import"'
expect_out '\fB\-\-max\-filesize\fR \fISIZE\fR'
expect_out '.SH "EXIT STATUS"'
expect_out '.B RTCAT_TODAY'
expect_out '.B RTCAT_CATALOG'
expect_out '.B NO_COLOR'
expect_out '.B .rtcat.toml, .rtcat.yaml'
expect_out '.SH EXAMPLES'
if command -v man >/dev/null; then
  printf '%s\n' "$OUT" >"$WORK/rtcat.1"
  MANWIDTH=80 man --warnings -l "$WORK/rtcat.1" >"$WORK/man.txt" 2>"$WORK/man.err" || fail "man -l failed"
  [[ ! -s "$WORK/man.err" ]] || fail "man warnings: $(head -5 "$WORK/man.err")"
  grep -q "^       rtcat scan \[OPTIONS\] paths" "$WORK/man.txt" || fail "rendered manual lacks the scan synopsis"
fi
finish
