#!/usr/bin/env bash
# Validates AsyncAPI documents with the pinned AsyncAPI CLI (`asyncapi validate`), installing it first when
# needed (ensure.sh). Called by the specs build (exec-maven-plugin, phase process-classes).
#
# Usage: validate.sh [--required=true|false] FILE_OR_DIR...     (a directory means its *.yaml files)
# Exit:  0 every file is valid, or the CLI is unavailable (no node/npm, install failed, KIT_ASYNCAPI_SKIP):
#          then a warning says that only the Java-side check (ContractCheck/AsyncApiCheck) ran;
#        1 a file is invalid (each one is named), or the CLI is unavailable and --required=true or
#          KIT_ASYNCAPI_REQUIRED=true (for CI machines that must run it).
# Diagnostics of level "warn" and above fail; "info" (e.g. "3.1.0 is the latest AsyncAPI version") does not.
set -uo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REQUIRED="${KIT_ASYNCAPI_REQUIRED:-false}"
files=()
for arg in "$@"; do
  case "$arg" in
    --required=*) [ "${arg#--required=}" = true ] && REQUIRED=true ;;
    *)
      if [ -d "$arg" ]; then
        while IFS= read -r f; do files+=("$f"); done < <(find "$arg" -maxdepth 1 -type f -name '*.yaml' | LC_ALL=C sort)
      elif [ -f "$arg" ]; then
        files+=("$arg")
      else
        echo "CONTRACT ERROR $arg: no such file or directory" >&2; exit 1
      fi ;;
  esac
done
if [ "${#files[@]}" -eq 0 ]; then
  echo "AsyncAPI validate: no AsyncAPI files"
  exit 0
fi

"$HERE/ensure.sh"
rc=$?
if [ "$rc" -ne 0 ]; then
  why="node/npm unavailable or KIT_ASYNCAPI_SKIP set"
  [ "$rc" -eq 4 ] && why="npm ci failed"
  if [ "$REQUIRED" = true ]; then
    echo "CONTRACT ERROR: the AsyncAPI CLI is required (KIT_ASYNCAPI_REQUIRED/--required) but unavailable: $why" >&2
    exit 1
  fi
  echo "WARNING: AsyncAPI CLI validation skipped ($why): ${#files[@]} AsyncAPI file(s) got only the Java-side check (examples against payload schemas)."
  exit 0
fi

# no telemetry, no update check, no stray node-config lookups in the working directory
export ASYNCAPI_METRICS_CONFIG_PATH="$HERE/node_modules/.asyncapi-analytics"
export ASYNCAPI_SKIP_NEW_VERSION_CHECK=true DO_NOT_TRACK=1
export SUPPRESS_NO_CONFIG_WARNING=1 SUPPRESS_STRICTNESS_CHECK=1 NODE_CONFIG_DIR="$HERE/node_modules/.kit-no-config"
CLI="$HERE/node_modules/.bin/asyncapi"
VERSION="$(node -p "require('$HERE/node_modules/@asyncapi/cli/package.json').version")"

failed=()
for f in "${files[@]}"; do
  name="$(basename "$(dirname "$f")")/$(basename "$f")"
  out="$("$CLI" validate "$f" --fail-severity warn --diagnostics-format json 2>/dev/null)"
  cli_rc=$?
  # one "CONTRACT ERROR <file> <pointer>: ..." line per diagnostic of level warn or above
  printf '%s\n' "$out" | node "$HERE/report.js" "$name" 1
  report_rc=$?
  if [ "$cli_rc" -ne 0 ] || [ "$report_rc" -ne 0 ]; then
    if [ "$report_rc" -eq 0 ]; then # the CLI failed without a diagnostic we could read
      echo "CONTRACT ERROR $name /: asyncapi validate failed (exit $cli_rc); run: $CLI validate $f" >&2
    fi
    failed+=("$name")
  fi
done
if [ "${#failed[@]}" -gt 0 ]; then
  echo "CONTRACT ERROR: asyncapi validate: ${#failed[@]} of ${#files[@]} AsyncAPI file(s) invalid: ${failed[*]}" >&2
  exit 1
fi
echo "AsyncAPI validate ok: ${#files[@]} file(s) valid (@asyncapi/cli $VERSION, fail severity warn)"
