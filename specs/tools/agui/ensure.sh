#!/usr/bin/env bash
# Makes sure the pinned official AG-UI packages (@ag-ui/core, @ag-ui/client; package.json + package-lock.json
# next to this script) are installed in ./node_modules: runs `npm ci` when node_modules is missing or stale
# (lock file, package.json or node's major version changed since the last install). Same pattern as
# ../asyncapi/ensure.sh. Used by the specs build (check-contract.sh) and by the agent tests of reference-server
# and mock-server (run-agent.mjs).
#
# Usage: ensure.sh            (prints progress on stderr)
# Exit:  0 ready
#        3 skipped: KIT_AGUI_SKIP is set, or node/npm are missing or older than node 20
#        4 npm ci failed (no network, registry down ...)
set -uo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
MIN_NODE=20
say() { printf 'agui-tools: %s\n' "$*" >&2; }

case "${KIT_AGUI_SKIP:-}" in
  ""|false|0|no) ;;
  *) say "skipped (KIT_AGUI_SKIP=${KIT_AGUI_SKIP})"; exit 3 ;;
esac
if ! command -v node >/dev/null 2>&1; then say "node not found on PATH"; exit 3; fi
if ! command -v npm >/dev/null 2>&1; then say "npm not found on PATH"; exit 3; fi
NODE_VERSION="$(node --version 2>/dev/null || true)"
NODE_MAJOR="$(printf '%s' "$NODE_VERSION" | sed -E 's/^v([0-9]+).*/\1/')"
case "$NODE_MAJOR" in ''|*[!0-9]*) say "cannot read node's version ('$NODE_VERSION')"; exit 3 ;; esac
if [ "$NODE_MAJOR" -lt "$MIN_NODE" ]; then say "node $NODE_VERSION is older than $MIN_NODE"; exit 3; fi

digest() { # stdin -> hex digest
  if command -v sha256sum >/dev/null 2>&1; then sha256sum | cut -d' ' -f1
  elif command -v shasum >/dev/null 2>&1; then shasum -a 256 | cut -d' ' -f1
  else cksum | tr ' ' '-'
  fi
}
WANT="$( { cat "$HERE/package.json" "$HERE/package-lock.json"; echo "node-major=$NODE_MAJOR"; } | digest)"
STAMP="$HERE/node_modules/.kit-installed"
CLI="$HERE/node_modules/@ag-ui/client/package.json"

ready() { [ -f "$CLI" ] && [ -f "$STAMP" ] && [ "$(cat "$STAMP" 2>/dev/null)" = "$WANT" ]; }

if ready; then exit 0; fi

# one install at a time (parallel builds); flock is optional
LOCK="${TMPDIR:-/tmp}/contract-kit-agui-$(printf '%s' "$HERE" | digest | cut -c1-12).lock"
if command -v flock >/dev/null 2>&1; then
  exec 9>"$LOCK"
  flock 9
  if ready; then exit 0; fi
fi

say "installing the pinned AG-UI packages with npm ci (node $NODE_VERSION; a few seconds, once) ..."
started=$SECONDS
if ! (cd "$HERE" && SCARF_ANALYTICS=false DO_NOT_TRACK=1 npm_config_update_notifier=false \
      npm ci --no-audit --no-fund --loglevel=error >"$HERE/.npm-ci.log" 2>&1); then
  say "npm ci failed; last lines of specs/tools/agui/.npm-ci.log:"
  tail -15 "$HERE/.npm-ci.log" >&2
  exit 4
fi
rm -f "$HERE/.npm-ci.log"
if [ ! -f "$CLI" ]; then say "npm ci finished but $CLI is missing"; exit 4; fi
printf '%s\n' "$WANT" > "$STAMP"
say "installed @ag-ui/client $(node -p "require('$HERE/node_modules/@ag-ui/client/package.json').version") in $((SECONDS - started)) s"
