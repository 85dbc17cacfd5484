/**
 * The explorer in the real workbench
 * ==================================
 * The packaged .vsix (`npm run package`) in code-server's workbench (../shared/vscode-host/),
 * driven by headless Chromium in the dark default theme: open the KG Memory view from the
 * activity bar, wait for the graph in its webview, search a method and press Open, and check that
 * the editor shows the right file with the cursor on the definition's line (the active tab's
 * title, the status bar's "Ln N"); then turn on Follow editor, move the cursor into another function,
 * and check the explorer selects it. Screenshots of the sidebar go to test-results/screenshots/.
 * Skipped, with the reason, only when the host is not installed.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { EXPLORER_ROOT_ID } from '../../extension/protocol';
import { ensureHost, HOST_REQUIRED, REPO_ROOT } from '../vscode/host';
import type { ExplorerHooks } from './explorer_browser';
import { packageVsix, type Packaged } from './package_vsix';
import { goTo, openFile, openWorkbench, type Workbench } from './workbench';

const SHOTS = join(REPO_ROOT, 'test-results', 'screenshots');
const FIXTURE = join(REPO_ROOT, 'test', 'fixtures', 'vscode_project');
const why = ensureHost();
if (why && HOST_REQUIRED) throw new Error(`the VS Code host is required (KG_MEMORY_REQUIRE_VSCODE_HOST=1) but ${why}`);
if (why) console.log(`SKIP explorer in the workbench: ${why}`);

/** The slice of Playwright's Frame and Locator this test uses (playwright-core is not a dependency). */
interface FrameLocator {
  first(): FrameLocator;
  filter(options: { hasText: string | RegExp }): FrameLocator;
  click(): Promise<void>;
  fill(text: string): Promise<void>;
  press(key: string): Promise<void>;
  innerText(): Promise<string>;
  waitFor(options?: { state?: 'visible' | 'attached'; timeout?: number }): Promise<void>;
}
interface Frame {
  content(): Promise<string>;
  locator(selector: string): FrameLocator;
  getByRole(role: string, options?: { name?: string | RegExp; exact?: boolean }): FrameLocator;
  waitForFunction(fn: () => boolean, arg?: undefined, options?: { timeout?: number }): Promise<unknown>;
}
interface FramedPage {
  frames(): Frame[];
  waitForTimeout(ms: number): Promise<void>;
}

/** A webview's page lives in nested iframes: the frame whose HTML contains `marker`. */
async function findWebviewFrame(page: FramedPage, marker: string, timeoutMs = 60_000): Promise<Frame> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    for (const f of page.frames()) {
      try {
        if ((await f.content()).includes(marker)) return f;
      } catch {
        // A frame that navigates or goes away meanwhile.
      }
    }
    await page.waitForTimeout(300);
  }
  throw new Error(`no webview frame contains ${JSON.stringify(marker)}`);
}

describe('graph explorer in the workbench (installed .vsix)', { skip: why ?? false, timeout: 10 * 60_000 }, () => {
  let packaged: Packaged | undefined;
  let tmp: string | undefined;
  let wb: Workbench | undefined;
  let frame: Frame | undefined;
  const page = () => {
    assert.ok(wb, 'the workbench is open');
    return wb.page;
  };
  const shot = async (name: string) => {
    await page().waitForTimeout(500);
    await page().screenshot({ path: join(SHOTS, name) });
  };

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    packaged = packageVsix();
    tmp = mkdtempSync(join(tmpdir(), 'kg-explorer-wb-'));
    const folder = join(tmp, 'vscode_project');
    cpSync(FIXTURE, folder, { recursive: true });
    wb = await openWorkbench({ folder, vsix: packaged.vsix, settings: { 'workbench.colorTheme': 'Default Dark Modern' } });
  });

  after(async () => {
    await wb?.close();
    if (packaged) rmSync(packaged.dir, { recursive: true, force: true });
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('the KG Memory activity-bar view shows the graph', async () => {
    const item = page().locator('.activitybar .action-item a[aria-label^="KG Memory"]').first();
    await item.waitFor({ state: 'visible', timeout: 60_000 });
    await item.click();
    frame = await findWebviewFrame(page() as unknown as FramedPage, `id="${EXPLORER_ROOT_ID}"`);
    await frame.waitForFunction(() => {
      const x = (globalThis as unknown as { __kgExplorer?: ExplorerHooks }).__kgExplorer;
      return x !== undefined && x.order() > 0 && !x.layout().running && x.layout().iterations > 0;
    }, undefined, { timeout: 90_000 });
    await shot('explorer-workbench-1-sidebar.png');
  });

  it('search, Open: the editor shows the definition at its line', async () => {
    assert.ok(frame, 'the explorer frame');
    const search = frame.getByRole('combobox').first();
    await search.click();
    await search.fill('remove');
    await frame.locator('.search-results li').filter({ hasText: 'stock.py' }).first().click();
    await frame.locator('.panel.detail').waitFor({ state: 'visible', timeout: 10_000 });
    await shot('explorer-workbench-2-detail.png');
    await frame.getByRole('button', { name: 'Open', exact: true }).click();
    await page().locator('.tabs-container .tab.active').filter({ hasText: 'stock.py' }).first().waitFor({ state: 'visible', timeout: 15_000 });
    // `def remove` is on line 14 of inventory/stock.py.
    const cursor = page().locator('#workbench\\.parts\\.statusbar .statusbar-item').filter({ hasText: /Ln \d+/ }).first();
    await cursor.waitFor({ state: 'visible', timeout: 10_000 });
    assert.match((await cursor.textContent()) ?? '', /Ln 14\b/);
    await shot('explorer-workbench-3-opened.png');
  });

  it('Follow editor: the symbol under the cursor becomes the selection', async () => {
    assert.ok(frame, 'the explorer frame');
    await frame.getByRole('checkbox', { name: 'Follow editor' }).click();
    await openFile(page(), 'inventory/audit.py');
    // `def audit` is on line 5 of inventory/audit.py; the cursor goes inside its body.
    await goTo(page(), 6, 5);
    await frame.locator('.panel.detail h2').filter({ hasText: /^audit$/ }).first().waitFor({ state: 'visible', timeout: 15_000 });
    await shot('explorer-workbench-4-follow.png');
  });
});
