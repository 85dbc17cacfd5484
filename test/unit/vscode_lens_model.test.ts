/**
 * CodeLens and hover models, on graphs indexed from the resolve fixtures: what lenses a file gets,
 * where they are drawn after unsaved edits, which symbol a hovered word is, and the hover's text.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Workspace } from '../../extension/core/workspace';
import { callSites, callersOf, definitionsIn, symbolForWord } from '../../extension/vscode/graph_view';
import { escapeMarkdown, hoverData, hoverMarkdown } from '../../extension/vscode/lens_hover';
import { LineMap } from '../../extension/vscode/lens_linemap';
import { lensesFor, lensTitle, placeLenses, wordColumn, type LensSettings } from '../../extension/vscode/lens_model';
import { indexFixture } from '../helpers/workspace';

const ALL: LensSettings = { callers: true, tests: true, decisions: true };
const SERVICE = 'src/shop/service.py';

/** "id: 3 callers, 1 test" per definition, for readable assertions. */
function summary(ws: Workspace, path: string, settings: LensSettings = ALL): string[] {
  return lensesFor(ws.graph, path, settings).map((l) => `${l.def.id}@${l.def.anchor}: ${l.lines.map(lensTitle).join(', ')}`);
}

describe('CodeLens model (Python)', () => {
  let ws: Workspace;
  before(async () => {
    ws = await indexFixture('resolve/py_rules');
  });
  after(async () => {
    await ws.close();
  });

  it('gives functions, methods and classes their distinct callers and tests; zero stays quiet', () => {
    assert.deepEqual(summary(ws, SERVICE), [
      'py:shop.service:Notifier@6: 1 test',
      'py:shop.service:Notifier.notify_all@7: 1 caller, 1 test',
      // Service() is called from main, make_service and at module level (DEFAULT = Service()).
      'py:shop.service:Service@11: 3 callers, 1 test',
      'py:shop.service:Service.run@18: 3 callers, 1 test',
      // A nested function is a definition: it gets a lens, here because run calls it.
      'py:shop.service:Service.run.inner@24: 1 caller, 1 test',
      'py:shop.service:Service.clock@30: 1 caller',
      'py:shop.service:make_service@35: 2 callers, 1 test',
      'py:shop.service:build_repo@39: 1 caller',
    ]);
    // __init__ (nobody calls it by name), main, use_default: nothing to say, no lens.
    assert.ok(!summary(ws, SERVICE).some((s) => /__init__|:main@|use_default/.test(s)));
  });

  it('counts tests that reach a symbol transitively', () => {
    // Base.validate ← Base.save ← RepoCase.test_save / Repository.add ← TestRepo.test_add …
    assert.ok(summary(ws, 'src/shop/repo.py').includes('py:shop.repo:Base.validate@4: 1 caller, 3 tests'));
  });

  it('follows the settings, each kind on its own', () => {
    assert.deepEqual(summary(ws, SERVICE, { ...ALL, tests: false })[0], 'py:shop.service:Notifier.notify_all@7: 1 caller');
    assert.deepEqual(summary(ws, SERVICE, { ...ALL, callers: false })[0], 'py:shop.service:Notifier@6: 1 test');
    assert.deepEqual(summary(ws, SERVICE, { callers: false, tests: false, decisions: true }), []);
  });

  it('does not count a recursive call as a caller', () => {
    const g = ws.graph;
    const id = 'py:shop.service:build_repo';
    g.setEdge('calls', id, id, { lines: [41] });
    try {
      assert.equal(callersOf(g, id).length, 1);
      assert.ok(summary(ws, SERVICE).includes('py:shop.service:build_repo@39: 1 caller'));
    } finally {
      g.dropEdge(`calls|${id}|${id}`);
    }
  });

  it('lists call sites in the callers\' files, 0-based', () => {
    assert.deepEqual(
      callSites(ws.graph, 'py:shop.service:Service.run').map((s) => `${s.path}:${s.line}`),
      ['src/shop/service.py:44', 'src/shop/service.py:46', 'src/shop/service.py:57', 'tests/test_service.py:6'],
    );
  });

  it('places lenses on the current text: they follow inserted lines and hide with their line', () => {
    const lenses = lensesFor(ws.graph, SERVICE, ALL);
    const map = new LineMap();
    map.apply({ startLine: 0, startChar: 0, endLine: 0, endChar: 0, text: 'import os\n' }); // one line on top
    map.apply({ startLine: 31, startChar: 0, endLine: 32, endChar: 0, text: '' }); // delete `def clock` (old line 30)
    const placed = placeLenses(lenses, map, () => true);
    const at = new Map(placed.map((p) => [p.def.name, p.line]));
    assert.equal(at.get('run'), 19);
    assert.equal(at.get('clock'), undefined, 'its line is gone: no lens rather than a wrong one');
    assert.equal(at.get('make_service'), 35, 'below the deletion: +1 −1');
  });

  it('keeps a lens on a line edited in place only while the line still names it', () => {
    const lenses = lensesFor(ws.graph, SERVICE, ALL);
    const map = new LineMap();
    map.apply({ startLine: 35, startChar: 4, endLine: 35, endChar: 16, text: 'create_service' }); // rename make_service
    const text = new Map([[35, 'def create_service() -> Service:']]);
    const named = (line: number, name: string): boolean => wordColumn(text.get(line) ?? '', name) >= 0;
    const names = placeLenses(lenses, map, named).map((p) => p.def.name);
    assert.ok(!names.includes('make_service'), 'renamed: hidden until indexed');
    assert.ok(names.includes('build_repo'));
    text.set(35, 'def make_service(kind) -> Service:');
    assert.ok(placeLenses(lenses, map, named).some((p) => p.def.name === 'make_service'), 'a parameter added: still there');
  });

  it('finds the symbol of a hovered word where it is defined and where it is called', () => {
    const g = ws.graph;
    assert.equal(symbolForWord(g, SERVICE, 18, 'run'), 'py:shop.service:Service.run');
    assert.equal(symbolForWord(g, SERVICE, 44, 'make_service'), 'py:shop.service:make_service');
    assert.equal(symbolForWord(g, SERVICE, 44, 'run'), 'py:shop.service:Service.run');
    assert.equal(symbolForWord(g, SERVICE, 53, 'Service'), 'py:shop.service:Service', 'module-level code calls from the file node');
    assert.equal(symbolForWord(g, SERVICE, 44, 'print'), undefined);
    assert.equal(symbolForWord(g, SERVICE, 45, 'make_service'), undefined, 'not called on that line');
  });

  it('writes the hover: signature block, doc line, callers and tests as links', () => {
    const d = hoverData(ws.graph, 'py:shop.repo:Repository');
    assert.ok(d);
    const md = hoverMarkdown(d, (p) => `go:${p.path}#${p.line}`);
    assert.equal(
      md,
      [
        '```python\nclass Repository(Base)\n```',
        'Stores items\\.',
        '**4 callers**: [Service\\.\\_\\_init\\_\\_](go:src/shop/service.py#16 "src/shop/service.py:17") · [build\\_repo](go:src/shop/service.py#40 "src/shop/service.py:41") · ' +
          '[TestRepo\\.test\\_add](go:tests/test_service.py#15 "tests/test_service.py:16") · [RepoCase\\.test\\_save](go:tests/test_service.py#21 "tests/test_service.py:22")  \n' +
          '**3 tests**: [RepoCase\\.test\\_save](go:tests/test_service.py#20 "tests/test_service.py:21") · [TestRepo\\.test\\_add](go:tests/test_service.py#14 "tests/test_service.py:15") · ' +
          '[test\\_run](go:tests/test_service.py#5 "tests/test_service.py:6") _(through Service\\.run)_',
      ].join('\n\n'),
    );
    const quiet = hoverData(ws.graph, 'py:shop.service:main');
    assert.ok(quiet);
    assert.match(hoverMarkdown(quiet, () => 'x'), /no callers found {2}\nno tests found$/);
  });

  it('cuts a long list of links with "and N more"', () => {
    const d = hoverData(ws.graph, 'py:shop.service:Service.run');
    assert.ok(d);
    const callers = d.sections.find((s) => s.kind === 'callers');
    assert.ok(callers);
    callers.total = 9;
    assert.match(hoverMarkdown(d, () => 'x'), /\*\*9 callers\*\*: .* · and 6 more/);
  });

  it('escapes Markdown in names', () => {
    assert.equal(escapeMarkdown('__init__ [x](y)'), '\\_\\_init\\_\\_ \\[x\\]\\(y\\)');
  });
});

describe('CodeLens model (TypeScript, TSX)', () => {
  let ws: Workspace;
  before(async () => {
    ws = await indexFixture('resolve/ts_rules');
  });
  after(async () => {
    await ws.close();
  });

  it('gives classes, methods and functions their lenses', () => {
    assert.deepEqual(summary(ws, 'src/core/service.ts'), [
      'ts:src/core/service:Service@5: 2 callers, 2 tests',
      'ts:src/core/service:Service.constructor@8: 2 tests',
      'ts:src/core/service:Service.run@15: 3 callers, 2 tests',
      'ts:src/core/service:makeService@26: 2 callers',
    ]);
    assert.deepEqual(summary(ws, 'src/ui/App.tsx'), ['ts:src/ui/App.tsx:useRunner@3: 1 caller']);
  });

  it('lists definitions only: no tests, no values', () => {
    const kinds = new Set(definitionsIn(ws.graph, 'test/service.test.ts').map((d) => d.kind));
    assert.ok(!kinds.has('test'));
  });
});
