#!/usr/bin/env bash
# Makes sure the pinned AsyncAPI CLI (package.json + package-lock.json next to this script) is installed in
# ./node_modules (../npm-tool.sh: npm ci when missing or stale, reused from another checkout's install when the
# same), with the CLI's analytics off.
#
# Usage: ensure.sh            (prints progress on stderr)
# Exit:  0 ready
#        3 skipped: KIT_ASYNCAPI_SKIP is set, or node/npm are missing or older than node 20
#        4 npm ci failed (no network, registry down ...)
set -uo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
TOOL=asyncapi SKIP_VAR=KIT_ASYNCAPI_SKIP READY_FILE=.bin/asyncapi PACKAGE=@asyncapi/cli TAKES="takes about 2 minutes"

npm_tool_after_install() { # the CLI reads this file (ASYNCAPI_METRICS_CONFIG_PATH) instead of ~/.asyncapi-analytics
  [ -f "$HERE/node_modules/.asyncapi-analytics" ] && return 0
  printf '{"analyticsEnabled":"false","infoMessageShown":"true","userID":"contract-kit-build"}\n' \
    > "$HERE/node_modules/.asyncapi-analytics"
}

# shellcheck source=../npm-tool.sh
. "$HERE/../npm-tool.sh"
npm_tool_ensure
