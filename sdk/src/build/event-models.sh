#!/usr/bin/env bash
# Generates the coupon event models (package dev.contractkit.sdk.coupons.events.model) from the AsyncAPI
# contract with the pinned AsyncAPI CLI (Modelina, through specs/tools/asyncapi/models.sh, which installs the
# CLI with `npm ci` when it is missing or stale). Called by the sdk build (exec-maven-plugin, generate-sources).
# The CLI runs only when the contract or this script changed since the last generation (digest stamp).
#
# Usage: event-models.sh ASYNCAPI_FILE TOOLS_DIR SOURCE_ROOT [JAVA_PACKAGE]
#        (JAVA_PACKAGE defaults to the coupon models' package; each package has its own digest stamp)
# Exit:  0 generated (or up to date); 1 the CLI is unavailable (no node >= 20 / npm, npm ci failed) or failed.
set -uo pipefail
[ $# -eq 3 ] || [ $# -eq 4 ] || { sed -n '2,10p' "$0" >&2; exit 2; }
SPEC="$1" TOOLS="$2" ROOT="$3"
PKG="${4:-dev.contractkit.sdk.coupons.events.model}"
DIR="$ROOT/${PKG//.//}"
STAMP="$ROOT-${PKG//./_}.digest"
say() { printf 'sdk event models: %s\n' "$*" >&2; }

digest() { if command -v sha256sum >/dev/null 2>&1; then sha256sum | cut -d' ' -f1; else shasum -a 256 | cut -d' ' -f1; fi; }
WANT="$(cat "$SPEC" "$0" | digest)"
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$WANT" ] && compgen -G "$DIR/*.java" >/dev/null; then
  echo "sdk event models: up to date ($DIR)"
  exit 0
fi

rm -rf "$DIR" "$STAMP"
mkdir -p "$ROOT"
LOG="$ROOT-${PKG//./_}.log"
# KIT_ASYNCAPI_SKIP only switches off the optional CLI validation of the specs build; the SDK cannot compile
# without these models, so it is ignored here
if ! env -u KIT_ASYNCAPI_SKIP bash "$TOOLS/models.sh" "$SPEC" "$DIR" "$PKG" >"$LOG" 2>&1; then
  cat "$LOG" >&2
  say "FAILED: the event models ($PKG) are generated at build time from"
  say "  $SPEC by the npm AsyncAPI CLI, which needs node >= 20 and npm on the PATH"
  say "  (installed once into specs/tools/asyncapi/node_modules by npm ci, which needs the npm registry)."
  say "  Install node 20+ (https://nodejs.org) and build again; generated code is never committed."
  exit 1
fi
count="$(find "$DIR" -maxdepth 1 -name '*.java' | wc -l | tr -d ' ')"
if [ "$count" -eq 0 ]; then
  cat "$LOG" >&2
  say "FAILED: the AsyncAPI CLI wrote no Java file into $DIR"
  exit 1
fi
rm -f "$LOG"
printf '%s\n' "$WANT" > "$STAMP"
echo "sdk event models: generated $count classes from $(basename "$SPEC") into $DIR"
