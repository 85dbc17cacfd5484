/**
 * Extension-host figures (§8)
 * ===========================
 * Run by bench_run.ts twice on the same folder: first with no snapshot, then with the one the first
 * run left. Prints `KGBENCH {json}` lines: activation → indexed → first CodeLens, and save → CodeLens
 * updated over repeated edits. Figures only; nothing here fails on a timing.
 */
import { existsSync } from 'node:fs';
import * as vscode from 'vscode';
import { api, EXTENSION_ID, file, lensesAt, positionOf, waitFor } from './util';

const SAVES = 20;
const STOCK = 'inventory/stock.py';

function report(figure: Record<string, unknown>): void {
  console.log(`KGBENCH ${JSON.stringify(figure)}`);
}

async function activation(): Promise<void> {
  const snapshot = existsSync(file('.kg-memory/graph.json').fsPath);
  const activeAtStart = vscode.extensions.getExtension(EXTENSION_ID)?.isActive ?? false;
  const t0 = performance.now();
  const kg = await api();
  const activated = performance.now();
  await kg.whenIndexed();
  const indexed = performance.now();
  await waitFor('the first CodeLens', async () => ((await lensesAt(file(STOCK), 'def count(')).length ? true : undefined), 30_000);
  const lens = performance.now();
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

export async function run(): Promise<void> {
  await activation();
  // Keep the positions warm the way an editor would before timing saves.
  await positionOf(file(STOCK), 'def add(');
  await saveToLens();
}
