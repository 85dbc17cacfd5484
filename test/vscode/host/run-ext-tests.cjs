// Extension tests in a REAL extension host
// ========================================
// Runs a VS Code extension's integration tests inside code-server's VS Code (its real extension host),
// driven by headless Chromium; no Electron download is needed. Adapted from ../shared/vscode-host.
//   node run-ext-tests.cjs <extensionDevelopmentPath> <extensionTestsPath> [workspaceFolder]
// The tests module exports `run()` (as with @vscode/test-electron); its promise decides the exit code.
// env: TEST_TIMEOUT_MS (default 300000; exit 124 when reached), KEEP=1 (keep the temp dir), VERBOSE=1,
//      VSCODE_SETTINGS (JSON merged into the user settings), and the paths of env.cjs.
// code-server runs in its own process group, killed with everything in it on every path out.
'use strict';
const { spawn } = require('child_process');
const fs = require('fs'), os = require('os'), path = require('path');
const { paths, missing, CHROMIUM_ARGS, BASE_SETTINGS, serverEnv, freePort, waitHttp, killGroup, onExitOrSignal } = require('./env.cjs');

const [extDev, testsPath, folder] = process.argv.slice(2).map((p) => p && path.resolve(p));
if (!extDev || !testsPath) { console.error('usage: run-ext-tests.cjs <extDir> <testsModule> [folder]'); process.exit(2); }
const why = missing();
if (why) { console.error(`VS Code host: ${why}`); process.exit(3); }
const { chromium } = require(paths.playwrightCore);

const t0 = Date.now();
const log = (...a) => console.log(`[host ${((Date.now() - t0) / 1000).toFixed(1)}s]`, ...a);
// Lines of the workbench's own chatter (no network here) that say nothing about the tests.
const NOISE = /ENOTFOUND|Creating a socket|connection token|grace time|AccountPolicyGate|AgentHost|Service Worker|builtin extensions cache|getSessions/;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vsc-exttest-'));
let cs; let browser;
// Synchronous part of the cleanup: runs on normal exit, on a signal and on the timeout.
const cleanupSync = onExitOrSignal(() => {
  killGroup(cs);
  if (!process.env.KEEP) fs.rmSync(tmp, { recursive: true, force: true }); else console.log('kept', tmp);
});
async function finish(code) {
  try { await browser?.close(); } catch { /* Playwright kills it on exit anyway */ }
  cleanupSync();
  process.exit(code);
}

(async () => {
  const ud = path.join(tmp, 'ud');
  fs.mkdirSync(path.join(ud, 'User'), { recursive: true });
  fs.writeFileSync(path.join(ud, 'User', 'settings.json'), JSON.stringify({
    ...BASE_SETTINGS, ...(process.env.VSCODE_SETTINGS ? JSON.parse(process.env.VSCODE_SETTINGS) : {}) }));
  const port = await freePort();
  cs = spawn(paths.codeServer, ['--bind-addr', `127.0.0.1:${port}`, '--auth', 'none', '--user-data-dir', ud,
    '--extensions-dir', path.join(tmp, 'exts'), '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust',
    '--disable-getting-started-override', '--ignore-last-opened',
    // a built product honours the URL payload (extensionDevelopmentPath / extensionTestsPath) only with this flag
    '--vscode-option', 'enable-smoke-test-driver'], { env: serverEnv(tmp), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const csLog = fs.createWriteStream(path.join(tmp, 'code-server.log'));
  cs.stdout.pipe(csLog); cs.stderr.pipe(csLog);
  const timer = setTimeout(() => { log(`TIMEOUT after ${process.env.TEST_TIMEOUT_MS || 300000} ms`); void finish(124); },
    +(process.env.TEST_TIMEOUT_MS || 300000));
  let exitCode = 1;
  try {
    await waitHttp(`http://127.0.0.1:${port}/healthz`, 60000);
    log(`code-server up on ${port}`);
    browser = await chromium.launch({ executablePath: paths.chromium, headless: true, env: { ...process.env, HOME: tmp }, args: CHROMIUM_ARGS });
    const page = await browser.newPage();
    const done = new Promise((resolve) => {
      // the workbench's smoke-test driver reports the extension host's log lines and exit code through these
      void page.exposeFunction('codeAutomationLog', (_type, args) => {
        const s = (args || []).join(' ');
        if (process.env.VERBOSE) return console.log(s);
        if (NOISE.test(s)) return;
        const lines = s.split('\n').filter((l) => !/^\s+at /.test(l));
        if (lines.join('').trim()) console.log(lines.join('\n'));
      });
      void page.exposeFunction('codeAutomationExit', (code) => resolve(code));
    });
    if (process.env.VERBOSE) page.on('console', (m) => console.log('[page]', m.text().replace(/%c/g, '').slice(0, 400)));
    const auth = `127.0.0.1:${port}`;
    const payload = [['extensionDevelopmentPath', `vscode-remote://${auth}${extDev}`],
      ['extensionTestsPath', `vscode-remote://${auth}${testsPath}`], ['skipWelcome', 'true']];
    await page.goto(`http://${auth}/?` + new URLSearchParams({ ...(folder ? { folder } : { ew: 'true' }), payload: JSON.stringify(payload) }));
    log('workbench opened; waiting for the extension host to finish the tests');
    exitCode = await done;
    log('extension host exited with code', exitCode);
  } catch (e) { console.error(e); exitCode = 1; }
  clearTimeout(timer);
  await finish(exitCode);
})();
