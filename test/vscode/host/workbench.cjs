// A real VS Code workbench in headless Chromium
// =============================================
// Opens code-server's workbench with an extension installed, for scripted keys and screenshots as a
// user sees them. Adapted from ../shared/vscode-host.
//   const { openWorkbench } = require('./workbench.cjs');
//   const wb = await openWorkbench({ folder, vsix });     // or { folder, extensionDevelopmentPath }
//   await wb.page.keyboard.press('F1'); ... await wb.page.screenshot({ path }); await wb.close();
// A packaged .vsix gives the most faithful user view. code-server runs in its own process group and
// is killed on close(), on exit and on SIGINT/SIGTERM.
'use strict';
const { spawn, spawnSync } = require('child_process');
const fs = require('fs'), os = require('os'), path = require('path');
const { paths, missing, CHROMIUM_ARGS, BASE_SETTINGS, serverEnv, freePort, waitHttp, killGroup, onExitOrSignal } = require('./env.cjs');

/**
 * @param {{ folder?: string, vsix?: string, extensionDevelopmentPath?: string, settings?: object,
 *           viewport?: { width: number, height: number } }} options
 */
async function openWorkbench({ folder, vsix, extensionDevelopmentPath, settings = {}, viewport = { width: 1400, height: 850 } }) {
  const why = missing();
  if (why) throw new Error(`VS Code host: ${why}`);
  const { chromium } = require(paths.playwrightCore);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vsc-wb-'));
  let cs; let browser;
  const cleanupSync = onExitOrSignal(() => {
    killGroup(cs);
    if (!process.env.KEEP) fs.rmSync(tmp, { recursive: true, force: true });
  });
  const close = async () => {
    try { await browser?.close(); } catch { /* Playwright kills it on exit anyway */ }
    cleanupSync();
  };
  try {
    const ud = path.join(tmp, 'ud'), exts = path.join(tmp, 'exts');
    fs.mkdirSync(path.join(ud, 'User'), { recursive: true });
    fs.writeFileSync(path.join(ud, 'User', 'settings.json'), JSON.stringify({ ...BASE_SETTINGS, ...settings }));
    const env = serverEnv(tmp);
    const common = ['--user-data-dir', ud, '--extensions-dir', exts];
    if (vsix) {
      const r = spawnSync(paths.codeServer, [...common, '--install-extension', path.resolve(vsix)], { env, encoding: 'utf8', timeout: 120000 });
      if (r.status !== 0) throw new Error('installing the vsix failed: ' + r.stdout + r.stderr);
    }
    const port = await freePort();
    const logFile = path.join(tmp, 'code-server.log');
    const logFd = fs.openSync(logFile, 'w');
    cs = spawn(paths.codeServer, ['--bind-addr', `127.0.0.1:${port}`, '--auth', 'none', ...common, '--disable-telemetry',
      '--disable-update-check', '--disable-workspace-trust', '--disable-getting-started-override', '--ignore-last-opened',
      ...(extensionDevelopmentPath ? ['--vscode-option', 'enable-smoke-test-driver'] : [])],
    { env, stdio: ['ignore', logFd, logFd], detached: true });
    await waitHttp(`http://127.0.0.1:${port}/healthz`, 60000);
    browser = await chromium.launch({ executablePath: paths.chromium, headless: true, env: { ...process.env, HOME: tmp }, args: CHROMIUM_ARGS });
    const page = await browser.newPage({ viewport });
    const auth = `127.0.0.1:${port}`;
    const query = { ...(folder ? { folder: path.resolve(folder) } : { ew: 'true' }) };
    if (extensionDevelopmentPath) {
      query.payload = JSON.stringify([['extensionDevelopmentPath', `vscode-remote://${auth}${path.resolve(extensionDevelopmentPath)}`], ['skipWelcome', 'true']]);
    }
    const url = `http://${auth}/?` + new URLSearchParams(query);
    await page.goto(url);
    await page.waitForSelector('.monaco-workbench', { timeout: 60000 });
    return { page, url, port, close, logFile, extensionsDir: exts };
  } catch (err) {
    await close();
    throw err;
  }
}

module.exports = { openWorkbench, missing, paths };
