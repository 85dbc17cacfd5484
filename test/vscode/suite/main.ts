/**
 * The extension in a real extension host
 * ======================================
 * Run by test/vscode/run.ts through @vscode/test-electron's runTests, on a temp copy of
 * test/fixtures/vscode_project. Tests run in order and build on each other: the edit, the delete
 * and the rename change the graph that the MCP test then reads.
 *
 * Fixture facts the counts come from (the CLI answers the same on the fixture):
 *   Stock.count  6 callers, 2 tests        Stock.add     2 callers (3 after the edit)
 *   formatPrice  2 callers, 2 tests        quickBuy      1 caller, 1 test
 *   Go Stock.Count (goshop/)  3 callers, 1 test     Java shop.Stock.count (javashop/)  3 callers, 1 test
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { connect, readEndpoint } from './mcp';
import { runAll, test } from './runner';
import { activeLocation, api, file, hoverText, lenses, lensesAt, positionOf, root, runPicking, runPickingItem, showAt, sleep, waitFor, waitForLens } from './util';

const STOCK = 'inventory/stock.py';
const GO_STOCK = 'goshop/stock.go';
const JAVA_STOCK = 'javashop/src/main/java/shop/Stock.java';
const COUNT_DEF = 'def count(';
const ADD_DEF = 'def add(';
const COMMANDS = ['reindexWorkspace', 'reindexFile', 'showCallers', 'showCallees', 'showImpact', 'findSymbol', 'showStatus', 'copyMcpConfig', 'openLog'];

test('activates and indexes the fixture folder', async () => {
  const kg = await api();
  await kg.whenIndexed();
  const folders = kg.folders();
  assert.equal(folders.length, 1);
  assert.equal(folders[0]?.state.kind, 'ready', JSON.stringify(folders[0]?.state));
  assert.ok(folders[0].ws.status().files >= 10, `files indexed: ${folders[0].ws.status().files}`);
}, 60_000);

test('CodeLens on a Python method: "6 callers", "2 tests"', async () => {
  const titles = await waitForLens(file(STOCK), COUNT_DEF, /^6 callers$/);
  assert.ok(titles.includes('2 tests'), JSON.stringify(titles));
});

test('CodeLens on TypeScript functions: formatPrice "2 callers", "2 tests"; quickBuy "1 caller", "1 test"', async () => {
  const price = await waitForLens(file('web/price.ts'), 'export function formatPrice', /^2 callers$/);
  assert.ok(price.includes('2 tests'), JSON.stringify(price));
  const quick = await waitForLens(file('web/checkout.ts'), 'export function quickBuy', /^1 callers?$/);
  assert.ok(quick.some((t) => /^1 tests?$/.test(t)), JSON.stringify(quick));
});

test('CodeLens and hover on a Go method: Stock.Count "3 callers", "1 test"; the hover shows its signature and doc', async () => {
  const titles = await waitForLens(file(GO_STOCK), 'func (s *Stock) Count(', /^3 callers$/);
  assert.ok(titles.some((t) => /^1 tests?$/.test(t)), JSON.stringify(titles));
  const pos = await positionOf(file(GO_STOCK), 'func (s *Stock) Count(', 'Count');
  const text = await waitFor('a KG Memory hover on Stock.Count', async () => {
    const t = await hoverText(file(GO_STOCK), pos);
    return /callers?/.test(t) ? t : undefined;
  });
  assert.match(text, /func \(s \*Stock\) Count\(sku string\) int/);
  assert.match(text, /units of sku on hand/);
  assert.match(text, /CanShip|Stock\.Add/);
});

test('CodeLens and hover on a Java method: shop.Stock.count "3 callers", "1 test"; the hover shows its signature and Javadoc', async () => {
  const titles = await waitForLens(file(JAVA_STOCK), 'public int count(', /^3 callers$/);
  assert.ok(titles.some((t) => /^1 tests?$/.test(t)), JSON.stringify(titles));
  const pos = await positionOf(file(JAVA_STOCK), 'public int count(', 'count');
  const text = await waitFor('a KG Memory hover on Stock.count (Java)', async () => {
    const t = await hoverText(file(JAVA_STOCK), pos);
    return /callers?/.test(t) ? t : undefined;
  });
  assert.match(text, /public int count\(String sku\)/);
  assert.match(text, /The units of sku on hand/);
  assert.match(text, /canShip|Stock\.add/);
});

test('CodeLens above classes (Stock, Cart)', async () => {
  await waitForLens(file(STOCK), 'class Stock', /callers?$/);
  await waitForLens(file('web/price.ts'), 'export class Cart', /callers?$/);
});

test('CodeLens while a document has unsaved edits: on a definition line or hidden, never on a wrong line', async () => {
  const uri = file(STOCK);
  const editor = await vscode.window.showTextDocument(uri, { preview: false });
  await editor.edit((e) => e.insert(new vscode.Position(0, 0), '# one\n# two\n# three\n'));
  try {
    await sleep(300);
    const doc = editor.document;
    const wrong = (await lenses(uri)).filter((l) => !/^\s*(async\s+)?(def|class)\s/.test(doc.lineAt(l.line).text));
    assert.deepEqual(wrong.map((l) => `${l.line + 1}: ${l.title} on ${JSON.stringify(doc.lineAt(l.line).text)}`), []);
  } finally {
    await vscode.commands.executeCommand('workbench.action.files.revert');
  }
  assert.equal(editor.document.isDirty, false);
});

test('Hover: signature, doc line, callers with the first few named, tests', async () => {
  const pos = await positionOf(file(STOCK), COUNT_DEF, 'count');
  const text = await waitFor('a KG Memory hover on Stock.count', async () => {
    const t = await hoverText(file(STOCK), pos);
    return /callers?/.test(t) ? t : undefined;
  });
  assert.match(text, /def count\(self, sku: str\) -> int/);
  assert.match(text, /Units of sku on hand/);
  assert.match(text, /6 callers/);
  assert.match(text, /place_order|audit|Stock\.add/);
  assert.match(text, /2 tests/);
});

test('every kgMemory command is registered', async () => {
  const all = new Set(await vscode.commands.getCommands(true));
  assert.deepEqual(COMMANDS.filter((c) => !all.has(`kgMemory.${c}`)), []);
});

test('Reindex Workspace: runs and the graph stays the same', async () => {
  await vscode.commands.executeCommand('kgMemory.reindexWorkspace');
  await (await api()).whenIndexed();
  await waitForLens(file(STOCK), COUNT_DEF, /^6 callers$/);
}, 60_000);

test('Reindex Current File: runs on the active editor', async () => {
  await showAt(STOCK, COUNT_DEF, 'count');
  await vscode.commands.executeCommand('kgMemory.reindexFile');
  await waitForLens(file(STOCK), COUNT_DEF, /^6 callers$/);
});

test('Show Callers: a quick pick of the callers; choosing one opens the call site', async () => {
  await showAt(STOCK, COUNT_DEF, 'count');
  const r = await runPicking('kgMemory.showCallers', true);
  assert.equal(r.error, undefined);
  const at = await waitFor('the editor to move to a caller', () => {
    const loc = activeLocation();
    return loc && !(loc.path === STOCK && loc.line === 18) ? loc : undefined;
  }, 5000, activeLocation);
  // Callers of Stock.count: audit.py:7, orders.py:7, stock.py:12 and :16, test_stock.py:8 and :15.
  const sites = ['inventory/audit.py:7', 'inventory/orders.py:7', 'inventory/stock.py:12', 'inventory/stock.py:16', 'tests/test_stock.py:8', 'tests/test_stock.py:15',
    'inventory/audit.py:5', 'inventory/orders.py:5', 'inventory/stock.py:10', 'inventory/stock.py:14', 'tests/test_stock.py:5', 'tests/test_stock.py:11'];
  assert.ok(sites.includes(`${at.path}:${at.line}`), `opened ${at.path}:${at.line}`);
});

test('Show Callees: a quick pick of what place_order calls; choosing one opens it', async () => {
  await showAt('inventory/orders.py', 'def place_order(', 'place_order');
  const r = await runPicking('kgMemory.showCallees', true);
  assert.equal(r.error, undefined);
  const at = await waitFor('the editor to move to a callee', () => {
    const loc = activeLocation();
    return loc && loc.path !== 'inventory/orders.py' ? loc : undefined;
  }, 5000, activeLocation);
  assert.equal(at.path, STOCK);
});

test('Show Impact: a quick pick of what a change to Stock.count may break; choosing one opens it', async () => {
  await showAt(STOCK, COUNT_DEF, 'count');
  assert.equal((await runPicking('kgMemory.showImpact', true)).error, undefined);
  const at = await waitFor('the editor to move to an impacted place', () => {
    const loc = activeLocation();
    return loc && !(loc.path === STOCK && loc.line === 18) ? loc : undefined;
  }, 5000, activeLocation);
  assert.match(at.path, /\.py$/);
});

test('Find Symbol in Graph: starts from the word at the cursor; choosing the first match opens its definition', async () => {
  await showAt('web/checkout.ts', 'formatPrice(cart', 'formatPrice');
  assert.equal((await runPicking('kgMemory.findSymbol', true)).error, undefined);
  const at = await waitFor('the editor to open formatPrice', () => {
    const loc = activeLocation();
    return loc && loc.path !== 'web/checkout.ts' ? loc : undefined;
  }, 5000, activeLocation);
  assert.deepEqual(at, { path: 'web/price.ts', line: 2 });
});

test('Show Status: opens the status report (folder, counts)', async () => {
  assert.equal((await runPicking('kgMemory.showStatus', false)).error, undefined);
  const doc = await waitFor('the status report document', () => vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'kg-memory'), 5000);
  const text = doc.getText();
  assert.match(text, /vscode_project/);
  // Python, TypeScript, Go and Java files of the fixture: the report says how many the index holds.
  const files = (await api()).folders()[0]!.ws.status().files;
  assert.ok(files >= 16, `files indexed: ${files}`);
  assert.match(text, new RegExp(`\\b${files}\\b`), 'the file count');
});

test('CodeLens "2 tests" click: a quick pick of the tests; choosing one opens it', async () => {
  await showAt(STOCK, COUNT_DEF, 'count');
  const line = (await positionOf(file(STOCK), COUNT_DEF)).line;
  const all = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', file(STOCK), 200)) ?? [];
  const lens = all.find((l) => l.range.start.line === line && l.command?.title === '2 tests');
  assert.ok(lens?.command, 'the tests lens has a command');
  assert.equal((await runPicking(lens.command.command, true, ...(lens.command.arguments ?? []))).error, undefined);
  const at = await waitFor('the editor to open a test', () => {
    const loc = activeLocation();
    return loc?.path === 'tests/test_stock.py' ? loc : undefined;
  }, 5000, activeLocation);
  assert.ok([5, 11].includes(at.line), `opened tests/test_stock.py:${at.line}`);
});

test('CodeLens "6 callers" click: runs (peeks the call sites)', async () => {
  await showAt(STOCK, COUNT_DEF, 'count');
  const line = (await positionOf(file(STOCK), COUNT_DEF)).line;
  const all = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', file(STOCK), 200)) ?? [];
  const lens = all.find((l) => l.range.start.line === line && l.command?.title === '6 callers');
  assert.ok(lens?.command, 'the callers lens has a command');
  assert.equal((await runPicking(lens.command.command, false, ...(lens.command.arguments ?? []))).error, undefined);
  await vscode.commands.executeCommand('closeReferenceSearch');
});

test('Copy MCP Configuration: the first client\'s snippet reaches the clipboard', async () => {
  await vscode.env.clipboard.writeText('');
  assert.equal((await runPicking('kgMemory.copyMcpConfig', true)).error, undefined);
  const text = await waitFor('the clipboard to hold the configuration', async () => {
    const t = await vscode.env.clipboard.readText();
    return t ? t : undefined;
  }, 5000);
  assert.match(text, /kg-memory/);
});

test('Open Log: runs', async () => {
  await vscode.commands.executeCommand('kgMemory.openLog');
});

test('edit + save: a new call makes Stock.add "3 callers"', async () => {
  await waitForLens(file(STOCK), ADD_DEF, /^2 callers$/);
  const uri = file('inventory/orders.py');
  const doc = await vscode.workspace.openTextDocument(uri);
  const edit = new vscode.WorkspaceEdit();
  edit.insert(uri, doc.positionAt(doc.getText().length),
    '\n\ndef return_order(stock: Stock, sku: str) -> None:\n    """A customer brings one back."""\n    stock.add(sku, 1)\n');
  assert.ok(await vscode.workspace.applyEdit(edit));
  assert.ok(await doc.save());
  await waitForLens(file(STOCK), ADD_DEF, /^3 callers$/);
});

test('a file deleted outside the editor: Stock.count drops to "5 callers"', async () => {
  unlinkSync(file('inventory/audit.py').fsPath);
  await waitForLens(file(STOCK), COUNT_DEF, /^5 callers$/);
});

test('a file renamed outside the editor: Stock.add keeps "3 callers", the hover names the new file', async () => {
  renameSync(file('inventory/restock.py').fsPath, file('inventory/supply.py').fsPath);
  const pos = await positionOf(file(STOCK), ADD_DEF, 'add');
  let last = '';
  await waitFor('the hover on Stock.add to link inventory/supply.py, not restock.py', async () => {
    last = await hoverText(file(STOCK), pos);
    return /supply/.test(last) && !/restock/.test(last) ? true : undefined;
  }, 10_000, () => last);
  assert.deepEqual((await lensesAt(file(STOCK), ADD_DEF)).filter((t) => /callers?$/.test(t)), ['3 callers']);
});

test('saves the file filter and the read guard refuse: a git-ignored file, a default-excluded folder, a link out of the root stay out of the graph', async () => {
  const ws = (await api()).folders()[0]!.ws;
  const outside = mkdtempSync(join(tmpdir(), 'kg-host-outside-'));
  writeFileSync(join(outside, 'canary.py'), 'def canary_outside_root():\n    return 1\n');
  writeFileSync(file('.gitignore').fsPath, 'scratch.py\n');
  const saved = async (rel: string, text: string): Promise<void> => {
    writeFileSync(file(rel).fsPath, '');
    const doc = await vscode.workspace.openTextDocument(file(rel));
    const edit = new vscode.WorkspaceEdit();
    edit.insert(doc.uri, new vscode.Position(0, 0), text);
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.ok(await doc.save(), `${rel} saved`);
  };
  mkdirSync(file('build').fsPath, { recursive: true });
  await saved('scratch.py', 'def scratch_ignored():\n    return 1\n');
  await saved('build/gen.py', 'def built_excluded():\n    return 1\n');
  symlinkSync(join(outside, 'canary.py'), file('linked.py').fsPath);
  await saved('inventory/probe.py', 'def probe_kept():\n    return 1\n');
  await waitFor('the saved probe.py in the graph', () => (ws.facts('inventory/probe.py') ? true : undefined), 10_000);
  await sleep(500); // the link's watcher event, batched after the saves
  for (const rel of ['scratch.py', 'build/gen.py', 'linked.py']) assert.equal(ws.facts(rel), undefined, `${rel} must stay out of the graph`);
  assert.ok(!ws.graph.canonical().includes('canary_outside_root'), 'nothing of the outside file is in the graph');
  unlinkSync(file('linked.py').fsPath);
  unlinkSync(file('inventory/probe.py').fsPath);
  await waitFor('probe.py gone again', () => (ws.facts('inventory/probe.py') ? undefined : true), 10_000);
}, 40_000);

test('MCP: an agent reads .kg-memory/endpoint.json, connects with the token, lists the tools, asks callers of the live graph', async () => {
  const folder = root().fsPath;
  const endpoint = await waitFor('.kg-memory/endpoint.json', () => readEndpoint(folder), 10_000);
  assert.match(endpoint.url, /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/mcp$/);
  assert.equal(endpoint.pid, process.pid, 'the extension host serves');
  const client = await connect(endpoint);
  try {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const t of ['search', 'find_symbol', 'callers', 'callees', 'impact', 'tests_for', 'status']) assert.ok(names.includes(t), `tool ${t} in ${names.join(', ')}`);
    const answer = await client.callTool({ name: 'callers', arguments: { target: 'inventory.stock.Stock.add' } });
    assert.ok(!answer.isError, JSON.stringify(answer.content));
    const sc = answer.structuredContent as { total: number; levels: { items: { id: string }[] }[] };
    const ids = sc.levels.flatMap((l) => l.items.map((i) => i.id)).sort();
    // The live graph: the saved edit, and the renamed file under its new module name.
    assert.deepEqual(ids, ['py:inventory.orders:cancel_order', 'py:inventory.orders:return_order', 'py:inventory.supply:receive_delivery']);
    assert.equal(sc.total, 3);
  } finally {
    await client.close();
  }
});

test('Show Impact of Uncommitted Changes, then of the commit: the summary names the changed method; the explorer highlights the answer', async () => {
  const folder = root().fsPath;
  const git = (...args: string[]): string => execFileSync('git', ['-c', 'user.name=kg', '-c', 'user.email=kg@example.com', ...args], { cwd: folder, encoding: 'utf8' }).trim();
  git('init', '-q');
  git('add', 'inventory', 'web', 'tests');
  git('commit', '-qm', 'base');
  // An edit inside Stock.count, saved in the editor.
  const editor = await showAt(STOCK, COUNT_DEF);
  const line = (await positionOf(file(STOCK), COUNT_DEF)).line + 2;
  await editor.edit((e) => e.insert(new vscode.Position(line, 0), '        # counted on hand\n'));
  await editor.document.save();
  const kg = await api();
  await kg.whenIndexed();

  const summary = async (command: string, ...args: unknown[]): Promise<string> => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.equal((await runPicking(command, true, ...args)).error, undefined);
    return waitFor('the review summary', () => {
      const doc = vscode.window.activeTextEditor?.document;
      return doc?.languageId === 'markdown' ? doc.getText() : undefined;
    }, 10_000);
  };
  const uncommitted = await summary('kgMemory.showChangesImpact');
  assert.match(uncommitted, /Stock\.count|count/, uncommitted.slice(0, 400));
  assert.match(uncommitted, /inventory\/stock\.py/);

  // The second choice: the explorer opens and draws the answer highlighted.
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  assert.equal((await runPickingItem('kgMemory.showChangesImpact', 1)).error, undefined);
  const drawn = await waitFor('the explorer draws the highlight', () => kg.explorerHighlights().find((h) => h.label.startsWith('Impact of') && h.shown > 0), 30_000);
  assert.ok(drawn.shown >= 2, `the changed file and method at least: ${JSON.stringify(drawn)}`);

  git('commit', '-qam', 'count: a comment');
  const head = git('rev-parse', 'HEAD');
  const parent = git('rev-parse', 'HEAD~1');
  // The Source Control graph passes its history item: an id and parent ids.
  const commit = await summary('kgMemory.showCommitImpact', { id: head, parentIds: [parent], message: 'count: a comment' });
  assert.match(commit, /count/);
  assert.match(commit, new RegExp(head.slice(0, 12)));
}, 90_000);

test('the snapshot is on disk for the next start (.kg-memory/graph.json)', async () => {
  await waitFor('.kg-memory/graph.json', () => (existsSync(file('.kg-memory/graph.json').fsPath) ? true : undefined), 10_000);
});

export function run(): Promise<void> {
  return runAll('vscode-host');
}
