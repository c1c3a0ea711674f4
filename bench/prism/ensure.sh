#!/usr/bin/env bash
# Makes sure the pinned Stoplight Prism (package.json + package-lock.json next to this script) is installed in
# ./node_modules for `./kit bench mock`, and prints the path of its `prism` command on standard output. The install
# is the kit's shared one for npm tools (specs/tools/npm-tool.sh: npm ci once, reused from ~/.cache/contract-kit by
# other checkouts as hard links, telemetry off).
#
# Usage: ensure.sh            (progress on stderr, the command's path on stdout)
# Exit:  0 ready
#        3 skipped: KIT_PRISM_SKIP is set, or node/npm are missing or older than node 20
#        4 npm ci failed (no network, registry down ...)
set -uo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
TOOL=prism SKIP_VAR=KIT_PRISM_SKIP READY_FILE=.bin/prism PACKAGE=@stoplight/prism-cli TAKES="about 15 seconds"
npm_tool_after_install() { printf '%s\n' "$HERE/node_modules/.bin/prism"; }
. "$HERE/../../specs/tools/npm-tool.sh"
npm_tool_ensure
