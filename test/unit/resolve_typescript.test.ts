/**
 * TypeScript / JavaScript resolution rules, one test each, on test/fixtures/resolve/ts_rules.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Workspace } from '../../extension/core/workspace';
import { edge, indexFixture, targets } from '../helpers/workspace';

const REPO = 'ts:src/core/repo';
const SVC = 'ts:src/core/service';
const CACHE = 'ts:src/util/cache';

describe('typescript resolution', () => {
  let ws: Workspace;
  before(async () => {
    ws = await indexFixture('resolve/ts_rules');
  });
  after(() => ws.close());

  it('resolves relative, ESM .js, tsconfig paths and baseUrl imports; packages are external', () => {
    assert.ok(edge(ws, 'imports', 'file:src/core/repo.ts', 'file:src/util/cache.ts'), './cache.js means cache.ts');
    assert.deepEqual(targets(ws, 'imports', 'file:src/core/service.ts'), [
      'file:src/core/repo.ts',
      'file:src/util/index.ts',
      'file:src/util/strings.ts',
    ]);
    assert.equal(edge(ws, 'imports', 'file:src/core/service.ts', 'file:src/core/repo.ts')?.typeOnly, undefined, 'one value import makes the edge a value import');
    assert.deepEqual(targets(ws, 'imports', 'file:src/ui/App.tsx'), ['ext:react', 'file:src/core/service.ts']);
  });

  it('follows barrels: export * from, export { a as b } from, export { default as x } from', () => {
    const run = `${SVC}:Service.run`;
    assert.ok(edge(ws, 'calls', `${SVC}:Service.constructor`, `${CACHE}:makeCache`), 'util.makeCache through export *');
    assert.ok(edge(ws, 'calls', run, 'ts:src/util/strings:slugify'), 'util.toSlug is slugify');
    assert.ok(edge(ws, 'calls', run, 'ts:src/util/strings:titleCase'), 'a default import');
  });

  it('resolves this, constructor parameter properties, class fields and this.x = new Foo()', () => {
    const run = `${SVC}:Service.run`;
    assert.ok(edge(ws, 'calls', run, `${REPO}:Repo.persist`), 'this.repo from `private readonly repo: Repo`, inside a callback');
    assert.ok(edge(ws, 'calls', run, `${REPO}:Repo.find`), 'this.backup = new Repo()');
    assert.ok(edge(ws, 'calls', run, `${CACHE}:Cache.put`), 'this.audit: a type alias of util.Cache<string>, assigned from makeCache()');
    assert.ok(edge(ws, 'calls', `${REPO}:Repo.persist`, `${CACHE}:Cache.put`), 'private cache = new Cache()');
  });

  it('resolves super calls and inherited methods', () => {
    assert.ok(edge(ws, 'calls', `${REPO}:Repo.persist`, `${REPO}:BaseRepo.persist`), 'super.persist()');
    assert.ok(edge(ws, 'calls', `${REPO}:Repo.constructor`, `${REPO}:BaseRepo.constructor`), 'super(...)');
    assert.ok(edge(ws, 'calls', `${REPO}:BaseRepo.persist`, `${REPO}:BaseRepo.check`));
    assert.ok(edge(ws, 'inherits', `${REPO}:Repo`, `${REPO}:BaseRepo`));
    assert.ok(edge(ws, 'implements', `${REPO}:BaseRepo`, `${REPO}:Store`));
  });

  it('follows return types: makeService().run()', () => {
    assert.ok(edge(ws, 'calls', `${SVC}:start`, `${SVC}:makeService`));
    assert.ok(edge(ws, 'calls', `${SVC}:start`, `${SVC}:Service.run`));
    assert.ok(edge(ws, 'calls', 'ts:src/ui/App.tsx:useRunner', `${SVC}:Service.run`), 'inside a returned arrow function');
  });

  it('records new X() as a call of the class, and JSX use as a reference', () => {
    assert.ok(edge(ws, 'calls', `${SVC}:makeService`, `${SVC}:Service`));
    assert.ok(edge(ws, 'calls', `${SVC}:makeService`, `${REPO}:Repo`));
    assert.ok(edge(ws, 'calls', 'ts:src/ui/App.tsx:App', 'ts:src/ui/App.tsx:useRunner'));
  });

  it('links describe/it tests to what they exercise', () => {
    const test = 'ts:test/service.test:Service > runs items through the repo';
    assert.equal(ws.graph.node(test)?.kind, 'test');
    assert.ok(edge(ws, 'tests', test, `${SVC}:Service.run`));
    assert.ok(edge(ws, 'tests', test, `${REPO}:Repo.find`));
    assert.ok(edge(ws, 'contains', 'ts:test/service.test:Service', test));
  });

  it('resolves calls on interface-typed receivers to the interface method, not a lone implementation', () => {
    const jobs = 'ts:src/core/jobs';
    assert.ok(edge(ws, 'calls', `${jobs}:alertAll`, `${jobs}:Notifier.notify`), 'n: an element of Notifier[]');
    assert.equal(edge(ws, 'calls', `${jobs}:alertAll`, `${jobs}:MailNotifier.notify`), undefined, 'no guess by name');
    assert.ok(edge(ws, 'contains', `${jobs}:Notifier`, `${jobs}:Notifier.notify`));
  });

  it('types loop variables and array-callback parameters as elements; `a ?? b` / `a || b` as their first side', () => {
    const jobs = 'ts:src/core/jobs';
    const runAll = `${jobs}:runAll`;
    assert.ok(edge(ws, 'calls', runAll, `${jobs}:Job.ready`), 'filter((j) => j.ready())');
    assert.ok(edge(ws, 'calls', runAll, `${jobs}:Job.execute`), 'forEach after filter: still a Job');
    assert.ok(edge(ws, 'calls', runAll, `${jobs}:Job.cost`), "reduce's second parameter");
    assert.ok(edge(ws, 'calls', runAll, `${jobs}:Total.plus`), "reduce's accumulator is its initial value");
    assert.ok(edge(ws, 'calls', `${jobs}:alertAll`, `${jobs}:MailNotifier`), 'new MailNotifier() on the right of ??');
  });

  it('records JSX elements of components as calls of the component', () => {
    assert.ok(edge(ws, 'calls', 'ts:src/ui/Page.tsx:Page', 'ts:src/ui/Panel.tsx:Panel'));
    assert.ok(edge(ws, 'references', 'ts:src/ui/Page.tsx:Page', 'ts:src/ui/Panel.tsx:Panel'));
  });

  it('reads Foo.prototype.m = function and module.exports = function name() in JavaScript', () => {
    assert.ok(edge(ws, 'contains', 'js:lib/queue:Queue', 'js:lib/queue:Queue.push'));
    assert.ok(edge(ws, 'calls', 'js:lib/worker:work', 'js:lib/queue:makeQueue'), 'require() of a module.exports = function');
  });

  it('resolves CommonJS require and module.exports in JavaScript', () => {
    assert.ok(edge(ws, 'imports', 'file:lib/legacy.js', 'file:lib/store.js'));
    assert.ok(edge(ws, 'calls', 'js:lib/legacy:Legacy.load', 'js:lib/store:Cache.fetchAll'), 'this.cache = new Cache() from a destructured require');
    assert.ok(edge(ws, 'calls', 'js:lib/legacy:Legacy.load', 'js:lib/store:open'), 'store.open() through module.exports');
  });

  it('types destructured parameters and locals, and indexed elements', () => {
    const WIRING = 'ts:src/core/wiring';
    assert.ok(edge(ws, 'calls', `${WIRING}:persistAll`, `${REPO}:Repo.persist`), '({ repo }: Deps) reads the interface field');
    assert.ok(edge(ws, 'calls', `${WIRING}:findFirst`, `${REPO}:Repo.find`), 'const { repo: r } = deps');
    assert.ok(edge(ws, 'calls', `${WIRING}:firstOf`, `${REPO}:Repo.find`), 'repos[0] is a Repo');
  });
});
