import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { dependencies, dependents } from '../../extension/core/query';
import { ID, sampleProject } from './helpers/sample_project';

const g = sampleProject();

describe('dependencies / dependents', () => {
  it('lists a file\'s imports, internal and external, with depth and import lines', () => {
    const d1 = dependencies(g, { target: 'src/app/service.py' });
    // `at`: import lines in the importing file, here the target src/app/service.py
    assert.deepEqual(d1.internal.items.map((i) => [i.id, i.depth, i.at]), [
      [ID.api, 1, '1'],
      [ID.models, 1, '2'],
    ]);
    assert.deepEqual(d1.externals?.items, []);
    const d2 = dependencies(g, { target: 'src/app/service.py', depth: 2 });
    assert.deepEqual(d2.externals?.items.map((i) => [i.id, i.depth, i.via]), [[ID.requests, 2, ID.api]]);
  });

  it('a symbol stands for its file', () => {
    assert.equal(dependencies(g, { target: ID.run }).target.id, ID.service);
  });

  it('modules go over depends_on and reach packages through their files', () => {
    const d = dependencies(g, { target: ID.modTests, depth: 2 });
    assert.deepEqual(d.internal.items.map((i) => i.id), [ID.modApp]);
    assert.deepEqual(d.externals?.items.map((i) => i.id), [ID.requests]);
  });

  it('dependents walk importers transitively, and a package\'s importers', () => {
    const r = dependents(g, { target: 'src/app/api.py', depth: 2 });
    // `at`: import lines in the importing file, here each item's own
    assert.deepEqual(r.internal.items.map((i) => [i.id, i.depth, i.at]), [
      [ID.service, 1, '1'],
      [ID.testApi, 1, '1'],
    ]);
    assert.deepEqual(dependents(g, { target: ID.requests, depth: 3 }).internal.items.map((i) => i.id), [ID.api, ID.service, ID.testApi]);
    const cut = dependents(g, { target: ID.requests, depth: 3, limit: 1 });
    assert.equal(cut.internal.more, 2);
  });
});
