/**
 * Bench child process
 * ===================
 * One measurement per fresh process, so timings and RSS are not coloured by earlier work. The bench
 * bundles this file with esbuild (like dist/cli.js) and runs `node child.js <command> ...`; the
 * result is one JSON line on stdout.
 *   index <dir>                       full cold index with persist (writes the snapshot)
 *   incremental <dir> <edits>         ws.update([path]) after edits of different files
 *   coldstart <dir> <symbol>          Workspace.open (loads the snapshot) + the first query, then RSS
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { callers } from '../../extension/core/query';
import { Workspace } from '../../extension/core/workspace';

function rssMb(): number {
  return Math.round((process.memoryUsage().rss / 2 ** 20) * 10) / 10;
}

function linesIndexed(ws: Workspace): number {
  let lines = 0;
  for (const path of ws.graph.paths()) lines += ws.facts(path)?.lines ?? 0;
  return lines;
}

async function runIndex(dir: string): Promise<Record<string, unknown>> {
  const t0 = performance.now();
  const ws = await Workspace.open(dir, { persist: true });
  const t1 = performance.now();
  const report = await ws.index({ full: true });
  const t2 = performance.now();
  const status = ws.status();
  let snapshotBytes = 0;
  try {
    snapshotBytes = statSync(join(ws.root, '.kg-memory', 'graph.json')).size;
  } catch {
    snapshotBytes = -1;
  }
  const out = {
    openMs: t1 - t0,
    indexMs: t2 - t1,
    reportMs: report.durationMs,
    files: report.files,
    parsed: report.parsed,
    failed: report.failed.length,
    firstFailure: report.failed[0]?.error.split('\n')[0],
    skipped: report.skipped.length,
    nodes: status.nodes,
    edges: status.edges,
    lines: linesIndexed(ws),
    snapshotBytes,
    rssMb: rssMb(),
  };
  await ws.close();
  return out;
}

/** A header line whose body can take one more statement right below it. */
const PY_DEF = /^(\s*)(async\s+)?def\s+\w+\s*\(.*\)\s*(->\s*[^:]+)?:\s*(#.*)?$/;
const TS_FN = /^(\s*)(export\s+)?(async\s+)?function\s*\*?\s*\w+\s*(<[^>]*>)?\s*\(.*\)\s*(:\s*[^{]+)?\{\s*$/;

interface Edit {
  path: string;
  kind: 'body' | 'add';
}

function planEdits(ws: Workspace, count: number): Edit[] {
  const paths = [...ws.graph.paths()].filter((p) => /\.(py|ts|tsx|js)$/.test(p)).sort();
  const edits: Edit[] = [];
  // Spread the edits over the whole tree: every k-th file.
  const step = Math.max(1, Math.floor(paths.length / (count * 2)));
  for (let i = 0; i < paths.length && edits.length < count; i += step) {
    const path = paths[i]!;
    const text = readFileSync(join(ws.root, path), 'utf8');
    const re = path.endsWith('.py') ? PY_DEF : TS_FN;
    const kind: Edit['kind'] = edits.length % 2 === 0 ? 'body' : 'add';
    if (kind === 'body' && !text.split('\n').some((l) => re.test(l))) continue;
    edits.push({ path, kind });
  }
  return edits;
}

function applyEdit(abs: string, edit: Edit, n: number): void {
  const text = readFileSync(abs, 'utf8');
  const py = edit.path.endsWith('.py');
  if (edit.kind === 'add') {
    const added = py
      ? `\n\ndef bench_added_${n}(a, b):\n    return a + b\n`
      : `\nexport function benchAdded${n}(a: number, b: number): number {\n  return a + b;\n}\n`;
    writeFileSync(abs, text + added);
    return;
  }
  const lines = text.split('\n');
  const re = py ? PY_DEF : TS_FN;
  const at = lines.findIndex((l) => re.test(l));
  const indent = `${re.exec(lines[at]!)?.[1] ?? ''}    `;
  lines.splice(at + 1, 0, py ? `${indent}bench_local_${n} = ${n}` : `${indent}const benchLocal${n} = ${n};`);
  writeFileSync(abs, lines.join('\n'));
}

async function runIncremental(dir: string, count: number): Promise<Record<string, unknown>> {
  const ws = await Workspace.open(dir, { persist: true });
  if (ws.graph.order === 0) await ws.index();
  const edits = planEdits(ws, count);
  const samples: { path: string; kind: string; ms: number; parsed: number }[] = [];
  // One warm-up update (the first parse loads the grammar in process) is timed apart.
  let warmupMs = 0;
  for (let i = 0; i < edits.length; i++) {
    const edit = edits[i]!;
    applyEdit(join(ws.root, edit.path), edit, i);
    const t0 = performance.now();
    const report = await ws.update([edit.path]);
    const ms = performance.now() - t0;
    if (i === 0) warmupMs = ms;
    samples.push({ path: edit.path, kind: edit.kind, ms, parsed: report.parsed });
  }
  const out = { nodes: ws.graph.order, edges: ws.graph.size, warmupMs, samples, rssMb: rssMb() };
  await ws.close();
  return out;
}

async function runColdStart(dir: string, symbol: string): Promise<Record<string, unknown>> {
  const t0 = performance.now();
  const ws = await Workspace.open(dir, { persist: true });
  const t1 = performance.now();
  const result = callers(ws.graph, { target: symbol });
  const t2 = performance.now();
  const out = {
    openMs: t1 - t0,
    queryMs: t2 - t1,
    totalMs: t2 - t0,
    nodes: ws.graph.order,
    edges: ws.graph.size,
    callers: result.total,
    snapshot: ws.status().snapshot,
    rssMb: rssMb(),
  };
  await ws.close();
  return out;
}

async function main(): Promise<void> {
  const [command, dir, arg] = process.argv.slice(2);
  if (!command || !dir) throw new Error('usage: child.js index|incremental|coldstart <dir> [arg]');
  let out: Record<string, unknown>;
  if (command === 'index') out = await runIndex(dir);
  else if (command === 'incremental') out = await runIncremental(dir, Number(arg ?? 50));
  else if (command === 'coldstart') out = await runColdStart(dir, arg ?? '');
  else throw new Error(`unknown command ${command}`);
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
