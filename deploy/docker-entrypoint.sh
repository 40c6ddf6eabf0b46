#!/bin/sh
# Runs the Kiln process named by KILN_SERVICE (or the first argument).
set -eu
service="${1:-${KILN_SERVICE:-}}"
case "$service" in
  bff) main=bff/src/main.js ;;
  workspace|plugin-registry|assets|commerce|integrations|analytics) main="services/$service/src/main.js" ;;
  *) echo "KILN_SERVICE must be one of: workspace plugin-registry assets commerce integrations analytics bff (got '$service')" >&2; exit 64 ;;
esac
cd /app
# Compiled by `npm run build` (see docs/adr/0016-compiled-services-and-memory.md).
exec node --max-semi-space-size=1 "dist/server/current/$main"
