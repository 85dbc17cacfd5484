/**
 * The explorer in the real workbench
 * ==================================
 * The packaged .vsix (`npm run package`) in code-server's workbench (../shared/vscode-host/),
 * driven by headless Chromium in the dark default theme: open the KG Memory view from the
 * activity bar, wait for the graph in its webview, search a method and press Open, and check that
 * the editor shows the right file with the cursor on the definition's line (the active tab's
 * title, the status bar's "Ln N"); then, Follow editor being on by default in the sidebar, move the
 * cursor into another function, and check the explorer shows that file's context. Live: type a one-line function into inventory/audit.py and
 * save with Ctrl+S; the graph grows, search finds the function, and two file nodes stay put on
 * screen (no layout reset, no camera move). Then the same view in Default Light Modern and Default
 * High Contrast (the webview body's background is the theme's editor background), and on an empty
 * folder: the "No graph yet" state with its Reindex button, clicked. Screenshots of the sidebar go
 * to test-results/screenshots/.
 * Skipped, with the reason, only when the host is not installed.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { EXPLORER_ROOT_ID } from '../../extension/protocol/page';
import { framingProblem, type ExplorerHooks } from './explorer_browser';
import { packageVsix, type Packaged } from './package_vsix';
import { goTo, hostMissing, openFile, openFixtureWorkbench, type FixtureWorkbench, type Page } from './workbench';

const why = hostMissing('explorer in the workbench');

/** The slice of Playwright's Frame and Locator this test uses (playwright-core is not a dependency). */
interface FrameLocator {
  isChecked(): Promise<boolean>;
  isVisible(): Promise<boolean>;
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
  evaluate<R, A = undefined>(fn: (arg: A) => R, arg?: A): Promise<R>;
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

type Hooked = { __kgExplorer: ExplorerHooks & { context(): { file: string; nodes: number } | undefined } };
type Doc = { body: { className: string }; querySelector(s: string): { textContent: string | null } | null };
type StyleWindow = { getComputedStyle(el: unknown): { backgroundColor: string; color: string; getPropertyValue(p: string): string } };
const isSettled = (): boolean => {
  const x = (globalThis as unknown as { __kgExplorer?: ExplorerHooks }).__kgExplorer;
  return x !== undefined && x.order() > 0 && !x.layout().running && x.layout().iterations > 0;
};

/** The .vsix is built once for the three suites; the last suite removes it. */
let packagedOnce: Packaged | undefined;
const vsix = (): string => (packagedOnce ??= packageVsix()).vsix;

/** Clicks the KG Memory activity-bar item and returns the explorer's webview frame. */
async function openExplorerView(page: Page): Promise<Frame> {
  const item = page.locator('.activitybar .action-item a[aria-label^="KG Memory"]').first();
  await item.waitFor({ state: 'visible', timeout: 60_000 });
  // A click that lands before the view is registered, or on a container already open (which closes
  // it), shows nothing: a second click shows it.
  for (let attempt = 1; ; attempt++) {
    await item.click();
    try {
      return await findWebviewFrame(page as unknown as FramedPage, `id="${EXPLORER_ROOT_ID}"`, 25_000);
    } catch (err) {
      if (attempt >= 2) throw err;
    }
  }
}

/** Where a node is on screen once the camera rests (two equal readings 150 ms apart). */
async function restingPosition(frame: Frame, id: string): Promise<{ x: number; y: number } | undefined> {
  let last = await frame.evaluate((n: string) => (globalThis as unknown as Hooked).__kgExplorer.nodeOnScreen(n), id);
  for (let i = 0; i < 40; i++) {
    await new Promise((r) => setTimeout(r, 150));
    const now = await frame.evaluate((n: string) => (globalThis as unknown as Hooked).__kgExplorer.nodeOnScreen(n), id);
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
  return last;
}

/** The webview body's theme class, computed background and the --vscode-editor-background the host sent. */
async function bodyColours(frame: Frame): Promise<{ cls: string; bg: string; editorBg: string; fg: string }> {
  return frame.evaluate(() => {
    const g = globalThis as unknown as { document: Doc & { documentElement: unknown } } & StyleWindow;
    const body = g.document.body;
    const cs = g.getComputedStyle(body);
    return { cls: body.className, bg: cs.backgroundColor, fg: cs.color, editorBg: g.getComputedStyle(g.document.documentElement).getPropertyValue('--vscode-editor-background').trim() };
  });
}

/** '#1f1f1f' or '#1F1F1FFF' as 'rgb(31, 31, 31)'. */
function hexToRgb(hex: string): string {
  const h = hex.replace('#', '');
  const n = (i: number) => parseInt(h.slice(i, i + 2), 16);
  return `rgb(${n(0)}, ${n(2)}, ${n(4)})`;
}

describe('graph explorer in the workbench (installed .vsix)', { skip: why ?? false, timeout: 10 * 60_000 }, () => {
  let fw: FixtureWorkbench | undefined;
  let frame: Frame | undefined;
  const page = () => {
    assert.ok(fw, 'the workbench is open');
    return fw.page;
  };
  const shot = (name: string) => {
    assert.ok(fw, 'the workbench is open');
    return fw.shot(name);
  };

  before(async () => {
    fw = await openFixtureWorkbench({ vsix: vsix(), settings: { 'workbench.colorTheme': 'Default Dark Modern' } });
  });

  after(async () => {
    await fw?.close();
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

  it("Follow editor: the sidebar shows the editor file's context", async () => {
    assert.ok(frame, 'the explorer frame');
    const follow = frame.getByRole('checkbox', { name: 'Follow editor' });
    // The sidebar follows the editor from the start (issue 19).
    assert.ok(await follow.isChecked(), 'Follow editor is on by default in the sidebar');
    await openFile(page(), 'inventory/audit.py');
    // The sidebar shows the editor file's context (issue 19): audit.py and its neighbourhood.
    await frame.waitForFunction(() => (globalThis as unknown as Hooked).__kgExplorer.context()?.file === 'file:inventory/audit.py', undefined, { timeout: 20_000 });
    const nodes = await frame.evaluate(() => (globalThis as unknown as Hooked).__kgExplorer.context()?.nodes ?? 0);
    assert.ok(nodes > 1 && nodes < 150, `audit.py's context: ${nodes} nodes`);
    await shot('explorer-workbench-4-follow.png');
  });
  it('live: a function typed and saved in the editor appears; the layout and camera stay', async () => {
    assert.ok(frame, 'the explorer frame');
    // Follow editor off again, so moving the cursor does not move the camera.
    await frame.getByRole('checkbox', { name: 'Follow editor' }).click();
    const anchor = 'file:inventory/stock.py';
    const before = await restingPosition(frame, anchor);
    assert.ok(before, `${anchor} is drawn`);
    const orderBefore = await frame.evaluate(() => (globalThis as unknown as Hooked).__kgExplorer.order());
    const other = await restingPosition(frame, 'file:web/price.ts');
    // Type a one-line function on line 2 of inventory/audit.py (open since the last test) and save.
    await openFile(page(), 'inventory/audit.py');
    await goTo(page(), 2, 1);
    await page().keyboard.type('def reconcile_kg(sku: str) -> str: return sku', { delay: 5 });
    await page().keyboard.press('Enter');
    await page().keyboard.press('Control+S');
    const end = Date.now() + 30_000;
    let orderAfter = orderBefore;
    while (Date.now() < end && orderAfter <= orderBefore) {
      await page().waitForTimeout(250);
      orderAfter = await frame.evaluate(() => (globalThis as unknown as Hooked).__kgExplorer.order());
    }
    assert.ok(orderAfter > orderBefore, `the graph grew after the save (${orderBefore} -> ${orderAfter})`);
    await shot('explorer-workbench-5-live.png');
    const after = await restingPosition(frame, anchor);
    assert.deepEqual(after, before, `${anchor} did not move: no layout reset, no camera move`);
    assert.deepEqual(await restingPosition(frame, 'file:web/price.ts'), other, 'file:web/price.ts did not move either');
    // The new function is in the graph: search finds it.
    const search = frame.getByRole('combobox').first();
    await search.click();
    await search.fill('reconcile_kg');
    await frame.locator('.search-results li').filter({ hasText: 'reconcile_kg' }).first().waitFor({ state: 'visible', timeout: 10_000 });
    await shot('explorer-workbench-6-live-search.png');
    await search.press('Escape');
  });
});

for (const theme of [
  { name: 'Default Light Modern', file: 'light', cls: 'vscode-light', editorBg: 'rgb(255, 255, 255)' },
  { name: 'Default High Contrast', file: 'high-contrast', cls: 'vscode-high-contrast', editorBg: 'rgb(0, 0, 0)' },
]) {
  describe(`the explorer in the ${theme.name} theme`, { skip: why ?? false, timeout: 5 * 60_000 }, () => {
    let fw: FixtureWorkbench | undefined;
    before(async () => {
      fw = await openFixtureWorkbench({ vsix: vsix(), settings: { 'workbench.colorTheme': theme.name } });
    });
    after(async () => {
      await fw?.close();
    });

    it('the webview takes the theme\'s colours', async () => {
      assert.ok(fw);
      const frame = await openExplorerView(fw.page);
      await frame.waitForFunction(isSettled, undefined, { timeout: 90_000 });
      const c = await bodyColours(frame);
      console.log(`${theme.name}: ${JSON.stringify(c)}`);
      assert.match(c.cls, new RegExp(`\\b${theme.cls}\\b`), 'the body carries the theme kind');
      assert.equal(c.bg, theme.editorBg, 'the body background is the theme\'s editor background');
      assert.equal(hexToRgb(c.editorBg), c.bg, 'through --vscode-editor-background');
      assert.notEqual(c.fg, c.bg);
      // The graph is framed in the narrow sidebar: centred, inside, with room for labels on the right.
      await fw.page.waitForTimeout(500);
      const framing = await frame.evaluate(() => (globalThis as unknown as Hooked).__kgExplorer.framing());
      assert.equal(framingProblem(framing), undefined);
      await fw.shot(`explorer-workbench-theme-${theme.file}.png`);
    });
  });
}

describe('the explorer above kgMemory.explorer.largeGraph (expand on demand)', { skip: why ?? false, timeout: 5 * 60_000 }, () => {
  let fw: FixtureWorkbench | undefined;
  before(async () => {
    fw = await openFixtureWorkbench({ vsix: vsix(), settings: { 'workbench.colorTheme': 'Default Dark Modern', 'kgMemory.explorer.largeGraph': 10 } });
  });
  after(async () => {
    await fw?.close();
  });

  it('opens on the overview; a search hit loads its file; a save reaches the loaded symbols', async () => {
    assert.ok(fw);
    const frame = await openExplorerView(fw.page);
    await frame.waitForFunction(isSettled, undefined, { timeout: 90_000 });
    const totals = await frame.evaluate(() => (globalThis as unknown as Hooked).__kgExplorer.totals());
    const order = () => frame.evaluate(() => (globalThis as unknown as Hooked).__kgExplorer.order());
    const before = await order();
    assert.equal(totals.partial, true);
    assert.ok(before < totals.nodes, `${before} loaded of ${totals.nodes}`);
    // `remove` is a method of inventory/stock.py: not loaded yet; the extension host finds it.
    const search = frame.getByRole('combobox').first();
    await search.click();
    await search.fill('remove');
    await frame.locator('.search-results li').filter({ hasText: 'stock.py' }).first().click();
    await frame.locator('.panel.detail h2').filter({ hasText: /^remove$/ }).first().waitFor({ state: 'visible', timeout: 15_000 });
    const loaded = await order();
    assert.ok(loaded > before, `stock.py's symbols loaded: ${before} -> ${loaded}`);
    await fw.shot('explorer-workbench-partial-1-loaded.png');
    // A function typed into the expanded file and saved arrives as a diff.
    await openFile(fw.page, 'inventory/stock.py');
    await goTo(fw.page, 1, 1);
    await fw.page.keyboard.type('def partial_kg(x): return x', { delay: 5 });
    await fw.page.keyboard.press('Enter');
    await fw.page.keyboard.press('Control+S');
    const end = Date.now() + 30_000;
    let after = loaded;
    while (Date.now() < end && after <= loaded) {
      await fw.page.waitForTimeout(250);
      after = await order();
    }
    assert.ok(after > loaded, `the saved function arrived: ${loaded} -> ${after}`);
  });
});

describe('the explorer on a folder with no source files', { skip: why ?? false, timeout: 5 * 60_000 }, () => {
  let fw: FixtureWorkbench | undefined;
  before(async () => {
    fw = await openFixtureWorkbench({ vsix: vsix(), fixture: null, settings: { 'workbench.colorTheme': 'Default Dark Modern' } });
  });
  after(async () => {
    await fw?.close();
    if (packagedOnce) rmSync(packagedOnce.dir, { recursive: true, force: true });
  });

  it('shows the friendly empty state; Reindex runs and it comes back', async () => {
    assert.ok(fw);
    const frame = await openExplorerView(fw.page);
    const region = frame.getByRole('region', { name: 'No graph yet' }).first();
    await region.waitFor({ state: 'visible', timeout: 60_000 });
    const reindex = frame.getByRole('button', { name: 'Reindex', exact: true }).first();
    await reindex.waitFor({ state: 'visible', timeout: 30_000 });
    assert.match(await region.innerText(), /No graph yet/);
    await fw.shot('explorer-workbench-empty.png');
    await reindex.click();
    await fw.page.waitForTimeout(2_000);
    // Still nothing to index: the empty state stays, without an error, and the button is usable again.
    await frame.waitForFunction(() => {
      const d = (globalThis as unknown as { document: { querySelector(s: string): { disabled?: boolean; textContent: string | null } | null } }).document;
      const b = d.querySelector('.empty button');
      return b !== null && b.disabled === false;
    }, undefined, { timeout: 30_000 });
    const text = await region.innerText();
    assert.doesNotMatch(text, /failed/i, text);
    await fw.shot('explorer-workbench-empty-reindexed.png');
  });
});
