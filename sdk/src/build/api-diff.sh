#!/usr/bin/env bash
# ./kit api-diff: what changed in the SDK's public API since a git ref, as japicmp sees it (binary and source
# compatibility of every public class and member outside the internal packages).
# Builds the SDK jar of REF in a temporary git worktree (offline Maven, package only: nothing is installed into
# ~/.m2), builds this checkout's jar, and runs japicmp on the two (sdk/pom.xml, profile api-diff).
#
# Usage: api-diff.sh ROOT REF [--fail-on-incompatible]
# Exit:  0 compared (1 with --fail-on-incompatible when a change is binary or source incompatible);
#        2 usage error, REF unknown, or a build failed (its log is named)
set -uo pipefail
say() { printf 'api-diff: %s\n' "$*" >&2; }
[ $# -ge 2 ] || { sed -n '2,10p' "$0" >&2; exit 2; }
ROOT=$1 REF=$2 FAIL=false
case "${3:-}" in "") ;; --fail-on-incompatible) FAIL=true ;; *) say "unknown option '$3'"; exit 2 ;; esac
[ $# -le 3 ] || { say "one git ref at a time"; exit 2; }
cd "$ROOT" || exit 2
commit=$(git rev-parse --verify --quiet "$REF^{commit}") || { say "'$REF' is no commit of this repository"; exit 2; }
OUT="$ROOT/sdk/target/api-diff"
mkdir -p "$OUT" && rm -f "$OUT/old.jar"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/kit-api-diff.XXXXXX")
cleanup() { git -C "$ROOT" worktree remove --force "$TMP/src" >/dev/null 2>&1; rm -rf "$TMP"; }
trap cleanup EXIT

maven() { # maven <dir> <log> <args>...: offline first; online once when something is missing from ~/.m2
  local dir=$1 log=$2; shift 2
  (cd "$dir" && ./mvnw -o -B -ntp "$@" >"$log" 2>&1 </dev/null) && return 0
  grep -q 'offline mode' "$log" || return 1
  say "something is missing from the local Maven repository: resolving it online once"
  (cd "$dir" && ./mvnw -B -ntp "$@" >"$log" 2>&1 </dev/null)
}

say "building the SDK of $REF (${commit:0:12}) in a temporary worktree (log: $OUT/old-build.log)"
git worktree add --detach --quiet "$TMP/src" "$commit" || { say "git worktree add failed"; exit 2; }
if ! maven "$TMP/src" "$OUT/old-build.log" -pl sdk -am package -Dmaven.test.skip=true; then
  grep -E '\[ERROR\]' "$OUT/old-build.log" | head -20 >&2
  say "the SDK of $REF did not build (log: $OUT/old-build.log)"; exit 2
fi
jar=$(ls "$TMP/src/sdk/target/"sdk-*.jar 2>/dev/null | grep -v -e '-tests\.jar$' -e '-sources\.jar$' -e '-javadoc\.jar$' | head -1)
[ -n "$jar" ] && cp "$jar" "$OUT/old.jar" || { say "no SDK jar in the build of $REF"; exit 2; }

say "building this checkout's SDK and comparing (log: $OUT/build.log)"
status=0
maven "$ROOT" "$OUT/build.log" -pl sdk -am verify -Dmaven.test.skip=true -Papi-diff -Dsdk.api.old="$OUT/old.jar" \
    || status=$?
REPORT="$ROOT/sdk/target/japicmp/api-diff.diff"
if [ ! -f "$REPORT" ]; then
  grep -E '\[ERROR\]' "$OUT/build.log" | head -20 >&2
  say "no comparison was made (log: $OUT/build.log)"; exit 2
fi
# japicmp's text report: one block per modified class; after a line's sign, '!' marks a binary incompatibility, '*' a
# source incompatibility (counted: each such line but the "MODIFIED CLASS" line that opens a block)
cat "$REPORT"
count() { grep -E "^[[:space:]]*(\\*\\*\\*|---|\\+\\+\\+)$1" "$REPORT" | grep -cvE '^\*\*\*[!*] MODIFIED '; }
binary=$(count '!')
incompatible=$(count '[!*]')
echo
echo "api-diff: $REF..working tree: $incompatible incompatible change(s), $binary of them binary; reports: sdk/target/japicmp/api-diff.{diff,md,html,xml}"
[ "$status" -eq 0 ] || { say "the build failed (log: $OUT/build.log)"; exit 2; }
[ "$FAIL" = true ] && [ "$incompatible" -gt 0 ] && exit 1
exit 0
