#!/usr/bin/env bash
# Generates the code-hosting clients (dev.contractkit.sdk.codehost.CodehostV4Client and CodehostV5Client) from one
# template, codehost/CodehostClient.java.template next to this script: "@n@" becomes the version, a line starting
# with "//vN " is kept (without the marker) only in version N's client. Called by the sdk build (exec-maven-plugin,
# generate-sources); the clients are never committed.
#
# Usage: codehost-clients.sh SOURCE_ROOT VERSION...
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,7p' "$0" >&2; exit 2; }
ROOT="$1"; shift
TEMPLATE="$(dirname "$0")/codehost/CodehostClient.java.template"
DIR="$ROOT/dev/contractkit/sdk/codehost"
mkdir -p "$DIR"
for n in "$@"; do
  keep="//v$n "
  # the template's own header comment (first lines starting with "// ") is left out
  sed -e '1,/^package /{/^\/\/ /d}' -e "s|^$keep||" -e '/^\/\/v[0-9][0-9]* /d' -e "s/@n@/$n/g" "$TEMPLATE" > "$DIR/CodehostV${n}Client.java.tmp"
  mv "$DIR/CodehostV${n}Client.java.tmp" "$DIR/CodehostV${n}Client.java"
done
echo "sdk codehost clients: generated $(printf 'CodehostV%sClient ' "$@")into $DIR"
