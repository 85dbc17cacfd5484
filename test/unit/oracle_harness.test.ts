/**
 * Oracle harness tests
 * ====================
 * The oracles define "truth" for the accuracy test, so they are tested themselves: each finds
 * hand-checked edges in its fixture (and not the traps next to them), the TS oracle agrees with
 * the TypeScript call hierarchy on plain functions, pyright runs from node_modules, and the
 * comparison arithmetic is right on small inputs.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import ts from 'typescript';
import { compareEdges, formatComparison, scopeFor, type EdgeLike } from '../oracle/compare';
import { pyrightOracle } from '../oracle/pyright_oracle';
import { createTsService, tsOracle } from '../oracle/ts_oracle';
import { declKey, edgeKeyOf, listSourceFiles, PY_EXTENSIONS, TS_EXTENSIONS, toRootRelative, type OracleEdge, type OracleResult } from '../oracle/types';

const FIXTURES = join(__dirname, '..', 'fixtures', 'oracle');

const has = (result: OracleResult, edge: string): boolean => result.edges.some((e) => edgeKeyOf(e) === edge);
const missing = (result: OracleResult, edges: string[]): string[] => edges.filter((e) => !has(result, e));

describe('TS oracle on ts_shop', () => {
  const root = join(FIXTURES, 'ts_shop');
  let result: OracleResult;
  before(() => {
    result = tsOracle(root, listSourceFiles(root, TS_EXTENSIONS));
  });

  it('resolves through path aliases, barrels, renamed and default re-exports, namespaces, super and interfaces', () => {
    assert.deepEqual(
      missing(result, [
        'src/services/catalog.ts:18 -> src/core/repo.ts:6', // this.repo.findById → Repo interface (ctor parameter property)
        'src/services/factory.ts:17 -> src/core/repo.ts:31', // new MemoryRepository → InMemoryRepo (export { a as b } from)
        'src/services/orders.ts:11 -> src/util/logger.ts:31', // util.makeLogger (import * as, export { default as })
        'src/services/orders.ts:7 -> src/core/pricing.ts:21', // field initializer new PriceCalculator() → the class
        'src/core/repo.ts:48 -> src/core/repo.ts:17', // super.save
        'src/core/repo.ts:35 -> src/core/repo.ts:11', // super() → the base class, which declares no constructor
        'src/services/catalog.ts:14 -> src/services/base.ts:7', // super('catalog') → the base's declared constructor
        'src/app.ts:46 -> src/services/factory.ts:25', // a const arrow function
        'src/app.ts:46 -> src/app.ts:36', // createApp().stats(): return type
        'src/core/pricing.ts:35 -> src/core/pricing.ts:5', // rule.applies → DiscountRule interface method
      ]),
      [],
    );
  });

  it('attributes module code to line 0, callbacks to their function, test blocks to their call line', () => {
    assert.deepEqual(
      missing(result, [
        'src/app.ts:0 -> src/app.ts:42', // export const app = createApp()
        'src/core/repo.ts:35 -> src/core/repo.ts:48', // seed.forEach((item) => this.save(item))
        'src/ui/App.tsx:9 -> src/util/strings.ts:5', // inside a nested const arrow: that arrow is the caller
        'src/ui/App.tsx:6 -> src/ui/App.tsx:9', // an arrow callback is transparent: ShopApp calls onSearch
        'test/catalog.test.ts:22 -> test/catalog.test.ts:7', // it('adds and searches') → freshCatalog
        'test/catalog.test.ts:11 -> src/services/factory.ts:13', // beforeEach inside describe → the describe
        'test/catalog.test.ts:45 -> src/core/models.ts:61', // it.each(...)('…')
        'src/ui/ProductList.tsx:5 -> src/ui/ProductCard.tsx:10', // JSX <ProductCard/> → default-exported component
      ]),
      [],
    );
    const testCallers = result.callers.filter((c) => c.kind === 'test').map((c) => `${c.line} ${c.name}`);
    assert.deepEqual(testCallers.sort(), ['11 CatalogService', '18 finds a seeded product', '22 adds and searches', '29 summary', '30 truncates long names', '37 orders', '40 prices an order with tax', '45 money adds up %i'].sort());
  });

  it('does not count references, getters or externals as calls; a nested function is a definition', () => {
    assert.equal(has(result, 'src/core/pricing.ts:31 -> src/core/models.ts:65'), false); // .map(lineTotal) is a reference
    assert.equal(result.edges.some((e) => declKey(e.callee) === 'src/core/models.ts:50'), false); // get amount()
    assert.ok(has(result, 'src/util/strings.ts:20 -> src/util/strings.ts:25')); // formatMoney calls its nested pad()
    assert.ok(result.edges.every((e) => !e.callee.path.includes('node_modules') && !e.callee.path.startsWith('..')));
  });

  it('agrees with the TypeScript call hierarchy on module-level functions', () => {
    const files = listSourceFiles(root, TS_EXTENSIONS);
    const { service, root: realRoot, absFiles } = createTsService(root, files);
    const program: ts.Program | undefined = service.getProgram();
    if (!program) throw new Error('no program');
    const graphLevel = new Set(result.declarations.map(declKey));
    let compared = 0;
    for (const abs of absFiles) {
      const sf: ts.SourceFile | undefined = program.getSourceFile(abs);
      if (!sf) throw new Error(`${abs} is not in the program`);
      for (const stmt of sf.statements) {
        if (!ts.isFunctionDeclaration(stmt) || !stmt.name || !stmt.body) continue;
        const item = service.prepareCallHierarchy(abs, stmt.name.getStart(sf));
        const first = Array.isArray(item) ? item[0] : item;
        assert.ok(first, `no call hierarchy item for ${stmt.name.text}`);
        const fromHierarchy = new Set<string>();
        for (const call of service.provideCallHierarchyOutgoingCalls(abs, first.selectionSpan.start)) {
          const rel = toRootRelative(realRoot, call.to.file);
          if (rel.startsWith('..') || rel.includes('node_modules/')) continue;
          const target = program.getSourceFile(call.to.file);
          assert.ok(target);
          const key = `${rel}:${target.getLineAndCharacterOfPosition(call.to.selectionSpan.start).line + 1}`;
          if (graphLevel.has(key)) fromHierarchy.add(key);
        }
        const callerKey: string = `${toRootRelative(realRoot, abs)}:${sf.getLineAndCharacterOfPosition(stmt.name.getStart(sf)).line + 1}`;
        const ours: Set<string> = new Set(result.edges.filter((e) => declKey(e.caller) === callerKey).map((e) => declKey(e.callee)));
        // Both take a nested `const f = () => …` or `function f` as a definition of its own.
        assert.deepEqual([...ours].sort(), [...fromHierarchy].sort(), `${callerKey} (${stmt.name.text})`);
        compared++;
      }
    }
    assert.ok(compared >= 20, `compared only ${compared} functions`);
  });
});

describe('TS oracle on js_app (CommonJS and ESM, no JSDoc)', () => {
  const root = join(FIXTURES, 'js_app');
  let result: OracleResult;
  before(() => {
    result = tsOracle(root, listSourceFiles(root, TS_EXTENSIONS));
  });

  it('follows require, module.exports and exports.x to the declarations', () => {
    assert.deepEqual(
      missing(result, [
        'lib/users.js:18 -> lib/store.js:45', // const { createStore } = require('./store')
        'lib/users.js:22 -> lib/validate.js:14', // validate.validateUser, exports.validateUser = validateUser
        'lib/users.js:22 -> lib/store.js:15', // this.store.set: type inferred from createStore()
        'src/handlers.js:0 -> lib/users.js:17', // ESM default import of module.exports = class
        'src/handlers.js:18 -> src/events.js:23', // bus.emit on a default-exported instance
        'src/http.js:47 -> src/http.js:34', // super.dispatch
        'src/http.js:42 -> src/http.js:12', // super('/api') → Router's constructor
        'test/users.test.js:16 -> test/users.test.js:9', // it(...) → makeRepo
      ]),
      [],
    );
  });
});

describe('pyright oracle on py_shop', () => {
  const root = join(FIXTURES, 'py_shop');
  let result: OracleResult;
  before(async () => {
    result = await pyrightOracle(root, listSourceFiles(root, PY_EXTENSIONS));
  });

  it('runs pyright from node_modules and answers for every def', () => {
    assert.ok(result.edges.length > 100, `only ${result.edges.length} edges`);
    assert.ok(result.callers.every((c) => c.line > 0 && c.kind !== 'class'));
    assert.ok(result.callers.some((c) => c.kind === 'test' && c.name === 'test_place_and_price'));
  });

  it('resolves super(), typed attributes, module instances, return types and re-exports', () => {
    assert.deepEqual(
      missing(result, [
        'src/shop/repository.py:36 -> src/shop/repository.py:11', // super().__init__() → base __init__
        'src/shop/services/catalog.py:26 -> src/shop/repository.py:15', // self.repo.find, repo: Repository
        'src/shop/app.py:31 -> src/shop/client.py:22', // client.send on client = Client()
        'src/shop/factory.py:15 -> src/shop/services/catalog.py:11', // catalog_mod.CatalogService(...) → the class
        'src/shop/app.py:43 -> src/shop/services/orders.py:39', // make_orders().run()
        'src/shop/services/catalog.py:43 -> src/shop/util/text.py:13', // slugify via `from .text import *`
        'tests/conftest.py:8 -> src/shop/factory.py:15', // `make_catalog as catalog` re-exported by __init__
        'src/shop/services/orders.py:20 -> src/shop/util/numbers.py:5', // import shop.util.numbers as nums
        'src/shop/models.py:18 -> src/shop/models.py:8', // cls(...) in a classmethod → the class
        'src/shop/services/catalog.py:35 -> src/shop/models.py:52', // the nested def matches() is the caller
        'src/shop/services/catalog.py:38 -> src/shop/services/catalog.py:35', // compute() calls its sibling matches()
        'tests/test_orders.py:19 -> src/shop/pricing.py:20', // a unittest method
      ]),
      [],
    );
  });

  it('gives a nested def its own calls; drops property reads, decorators and externals', () => {
    assert.equal(has(result, 'src/shop/app.py:19 -> src/shop/cache.py:55'), false); // @timed("report") runs at module level
    assert.equal(has(result, 'src/shop/services/catalog.py:32 -> src/shop/models.py:52'), false); // search() does not call has_tag itself
    assert.equal(result.edges.some((e) => declKey(e.callee) === 'src/shop/models.py:37'), false); // @property amount
    assert.ok(result.edges.every((e) => e.caller.line > 0 && !e.callee.path.startsWith('..')));
  });
});

describe('compareEdges', () => {
  const e = (caller: string, callee: string, lines: number[] = []): OracleEdge => {
    const ref = (s: string) => ({ path: s.split(':')[0] ?? '', line: Number(s.split(':')[1]) });
    return { caller: ref(caller), callee: ref(callee), callSiteLines: lines };
  };

  it('scores precision and recall by (caller, callee)', () => {
    const oracle = [e('a.ts:1', 'b.ts:2', [3]), e('a.ts:1', 'b.ts:5'), e('a.ts:0', 'a.ts:1'), e('c.ts:4', 'b.ts:2')];
    const ours: EdgeLike[] = [e('a.ts:1', 'b.ts:2', [9]), e('a.ts:0', 'a.ts:1'), e('c.ts:4', 'b.ts:5')];
    const cmp = compareEdges(ours, oracle);
    assert.equal(cmp.truePositives, 2);
    assert.equal(cmp.precision, 2 / 3);
    assert.equal(cmp.recall, 2 / 4);
    assert.deepEqual(cmp.falsePositives.map(edgeKeyOf), ['c.ts:4 -> b.ts:5']);
    assert.deepEqual(cmp.falseNegatives.map(edgeKeyOf), ['a.ts:1 -> b.ts:5', 'c.ts:4 -> b.ts:2']);
  });

  it('ignores edges outside the scope on both sides', () => {
    const oracle = [e('a.py:1', 'b.py:2'), e('a.py:1', 'b.py:7')];
    const ours = [e('a.py:1', 'b.py:2'), e('a.py:0', 'b.py:2'), e('a.py:1', 'b.py:7'), e('a.py:1', 'b.py:9')];
    const cmp = compareEdges(ours, oracle, { callers: [{ path: 'a.py', line: 1 }], callees: [{ path: 'b.py', line: 2 }, { path: 'b.py', line: 7 }] });
    assert.equal(cmp.precision, 1);
    assert.equal(cmp.recall, 1);
    assert.deepEqual(cmp.ignored, { ours: 2, oracle: 0 });
  });

  it('counts duplicates once and handles empty sides', () => {
    const twice = compareEdges([e('a.ts:1', 'b.ts:2'), e('a.ts:1', 'b.ts:2', [4])], [e('a.ts:1', 'b.ts:2')]);
    assert.equal(twice.truePositives, 1);
    assert.equal(twice.precision, 1);
    const none = compareEdges([], [e('a.ts:1', 'b.ts:2')]);
    assert.equal(none.precision, 1);
    assert.equal(none.recall, 0);
    assert.deepEqual(compareEdges([], []), { precision: 1, recall: 1, truePositives: 0, falsePositives: [], falseNegatives: [], ignored: { ours: 0, oracle: 0 } });
  });

  it('builds the scope from an oracle result and our declarations, and prints a readable diff', () => {
    const result: OracleResult = {
      edges: [e('a.py:1', 'b.py:2', [5])],
      callers: [{ path: 'a.py', line: 1, name: 'run', kind: 'function' }],
      declarations: [
        { path: 'a.py', line: 1, name: 'run', kind: 'function' },
        { path: 'b.py', line: 2, name: 'find', kind: 'method' },
        { path: 'b.py', line: 8, name: 'Proto.find', kind: 'interface-method' },
      ],
    };
    const scope = scopeFor(result, [{ path: 'a.py', line: 1 }, { path: 'b.py', line: 2 }]);
    assert.deepEqual(scope.callees.map(declKey), ['a.py:1', 'b.py:2']);
    const cmp = compareEdges([e('a.py:1', 'b.py:8')], result.edges, scope);
    assert.equal(cmp.ignored.ours, 1);
    const text = formatComparison('py_shop', cmp, result.declarations);
    assert.match(text, /py_shop: precision 100\.0%, recall 0\.0%/);
    assert.match(text, /a\.py:1 \(run\) -> b\.py:2 \(find\)  @ line 5/);
  });
});
