// The graph explorer in headless Chromium against `kg-memory serve --ui` on the MCP fixture:
// search a node, toggle a filter, open details, navigate through a connection, export, and the
// server's checks. (Functions passed to page.evaluate run in the page: they reach its hooks
// through globalThis, never a Node-side helper.) Screenshots go to test-results/screenshots/ (git-ignored) for a person to look at.
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromiumMissing, framingProblem, openExplorer, REPO, SCREENSHOTS, waitForSettled, type Browser, type ExplorerHooks, type OpenExplorer, type Page, type UiServer } from './explorer_browser';

const missing = chromiumMissing();
if (missing) process.stdout.write(`explorer e2e skipped: ${missing}\n`);


describe('graph explorer in a browser (serve --ui)', { skip: missing }, () => {
  let opened: OpenExplorer | undefined;
  let server: UiServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  before(async () => {
    opened = await openExplorer(join(REPO, 'test/fixtures/mcp_project'), { acceptDownloads: true });
    ({ server, browser, page, errors } = opened);
  });
  after(async () => opened?.close());

  it('draws the graph and takes the token out of the address bar', async () => {
    const order = await page.evaluate(() => (globalThis as unknown as { __kgExplorer: ExplorerHooks }).__kgExplorer.order());
    assert.ok(order > 20, `nodes: ${order}`);
    assert.equal(await page.evaluate(() => (globalThis as unknown as { location: { hash: string } }).location.hash), '');
    await page.screenshot({ path: join(SCREENSHOTS, 'explorer-1-everything.png') });
    assert.deepEqual(errors, []);
  });

  it('`/` focuses search; results are ranked; Enter selects and opens the detail panel', async () => {
    await page.keyboard.press('/');
    await page.keyboard.type('send');
    const first = page.locator('.search-results li').first();
    await first.waitFor();
    assert.match(await first.innerText(), /send/i);
    await page.screenshot({ path: join(SCREENSHOTS, 'explorer-2-search.png') });
    await page.keyboard.press('Enter');
    await page.locator('.panel.detail').waitFor();
    const heading = await page.locator('.panel.detail h2').innerText();
    assert.match(heading, /send/i);
    await page.screenshot({ path: join(SCREENSHOTS, 'explorer-3-detail.png') });
  });

  it('navigates through a connection in the detail panel', async () => {
    const before = await page.locator('.panel.detail h2').innerText();
    const link = page.locator('.panel.detail .connections button.link').first();
    const target = await link.evaluate((el) => (el as unknown as { title: string }).title);
    await link.click();
    type Doc = { querySelector(s: string): { getAttribute(a: string): string | null } | null };
    await page.waitForFunction((t: string) => (globalThis as unknown as { document: Doc }).document.querySelector('.panel.detail h2')?.getAttribute('title') === t, target);
    assert.notEqual(await page.locator('.panel.detail h2').innerText(), before);
    await page.screenshot({ path: join(SCREENSHOTS, 'explorer-4-navigated.png') });
  });

  it('Escape clears the selection; a filter toggle hides a kind without moving the nodes', async () => {
    await page.keyboard.press('Escape');
    await page.locator('.panel.detail').waitFor({ state: 'hidden' });
    const fileId = 'file:shop/models.py';
    // The camera may still be moving to the node the last test navigated to: wait until it rests.
    const where = () => page.evaluate((id) => (globalThis as unknown as { __kgExplorer: ExplorerHooks }).__kgExplorer.nodeOnScreen(id), fileId);
    let beforePos = await where();
    for (let i = 0; i < 20; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const now = await where();
      if (JSON.stringify(now) === JSON.stringify(beforePos)) break;
      beforePos = now;
    }
    assert.ok(beforePos, 'the file is drawn');
    const shown = await page.evaluate(() => (globalThis as unknown as { __kgExplorer: ExplorerHooks }).__kgExplorer.visibleNodes());
    await page.getByRole('checkbox', { name: /Method/ }).click();
    const after = await page.evaluate(() => (globalThis as unknown as { __kgExplorer: ExplorerHooks }).__kgExplorer.visibleNodes());
    assert.ok(after < shown, `${after} < ${shown}`);
    assert.deepEqual(await page.evaluate((id) => (globalThis as unknown as { __kgExplorer: ExplorerHooks }).__kgExplorer.nodeOnScreen(id), fileId), beforePos, 'no layout reset, no camera move');
    await page.screenshot({ path: join(SCREENSHOTS, 'explorer-5-no-methods.png') });
    await page.getByRole('radio', { name: 'Architecture' }).click();
    const arch = await page.evaluate(() => (globalThis as unknown as { __kgExplorer: ExplorerHooks }).__kgExplorer.visibleNodes());
    assert.ok(arch < after);
    await page.screenshot({ path: join(SCREENSHOTS, 'explorer-6-architecture.png') });
    await page.getByRole('radio', { name: 'Everything' }).click();
  });

  it('clicking a node on the canvas selects it', async () => {
    const id = 'file:shop/models.py';
    // Search zoomed in on another node: fit the whole graph first.
    await page.getByRole('button', { name: 'Fit the graph' }).click();
    await new Promise((r) => setTimeout(r, 500));
    const p = await page.evaluate((n) => (globalThis as unknown as { __kgExplorer: ExplorerHooks }).__kgExplorer.nodeOnScreen(n), id);
    assert.ok(p);
    // The canvas sits under the toolbar: viewport coordinates are relative to it.
    const top = await page.locator('.canvas').evaluate((el) => (el as unknown as { getBoundingClientRect(): { top: number } }).getBoundingClientRect().top);
    await page.mouse.move(p.x, p.y + top, { steps: 3 });
    await page.mouse.click(p.x, p.y + top);
    await page.locator('.panel.detail').waitFor();
    assert.equal(await page.locator('.panel.detail h2').innerText(), 'models.py');
  });

  it('exports the view as SVG and PNG', async () => {
    const [svg] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'SVG' }).click()]);
    assert.equal(svg.suggestedFilename(), 'kg-memory-graph.svg');
    const svgPath = join(SCREENSHOTS, 'explorer-export.svg');
    await svg.saveAs(svgPath);
    const text = readFileSync(svgPath, 'utf8');
    assert.match(text, /^<svg /);
    assert.ok((text.match(/<circle /g) ?? []).length > 3, 'nodes in the view');
    const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PNG' }).click()]);
    const pngPath = join(SCREENSHOTS, 'explorer-export.png');
    await png.saveAs(pngPath);
    assert.deepEqual([...readFileSync(pngPath).subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  });

  it('frames the graph in a narrow container (a sidebar) and again in a wide one after a resize', async () => {
    const narrow = await browser.newPage({ viewport: { width: 320, height: 720 } });
    try {
      await narrow.goto(server.openUrl);
      await waitForSettled(narrow);
      const framing = () => narrow.evaluate(() => (globalThis as unknown as { __kgExplorer: ExplorerHooks }).__kgExplorer.framing());
      // The camera may still be easing in after the last layout step.
      await new Promise((r) => setTimeout(r, 400));
      const tall = await framing();
      assert.equal(framingProblem(tall), undefined);
      await narrow.screenshot({ path: join(SCREENSHOTS, 'explorer-7-narrow.png') });
      await narrow.setViewportSize({ width: 1400, height: 420 });
      await new Promise((r) => setTimeout(r, 600));
      const wide = await framing();
      assert.ok(wide.width > 1000, `the canvas followed the resize: ${wide.width}`);
      assert.equal(framingProblem(wide), undefined);
      await narrow.screenshot({ path: join(SCREENSHOTS, 'explorer-8-wide.png') });
    } finally {
      await (narrow as unknown as { close(): Promise<void> }).close();
    }
  });

  it('the API needs the token and a loopback Host; the server is read-only', async () => {
    const api = new URL('/api/graph', server.url).href;
    assert.equal((await fetch(api)).status, 401);
    const token = readFileSync(join(server.root, '.kg-memory/token'), 'utf8').trim();
    assert.equal((await fetch(api, { headers: { authorization: `Bearer ${token}` } })).status, 200);
    assert.equal((await fetch(api, { headers: { authorization: `Bearer ${token}`, origin: 'https://evil.example' } })).status, 403);
    assert.equal((await fetch(api, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status, 405);
    // Expand and search: the token too, and their parameters checked.
    const auth = { headers: { authorization: `Bearer ${token}` } };
    assert.equal((await fetch(new URL('/api/search?q=send&limit=5', server.url))).status, 401);
    const found = (await (await fetch(new URL('/api/search?q=send&limit=5', server.url), auth)).json()) as { hits: { name: string }[] };
    assert.equal(found.hits[0]?.name, 'send');
    assert.equal((await fetch(new URL(`/api/search?q=${'x'.repeat(201)}`, server.url), auth)).status, 400);
    assert.equal((await fetch(new URL('/api/search?q=x&limit=100000', server.url), auth)).status, 400);
    assert.equal((await fetch(new URL('/api/expand?id=file%3Ashop%2Fclient.py', server.url))).status, 401);
    const slice = (await (await fetch(new URL('/api/expand?id=file%3Ashop%2Fclient.py', server.url), auth)).json()) as { slice: { nodes: { path?: string }[] } };
    assert.ok(slice.slice.nodes.length > 0 && slice.slice.nodes.every((n) => n.path === 'shop/client.py'));
    assert.equal((await fetch(new URL('/api/expand?id=nope', server.url), auth)).status, 404);
    assert.equal((await fetch(new URL('/api/expand?id=ext%3Anumpy', server.url), auth)).status, 404);
    const page0 = await fetch(server.url);
    assert.match(page0.headers.get('content-type') ?? '', /text\/html/);
    assert.match(await page0.text(), /script-src 'nonce-/);
  });
});

// Above the size limit (KG_MEMORY_EXPLORER_LARGE_GRAPH=10 here) the page gets the overview only and
// loads symbols on demand: a search hit not loaded yet, a double-click on a file, the detail
// panel's "Show symbols" on a module; and a change on disk reaches what is loaded.
describe('graph explorer on a graph above the size limit (expand on demand)', { skip: missing }, () => {
  let opened: OpenExplorer | undefined;
  let server: UiServer;
  let page: Page;
  let errors: string[];
  type Hooked = { __kgExplorer: ExplorerHooks };
  const order = (): Promise<number> => page.evaluate(() => (globalThis as unknown as Hooked).__kgExplorer.order());

  before(async () => {
    opened = await openExplorer(join(REPO, 'test/fixtures/mcp_project'), { env: { KG_MEMORY_EXPLORER_LARGE_GRAPH: '10' } });
    ({ server, page, errors } = opened);
  });
  after(async () => opened?.close());

  it('loads the overview only, at Architecture level', async () => {
    const totals = await page.evaluate(() => (globalThis as unknown as Hooked).__kgExplorer.totals());
    const loaded = await order();
    assert.equal(totals.partial, true);
    assert.ok(loaded < totals.nodes, `${loaded} loaded of ${totals.nodes}`);
    assert.equal(await page.getByRole('radio', { name: 'Architecture' }).evaluate((el) => (el as unknown as { getAttribute(a: string): string | null }).getAttribute('aria-checked')), 'true');
    assert.match(await page.locator('.stats').innerText(), /loaded/);
    await page.screenshot({ path: join(SCREENSHOTS, 'explorer-partial-1-overview.png') });
    assert.deepEqual(errors, []);
  });

  it('search answers over the whole graph; choosing a symbol not loaded loads its file and selects it', async () => {
    const before = await order();
    await page.keyboard.press('/');
    await page.keyboard.type('send');
    const hit = page.locator('.search-results li').filter({ hasText: 'client.py' }).first();
    await hit.waitFor({ timeout: 10_000 });
    await hit.evaluate((el) => (el as unknown as { dispatchEvent(e: unknown): void }).dispatchEvent(new (globalThis as unknown as { MouseEvent: new (t: string, o: unknown) => unknown }).MouseEvent('mousedown', { bubbles: true })));
    await page.locator('.panel.detail').waitFor();
    assert.equal(await page.locator('.panel.detail h2').innerText(), 'send');
    const after = await order();
    assert.ok(after > before, `symbols of shop/client.py loaded: ${before} -> ${after}`);
    await page.waitForFunction(() => {
      const x = (globalThis as unknown as { __kgExplorer: ExplorerHooks }).__kgExplorer;
      return x.nodeOnScreen('py:shop.client:Client.send') !== undefined && !x.layout().running;
    }, undefined, { timeout: 15_000 });
    await page.screenshot({ path: join(SCREENSHOTS, 'explorer-partial-2-search-loaded.png') });
    await page.keyboard.press('Escape');
  });

  it('double-click on a file loads its symbols; "Show symbols" on a module loads its files\' symbols', async () => {
    await page.getByRole('button', { name: 'Fit the graph' }).click();
    await new Promise((r) => setTimeout(r, 600));
    const before = await order();
    const id = 'file:web/cache.ts';
    const p = await page.evaluate((n) => (globalThis as unknown as { __kgExplorer: ExplorerHooks }).__kgExplorer.nodeOnScreen(n), id);
    assert.ok(p, `${id} is drawn`);
    const top = await page.locator('.canvas').evaluate((el) => (el as unknown as { getBoundingClientRect(): { top: number } }).getBoundingClientRect().top);
    await page.mouse.move(p.x, p.y + top, { steps: 3 });
    await page.mouse.dblclick(p.x, p.y + top);
    await page.waitForFunction((n: number) => (globalThis as unknown as { __kgExplorer: ExplorerHooks }).__kgExplorer.order() > n, before, { timeout: 10_000 });
    const mid = await order();
    // The module: search it, select it, Show symbols.
    await page.keyboard.press('/');
    await page.keyboard.type('tests');
    const row = page.locator('.search-results li').filter({ hasText: 'Module' }).first();
    await row.waitFor({ timeout: 10_000 });
    await page.keyboard.press('Enter');
    await page.locator('.panel.detail').waitFor();
    await page.getByRole('button', { name: 'Show symbols' }).click();
    await page.waitForFunction((n: number) => (globalThis as unknown as { __kgExplorer: ExplorerHooks }).__kgExplorer.order() > n, mid, { timeout: 10_000 });
    await page.screenshot({ path: join(SCREENSHOTS, 'explorer-partial-3-expanded.png') });
    assert.deepEqual(errors, []);
  });

  it('an expand that would load more than the limit at once is refused', async () => {
    const token = readFileSync(join(server.root, '.kg-memory/token'), 'utf8').trim();
    const r = await fetch(new URL(`/api/expand?id=${encodeURIComponent('module:.')}`, server.url), { headers: { authorization: `Bearer ${token}` } });
    assert.equal(r.status, 413);
    assert.match(((await r.json()) as { error: string }).error, /more than the explorer loads at once/);
  });

  it('a change on disk reaches the loaded symbols as a diff', async () => {
    const before = await order();
    appendFileSync(join(server.root, 'shop/client.py'), '\n\ndef reconcile_partial(x):\n    return x\n');
    await page.waitForFunction((n: number) => (globalThis as unknown as { __kgExplorer: ExplorerHooks }).__kgExplorer.order() > n, before, { timeout: 30_000 });
    assert.deepEqual(errors, []);
  });
});
