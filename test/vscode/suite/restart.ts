/**
 * A second start on the same folder
 * =================================
 * The harness runs this in a new extension host on the folder the main suite left behind, after
 * appending one function to web/checkout.ts while "VS Code was closed". The snapshot must load
 * (the status says "loaded"), only that file is parsed again, and the graph is the one the first
 * session ended with plus the change.
 */
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import * as vscode from 'vscode';
import { runAll, test } from './runner';
import { api, file, waitFor, waitForLens } from './util';

test('restart: .kg-memory/graph.json from the first session is there', () => {
  assert.ok(existsSync(file('.kg-memory/graph.json').fsPath));
});

test('restart: the snapshot is loaded and only the file changed while closed is parsed', async () => {
  const kg = await api();
  await kg.whenIndexed();
  const folder = kg.folders()[0];
  assert.ok(folder, 'one folder');
  const note = folder.ws.status().snapshot ?? '(no snapshot note)';
  assert.match(note, /^loaded/);
  const state = folder.state;
  assert.equal(state.kind, 'ready');
  const report = state.kind === 'ready' ? state.report : undefined;
  assert.ok(report, 'the start-up index reported');
  // Only web/checkout.ts changed while closed. More means the first session's own updates (its save,
  // the outside delete and rename) never reached the snapshot it left behind.
  assert.equal(report.parsed, 1, `parsed ${report.parsed}, removed ${report.removed}, unchanged ${report.unchanged}; snapshot ${note}`);
}, 60_000);

test('restart: the lenses show the first session\'s graph and the change made while closed', async () => {
  await waitForLens(file('inventory/stock.py'), 'def add(', /^3 callers$/);
  await waitForLens(file('inventory/stock.py'), 'def count(', /^5 callers$/);
  await waitForLens(file('web/price.ts'), 'export function formatPrice', /^3 callers$/);
});

test('restart: Show Status reports the snapshot as loaded', async () => {
  await vscode.commands.executeCommand('kgMemory.showStatus');
  const doc = await waitFor('the status report document', () => vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'kg-memory'), 5000);
  assert.match(doc.getText(), /loaded/);
});

export function run(): Promise<void> {
  return runAll('vscode-host-restart');
}
