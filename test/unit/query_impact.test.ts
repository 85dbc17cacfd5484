import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { impact } from '../../extension/core/query';
import { ID, sampleProject } from './helpers/sample_project';

const g = sampleProject();

describe('impact', () => {
  it('collects transitive callers, tests and touched files of a function', () => {
    const r = impact(g, { target: ID.helper, depth: 3 });
    assert.deepEqual(r.callers.items.map((i) => [i.id, i.depth]), [
      [ID.send, 1],
      [ID.run, 2],
    ]);
    assert.deepEqual(r.tests.items.map((i) => [i.id, i.depth]), [
      [ID.testHelper, 1],
      [ID.testSend, 2],
      [ID.testRun, 3],
    ]);
    assert.equal(r.tests.items[0]!.conf, 'convention');
    assert.deepEqual(r.files.items, ['src/app/api.py', 'src/app/service.py', 'tests/test_api.py']);
    assert.deepEqual(r.counts, { callers: 2, references: 0, subclasses: 0, importers: 0, tests: 3, files: 3 });
  });

  it('a class covers its methods; subclasses and references count', () => {
    const base = impact(g, { target: ID.Base });
    assert.deepEqual(base.subclasses.items.map((i) => i.id), [ID.User]);
    assert.deepEqual(base.references.items.map((i) => [i.id, i.depth, i.via]), [[ID.sendFn, 2, ID.User]]);
    const client = impact(g, { target: ID.Client, depth: 1 });
    assert.deepEqual(client.callers.items.map((i) => [i.id, i.via]), [[ID.run, ID.send]]);
    // one step past the depth bound: test_run calls run, a depth-1 caller
    assert.deepEqual(client.tests.items.map((i) => [i.id, i.depth]), [[ID.testSend, 1], [ID.testRun, 2]]);
  });

  it('files bring their importers; the depth bounds the walk; lists cut at limit', () => {
    const r = impact(g, { target: 'src/app/api.py', depth: 1, limit: 1 });
    assert.equal(r.counts.importers, 2);
    assert.equal(r.importers.items.length, 1);
    assert.equal(r.importers.more, 1);
    assert.ok(r.counts.tests >= 2);
    const shallow = impact(g, { target: ID.helper, depth: 1 });
    assert.deepEqual(shallow.callers.items.map((i) => i.id), [ID.send]);
  });
});
