// The graph explorer in headless Chromium against `kg-memory serve --ui` on the MCP fixture:
// search a node, toggle a filter, open details, navigate through a connection, export, and the
// server's checks. (Functions passed to page.evaluate run in the page: they reach its hooks
// through globalThis, never a Node-side helper.) Screenshots go to test-results/screenshots/ (git-ignored) for a person to look at.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromiumMissing, launchBrowser, REPO, SCREENSHOTS, startUiServer, waitForSettled, type ExplorerHooks, type Page, type UiServer } from './explorer_browser';

const missing = chromiumMissing();
if (missing) process.stdout.write(`explorer e2e skipped: ${missing}\n`);


describe('graph explorer in a browser (serve --ui)', { skip: missing }, () => {
  let server: UiServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  const errors: string[] = [];

  before(async () => {
    server = await startUiServer(join(REPO, 'test/fixtures/mcp_project'));
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    page.on('pageerror', (e) => errors.push(e.message ?? String(e)));
    await page.goto(server.openUrl);
    await waitForSettled(page);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

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

  it('the API needs the token and a loopback Host; the server is read-only', async () => {
    const api = new URL('/api/graph', server.url).href;
    assert.equal((await fetch(api)).status, 401);
    const token = readFileSync(join(server.root, '.kg-memory/token'), 'utf8').trim();
    assert.equal((await fetch(api, { headers: { authorization: `Bearer ${token}` } })).status, 200);
    assert.equal((await fetch(api, { headers: { authorization: `Bearer ${token}`, origin: 'https://evil.example' } })).status, 403);
    assert.equal((await fetch(api, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status, 405);
    const page0 = await fetch(server.url);
    assert.match(page0.headers.get('content-type') ?? '', /text\/html/);
    assert.match(await page0.text(), /script-src 'nonce-/);
  });
});
