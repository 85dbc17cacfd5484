// The explorer on a real repository in headless Chromium (`serve --ui`): Jinja2 from Debian's
// python3-jinja2 (~1k nodes, ~4k edges, fetched once like the bench corpora). The default view is
// the architecture level and reads: fewer than 150 nodes, at least 10 labels and no two overlapping
// (the boxes of the labels sigma drew), and edges you can see: pixels read from the edge layer
// under edge midpoints clear of nodes are drawn, and laid over the page's background they differ
// from it. Then the same checks zoomed in, and with a node hovered (its edges forward, the rest dimmed).
// Screenshots go to test-results/screenshots/.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { jinja2 } from '../bench/corpora';
import { chromiumMissing, openExplorer, SCREENSHOTS, type ExplorerHooks, type OpenExplorer, type Page } from './explorer_browser';

const missing = chromiumMissing();
if (missing) process.stdout.write(`explorer on a real repository skipped: ${missing}\n`);

type Hooked = { __kgExplorer: ExplorerHooks & RealHooks };
export interface RealHooks {
  labelBoxes(): { x: number; y: number; w: number; h: number }[];
  shownIds(): string[];
  editor(): { current?: string; context?: string };
  edgePixels(): Promise<{ samples: { x: number; y: number; rgba: number[] }[]; background: string; edgeLayerVisible: boolean } | undefined>;
}

/** Pairs of label boxes that overlap (none expected). */
export function overlappingLabels(boxes: { x: number; y: number; w: number; h: number }[]): number {
  let n = 0;
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i] as (typeof boxes)[number];
      const b = boxes[j] as (typeof boxes)[number];
      if (a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h) n++;
    }
  }
  return n;
}

/**
 * The edge-layer pixels under drawn edges, laid over the background: how many samples differ
 * from the background by more than `min` (sum of channel differences, 0..765).
 */
export function visibleEdgeSamples(px: NonNullable<Awaited<ReturnType<RealHooks['edgePixels']>>>, min = 24): number {
  const bg = (/rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(px.background) ?? ['', '0', '0', '0']).slice(1, 4).map(Number);
  return px.samples.filter(({ rgba }) => {
    const a = (rgba[3] ?? 0) / 255;
    // The canvas is premultiplied: composite = rgb + bg * (1 - a).
    const over = [0, 1, 2].map((i) => Math.min(255, (rgba[i] ?? 0) + (bg[i] ?? 0) * (1 - a)));
    return over.reduce((s, v, i) => s + Math.abs(v - (bg[i] ?? 0)), 0) > min;
  }).length;
}

/** What the page shows now: node count, labels, their overlaps, visible edge samples. */
export async function readability(read: <T>(fn: () => T | Promise<T>) => Promise<T>): Promise<{ shown: number; labels: number; overlaps: number; edgeSamples: number; visibleEdges: number; edgeLayerVisible: boolean }> {
  const shown = await read(() => (globalThis as unknown as Hooked).__kgExplorer.shownIds().length);
  const boxes = await read(() => (globalThis as unknown as Hooked).__kgExplorer.labelBoxes());
  const px = await read(() => (globalThis as unknown as Hooked).__kgExplorer.edgePixels());
  assert.ok(px, 'some edge is drawn with both ends on screen');
  return { shown, labels: boxes.length, overlaps: overlappingLabels(boxes), edgeSamples: px.samples.length, visibleEdges: visibleEdgeSamples(px), edgeLayerVisible: px.edgeLayerVisible };
}

function assertReadable(r: Awaited<ReturnType<typeof readability>>, where: string, maxNodes = 150): void {
  const text = `${where}: ${JSON.stringify(r)}`;
  assert.ok(r.shown > 0 && r.shown < maxNodes, `fewer than ${maxNodes} nodes shown: ${text}`);
  assert.ok(r.labels >= 10, `at least 10 labels: ${text}`);
  assert.equal(r.overlaps, 0, `no two labels overlap: ${text}`);
  assert.ok(r.edgeLayerVisible, `the edge layer is shown: ${text}`);
  assert.ok(r.visibleEdges >= Math.min(10, r.edgeSamples) && r.visibleEdges >= r.edgeSamples * 0.8, `pixels under the edges differ from the background: ${text}`);
}

describe('the explorer on a real repository (Jinja2, serve --ui)', { skip: missing, timeout: 10 * 60_000 }, () => {
  let opened: OpenExplorer | undefined;
  let page: Page;
  const read = <T,>(fn: () => T | Promise<T>): Promise<T> => page.evaluate(fn);

  before(async () => {
    const corpus = await jinja2();
    opened = await openExplorer(corpus.dir);
    page = opened.page;
  });
  after(async () => opened?.close());

  for (const scheme of ['light', 'dark'] as const) {
    it(`opens at the architecture level and reads (${scheme})`, async () => {
      if (scheme === 'dark') {
        await page.evaluate(() => {
          // prefers-color-scheme cannot change on an open page here: the dark palette's variables, set as VS Code would.
          const root = (globalThis as unknown as { document: { documentElement: { style: { setProperty(k: string, v: string): void } } } }).document.documentElement;
          for (const [k, v] of Object.entries({ '--vscode-editor-background': '#1f1f1f', '--vscode-editor-foreground': '#cccccc', '--vscode-editorIndentGuide-background1': '#404040', '--vscode-disabledForeground': 'rgba(204, 204, 204, 0.5)' })) root.style.setProperty(k, v);
        });
        await new Promise((r) => setTimeout(r, 400));
      }
      const total = await read(() => (globalThis as unknown as Hooked).__kgExplorer.order());
      assert.ok(total > 1000, `a real repository: ${total} nodes`);
      assert.equal(await page.locator('.presets button.on').first().textContent(), 'Architecture');
      await page.screenshot({ path: join(SCREENSHOTS, `explorer-real-default-${scheme}.png`) });
      assertReadable(await readability(read), `default view (${scheme})`);
      assert.deepEqual(opened?.errors, []);
    });
  }

  it('zoomed in and out it still reads; a hovered node\'s edges come forward', async () => {
    for (let i = 0; i < 2; i++) await page.locator('.zoom button').first().click();
    await new Promise((r) => setTimeout(r, 600));
    await page.screenshot({ path: join(SCREENSHOTS, 'explorer-real-zoomed-in.png') });
    const zin = await readability(read);
    assert.equal(zin.overlaps, 0, JSON.stringify(zin));
    assert.ok(zin.visibleEdges > 0, JSON.stringify(zin));
    await page.locator('.zoom button').nth(2).click();
    for (let i = 0; i < 2; i++) await page.locator('.zoom button').nth(1).click();
    await new Promise((r) => setTimeout(r, 600));
    await page.screenshot({ path: join(SCREENSHOTS, 'explorer-real-zoomed-out.png') });
    assert.equal((await readability(read)).overlaps, 0);
    await page.locator('.zoom button').nth(2).click();
    await new Promise((r) => setTimeout(r, 600));
    const hub = await read(() => (globalThis as unknown as Hooked).__kgExplorer.hubNode());
    assert.ok(hub);
    const at = await page.evaluate((id: string) => (globalThis as unknown as Hooked).__kgExplorer.nodeOnScreen(id), hub);
    assert.ok(at);
    // nodeOnScreen is relative to the canvas; the mouse moves in page coordinates.
    const origin = await read(() => {
      const r = (globalThis as unknown as { document: { querySelector(s: string): { getBoundingClientRect(): { left: number; top: number } } | null } }).document.querySelector('.canvas')?.getBoundingClientRect();
      return { left: r?.left ?? 0, top: r?.top ?? 0 };
    });
    await page.mouse.move(origin.left + at.x, origin.top + at.y);
    await new Promise((r) => setTimeout(r, 400));
    await page.screenshot({ path: join(SCREENSHOTS, 'explorer-real-hover.png') });
  });
});
