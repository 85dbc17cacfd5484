/**
 * The workbench, typed
 * ====================
 * A typed face for test/vscode/host/workbench.cjs (code-server's workbench in headless Chromium via
 * playwright-core, which is installed beside the host rather than in node_modules): only the few
 * Playwright calls the screenshot tests use, the gestures they share, and the setup they share:
 * skip with the reason when the host is missing (`hostMissing`), a copy of a fixture opened in the
 * workbench with the .vsix installed and a screenshot helper (`openFixtureWorkbench`).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { ensureHost, HOST_REQUIRED, REPO_ROOT } from '../vscode/host';

/** Screenshots of the workbench tests (artifacts, git-ignored). */
export const SHOTS = join(REPO_ROOT, 'test-results', 'screenshots');
/** The fixture workspace the workbench tests open. */
export const FIXTURE = join(REPO_ROOT, 'test', 'fixtures', 'vscode_project');

export interface Locator {
  first(): Locator;
  filter(options: { hasText: string | RegExp }): Locator;
  waitFor(options: { state: 'visible' | 'attached'; timeout?: number }): Promise<void>;
  textContent(): Promise<string | null>;
  allTextContents(): Promise<string[]>;
  count(): Promise<number>;
  hover(): Promise<void>;
  click(): Promise<void>;
  screenshot(options: { path: string }): Promise<Buffer>;
}

export interface Page {
  keyboard: { press(key: string): Promise<void>; type(text: string, options?: { delay?: number }): Promise<void> };
  locator(selector: string): Locator;
  screenshot(options: { path: string; fullPage?: boolean }): Promise<Buffer>;
  waitForTimeout(ms: number): Promise<void>;
}

export interface Workbench {
  page: Page;
  url: string;
  close(): Promise<void>;
  logFile: string;
}

interface WorkbenchModule {
  openWorkbench(options: { folder: string; vsix?: string; settings?: Record<string, unknown>; viewport?: { width: number; height: number } }): Promise<Workbench>;
}

const load = createRequire(__filename);
export const { openWorkbench } = load(join(__dirname, '..', 'vscode', 'host', 'workbench.cjs')) as WorkbenchModule;

/**
 * Why the workbench tests cannot run here (undefined when they can); logged as a SKIP line for
 * `suite`. With KG_MEMORY_REQUIRE_VSCODE_HOST=1 a missing host is an error, not a skip.
 */
export function hostMissing(suite: string): string | undefined {
  const why = ensureHost();
  if (why && HOST_REQUIRED) throw new Error(`the VS Code host is required (KG_MEMORY_REQUIRE_VSCODE_HOST=1) but ${why}`);
  if (why) console.log(`SKIP ${suite}: ${why}`);
  return why;
}

export interface FixtureWorkbench {
  wb: Workbench;
  page: Page;
  /** The copied workspace folder. */
  folder: string;
  /** Saves a screenshot under SHOTS, a moment after what it shows became visible (fade-ins, colours). */
  shot(name: string): Promise<void>;
  /** Closes the workbench and removes the copy. */
  close(): Promise<void>;
}

/**
 * Copies `fixture` (default FIXTURE; `null`: a new empty folder) to a temporary folder and opens it
 * in the workbench with `vsix` installed and these user settings.
 */
export async function openFixtureWorkbench(options: { vsix: string; settings?: Record<string, unknown>; fixture?: string | null; name?: string }): Promise<FixtureWorkbench> {
  mkdirSync(SHOTS, { recursive: true });
  const tmp = mkdtempSync(join(tmpdir(), 'kg-wb-'));
  const folder = join(tmp, options.name ?? (options.fixture === null ? 'empty_project' : basename(options.fixture ?? FIXTURE)));
  if (options.fixture === null) mkdirSync(folder);
  else cpSync(options.fixture ?? FIXTURE, folder, { recursive: true });
  let wb: Workbench;
  try {
    wb = await openWorkbench({ folder, vsix: options.vsix, ...(options.settings ? { settings: options.settings } : {}) });
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
  return {
    wb,
    page: wb.page,
    folder,
    shot: async (name) => {
      await wb.page.waitForTimeout(500);
      await wb.page.screenshot({ path: join(SHOTS, name) });
    },
    close: async () => {
      try {
        await wb.close();
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    },
  };
}

/** Runs a command from the palette by its title ("KG Memory: Show Callers"). */
export async function runFromPalette(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  await page.locator('.quick-input-widget input').first().waitFor({ state: 'visible', timeout: 10_000 });
  await page.keyboard.type(title, { delay: 10 });
  await page.locator('.quick-input-list .monaco-list-row').filter({ hasText: title }).first().waitFor({ state: 'visible', timeout: 10_000 });
  await page.keyboard.press('Enter');
}

/**
 * Opens a workspace file through Quick Open (Ctrl+P) and waits for its tab. The matching row is
 * clicked rather than Enter pressed: Enter takes whichever row is first, which, while the list is
 * still filtering, may be another file. A second attempt covers a Quick Open that lost its input.
 */
export async function openFile(page: Page, rel: string): Promise<void> {
  const name = rel.split('/').pop() ?? rel;
  const tab = page.locator('.tabs-container .tab.active').filter({ hasText: name }).first();
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+P');
    await page.locator('.quick-input-widget input').first().waitFor({ state: 'visible', timeout: 10_000 });
    await page.keyboard.type(rel, { delay: 10 });
    const row = page.locator('.quick-input-list .monaco-list-row').filter({ hasText: rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : name }).filter({ hasText: name }).first();
    await row.waitFor({ state: 'visible', timeout: 15_000 });
    await row.click();
    try {
      await tab.waitFor({ state: 'visible', timeout: 10_000 });
      return;
    } catch (err) {
      if (attempt >= 2) throw err;
      await page.keyboard.press('Escape');
    }
  }
}

/** Moves the cursor to 1-based line:column with Go to Line (Ctrl+G). */
export async function goTo(page: Page, line: number, column: number): Promise<void> {
  await page.keyboard.press('Control+G');
  await page.locator('.quick-input-widget input').first().waitFor({ state: 'visible', timeout: 10_000 });
  await page.keyboard.type(`${line}:${column}`);
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
}
