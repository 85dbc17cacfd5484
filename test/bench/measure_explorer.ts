/**
 * Graph explorer figures
 * ======================
 * Issue 4 §4: the explorer (`kg-memory serve --ui`, the built dist/cli.js) in headless Chromium with
 * software WebGL, at about 1,000 nodes (the first source files of Django in path order), at
 * 10,000+ nodes (all of Django) and at 100,000+ nodes (Django's graph eight times over, each copy
 * under its own folder, served in process: above the size limit, so the page loads the overview
 * and expands on demand): time to first frame, layout time (settled, or stopped at its budget,
 * and its iterations), the pan/zoom frame rate and one hover (enter, leave) on the busiest node.
 * The browser helpers are the e2e ones (test/e2e/explorer_browser.ts).
 *
 * `npx tsx test/bench/measure_explorer.ts [--quick] [--json] [--only=1k,django,100k]` prints them
 * (the explorer section alone); `measureExplorer(corpus)` returns them for `npm run bench`. Skips,
 * saying why, without Chromium, playwright-core or a build.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { serveUi } from '../../extension/cli/commands/serve_ui';
import { DEFAULT_LARGE_GRAPH } from '../../extension/protocol/explorer_host';
import { CodeGraph } from '../../extension/core/model/graph';
import type { EdgeKind } from '../../extension/core/model/types';
import { Workspace } from '../../extension/core/workspace';
import { chromiumMissing, CLI, measureExplorerPage, measurePage, REPO, type PageFigure } from '../e2e/explorer_browser';
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

/** Copies of Django's graph in the 100k-node run. */
export const COPIES = 8;
const SCREENSHOTS = join(REPO, 'test-results', 'screenshots');

function indexFolder(dir: string): number {
  const t0 = performance.now();
  execFileSync(process.execPath, [CLI, 'index', '--root', dir], { stdio: 'ignore', env: { ...process.env, KG_MEMORY_ATTACH: '0' } });
  return performance.now() - t0;
}

/** Indexes `dir` in place with the CLI, serves it with --ui, opens the page and measures it. */
async function measureFolder(name: string, dir: string, files: number, lines: number, fpsMs: number): Promise<ExplorerRun> {
  const indexMs = indexFolder(dir);
  const { figure, errors } = await measureExplorerPage(dir, { settleMs: 120_000, fpsMs, screenshot: join(SCREENSHOTS, `bench-explorer-${name.replace(/\W+/g, '-')}.png`) });
  if (errors.length > 0) throw new Error(`page errors: ${errors.join(' | ')}`);
  return { name, lines, files, indexMs, ...figure };
}

/**
 * `copies` copies of a graph, each under its own top folder (`copy3/django/...`): files, modules
 * and symbols repeated with their edges, third-party packages shared. A real graph's shape at
 * `copies` times its size, without indexing `copies` times the code.
 */
export function repeatGraph(source: CodeGraph, copies: number): CodeGraph {
  const out = new CodeGraph();
  const shared = (kind: string): boolean => kind === 'external';
  const idIn = (id: string, kind: string, k: number): string => {
    if (shared(kind)) return id;
    const m = /^(file|module):(.*)$/.exec(id);
    return m ? `${m[1]}:copy${k}/${m[2]}` : `${id}@copy${k}`;
  };
  for (let k = 0; k < copies; k++) {
    source.graph.forEachNode((id, a) => {
      if (shared(a.kind) && k > 0) return;
      out.setNode(idIn(id, a.kind, k), shared(a.kind) || a.path === undefined ? { ...a } : { ...a, path: `copy${k}/${a.path}` });
    });
    source.graph.forEachEdge((_key, e, s, t) => {
      const { kind, ...rest } = e;
      out.setEdge(kind as EdgeKind, idIn(s, source.graph.getNodeAttribute(s, 'kind'), k), idIn(t, source.graph.getNodeAttribute(t, 'kind'), k), rest);
    });
  }
  return out;
}

/** Django's graph repeated COPIES times, served in process (above the size limit: the page expands on demand). */
async function measureRepeated(corpus: Corpus, dir: string, fpsMs: number): Promise<ExplorerRun> {
  const indexMs = indexFolder(dir);
  const ws = await Workspace.open(dir);
  let graph: CodeGraph;
  try {
    graph = repeatGraph(ws.graph, COPIES);
  } finally {
    await ws.close();
  }
  const ui = await serveUi({ root: dir, graph, status: () => ({ lastIndexedAt: 'now' }) }, { token: randomBytes(16).toString('hex'), port: 0, assets: join(REPO, 'dist', 'webview'), largeGraph: DEFAULT_LARGE_GRAPH });
  try {
    const { figure, errors } = await measurePage(ui.openUrl, { settleMs: 120_000, fpsMs, screenshot: join(SCREENSHOTS, 'bench-explorer-100k.png') });
    if (errors.length > 0) throw new Error(`page errors: ${errors.join(' | ')}`);
    return { name: `${corpus.name} x${COPIES}`, lines: corpus.lines * COPIES, files: corpus.files * COPIES, indexMs, ...figure };
  } finally {
    await ui.close();
  }
}

export type ExplorerRunId = '1k' | 'django' | '100k';
export const RUN_IDS: readonly ExplorerRunId[] = ['1k', 'django', '100k'];

/**
 * The explorer at ~1k nodes (a Django subset), at all of Django and at Django eight times over;
 * `quick` shortens the fps window, `only` picks runs.
 */
export async function measureExplorer(
  corpus: Corpus | undefined,
  { quick = false, smallLines = SMALL_LINES, only = RUN_IDS }: { quick?: boolean; smallLines?: number; only?: readonly ExplorerRunId[] } = {},
): Promise<ExplorerFigure> {
  const missing = chromiumMissing() ?? (existsSync(CLI) ? undefined : `no ${CLI}: run npm run build first`);
  if (missing) return { skipped: missing };
  if (!corpus || !existsSync(corpus.dir)) return { skipped: 'no Django corpus' };
  const fpsMs = quick ? 2000 : 5000;
  const runs: ExplorerRun[] = [];
  const failed: string[] = [];
  const attempt = async (label: string, copy: () => string, run: (dir: string) => Promise<ExplorerRun>): Promise<void> => {
    let dir: string | undefined;
    try {
      dir = copy();
      runs.push(await run(dir));
    } catch (err) {
      failed.push(`${label}: ${errorText(err)}`);
    } finally {
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
  };
  if (only.includes('1k')) {
    let small = { dir: '', files: 0, lines: 0 };
    await attempt(`${corpus.name} subset`, () => (small = subsetCopy(corpus, smallLines, 'explorer-1k')).dir, (dir) => measureFolder(`${corpus.name} subset`, dir, small.files, small.lines, fpsMs));
  }
  if (only.includes('django')) await attempt(corpus.name, () => scratchCopy(corpus, 'explorer'), (dir) => measureFolder(corpus.name, dir, corpus.files, corpus.lines, fpsMs));
  if (only.includes('100k')) await attempt(`${corpus.name} x${COPIES}`, () => scratchCopy(corpus, 'explorer-100k'), (dir) => measureRepeated(corpus, dir, fpsMs));
  return { runs, failed };
}

/** The figures as lines of text, for `npm run bench` and for this module run alone. */
export function renderExplorer(figure: ExplorerFigure): string[] {
  if (figure.skipped !== undefined) return [`SKIP ${figure.skipped}`];
  const out = [`Graph explorer (serve --ui, headless Chromium, software WebGL; targets at 10k nodes: first frame <= ${TARGETS.firstFrameMs} ms, layout <= ${TARGETS.layoutMs} ms, pan/zoom >= ${TARGETS.fps} fps)`];
  for (const r of figure.runs) {
    const big = r.totalNodes >= 10_000;
    const v = (ok: boolean): string => (big ? ` [${verdict(ok)}]` : '');
    const partial = r.totalNodes > r.nodes ? `, ${r.nodes.toLocaleString('en')} loaded (overview; symbols on demand)` : '';
    out.push(`  ${r.name}: ${r.totalNodes.toLocaleString('en')} nodes${partial} / ${r.edges.toLocaleString('en')} edges drawn (${r.shownNodes.toLocaleString('en')} shown; ${r.files} files, ${r.lines.toLocaleString('en')} lines, indexed in ${Math.round(r.indexMs)} ms)`);
    out.push(`    first frame ${Math.round(r.firstFrameMs)} ms${v(r.firstFrameMs >= 0 && r.firstFrameMs <= TARGETS.firstFrameMs)}`);
    out.push(`    layout ${Math.round(r.layoutMs)} ms over ${r.iterations} iterations (${r.settled ? 'settled' : 'stopped at the budget'}; coarse level ${Math.round(r.coarseMs)} ms, ${Math.round(r.iterationMs)} ms an iteration)${v(r.settled && r.layoutMs <= TARGETS.layoutMs)}`);
    out.push(`    pan/zoom ${round(r.fps)} fps${v(r.fps >= TARGETS.fps)} (sigma's render ${round(r.renderMs)} ms a frame)`);
    out.push(`    hover on the busiest node: enter ${round(r.hoverEnterMs)} ms, leave ${round(r.hoverLeaveMs)} ms (each up to the frame that shows it)`);
  }
  for (const f of figure.failed) out.push(`  FAILED: ${f}`);
  return out;
}

async function main(): Promise<void> {
  const onlyArg = process.argv.find((a) => a.startsWith('--only='));
  const only = onlyArg ? (onlyArg.slice('--only='.length).split(',') as ExplorerRunId[]) : RUN_IDS;
  const unknown = only.filter((o) => !RUN_IDS.includes(o));
  if (unknown.length > 0) throw new Error(`--only: unknown run ${unknown.join(', ')}; known: ${RUN_IDS.join(', ')}`);
  const figure = await measureExplorer(await django(), { quick: process.argv.includes('--quick'), only });
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
