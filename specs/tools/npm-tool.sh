# Sourced by the ensure.sh of each npm tool folder (specs/tools/agui, specs/tools/asyncapi): makes sure the pinned
# packages (package.json + package-lock.json next to that ensure.sh) are installed in its ./node_modules. Runs
# `npm ci` when node_modules is missing or stale (lock file, package.json or node's major version changed since the
# last install); one install at a time (flock); telemetry of the install (scarf) off. An earlier install with the
# same digest (another checkout of the kit on this machine, e.g. a fresh clone in CI) is copied as hard links:
# ready in seconds instead of npm ci's minute or two. KIT_NPM_CACHE names that directory (default
# ~/.cache/contract-kit); KIT_NPM_CACHE=off never reads or writes one.
#
# The caller sets, then runs `npm_tool_ensure`:
#   HERE        its folder
#   TOOL        a short name, for messages ("<TOOL>-tools: ...") and the cache directory
#   SKIP_VAR    the environment variable that skips the install when set (KIT_AGUI_SKIP, ...)
#   READY_FILE  a file under node_modules that exists once the install is complete
#   PACKAGE     the package whose version the last message names
#   TAKES       how long a first install takes, for the message ("a few seconds", ...)
# and may define npm_tool_after_install (run after every install or reuse).
# Exit: 0 ready; 3 skipped (SKIP_VAR set, node/npm missing or older than node 20); 4 npm ci failed.

say() { printf '%s-tools: %s\n' "$TOOL" "$*" >&2; }

digest() { # stdin -> hex digest
  if command -v sha256sum >/dev/null 2>&1; then sha256sum | cut -d' ' -f1
  elif command -v shasum >/dev/null 2>&1; then shasum -a 256 | cut -d' ' -f1
  else cksum | tr ' ' '-'
  fi
}

npm_tool_ensure() {
  local min_node=20 skip="${!SKIP_VAR:-}" node_version node_major want stamp lock cache="" started
  case "$skip" in
    ""|false|0|no) ;;
    *) say "skipped ($SKIP_VAR=$skip)"; exit 3 ;;
  esac
  if ! command -v node >/dev/null 2>&1; then say "node not found on PATH"; exit 3; fi
  if ! command -v npm >/dev/null 2>&1; then say "npm not found on PATH"; exit 3; fi
  node_version="$(node --version 2>/dev/null || true)"
  node_major="$(printf '%s' "$node_version" | sed -E 's/^v([0-9]+).*/\1/')"
  case "$node_major" in ''|*[!0-9]*) say "cannot read node's version ('$node_version')"; exit 3 ;; esac
  if [ "$node_major" -lt "$min_node" ]; then say "node $node_version is older than $min_node"; exit 3; fi

  want="$( { cat "$HERE/package.json" "$HERE/package-lock.json"; echo "node-major=$node_major"; } | digest)"
  stamp="$HERE/node_modules/.kit-installed"
  ready() { [ -e "$HERE/node_modules/$READY_FILE" ] && [ -f "$stamp" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; }
  after() { if declare -F npm_tool_after_install >/dev/null; then npm_tool_after_install; fi; }

  if ready; then after; exit 0; fi
  lock="${TMPDIR:-/tmp}/contract-kit-$TOOL-$(printf '%s' "$HERE" | digest | cut -c1-12).lock"
  if command -v flock >/dev/null 2>&1; then
    exec 9>"$lock"
    flock 9
    if ready; then after; exit 0; fi
  fi

  if [ "${KIT_NPM_CACHE:-}" != off ]; then
    cache="${KIT_NPM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/contract-kit}/$TOOL-$want"
    if [ -f "$cache/.kit-installed" ]; then
      rm -rf "$HERE/node_modules"
      if { cp -al "$cache" "$HERE/node_modules" 2>/dev/null || cp -a "$cache" "$HERE/node_modules"; } && ready; then
        after
        say "reused the install of $PACKAGE in $cache"
        exit 0
      fi
      rm -rf "$HERE/node_modules"
    fi
  fi

  say "installing the pinned $PACKAGE with npm ci (node $node_version; $TAKES, once) ..."
  started=$SECONDS
  if ! (cd "$HERE" && SCARF_ANALYTICS=false DO_NOT_TRACK=1 npm_config_update_notifier=false \
        npm ci --no-audit --no-fund --loglevel=error >"$HERE/.npm-ci.log" 2>&1); then
    say "npm ci failed; last lines of $HERE/.npm-ci.log:"
    tail -15 "$HERE/.npm-ci.log" >&2
    exit 4
  fi
  rm -f "$HERE/.npm-ci.log"
  if [ ! -e "$HERE/node_modules/$READY_FILE" ]; then say "npm ci finished but node_modules/$READY_FILE is missing"; exit 4; fi
  after
  printf '%s\n' "$want" > "$stamp"
  say "installed $PACKAGE $(node -p "require('$HERE/node_modules/$PACKAGE/package.json').version") in $((SECONDS - started)) s"
  if [ -n "$cache" ]; then # for the next checkout; a failure here only costs the next one an npm ci
    mkdir -p "$(dirname "$cache")" 2>/dev/null && rm -rf "$cache.tmp.$$" \
      && { cp -al "$HERE/node_modules" "$cache.tmp.$$" 2>/dev/null || cp -a "$HERE/node_modules" "$cache.tmp.$$"; } \
      && rm -rf "$cache" && mv "$cache.tmp.$$" "$cache" || rm -rf "$cache.tmp.$$"
  fi
  exit 0
}
