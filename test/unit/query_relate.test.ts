import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { neighbors, shortestPath } from '../../extension/core/query';
import { ID, sampleProject } from './helpers/sample_project';

const g = sampleProject();

describe('neighbors', () => {
  it('walks both directions over all edges by default', () => {
    const r = neighbors(g, { target: ID.User });
    assert.deepEqual(r.items.map((i) => [i.id, i.edge, i.dir]).sort(), [
      [ID.Base, 'inherits', 'out'],
      [ID.save, 'method_of', 'in'],
      [ID.models, 'contains', 'in'],
      [ID.sendFn, 'references', 'in'],
    ].sort());
  });

  it('filters by edge kind and direction, to a depth, through cycles', () => {
    const r = neighbors(g, { target: ID.run, edges: ['calls'], direction: 'out', depth: 5 });
    assert.deepEqual(r.items.map((i) => [i.id, i.depth]), [
      [ID.send, 1],
      [ID.save, 1],
      [ID.helper, 2],
    ].sort((a, b) => Number(a[1]) - Number(b[1]) || (a[0]! < b[0]! ? -1 : 1)));
    assert.equal(r.items.find((i) => i.id === ID.helper)?.from, ID.send);
  });

  it('cuts at limit with more', () => {
    const r = neighbors(g, { target: ID.api, depth: 2, limit: 3 });
    assert.equal(r.items.length, 3);
    assert.equal(r.more, r.total - 3);
  });
});

describe('shortestPath', () => {
  it('finds the shortest chain over chosen edges', () => {
    const r = shortestPath(g, { from: ID.testRun, to: ID.helper, edges: ['calls'] });
    assert.equal(r.found, true);
    assert.equal(r.length, 3);
    assert.deepEqual(r.steps?.map((s) => s.id), [ID.testRun, ID.run, ID.send, ID.helper]);
    assert.equal(r.steps?.[1]!.edge, 'calls');
  });

  it('says not found when no chain exists in that direction', () => {
    const r = shortestPath(g, { from: ID.helper, to: ID.testRun, edges: ['calls'] });
    assert.equal(r.found, false);
    assert.equal(r.steps, undefined);
    const back = shortestPath(g, { from: ID.helper, to: ID.testRun, edges: ['calls'], direction: 'in' });
    assert.equal(back.length, 3);
  });

  it('handles from = to and mixed edges both ways', () => {
    assert.equal(shortestPath(g, { from: ID.run, to: ID.run }).length, 0);
    const r = shortestPath(g, { from: ID.put, to: ID.Store, direction: 'both' });
    assert.deepEqual(r.steps?.map((s) => s.id), [ID.put, ID.Cache, ID.Store]);
  });
});
