#!/usr/bin/env bash
# The documents' examples are tests: every ```console block of README.md and of every Markdown
# file under docs/ is run, and each command must print what the block shows.
#
# How a block is read:
#   - A line `$ COMMAND` is run with bash, `rtcat` standing for the built binary; a line ending in
#     `\` continues on the next. Everything up to the next `$ ` line or the end of the block is
#     the output it must print (stdout and stderr together; blanks at the ends of lines, and
#     blank lines that end the output shown, are ignored).
#   - A line `...` in the output stands for any run of lines (none included).
#   - Each block starts in a copy of the repository's data/ and tests/fixtures/ (so an example
#     that writes a file writes it there), at its root, whichever document it is in; `$ cd DIR`
#     moves there for the rest of the block and prints nothing.
#   - Exit codes are not checked, unless the block shows them with `$ echo $?`.
#   - RTCAT_TODAY is unset (lib.sh): an example passes --at, or sets RTCAT_TODAY itself, so that
#     it does not depend on the day it runs.
source "$(dirname "$0")/lib.sh"

ROOT="$WORK/repo"
mkdir -p "$ROOT/tests"
cp -R "$SRC/data" "$ROOT/data"
cp -R "$SRC/tests/fixtures" "$ROOT/tests/fixtures"

# matches EXPECTED_FILE ACTUAL_FILE: whether the output fits the expectation, `...` lines
# matching any run of lines.
matches() {
  local -a want got
  mapfile -t want < <(sed -E 's/[[:space:]]+$//' "$1")
  mapfile -t got < <(sed -E 's/[[:space:]]+$//' "$2")
  # A blank line that ends an example only separates it from the next one.
  while ((${#want[@]} > 0)) && [[ -z "${want[-1]}" ]]; do
    unset 'want[-1]'
  done
  match_from 0 0
}

# match_from I J: whether want[I..] fits got[J..].
match_from() {
  local i=$1 j=$2
  while ((i < ${#want[@]})); do
    if [[ "${want[i]}" == "..." ]]; then
      local k
      for ((k = j; k <= ${#got[@]}; k++)); do
        match_from $((i + 1)) "$k" && return 0
      done
      return 1
    fi
    ((j < ${#got[@]})) && [[ "${want[i]}" == "${got[j]}" ]] || return 1
    i=$((i + 1))
    j=$((j + 1))
  done
  ((j == ${#got[@]}))
}

# run_example DIR COMMAND EXPECTED_FILE LINE: runs one example in DIR and compares.
last_code=0
run_example() {
  local dir=$1 command=$2 expected=$3 line=$4
  cases=$((cases + 1))
  CMD="$doc:$line: \$ $command"
  (
    cd "$dir" || exit 99
    rtcat() { "$RTCAT" "$@"; }
    (exit "$last_code")
    eval "$command"
  ) >"$WORK/actual" 2>&1 </dev/null
  CODE=$?
  [[ "$command" == "echo \$?" ]] || last_code=$CODE
  if ! matches "$expected" "$WORK/actual"; then
    failures=$((failures + 1))
    echo "FAIL: $CMD (exit $CODE)" >&2
    diff -u "$expected" "$WORK/actual" | sed 's/^/  /' >&2
  fi
}

doc=""
command=""
command_line=0
dir="$ROOT"
: >"$WORK/expected"

flush() {
  if [[ -n "$command" ]]; then
    if [[ "$command" =~ ^cd[[:space:]]+(.*)$ ]]; then
      dir="$ROOT/${BASH_REMATCH[1]}"
      [[ -d "$dir" ]] || { failures=$((failures + 1)); echo "FAIL: $doc:$command_line: no folder ${BASH_REMATCH[1]}" >&2; }
    else
      run_example "$dir" "$command" "$WORK/expected" "$command_line"
    fi
  fi
  command=""
  : >"$WORK/expected"
}

# run_document FILE: runs every console block of FILE (relative to the source tree).
blocks=0
run_document() {
  doc=$1
  local in_block=0 indent="" lineno=0 raw text before=$blocks
  command=""
  while IFS= read -r raw || [[ -n "$raw" ]]; do
    lineno=$((lineno + 1))
    if ((in_block == 0)); then
      if [[ "$raw" =~ ^([[:space:]]*)\`\`\`console[[:space:]]*$ ]]; then
        in_block=1
        indent=${BASH_REMATCH[1]}
        dir="$ROOT"
        last_code=0
        blocks=$((blocks + 1))
      fi
      continue
    fi
    text=${raw#"$indent"}
    if [[ "$text" =~ ^\`\`\`[[:space:]]*$ ]]; then
      flush
      in_block=0
      continue
    fi
    if [[ -n "$command" && "$command" == *\\ && ! -s "$WORK/expected" ]]; then
      command="$command"$'\n'"$text"
      continue
    fi
    if [[ "$text" == '$ '* ]]; then
      flush
      command=${text#'$ '}
      command_line=$lineno
      continue
    fi
    [[ -n "$command" ]] || { failures=$((failures + 1)); echo "FAIL: $doc:$lineno: output before any \$ line" >&2; continue; }
    printf '%s\n' "$text" >>"$WORK/expected"
  done <"$SRC/$doc"
  ((in_block == 0)) || { failures=$((failures + 1)); echo "FAIL: $doc: a console block is not closed" >&2; }
  echo "$doc: $((blocks - before)) console blocks"
}

run_document README.md
((blocks > 0)) || { failures=$((failures + 1)); echo "FAIL: no console block in README.md" >&2; }
while IFS= read -r file; do
  run_document "${file#"$SRC/"}"
done < <(find "$SRC/docs" -name '*.md' -type f | LC_ALL=C sort)
echo "$blocks console blocks"
finish
