#!/bin/sh
# Runs the Kiln process named by KILN_SERVICE (or the first argument).
set -eu
service="${1:-${KILN_SERVICE:-}}"
case "$service" in
  bff) main=bff/src/main.ts ;;
  workspace|plugin-registry|assets|commerce) main="services/$service/src/main.ts" ;;
  *) echo "KILN_SERVICE must be one of: workspace plugin-registry assets commerce bff (got '$service')" >&2; exit 64 ;;
esac
cd /app
exec node -r @swc-node/register "$main"
