#!/usr/bin/env bash
# The pre-commit hook of .pre-commit-hooks.yaml, offline (language: system, rtcat on PATH):
# `pre-commit try-repo` fails on a repository with an expired runtime and passes once fixed.
source "$(dirname "$0")/lib.sh"
command -v pre-commit >/dev/null || skip "pre-commit is not installed (scripts/install-deps.sh installs it)"
command -v git >/dev/null || skip "git is not installed"
export HOME="$WORK/home" XDG_CACHE_HOME="$WORK/cache" PRE_COMMIT_HOME="$WORK/pre-commit" RTCAT_TODAY=2023-06-01
export PATH="$(dirname "$RTCAT"):$PATH" GIT_CONFIG_NOSYSTEM=1
mkdir -p "$HOME"
git config --global user.name test && git config --global user.email test@example.invalid &&
  git config --global init.defaultBranch main && git config --global protocol.file.allow always

# The hook repository: the hook definition as shipped.
hooks="$WORK/hooks"
git init -q "$hooks" && cp "$SRC/.pre-commit-hooks.yaml" "$hooks/" && git -C "$hooks" add . && git -C "$hooks" commit -qm hooks
# The repository it checks.
repo="$WORK/repo"
git init -q "$repo" && cp "$SRC/tests/fixtures/integration/expired/submit.sh" "$repo/" && printf '# notes\n' >"$repo/README.md" &&
  git -C "$repo" add . && git -C "$repo" commit -qm expired

try_repo() {
  cases=$((cases + 1))
  CMD="pre-commit try-repo $hooks rtcat-scan $*"
  (cd "$repo" && pre-commit try-repo "$hooks" rtcat-scan "$@") >"$WORK/pc.out" 2>&1
  CODE=$?
  OUT=$(cat "$WORK/pc.out")
}
try_repo --all-files
expect_exit 1
expect_out "rtcat scan (expired or expiring ML runtimes)"
expect_out "Failed"
expect_out "submit.sh:2:67: error: runtime 1.15 had its model versions deleted on 2021-12-19"

# Fixed and staged: the hook passes on the staged file.
cp "$SRC/tests/fixtures/integration/fixed/submit.sh" "$repo/submit.sh" && git -C "$repo" add submit.sh
try_repo --files submit.sh
expect_exit 0
expect_out "Passed"
try_repo --all-files
expect_exit 0
expect_out "Passed"
finish
