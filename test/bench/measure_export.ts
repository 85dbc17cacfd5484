/**
 * Export speed at 100k nodes
 * ==========================
 * Django (Debian python3-django) indexed once, its graph repeated until it holds 100,000+
 * nodes (repeatGraph, as the explorer bench does), then exported in process to a scratch
 * folder: JSON of every layer, Neo4j CSV, and a SCIP index (which reads every file's text:
 * the copies read the one checkout). Each export streams to disk; the figure is wall time and
 * the heap growth it left (a whole-file string would show as hundreds of MB).
 *
 * `npx tsx test/bench/measure_export.ts [--json]` runs it alone; `npm run bench` includes it.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileSink, selectGraph, writeJsonExport, writeNeo4j, writeScip } from '../../extension/core/export';
import type { CodeGraph } from '../../extension/core/model/graph';
import { Workspace } from '../../extension/core/workspace';
import { django, scratchCopy, type Corpus } from './corpora';
import { repeatGraph } from './measure_explorer';
import { fmt, table, verdict } from './report';
import { errorText, round, SCRATCH_DIR } from './util';

export const EXPORT_TARGET_NODES = 100_000;
const TARGET_MS = 10_000;

export interface ExportRun {
  format: string;
  ms: number;
  mb: number;
  heapGrowthMb: number;
}

export interface ExportFigure {
  corpus: string;
  nodes: number;
  edges: number;
  runs: ExportRun[];
  error?: string;
}

function folderMb(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.size / 1e6;
  let total = 0;
  for (const name of readdirSync(path)) total += statSync(join(path, name)).size;
  return total / 1e6;
}

async function timed(format: string, out: string, run: () => Promise<void>): Promise<ExportRun> {
  global.gc?.();
  const heap = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  await run();
  const ms = performance.now() - t0;
  const heapGrowthMb = (process.memoryUsage().heapUsed - heap) / 1e6;
  return { format, ms: round(ms), mb: round(folderMb(out)), heapGrowthMb: round(heapGrowthMb) };
}

export async function measureExport(corpus?: Corpus): Promise<ExportFigure> {
  const c = corpus ?? (await django());
  const dir = scratchCopy(c, 'export');
  const out = join(SCRATCH_DIR, 'export-out');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const ws = await Workspace.open(dir, { persist: false });
  try {
    await ws.index();
    const copies = Math.max(1, Math.ceil(EXPORT_TARGET_NODES / ws.graph.order));
    const graph: CodeGraph = repeatGraph(ws.graph, copies);
    const runs: ExportRun[] = [];
    const json = join(out, 'graph.json');
    runs.push(await timed('json --level all', json, async () => {
      const sink = fileSink(json);
      await writeJsonExport(graph, selectGraph(graph, 'all'), 'all', undefined, sink);
      await sink.close();
    }));
    const neo = join(out, 'neo4j');
    runs.push(await timed('neo4j', neo, async () => {
      await writeNeo4j(graph, neo);
    }));
    const scipFile = join(out, 'index.scip');
    const original = (p: string): string => p.replace(/^copy\d+\//, '');
    runs.push(await timed('scip', scipFile, async () => {
      const sink = fileSink(scipFile);
      await writeScip(graph, { root: dir, read: (p) => { try { return readFileSync(join(dir, original(p)), 'utf8'); } catch { return undefined; } }, facts: (p) => ws.facts(original(p)) }, sink);
      await sink.close();
    }));
    return { corpus: `${c.name} x${copies}`, nodes: graph.order, edges: graph.size, runs };
  } catch (err) {
    return { corpus: c.name, nodes: 0, edges: 0, runs: [], error: errorText(err) };
  } finally {
    await ws.close();
    rmSync(out, { recursive: true, force: true });
  }
}

export function renderExport(f: ExportFigure): string[] {
  if (f.error) return [`export: error ${f.error}`];
  return [
    `${f.corpus}: ${fmt(f.nodes)} nodes, ${fmt(f.edges)} edges (Django's graph repeated), exported in process to disk`,
    table(['format', 'time', 'output', 'heap growth', `< ${TARGET_MS / 1000} s`], f.runs.map((r) => [r.format, `${fmt(r.ms / 1000)} s`, `${fmt(r.mb)} MB`, `${fmt(r.heapGrowthMb)} MB`, verdict(f.nodes >= EXPORT_TARGET_NODES && r.ms < TARGET_MS)])),
  ];
}

if (require.main === module) {
  void measureExport().then((f) => {
    process.stdout.write(process.argv.includes('--json') ? `${JSON.stringify(f, null, 2)}\n` : `${renderExport(f).join('\n')}\n`);
  });
}
