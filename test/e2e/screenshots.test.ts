/**
 * What a person sees
 * ==================
 * The packaged .vsix (`npm run package`) installed into code-server's real workbench, driven by
 * headless Chromium: CodeLens above a method, its hover, the status-bar item, the command palette
 * filtered to "KG Memory", and the Show Callers quick pick. Each test waits until its element is
 * visible in the DOM, then saves a PNG under test-results/screenshots/ (artifacts, git-ignored).
 * The theme is Dark Modern, the desktop default (the web build follows the browser, light here).
 * Skipped, with the reason, only when the host cannot be installed.
 */
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { packageVsix, type Packaged } from './package_vsix';
import { goTo, hostMissing, openFile, openFixtureWorkbench, runFromPalette, type FixtureWorkbench } from './workbench';

const why = hostMissing('screenshots');

describe('screenshots of the installed .vsix in the workbench', { skip: why ?? false, timeout: 10 * 60_000 }, () => {
  let packaged: Packaged | undefined;
  let fw: FixtureWorkbench | undefined;
  const page = () => {
    assert.ok(fw, 'the workbench is open');
    return fw.page;
  };
  const shot = (name: string) => {
    assert.ok(fw, 'the workbench is open');
    return fw.shot(name);
  };

  before(async () => {
    packaged = packageVsix();
    console.log(`kg-memory.vsix: ${(packaged.bytes / 1024).toFixed(0)} KiB`);
    fw = await openFixtureWorkbench({ vsix: packaged.vsix, settings: { 'editor.hover.delay': 200, 'workbench.colorTheme': 'Default Dark Modern' } });
  });

  after(async () => {
    if (fw && process.env.KEEP) console.log(readFileSync(fw.wb.logFile, 'utf8').slice(-4000));
    await fw?.close();
    if (packaged) rmSync(packaged.dir, { recursive: true, force: true });
  });

  it('status bar: the KG Memory item says the graph is ready; clicking it opens its menu', async () => {
    const item = page().locator('#workbench\\.parts\\.statusbar .statusbar-item').filter({ hasText: /KG Memory/ }).first();
    await item.waitFor({ state: 'visible', timeout: 60_000 });
    // Indexing the fixture takes a moment: wait for the final text ("KG Memory", then "n/m", then the count).
    const end = Date.now() + 60_000;
    let text = (await item.textContent()) ?? '';
    while (!/symbols/.test(text) && Date.now() < end) {
      await page().waitForTimeout(250);
      text = (await item.textContent()) ?? '';
    }
    assert.match(text, /KG Memory: \d+ symbols/);
    await shot('status-bar.png');
    await item.click();
    const rows = page().locator('.quick-input-list .monaco-list-row');
    await rows.first().waitFor({ state: 'visible', timeout: 10_000 });
    await shot('status-menu.png');
    await page().keyboard.press('Escape');
  });

  it('CodeLens: "6 callers" and "2 tests" above Stock.count', async () => {
    await openFile(page(), 'inventory/stock.py');
    const lens = page().locator('.monaco-editor .codelens-decoration').filter({ hasText: '6 callers' }).first();
    await lens.waitFor({ state: 'visible', timeout: 30_000 });
    assert.match((await lens.textContent()) ?? '', /2 tests/);
    await shot('codelens.png');
  });

  it('hover on Stock.count: signature, callers, tests', async () => {
    await goTo(page(), 18, 10);
    await page().keyboard.press('Control+K');
    await page().keyboard.press('Control+I');
    const hover = page().locator('.monaco-hover').filter({ hasText: /callers/ }).first();
    await hover.waitFor({ state: 'visible', timeout: 15_000 });
    assert.match((await hover.textContent()) ?? '', /def count/);
    await shot('hover.png');
    await page().keyboard.press('Escape');
  });

  it('command palette filtered to "KG Memory"', async () => {
    await page().keyboard.press('F1');
    await page().locator('.quick-input-widget input').first().waitFor({ state: 'visible', timeout: 10_000 });
    await page().keyboard.type('KG Memory', { delay: 10 });
    const rows = page().locator('.quick-input-list .monaco-list-row').filter({ hasText: 'KG Memory' });
    await rows.first().waitFor({ state: 'visible', timeout: 10_000 });
    assert.ok((await rows.count()) >= 5, `rows: ${(await rows.allTextContents()).join(' | ')}`);
    await shot('command-palette.png');
    await page().keyboard.press('Escape');
  });

  it('Show Callers quick pick on Stock.count lists its callers', async () => {
    await goTo(page(), 18, 10);
    await runFromPalette(page(), 'KG Memory: Show Callers');
    const row = page().locator('.quick-input-list .monaco-list-row').filter({ hasText: /place_order|audit/ }).first();
    await row.waitFor({ state: 'visible', timeout: 10_000 });
    await shot('show-callers.png');
    await page().keyboard.press('Escape');
  });
});
