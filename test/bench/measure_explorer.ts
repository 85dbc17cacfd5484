/**
 * Graph explorer figures
 * ======================
 * Issue 4 §4: the explorer (`kg-memory serve --ui`, the built dist/cli.js) in headless Chromium with
 * software WebGL, at about 1,000 nodes (the first source files of Django in path order) and at
 * 10,000+ nodes (all of Django): time to first frame, layout time (settled, or stopped at its
 * budget, and its iterations) and the pan/zoom frame rate. The browser helpers are the e2e ones
 * (test/e2e/explorer_browser.ts). `npx tsx test/bench/measure_explorer.ts [--json]` prints them;
 * `measureExplorer(corpus)` returns them for the bench. Skips, saying why, without Chromium,
 * playwright-core or a build.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { chromiumMissing, CLI, measureExplorerPage, type PageFigure } from '../e2e/explorer_browser';
import { django, scratchCopy, subsetCopy, type Corpus } from './corpora';
import { verdict } from './report';
import { errorText, round } from './util';

/** Lines of Django (first files in path order) that index to about 1,000 graph nodes (1,013 nodes, 117 files, Debian python3-django). */
export const SMALL_LINES = 4_000;
/** Issue 4 §4 targets at 10,000 nodes. */
export const TARGETS = { firstFrameMs: 2000, layoutMs: 5000, fps: 30 };

export interface ExplorerRun extends PageFigure {
  name: string;
  lines: number;
  files: number;
  indexMs: number;
}

export type ExplorerFigure = { skipped: string } | { skipped?: undefined; runs: ExplorerRun[]; failed: string[] };

/** Indexes `dir` in place with the CLI, serves it with --ui, opens the page and measures it. */
async function measureFolder(name: string, dir: string, files: number, lines: number, fpsMs: number): Promise<ExplorerRun> {
  const t0 = performance.now();
  execFileSync(process.execPath, [CLI, 'index', '--root', dir], { stdio: 'ignore', env: { ...process.env, KG_MEMORY_ATTACH: '0' } });
  const indexMs = performance.now() - t0;
  const { figure, errors } = await measureExplorerPage(dir, { settleMs: 120_000, fpsMs });
  if (errors.length > 0) throw new Error(`page errors: ${errors.join(' | ')}`);
  return { name, lines, files, indexMs, ...figure };
}

/** The explorer at ~1k nodes (a Django subset) and at all of Django; `quick` shortens the fps window. */
export async function measureExplorer(corpus: Corpus | undefined, { quick = false, smallLines = SMALL_LINES }: { quick?: boolean; smallLines?: number } = {}): Promise<ExplorerFigure> {
  const missing = chromiumMissing() ?? (existsSync(CLI) ? undefined : `no ${CLI}: run npm run build first`);
  if (missing) return { skipped: missing };
  if (!corpus || !existsSync(corpus.dir)) return { skipped: 'no Django corpus' };
  const fpsMs = quick ? 2000 : 5000;
  const runs: ExplorerRun[] = [];
  const failed: string[] = [];
  let dir: string | undefined;
  try {
    const small = subsetCopy(corpus, smallLines, 'explorer-1k');
    dir = small.dir;
    runs.push(await measureFolder(`${corpus.name} subset`, small.dir, small.files, small.lines, fpsMs));
  } catch (err) {
    failed.push(`${corpus.name} subset: ${errorText(err)}`);
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
  dir = undefined;
  try {
    dir = scratchCopy(corpus, 'explorer');
    runs.push(await measureFolder(corpus.name, dir, corpus.files, corpus.lines, fpsMs));
  } catch (err) {
    failed.push(`${corpus.name}: ${errorText(err)}`);
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
  return { runs, failed };
}

/** The figures as lines of text, for `npm run bench` and for this module run alone. */
export function renderExplorer(figure: ExplorerFigure): string[] {
  if (figure.skipped !== undefined) return [`SKIP ${figure.skipped}`];
  const out = [`Graph explorer (serve --ui, headless Chromium, software WebGL; targets at 10k nodes: first frame <= ${TARGETS.firstFrameMs} ms, layout <= ${TARGETS.layoutMs} ms, pan/zoom >= ${TARGETS.fps} fps)`];
  for (const r of figure.runs) {
    const big = r.nodes >= 10_000;
    const v = (ok: boolean): string => (big ? ` [${verdict(ok)}]` : '');
    out.push(`  ${r.name}: ${r.nodes.toLocaleString('en')} nodes / ${r.edges.toLocaleString('en')} edges (${r.shownNodes.toLocaleString('en')} shown; ${r.files} files, ${r.lines.toLocaleString('en')} lines, indexed in ${Math.round(r.indexMs)} ms)`);
    out.push(`    first frame ${Math.round(r.firstFrameMs)} ms${v(r.firstFrameMs >= 0 && r.firstFrameMs <= TARGETS.firstFrameMs)}`);
    out.push(`    layout ${Math.round(r.layoutMs)} ms over ${r.iterations} iterations (${r.settled ? 'settled' : 'stopped at the budget'})${v(r.settled && r.layoutMs <= TARGETS.layoutMs)}`);
    out.push(`    pan/zoom ${round(r.fps)} fps${v(r.fps >= TARGETS.fps)}`);
  }
  for (const f of figure.failed) out.push(`  FAILED: ${f}`);
  return out;
}

async function main(): Promise<void> {
  const figure = await measureExplorer(await django(), { quick: process.argv.includes('--quick') });
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(figure, null, 2));
    return;
  }
  console.log(renderExplorer(figure).join('\n'));
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
