#!/usr/bin/env bash
# Cross-checks the AG-UI contract (specs/asyncapi/agent-events.yaml, specs/openapi/agent.yaml) against the
# official @ag-ui/core event schemas (check-contract.mjs), installing the pinned packages first when needed
# (ensure.sh). Called by the specs build (exec-maven-plugin, phase process-classes).
#
# Usage: check-contract.sh [--required=true|false] FILE...
# Exit:  0 every event example is valid, or node/npm are unavailable and nothing requires them (a warning);
#        1 an example is rejected (each one named), or node/npm/the install is unavailable while required:
#          --required=true, KIT_AGUI_REQUIRED=true or CI=true (a CI machine must run the cross-check).
set -uo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REQUIRED="${KIT_AGUI_REQUIRED:-false}"
[ "${CI:-}" = true ] && REQUIRED=true
files=()
for arg in "$@"; do
  case "$arg" in
    --required=*) [ "${arg#--required=}" = true ] && REQUIRED=true ;;
    *) files+=("$arg") ;;
  esac
done
[ "${#files[@]}" -gt 0 ] || { echo "usage: check-contract.sh [--required=true|false] FILE..." >&2; exit 1; }

"$HERE/ensure.sh"
rc=$?
if [ "$rc" -ne 0 ]; then
  why="node/npm unavailable or KIT_AGUI_SKIP set"
  [ "$rc" -eq 4 ] && why="npm ci failed"
  if [ "$REQUIRED" = true ]; then
    echo "CONTRACT ERROR: the AG-UI cross-check is required (CI, KIT_AGUI_REQUIRED or --required) but @ag-ui/core is unavailable: $why" >&2
    exit 1
  fi
  echo "WARNING: AG-UI cross-check skipped ($why): the agent contract's event examples were not checked against @ag-ui/core."
  exit 0
fi
exec node "$HERE/check-contract.mjs" "${files[@]}"
