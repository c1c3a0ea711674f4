#!/usr/bin/env bash
# Makes sure the pinned official AG-UI packages (@ag-ui/core, @ag-ui/client; package.json + package-lock.json
# next to this script) are installed in ./node_modules (../npm-tool.sh: npm ci when missing or stale, reused from
# another checkout's install when the same). Used by the specs build (check-contract.sh) and by the agent tests of
# reference-server and mock-server (run-agent.mjs).
#
# Usage: ensure.sh            (prints progress on stderr)
# Exit:  0 ready
#        3 skipped: KIT_AGUI_SKIP is set, or node/npm are missing or older than node 20
#        4 npm ci failed (no network, registry down ...)
set -uo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
TOOL=agui SKIP_VAR=KIT_AGUI_SKIP READY_FILE=@ag-ui/client/package.json PACKAGE=@ag-ui/client TAKES="a few seconds"
# shellcheck source=../npm-tool.sh
. "$HERE/../npm-tool.sh"
npm_tool_ensure
