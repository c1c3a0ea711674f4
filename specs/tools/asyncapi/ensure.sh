#!/usr/bin/env bash
# Makes sure the pinned AsyncAPI CLI (package.json + package-lock.json next to this script) is installed in
# ./node_modules: runs `npm ci` when node_modules is missing or stale (lock file, package.json or node's
# major version changed since the last install). Telemetry of the install (scarf) is switched off.
#
# Usage: ensure.sh            (prints progress on stderr)
# Exit:  0 ready
#        3 skipped: KIT_ASYNCAPI_SKIP is set, or node/npm are missing or older than node 20
#        4 npm ci failed (no network, registry down ...)
set -uo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
MIN_NODE=20
say() { printf 'asyncapi-tools: %s\n' "$*" >&2; }

case "${KIT_ASYNCAPI_SKIP:-}" in
  ""|false|0|no) ;;
  *) say "skipped (KIT_ASYNCAPI_SKIP=${KIT_ASYNCAPI_SKIP})"; exit 3 ;;
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
CLI="$HERE/node_modules/.bin/asyncapi"

ready() { [ -x "$CLI" ] && [ -f "$STAMP" ] && [ "$(cat "$STAMP" 2>/dev/null)" = "$WANT" ]; }

write_analytics_off() { # the CLI reads this file (ASYNCAPI_METRICS_CONFIG_PATH) instead of ~/.asyncapi-analytics
  printf '{"analyticsEnabled":"false","infoMessageShown":"true","userID":"contract-kit-build"}\n' \
    > "$HERE/node_modules/.asyncapi-analytics"
}

if ready; then
  [ -f "$HERE/node_modules/.asyncapi-analytics" ] || write_analytics_off
  exit 0
fi

# one install at a time (parallel builds); flock is optional
LOCK="${TMPDIR:-/tmp}/contract-kit-asyncapi-$(printf '%s' "$HERE" | digest | cut -c1-12).lock"
if command -v flock >/dev/null 2>&1; then
  exec 9>"$LOCK"
  flock 9
  if ready; then exit 0; fi
fi

# an earlier install with the same lock file and node (another checkout of the kit on this machine, e.g. a fresh
# clone in CI) is copied as hard links: ready in seconds instead of npm ci's minute or two. KIT_NPM_CACHE names
# the directory (default ~/.cache/contract-kit); KIT_NPM_CACHE=off never reads or writes one
CACHE=""
if [ "${KIT_NPM_CACHE:-}" != off ]; then
  CACHE="${KIT_NPM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/contract-kit}/asyncapi-$WANT"
  if [ -f "$CACHE/.kit-installed" ]; then
    rm -rf "$HERE/node_modules"
    if { cp -al "$CACHE" "$HERE/node_modules" 2>/dev/null || cp -a "$CACHE" "$HERE/node_modules"; } && ready; then
      write_analytics_off
      say "reused the install of @asyncapi/cli in $CACHE"
      exit 0
    fi
    rm -rf "$HERE/node_modules"
  fi
fi

say "installing the pinned AsyncAPI CLI with npm ci (node $NODE_VERSION; takes about 2 minutes, once) ..."
started=$SECONDS
if ! (cd "$HERE" && SCARF_ANALYTICS=false DO_NOT_TRACK=1 npm_config_update_notifier=false \
      npm ci --no-audit --no-fund --loglevel=error >"$HERE/.npm-ci.log" 2>&1); then
  say "npm ci failed; last lines of specs/tools/asyncapi/.npm-ci.log:"
  tail -15 "$HERE/.npm-ci.log" >&2
  exit 4
fi
rm -f "$HERE/.npm-ci.log"
if [ ! -x "$CLI" ]; then say "npm ci finished but $CLI is missing"; exit 4; fi
write_analytics_off
printf '%s\n' "$WANT" > "$STAMP"
say "installed @asyncapi/cli $(node -p "require('$HERE/node_modules/@asyncapi/cli/package.json').version") in $((SECONDS - started)) s"
if [ -n "$CACHE" ]; then # for the next checkout; a failure here only costs the next one an npm ci
  mkdir -p "$(dirname "$CACHE")" 2>/dev/null && rm -rf "$CACHE.tmp.$$" \
    && { cp -al "$HERE/node_modules" "$CACHE.tmp.$$" 2>/dev/null || cp -a "$HERE/node_modules" "$CACHE.tmp.$$"; } \
    && rm -rf "$CACHE" && mv "$CACHE.tmp.$$" "$CACHE" || rm -rf "$CACHE.tmp.$$"
fi
exit 0
