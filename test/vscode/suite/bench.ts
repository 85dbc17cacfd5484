/**
 * Extension-host figures (§8)
 * ===========================
 * Run by bench_run.ts twice on the same folder: first with no snapshot, then with the one the first
 * run left. Prints `KGBENCH {json}` lines: activation → indexed → first CodeLens, and save → CodeLens
 * updated over repeated edits. Figures only; nothing here fails on a timing.
 */
import { appendFileSync, existsSync } from 'node:fs';
import * as vscode from 'vscode';
import { api, EXTENSION_ID, file, lensesAt, positionOf, waitFor } from './util';

const SAVES = 20;
const STOCK = 'inventory/stock.py';

function report(figure: Record<string, unknown>): void {
  console.log(`KGBENCH ${JSON.stringify(figure)}`);
}

/** Activation → indexed → (on the fixture) the first CodeLens on stock.py. */
async function activation(withLens: boolean): Promise<void> {
  const snapshot = existsSync(file('.kg-memory/graph.json').fsPath);
  const activeAtStart = vscode.extensions.getExtension(EXTENSION_ID)?.isActive ?? false;
  const t0 = performance.now();
  const kg = await api();
  const activated = performance.now();
  await kg.whenIndexed();
  const indexed = performance.now();
  if (withLens) await waitFor('the first CodeLens', async () => ((await lensesAt(file(STOCK), 'def count(')).length ? true : undefined), 30_000);
  const lens = withLens ? performance.now() : NaN;
  const folder = kg.folders()[0];
  const state = folder?.state;
  report({
    kind: 'activation',
    snapshot,
    activeAtStart,
    activateMs: activated - t0,
    indexedMs: indexed - t0,
    firstLensMs: lens - t0,
    hostUptimeAtFirstLensMs: Math.round(process.uptime() * 1000),
    indexReportMs: state?.kind === 'ready' ? state.report?.durationMs : undefined,
    parsed: state?.kind === 'ready' ? state.report?.parsed : undefined,
    snapshotNote: folder?.ws.status().snapshot,
  });
}

/** Adds or removes one call to Stock.add in orders.py, saves, and times until the lens shows it. */
async function saveToLens(): Promise<void> {
  const uri = file('inventory/orders.py');
  const doc = await vscode.workspace.openTextDocument(uri);
  const callers = async () => (await lensesAt(file(STOCK), 'def add(')).find((t) => /callers?$/.test(t));
  const base = await waitFor('the Stock.add lens', callers);
  const baseCount = Number.parseInt(base, 10);
  const times: number[] = [];
  const extra = '\n\ndef bench_return(stock: Stock, sku: str) -> None:\n    stock.add(sku, 1)\n';
  for (let i = 0; i < SAVES; i++) {
    const adding = i % 2 === 0;
    const edit = new vscode.WorkspaceEdit();
    const text = doc.getText();
    if (adding) edit.insert(uri, doc.positionAt(text.length), extra);
    else edit.delete(uri, new vscode.Range(doc.positionAt(text.indexOf(extra)), doc.positionAt(text.indexOf(extra) + extra.length)));
    await vscode.workspace.applyEdit(edit);
    const want = `${baseCount + (adding ? 1 : 0)} callers`;
    const t0 = performance.now();
    await doc.save();
    await waitFor(`"${want}"`, async () => ((await callers()) === want ? true : undefined), 10_000);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? NaN;
  report({ kind: 'saveToLens', saves: SAVES, p50Ms: pct(50), p95Ms: pct(95), maxMs: times[times.length - 1] });
}

/** Extension-host memory once the folder is indexed (the host process holds the extension). */
async function hostMemory(): Promise<void> {
  const kg = await api();
  await kg.whenIndexed();
  const folder = kg.folders()[0];
  const status = folder?.ws.status();
  const lines = folder ? [...folder.ws.graph.paths()].reduce((n, p) => n + (folder.ws.graph.node(`file:${p}`)?.lines ?? 0), 0) : 0;
  const m = process.memoryUsage();
  report({ kind: 'hostMemory', files: status?.files, nodes: status?.nodes, lines, rssMb: m.rss / 1e6, heapMb: m.heapUsed / 1e6 });
}

/**
 * A branch switch: 500 files change on disk at once (as `git checkout` writes them); times until the
 * graph holds every change, and counts the graph updates it took.
 */
async function branchSwitch(): Promise<void> {
  const kg = await api();
  await kg.whenIndexed();
  const folder = kg.folders()[0]!;
  const files = [...folder.ws.graph.paths()].filter((p) => p.endsWith('.py') && !p.endsWith('__init__.py')).sort().slice(0, 500);
  let updates = 0;
  const sub = folder.onDidChange(() => updates++);
  const t0 = performance.now();
  files.forEach((p, i) => appendFileSync(file(p).fsPath, `\n\ndef kg_branch_switch_${i}():\n    return ${i}\n`));
  await waitFor(
    `all ${files.length} changes in the graph`,
    () => (files.every((_p, i) => folder.ws.graph.findByName(`kg_branch_switch_${i}`).length > 0) ? true : undefined),
    120_000,
  );
  const ms = performance.now() - t0;
  sub.dispose();
  report({ kind: 'branchSwitch', files: files.length, ms, updates });
}

export async function run(): Promise<void> {
  // The fixture gets activation and save timings; a large corpus gets memory and a branch switch.
  if (!existsSync(file(STOCK).fsPath)) {
    await activation(false);
    await hostMemory();
    await branchSwitch();
    return;
  }
  await activation(true);
  // Keep the positions warm the way an editor would before timing saves.
  await positionOf(file(STOCK), 'def add(');
  await saveToLens();
}
