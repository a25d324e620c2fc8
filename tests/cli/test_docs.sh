#!/usr/bin/env bash
# The documents hold together: every relative link in README.md and docs/**/*.md names a file
# that exists and, with #anchor, a heading of that file (GitHub's anchors: lower case, spaces as
# `-`, punctuation dropped, `-1`, `-2`... for repeated headings); the README stays a front page
# (at most 300 lines); the reference has a section for every command `rtcat --help` lists; and
# docs/reference/options.md is generated from the command table.
# (Their ```console examples are run by test_readme.sh.)
source "$(dirname "$0")/lib.sh"

# slug HEADING: the anchor GitHub gives a heading's text.
slug() {
  local s=$1
  s=${s,,}
  s=$(sed -E 's/`//g; s/\[([^]]*)\]\([^)]*\)/\1/g' <<<"$s" | LC_ALL=C.UTF-8 sed -E 's/[^[:alnum:] _-]//g')
  printf '%s' "${s// /-}"
}

# anchors FILE: every anchor of FILE's headings, one a line (code blocks left out).
anchors() {
  local line fence=0 a
  declare -A seen=()
  while IFS= read -r line || [[ -n "$line" ]]; do
    [[ "$line" =~ ^[[:space:]]*\`\`\` ]] && { fence=$((1 - fence)); continue; }
    ((fence == 0)) || continue
    [[ "$line" =~ ^#{1,6}[[:space:]]+(.*)$ ]] || continue
    a=$(slug "${BASH_REMATCH[1]}")
    if [[ -n "${seen[$a]:-}" ]]; then
      seen[$a]=$((seen[$a] + 1))
      printf '%s-%s\n' "$a" "$((seen[$a] - 1))"
    else
      seen[$a]=1
      printf '%s\n' "$a"
    fi
  done <"$1"
}

# links FILE: "LINE TARGET" for every inline link outside code blocks and code spans.
links() {
  awk '
    /^[[:space:]]*```/ { fence = !fence; next }
    fence { next }
    {
      line = $0
      gsub(/`[^`]*`/, "", line)
      while (match(line, /\]\([^)[:space:]]+\)/)) {
        print NR " " substr(line, RSTART + 2, RLENGTH - 3)
        line = substr(line, RSTART + RLENGTH)
      }
    }' "$1"
}

# check_links DOC: each relative link of DOC (relative to the source tree) resolves.
check_links() {
  local doc=$1 lineno target path anchor resolved
  while read -r lineno target; do
    case "$target" in http://* | https://* | mailto:*) continue ;; esac
    cases=$((cases + 1))
    CMD="$doc:$lineno: ($target)"
    path=${target%%#*}
    anchor=""
    [[ "$target" == *#* ]] && anchor=${target#*#}
    if [[ -z "$path" ]]; then
      resolved="$SRC/$doc"
    else
      resolved="$(dirname "$SRC/$doc")/$path"
    fi
    if [[ ! -e "$resolved" ]]; then
      failures=$((failures + 1))
      echo "FAIL: $CMD: no file $path" >&2
      continue
    fi
    if [[ -n "$anchor" ]]; then
      if [[ ! -f "$resolved" || "$resolved" != *.md ]] || ! anchors "$resolved" | grep -qxF -- "$anchor"; then
        failures=$((failures + 1))
        echo "FAIL: $CMD: no heading #$anchor in ${path:-$doc}" >&2
      fi
    fi
  done < <(links "$SRC/$doc")
}

# The checker itself: a broken file, a broken anchor and a repeated heading's anchor.
mkdir -p "$WORK/selftest/docs"
cat >"$WORK/selftest/docs/a.md" <<'EOF'
# Title
## `check`: is it valid? If not, why
## Twice
## Twice
[ok](#check-is-it-valid-if-not-why) [ok](#twice-1) [ok](b.md) `[not a link](nowhere.md)`
[bad](#nothing-here) [bad](c.md) [bad](b.md#nothing)
EOF
printf '# B\n' >"$WORK/selftest/docs/b.md"
before=$failures
(SRC="$WORK/selftest" && check_links docs/a.md) 2>"$WORK/selftest.err"
sub_failures=$(grep -c '^FAIL' "$WORK/selftest.err")
failures=$before
cases=$((cases + 1))
CMD="the link checker on docs/a.md"
[[ "$sub_failures" == 3 ]] || { OUT=$(cat "$WORK/selftest.err"); fail "expected 3 broken links, found $sub_failures"; }

docs=(README.md)
while IFS= read -r file; do
  docs+=("${file#"$SRC/"}")
done < <(find "$SRC/docs" -name '*.md' -type f | LC_ALL=C sort)
for doc in "${docs[@]}"; do
  check_links "$doc"
done

# The README is a front page.
cases=$((cases + 1))
CMD="wc -l README.md"
lines=$(wc -l <"$SRC/README.md")
((lines <= 300)) || fail "README.md has $lines lines (at most 300)"

# The options reference is generated from the command table: it is what `rtcat man --format
# markdown` prints, to the byte (regenerate it with that command after changing an option).
run man --format markdown
expect_exit 0
cases=$((cases + 1))
CMD="docs/reference/options.md vs rtcat man --format markdown"
cmp -s "$WORK/out" "$SRC/docs/reference/options.md" ||
  fail "docs/reference/options.md is not what 'rtcat man --format markdown' prints: regenerate it"
expect_out $'## `rtcat check`\n\nIs this runtime'
expect_out '| `-r, --runtime ID` |'
expect_out '## `rtcat db import`'

# Every command has its section in the reference: a heading that names it in code.
run --help
expect_exit 0
commands=$(sed -n '/^Commands:/,/^$/p' <<<"$OUT" | awk 'NF && !/^Commands:/ { print $1 }')
[[ -n "$commands" ]] || fail "no command list in rtcat --help"
for name in $commands; do
  cases=$((cases + 1))
  CMD="docs/reference/commands.md: $name"
  grep -qE '^#{2,4} .*`(rtcat )?'"$name"'[ `]' "$SRC/docs/reference/commands.md" ||
    fail "no section for rtcat $name"
done
finish
