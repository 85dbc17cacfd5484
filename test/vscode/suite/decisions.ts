/**
 * The decision graph in a real extension host
 * ===========================================
 * Run by test/vscode/run_decisions.ts on a temp copy of test/fixtures/decisions/store. Tests run in
 * order and build on each other: the record is edited and saved, then a method it names is renamed.
 *
 * Fixture facts: ADR-0004 (accepted) names `OrderService.place_order` and `load_config()` and the
 * missing `OrderManager`; ADR-0003 (superseded) names the folder shop/orders/.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { runAll, test } from './runner';
import { api, file, hoverText, positionOf, waitFor } from './util';

const SERVICE = 'shop/orders/service.py';
const A4 = 'docs/adr/0004-the-order-service-owns-caching.md';

/** Every KG Memory lens title in a file, "line: title" (0-based lines). */
async function lensTitles(uri: vscode.Uri): Promise<string[]> {
  const all = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 200)) ?? [];
  return all.filter((l) => l.command && /governed by|governs /.test(l.command.title)).map((l) => `${l.range.start.line}: ${l.command?.title ?? ''}`);
}

async function waitForTitles(what: string, uri: vscode.Uri, ok: (titles: string[]) => boolean, timeoutMs = 15_000): Promise<string[]> {
  let seen: string[] = [];
  return waitFor(
    what,
    async () => {
      seen = await lensTitles(uri);
      return ok(seen) ? seen : undefined;
    },
    timeoutMs,
    () => seen,
  );
}

function warnings(rel: string): string[] {
  return vscode.languages
    .getDiagnostics(file(rel))
    .filter((d) => d.source === 'KG Memory')
    .map((d) => `${d.range.start.line}:${d.range.start.character} ${d.message}`);
}

async function waitForWarnings(what: string, rel: string, ok: (w: string[]) => boolean, timeoutMs = 15_000): Promise<string[]> {
  let seen: string[] = [];
  return waitFor(
    what,
    () => {
      seen = warnings(rel);
      return ok(seen) ? seen : undefined;
    },
    timeoutMs,
    () => seen,
  );
}

test('indexes the decision fixture', async () => {
  const kg = await api();
  await kg.whenIndexed();
  assert.equal(kg.folders()[0]?.state.kind, 'ready');
}, 60_000);

test('"governed by" lenses on the governed method and at the top of the file', async () => {
  const uri = file(SERVICE);
  const line = (await positionOf(uri, 'def place_order(')).line;
  const titles = await waitForTitles('the governed lenses', uri, (t) => t.includes(`${line}: governed by ADR-0004 (accepted)`));
  assert.ok(titles.includes('0: governed by ADR-0003 (superseded)'), titles.join('\n'));
});

test('the lens opens the record at the line naming the method', async () => {
  const uri = file(SERVICE);
  const line = (await positionOf(uri, 'def place_order(')).line;
  const all = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 200)) ?? [];
  const lens = all.find((l) => l.range.start.line === line && l.command?.title === 'governed by ADR-0004 (accepted)');
  assert.ok(lens?.command, 'the lens has a command');
  await vscode.commands.executeCommand(lens.command.command, ...(lens.command.arguments ?? []));
  const editor = await waitFor('the record in the editor', () => (vscode.window.activeTextEditor?.document.uri.path.endsWith(A4) ? vscode.window.activeTextEditor : undefined));
  assert.match(editor.document.lineAt(editor.selection.active.line).text, /OrderService\.place_order/);
});

test('hover on the method names the governing records with title and sentence', async () => {
  const uri = file(SERVICE);
  const pos = await positionOf(uri, 'def place_order(', 'place_order');
  const text = await waitFor('a hover with decisions', async () => {
    const t = await hoverText(uri, pos);
    return /governed by/.test(t) ? t : undefined;
  });
  assert.match(text, /ADR\\-0004 \\\(accepted\\\)/);
  assert.match(text, /The order service owns caching/);
  assert.match(text, /command:kgMemory\.lens\.open/);
});

test('the record: "governs 2 files and symbols" at the top, warnings on stale mentions', async () => {
  const uri = file(A4);
  await vscode.window.showTextDocument(uri, { preview: false });
  await waitForTitles('the record lens', uri, (t) => t.includes('0: governs 2 files and symbols'));
  const w = await waitForWarnings('the stale-mention warnings', A4, (x) => x.some((m) => m.includes('OrderManager')));
  assert.ok(w.some((m) => /^12:49 OrderManager no longer resolves/.test(m)), w.join('\n'));
  assert.ok(w.some((m) => m.includes('ADR-0009')), w.join('\n'));
  assert.ok(vscode.languages.getDiagnostics(uri).every((d) => d.source !== 'KG Memory' || d.severity === vscode.DiagnosticSeverity.Warning));
});

test('editing the record and saving: the warning goes, the new mention governs', async () => {
  const uri = file(A4);
  const editor = await vscode.window.showTextDocument(uri, { preview: false });
  const text = editor.document.getText();
  const at = text.indexOf('`OrderManager`');
  assert.ok(at >= 0);
  await editor.edit((e) => e.replace(new vscode.Range(editor.document.positionAt(at), editor.document.positionAt(at + '`OrderManager`'.length)), '`OrderService`'));
  assert.ok(await editor.document.save(), 'saved');
  await waitForWarnings('the OrderManager warning gone', A4, (w) => !w.some((m) => m.includes('OrderManager')));
  await waitForTitles('the record lens counting OrderService', uri, (t) => t.includes('0: governs 3 files and symbols'));
  const service = file(SERVICE);
  const line = (await positionOf(service, 'class OrderService')).line;
  await waitForTitles('OrderService governed by ADR-0004 too', service, (t) => t.some((x) => x.startsWith(`${line}: governed by`) && x.includes('ADR-0004 (accepted)')));
}, 40_000);

test('renaming the governed method and saving: a warning on the record, the lens goes', async () => {
  const uri = file(SERVICE);
  const editor = await vscode.window.showTextDocument(uri, { preview: false });
  const pos = await positionOf(uri, 'def place_order(', 'place_order');
  await editor.edit((e) => e.replace(new vscode.Range(pos, pos.translate(0, 'place_order'.length)), 'submit_order'));
  assert.ok(await editor.document.save(), 'saved');
  const w = await waitForWarnings('a warning on OrderService.place_order', A4, (x) => x.some((m) => m.includes('OrderService.place_order')));
  assert.ok(w.some((m) => /OrderService has no member place_order/.test(m)), w.join('\n'));
  await waitForTitles('the record lens counting one less', file(A4), (t) => t.includes('0: governs 2 files and symbols'));
  const defLine = (await positionOf(uri, 'def submit_order(')).line;
  assert.ok(!(await lensTitles(uri)).some((t) => t.startsWith(`${defLine}: governed by ADR-0004`)));
}, 40_000);

test('a note written and saved in the editor: the hover says which document mentions the function', async () => {
  const notes = file('NOTES.md');
  await vscode.workspace.fs.writeFile(notes, new Uint8Array());
  const editor = await vscode.window.showTextDocument(notes, { preview: false });
  await editor.edit((e) => e.insert(new vscode.Position(0, 0), '# Notes\n\nConfiguration is read once by `load_config` when the service starts.\n'));
  assert.ok(await editor.document.save(), 'saved');
  const uri = file(SERVICE);
  const pos = await positionOf(uri, 'def load_config(', 'load_config');
  const text = await waitFor('a hover naming the note', async () => {
    const t = await hoverText(uri, pos);
    return /mentioned in 1 doc/.test(t) ? t : undefined;
  });
  assert.match(text, /NOTES\.md/);
}, 30_000);

export function run(): Promise<void> {
  return runAll('vscode-host-decisions');
}
