/**
 * Explorer e2e helpers
 * ====================
 * Starts `kg-memory serve --ui` (the built dist/cli.js) on a copy of a folder and opens the page
 * in headless Chromium through playwright-core, as ../shared/vscode-host/install.sh installs them.
 * `chromiumMissing()` names what is missing, so the tests skip with a reason instead of failing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO = resolve(__dirname, '../..');
export const CLI = join(REPO, 'dist/cli.js');
export const SCREENSHOTS = join(REPO, 'test-results/screenshots');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const PLAYWRIGHT = process.env.PLAYWRIGHT_CORE ?? join(homedir(), '.cache/vscode-host/tools/node_modules/playwright-core');

/** The reason the browser tests cannot run here, or undefined. */
export function chromiumMissing(): string | undefined {
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM} (run ../shared/vscode-host/install.sh or set CHROMIUM)`;
  if (!existsSync(PLAYWRIGHT)) return `no playwright-core at ${PLAYWRIGHT} (run ../shared/vscode-host/install.sh or set PLAYWRIGHT_CORE)`;
  if (!existsSync(join(REPO, 'dist/webview/explorer.js'))) return 'no dist/webview/explorer.js: run npm run build first';
  return undefined;
}

/** The structural slice of playwright-core's API these tests use. */
export interface Page {
  goto(url: string): Promise<unknown>;
  setViewportSize(size: { width: number; height: number }): Promise<void>;
  waitForFunction<T, A = undefined>(fn: string | ((arg: A) => T), arg?: A, options?: { timeout?: number }): Promise<unknown>;
  evaluate<T, A = undefined>(fn: (arg: A) => T | Promise<T>, arg?: A): Promise<T>;
  screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown>;
  keyboard: { press(key: string): Promise<void>; type(text: string): Promise<void> };
  mouse: { click(x: number, y: number, o?: { clickCount?: number }): Promise<void>; move(x: number, y: number, o?: { steps?: number }): Promise<void>; down(): Promise<void>; up(): Promise<void>; dblclick(x: number, y: number): Promise<void> };
  locator(selector: string): Locator;
  getByRole(role: string, options?: { name?: string | RegExp; exact?: boolean }): Locator;
  waitForEvent(event: 'download'): Promise<{ suggestedFilename(): string; saveAs(path: string): Promise<void> }>;
  on(event: 'console' | 'pageerror', fn: (m: { text?: () => string; message?: string }) => void): void;
}

export interface Locator {
  click(): Promise<void>;
  filter(options: { hasText: string | RegExp }): Locator;
  fill(text: string): Promise<void>;
  textContent(): Promise<string | null>;
  innerText(): Promise<string>;
  count(): Promise<number>;
  first(): Locator;
  nth(i: number): Locator;
  isChecked(): Promise<boolean>;
  waitFor(options?: { state?: 'visible' | 'attached' | 'hidden'; timeout?: number }): Promise<void>;
  evaluate<T>(fn: (el: never) => T): Promise<T>;
}

export interface Browser {
  newPage(o: { viewport: { width: number; height: number }; acceptDownloads?: boolean; colorScheme?: 'light' | 'dark' }): Promise<Page>;
  close(): Promise<void>;
}

export interface UiServer {
  url: string;
  openUrl: string;
  root: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Copies `folder` to a temporary root, indexes it, and serves it with --ui on free ports; `env` adds to the server's environment. */
export async function startUiServer(folder: string, { copy = true, env = {} }: { copy?: boolean; env?: Record<string, string> } = {}): Promise<UiServer> {
  let root = folder;
  let tmp: string | undefined;
  if (copy) {
    tmp = mkdtempSync(join(tmpdir(), 'kg-ui-'));
    root = join(tmp, 'project');
    cpSync(folder, root, { recursive: true });
  }
  const child = spawn(process.execPath, [CLI, 'serve', '--root', root, '--port', '0', '--ui', '--ui-port', '0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, KG_MEMORY_ATTACH: '0', ...env },
  });
  let err = '';
  const openUrl = await new Promise<string>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`serve --ui did not start: ${err}`)), 60_000);
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /open (http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]+)/.exec(err);
      if (m) {
        clearTimeout(timer);
        ok(m[1]!);
      }
    });
    child.once('exit', (code) => fail(new Error(`serve --ui exited with ${code}: ${err}`)));
  });
  return {
    url: openUrl.replace(/#.*/, ''),
    openUrl,
    root,
    child,
    stop: async () => {
      if (child.exitCode === null) {
        const done = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await done;
      }
      if (tmp) rmSync(tmp, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  const require = createRequire(__filename);
  const { chromium } = require(PLAYWRIGHT) as { chromium: { launch(o: unknown): Promise<Browser> } };
  mkdirSync(SCREENSHOTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // Software WebGL (SwiftShader): what a CI machine without a GPU has.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--enable-unsafe-swiftshader', '--use-angle=swiftshader'],
  });
}

/** `serve --ui` on a copy of `folder`, a browser, and the explorer page open and settled; page errors collected. */
export interface OpenExplorer {
  server: UiServer;
  browser: Browser;
  page: Page;
  errors: string[];
  close(): Promise<void>;
}

export async function openExplorer(folder: string, options: { env?: Record<string, string>; acceptDownloads?: boolean; settleMs?: number } = {}): Promise<OpenExplorer> {
  const server = await startUiServer(folder, options.env ? { env: options.env } : {});
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, ...(options.acceptDownloads ? { acceptDownloads: true } : {}) });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message ?? String(e)));
  try {
    await page.goto(server.openUrl);
    await waitForSettled(page, options.settleMs);
  } catch (err) {
    // A page that never settles must not leave the browser and the server running (the test would hang).
    await browser.close();
    await server.stop();
    throw err;
  }
  return {
    server,
    browser,
    page,
    errors,
    close: async () => {
      await browser.close();
      await server.stop();
    },
  };
}

/** The page's window.__kgExplorer (webview/ui/test_hooks.ts), typed for the Node side. */
export interface ExplorerHooks {
  order(): number;
  size(): number;
  totals(): { partial: boolean; nodes: number; edges: number };
  measureHover(id: string): Promise<{ enterMs: number; leaveMs: number }>;
  layout(): { running: boolean; iterations: number; elapsedMs: number; settled: boolean; coarseMs?: number; iterationMs?: number };
  nodeOnScreen(id: string): { x: number; y: number } | undefined;
  visibleNodes(): number;
  measureFps(ms: number): Promise<number>;
  lastRenderMs(): { mean: number; max: number };
  firstFrameMs(): number | undefined;
  /** The visible node with the most edges: the costliest to hover. */
  hubNode(): string | undefined;
  framing(): { width: number; height: number; box: { left: number; right: number; top: number; bottom: number } | undefined };
}

/**
 * Is the graph framed in its canvas: every visible node inside it with a margin, room left on the
 * right for labels, and the box centred (within 15 % of the width) in the space left? An error
 * message when not.
 */
export function framingProblem(f: ReturnType<ExplorerHooks['framing']>): string | undefined {
  const b = f.box;
  if (!b) return 'no visible node';
  const text = JSON.stringify(f);
  if (b.left < 8 || b.top < 8 || b.bottom > f.height - 8) return `a node touches the edge: ${text}`;
  // Labels are drawn to the right of their node: the rightmost node leaves room for one.
  if (b.right > f.width - Math.min(60, f.width * 0.15)) return `no room for the labels on the right: ${text}`;
  const free = f.width - Math.min(140, f.width * 0.25);
  if (Math.abs((b.left + b.right) / 2 - free / 2) > f.width * 0.15) return `not centred: ${text}`;
  if (Math.abs((b.top + b.bottom) / 2 - f.height / 2) > f.height * 0.15) return `not centred vertically: ${text}`;
  return undefined;
}

/** Waits until the explorer has its graph and the layout has stopped moving. */
export async function waitForSettled(page: Page, timeout = 30_000): Promise<void> {
  // A function, not a string: the page's CSP forbids eval, as it should.
  await page.waitForFunction(() => {
    const x = (globalThis as unknown as { __kgExplorer?: ExplorerHooks }).__kgExplorer;
    return x !== undefined && x.order() > 0 && !x.layout().running && x.layout().iterations > 0;
  }, undefined, { timeout });
}

/** What the explorer page says of itself once its layout has stopped (issue 4 §4 figures). */
export interface PageFigure {
  nodes: number;
  edges: number;
  shownNodes: number;
  firstFrameMs: number;
  layoutMs: number;
  iterations: number;
  settled: boolean;
  /** The layout's coarse level (big graphs), and one full-graph iteration on average, in the page's worker. */
  coarseMs: number;
  iterationMs: number;
  fps: number;
  /** sigma's render() per frame during the fps window (the main thread's part of a frame), mean ms. */
  renderMs: number;
  /** The whole graph's nodes when only part of it is loaded (expand on demand), else `nodes`. */
  totalNodes: number;
  /** One hover enter and leave on the busiest visible node, each up to the frame that shows it. */
  hoverEnterMs: number;
  hoverLeaveMs: number;
}

/**
 * Opens the explorer page at `openUrl` (1280×800), waits for the layout to stop and measures it;
 * `screenshot` saves a picture of the result. Page errors are returned, not thrown: the caller
 * decides whether they fail it.
 */
export async function measurePage(openUrl: string, options: { settleMs: number; fpsMs: number; screenshot?: string }): Promise<{ figure: PageFigure; errors: string[] }> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message ?? String(e)));
    await page.goto(openUrl);
    await waitForSettled(page, options.settleMs);
    // A whole graph is measured drawn whole (Everything), as before graphs above a few hundred
    // nodes opened at the architecture level: the figures compare across versions.
    const partial = await page.evaluate(() => (globalThis as unknown as { __kgExplorer: ExplorerHooks }).__kgExplorer.totals().partial);
    if (!partial) {
      await page.getByRole('radio', { name: 'Everything' }).click();
      await new Promise((r) => setTimeout(r, 800));
    }
    // The picture as the layout left it, before the fps window moves the camera about.
    await new Promise((r) => setTimeout(r, 300));
    if (options.screenshot) await page.screenshot({ path: options.screenshot });
    const figure = await page.evaluate(async (ms: number) => {
      const x = (globalThis as unknown as { __kgExplorer: ExplorerHooks }).__kgExplorer;
      const l = x.layout();
      const hub = x.hubNode();
      // Twice: the first hover after the layout may still pay for sigma's last processing.
      if (hub !== undefined) await x.measureHover(hub);
      const hover = hub === undefined ? { enterMs: -1, leaveMs: -1 } : await x.measureHover(hub);
      const fps = await x.measureFps(ms);
      return {
        nodes: x.order(),
        edges: x.size(),
        totalNodes: x.totals().nodes,
        shownNodes: x.visibleNodes(),
        firstFrameMs: x.firstFrameMs() ?? -1,
        layoutMs: l.elapsedMs,
        iterations: l.iterations,
        settled: l.settled,
        coarseMs: l.coarseMs ?? 0,
        iterationMs: l.iterationMs ?? 0,
        fps,
        renderMs: x.lastRenderMs().mean,
        hoverEnterMs: hover.enterMs,
        hoverLeaveMs: hover.leaveMs,
      };
    }, options.fpsMs);
    return { figure, errors };
  } finally {
    await browser.close();
  }
}

/** Serves an indexed folder with --ui and measures its page (measurePage). Shared by the e2e scale check and `npm run bench`. */
export async function measureExplorerPage(root: string, options: { settleMs: number; fpsMs: number; screenshot?: string }): Promise<{ figure: PageFigure; errors: string[] }> {
  const server = await startUiServer(root, { copy: false });
  try {
    return await measurePage(server.openUrl, options);
  } finally {
    await server.stop();
  }
}
