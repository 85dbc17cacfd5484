/**
 * Python resolution rules, one test each, on test/fixtures/resolve/py_rules.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Workspace } from '../../extension/core/workspace';
import { edge, indexFixture, targets } from '../helpers/workspace';

const SVC = 'py:shop.service';
const REPO = 'py:shop.repo';

describe('python resolution', () => {
  let ws: Workspace;
  before(async () => {
    ws = await indexFixture('resolve/py_rules');
  });
  after(() => ws.close());

  it('names modules from the package structure, src layout included', () => {
    assert.ok(ws.graph.hasNode('py:shop.repo:Repository'));
    assert.equal(ws.graph.node('file:src/shop/service.py')?.qualifiedName, 'shop.service');
    assert.ok(ws.graph.hasNode('py:tests.test_service:test_run'), 'a test folder without __init__.py is named from the root');
  });

  it('resolves relative imports, absolute imports in a src layout, and submodules imported from a package', () => {
    const imports = targets(ws, 'imports', 'file:src/shop/service.py');
    assert.deepEqual(imports, ['ext:typing', 'file:src/shop/__init__.py', 'file:src/shop/repo.py', 'file:src/shop/util.py']);
    assert.deepEqual(edge(ws, 'imports', 'file:src/shop/service.py', 'file:src/shop/repo.py')?.lines, [2, 3]);
  });

  it('follows re-exports through __init__.py', () => {
    assert.ok(edge(ws, 'calls', 'py:tests.test_service:test_run', `${SVC}:make_service`));
    assert.ok(edge(ws, 'calls', 'py:tests.test_service:TestRepo.test_add', `${REPO}:Repository`));
  });

  it('follows star imports, honouring __all__', () => {
    assert.ok(edge(ws, 'calls', 'py:tests.test_service:test_slug', 'py:shop.util:slugify'));
  });

  it('follows import aliases (import x as y, from m import a as b)', () => {
    assert.ok(edge(ws, 'calls', `${SVC}:build_repo`, `${REPO}:Repository`));
    assert.ok(edge(ws, 'calls', `${SVC}:Service.run.inner`, 'py:shop.util:slugify'), 'make_slug is slugify');
  });

  it('resolves self and cls, and methods found on base classes', () => {
    assert.ok(edge(ws, 'calls', `${REPO}:Base.save`, `${REPO}:Base.validate`));
    assert.ok(edge(ws, 'calls', `${REPO}:Repository.add`, `${REPO}:Base.save`), 'self.save is inherited');
    assert.ok(edge(ws, 'calls', `${REPO}:Base.create`, `${REPO}:Base`), 'cls() constructs the class');
  });

  it('resolves super() to the base class member', () => {
    assert.deepEqual(edge(ws, 'calls', `${REPO}:Repository.add`, `${REPO}:Base.save`)?.lines, [21, 22]);
  });

  it('types receivers from annotated class attributes, annotated parameters (Optional, string) and self.x = Foo()', () => {
    const run = `${SVC}:Service.run`;
    assert.deepEqual(edge(ws, 'calls', run, `${REPO}:Repository.add`)?.lines, [20, 23], 'self.store: Repo, and self.cache in a lambda');
    assert.ok(edge(ws, 'calls', run, `${SVC}:Notifier.notify_all`), 'self.notifier from an Optional["Notifier"] parameter');
    assert.ok(edge(ws, 'calls', run, `${REPO}:Base.save`), 'self.cache = repo.Repository()');
  });

  it('types locals from x = Foo() and follows return annotations and inferred returns', () => {
    const main = `${SVC}:main`;
    assert.deepEqual(edge(ws, 'calls', main, `${SVC}:Service.run`)?.lines, [45, 47]);
    assert.equal(edge(ws, 'calls', main, `${SVC}:Service.run`)?.confidence, 'resolved');
    assert.ok(edge(ws, 'calls', main, 'py:shop.util:Clock.tick'), 'clock() -> "Clock" imported inside the method');
    const inferred = edge(ws, 'calls', main, `${REPO}:Repository.add`);
    assert.equal(inferred?.confidence, 'inferred', 'build_repo() has no annotation; its return value is inferred');
    assert.ok(edge(ws, 'calls', main, `${REPO}:Base.create`), 'a classmethod through an alias');
  });

  it('gives a nested function its own calls; a lambda’s stay with the enclosing definition', () => {
    assert.equal(ws.graph.node(`${SVC}:Service.run.inner`)?.kind, 'function');
    assert.ok(edge(ws, 'contains', `${SVC}:Service.run`, `${SVC}:Service.run.inner`));
    assert.ok(edge(ws, 'calls', `${SVC}:Service.run.inner`, 'py:shop.util:slugify'));
    assert.ok(!edge(ws, 'calls', `${SVC}:Service.run`, 'py:shop.util:slugify'), 'run does not call slugify itself');
    assert.ok(edge(ws, 'calls', `${SVC}:Service.run`, `${SVC}:Service.run.inner`), 'a call of a nested function resolves through the enclosing scope');
    assert.ok(edge(ws, 'calls', `${SVC}:Service.run`, `${REPO}:Repository.add`), 'self.cache.add inside a lambda');
  });

  it('types module-level instances', () => {
    assert.ok(edge(ws, 'calls', `${SVC}:use_default`, `${SVC}:Service.run`));
  });

  it('leaves a call on an untyped receiver unresolved: no name-only guess (measured right 26% of the time on real Python)', () => {
    assert.equal(edge(ws, 'calls', 'py:shop.reports:export', 'py:shop.reports:PdfRenderer.render_invoice_pdf'), undefined, 'renderer is untyped');
    assert.deepEqual(targets(ws, 'calls', 'py:shop.reports:export'), [], 'mailer.send and deliver_later name nothing either');
  });

  it('links tests to what they call, and by naming convention when they call nothing', () => {
    assert.ok(edge(ws, 'tests', 'py:tests.test_service:TestRepo.test_add', `${REPO}:Repository.add`));
    assert.ok(edge(ws, 'tests', 'py:tests.test_service:RepoCase.test_save', `${REPO}:Base.save`), 'unittest.TestCase methods are tests');
    assert.equal(ws.graph.node('py:tests.test_service:RepoCase.test_save')?.kind, 'test');
    assert.equal(edge(ws, 'tests', 'py:tests.test_util:test_clock_tick', 'py:shop.util:Clock')?.confidence, 'convention');
  });

  it('resolves inheritance, method_of and contains', () => {
    assert.ok(edge(ws, 'inherits', `${REPO}:Repository`, `${REPO}:Base`));
    assert.ok(edge(ws, 'inherits', 'py:tests.test_service:RepoCase', 'ext:unittest'));
    assert.ok(edge(ws, 'method_of', `${REPO}:Repository.add`, `${REPO}:Repository`));
    assert.ok(edge(ws, 'contains', 'file:src/shop/repo.py', `${REPO}:Repository`));
    assert.ok(edge(ws, 'contains', 'module:src/shop', 'file:src/shop/repo.py'));
    assert.ok(edge(ws, 'depends_on', 'module:tests', 'module:src/shop'));
  });

  it('imports a loose script\'s neighbour by bare name', () => {
    assert.ok(edge(ws, 'imports', 'file:scripts/tool.py', 'file:scripts/helpers.py'));
    assert.ok(edge(ws, 'calls', 'py:scripts.tool:go', 'py:scripts.helpers:assist'));
  });

  it('records references that are not calls (annotations)', () => {
    assert.ok(edge(ws, 'references', `${SVC}:make_service`, `${SVC}:Service`));
  });
});
