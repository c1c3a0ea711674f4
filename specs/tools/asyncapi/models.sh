#!/usr/bin/env bash
# Generates Java models (Jackson annotations) from an AsyncAPI document with the pinned CLI (Modelina).
# Not wired into any build; for trying out or for a later SDK step.
#
# Usage: models.sh ASYNCAPI_FILE OUTPUT_DIR JAVA_PACKAGE
#   e.g. models.sh ../../asyncapi/coupon-updates.yaml /tmp/models/dev/contractkit/sdk/coupons/events \
#                  dev.contractkit.sdk.coupons.events
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[ $# -eq 3 ] || { sed -n '2,8p' "$0" >&2; exit 2; }
"$HERE/ensure.sh" || { echo "models.sh: the AsyncAPI CLI is unavailable (see above)" >&2; exit 1; }
export ASYNCAPI_METRICS_CONFIG_PATH="$HERE/node_modules/.asyncapi-analytics"
export ASYNCAPI_SKIP_NEW_VERSION_CHECK=true DO_NOT_TRACK=1
export SUPPRESS_NO_CONFIG_WARNING=1 SUPPRESS_STRICTNESS_CHECK=1 NODE_CONFIG_DIR="$HERE/node_modules/.kit-no-config"
exec "$HERE/node_modules/.bin/asyncapi" generate models java "$1" --javaJackson -o "$2" --packageName "$3" --no-interactive
