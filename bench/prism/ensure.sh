#!/usr/bin/env bash
# Makes sure the pinned Stoplight Prism (package.json + package-lock.json next to this script) is installed for
# `./kit bench mock`, and prints the path of its `prism` command on standard output. The install lives outside the
# checkout, one per lock file and node major version: ${KIT_NPM_CACHE:-~/.cache/contract-kit}/prism-<digest>
# (npm ci, about a minute, once per machine). Telemetry of the install is switched off.
#
# Usage: ensure.sh            (progress on stderr, the command's path on stdout)
# Exit:  0 ready
#        3 node or npm missing, or node older than 18.20
#        4 npm ci failed (no network, registry down ...)
set -uo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
say() { printf 'prism: %s\n' "$*" >&2; }

if ! command -v node >/dev/null 2>&1; then say "node not found on PATH (the bench's Prism peer needs node >= 18.20 and npm)"; exit 3; fi
if ! command -v npm >/dev/null 2>&1; then say "npm not found on PATH (the bench's Prism peer needs node >= 18.20 and npm)"; exit 3; fi
NODE_VERSION="$(node --version 2>/dev/null || true)"
NODE_MAJOR="$(printf '%s' "$NODE_VERSION" | sed -E 's/^v([0-9]+).*/\1/')"
case "$NODE_MAJOR" in ''|*[!0-9]*) say "cannot read node's version ('$NODE_VERSION')"; exit 3 ;; esac
if [ "$NODE_MAJOR" -lt 18 ]; then say "node $NODE_VERSION is older than 18.20 (Prism 5.14 needs it)"; exit 3; fi

digest() { if command -v sha256sum >/dev/null 2>&1; then sha256sum | cut -d' ' -f1; else cksum | tr ' ' '-'; fi; }
WANT="$( { cat "$HERE/package.json" "$HERE/package-lock.json"; echo "node-major=$NODE_MAJOR"; } | digest)"
BASE="${KIT_NPM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/contract-kit}"
[ "$BASE" = off ] && BASE="$HERE/../target"
DIR="$BASE/prism-${WANT:0:16}"
CLI="$DIR/node_modules/.bin/prism"
ready() { [ -x "$CLI" ] && [ -f "$DIR/.kit-installed" ]; }

if ready; then echo "$CLI"; exit 0; fi
mkdir -p "$BASE" || { say "cannot make $BASE"; exit 4; }
if command -v flock >/dev/null 2>&1; then # one install at a time
  exec 9>"$BASE/prism.lock"
  flock 9
  if ready; then echo "$CLI"; exit 0; fi
fi
say "installing the pinned @stoplight/prism-cli with npm ci into $DIR (node $NODE_VERSION; about a minute, once)"
started=$SECONDS
rm -rf "$DIR" && mkdir -p "$DIR" && cp "$HERE/package.json" "$HERE/package-lock.json" "$DIR/"
if ! (cd "$DIR" && DO_NOT_TRACK=1 SCARF_ANALYTICS=false npm_config_update_notifier=false \
      npm ci --no-audit --no-fund --loglevel=error >"$DIR/npm-ci.log" 2>&1); then
  say "npm ci failed; last lines of $DIR/npm-ci.log:"
  tail -15 "$DIR/npm-ci.log" >&2
  exit 4
fi
if [ ! -x "$CLI" ]; then say "npm ci finished but $CLI is missing"; exit 4; fi
touch "$DIR/.kit-installed"
say "installed @stoplight/prism-cli $(node -p "require('$DIR/node_modules/@stoplight/prism-cli/package.json').version") in $((SECONDS - started)) s"
echo "$CLI"
