import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { CodeGraph, CodeGraphError, sameJson, stableStringify } from '../../extension/core/model/graph';
import { edgeKey } from '../../extension/core/model/types';
import type { NodeAttributes } from '../../extension/core/model/types';
import { GraphBuilder } from './helpers/graph_builder';

function sample(order: 'forward' | 'reverse'): CodeGraph {
  const b = new GraphBuilder();
  const steps: (() => void)[] = [
    () => b.file('src/app/api.py', { lines: 40 }),
    () => b.sym('src/app/api.py', 'Client', 'class', 3, 30, { exported: true }),
    () => b.sym('src/app/api.py', 'Client.send', 'method', 10, 20, { signature: 'def send(self, msg)' }),
    () => b.sym('src/app/api.py', 'helper', 'function', 32, 40),
  ];
  const edges: (() => void)[] = [
    () => b.edge('contains', 'file:src/app/api.py', 'py:app.api:Client'),
    () => b.edge('method_of', 'py:app.api:Client.send', 'py:app.api:Client'),
    () => b.calls('py:app.api:Client.send', 'py:app.api:helper', [12, 15]),
  ];
  if (order === 'reverse') {
    steps.reverse();
    edges.reverse();
  }
  steps.forEach((s) => s());
  edges.forEach((s) => s());
  return b.g;
}

describe('CodeGraph nodes and edges', () => {
  it('adds, replaces and drops nodes, bumping the version on each mutation', () => {
    const g = new CodeGraph();
    const v0 = g.version;
    g.setNode('file:a.py', { kind: 'file', name: 'a.py', path: 'a.py' });
    assert.ok(g.version > v0);
    assert.equal(g.hasNode('file:a.py'), true);
    const v1 = g.version;
    g.setNode('file:a.py', { kind: 'file', name: 'a.py', path: 'a.py', lines: 3 });
    assert.ok(g.version > v1);
    assert.equal(g.node('file:a.py')?.lines, 3);
    assert.equal(g.dropNode('file:a.py'), true);
    assert.equal(g.dropNode('file:a.py'), false);
    assert.equal(g.node('file:a.py'), undefined);
  });

  it('copies attributes on setNode so later caller mutations do not corrupt indexes', () => {
    const g = new CodeGraph();
    const attrs: NodeAttributes = { kind: 'function', name: 'run', path: 'a.py' };
    g.setNode('py:a:run', attrs);
    attrs.name = 'other';
    assert.deepEqual(g.findByName('run'), ['py:a:run']);
    assert.deepEqual(g.findByName('other'), []);
  });

  it('setEdge returns the edgeKey, replaces attributes, and refuses missing ends', () => {
    const g = sample('forward');
    const key = g.setEdge('calls', 'py:app.api:Client.send', 'py:app.api:helper', { lines: [12], confidence: 'name' });
    assert.equal(key, edgeKey('calls', 'py:app.api:Client.send', 'py:app.api:helper'));
    assert.deepEqual(g.edge(key), { lines: [12], confidence: 'name', kind: 'calls' });
    assert.equal(g.stats().edgesByKind.calls, 1);
    assert.throws(() => g.setEdge('calls', 'py:nope:x', 'py:app.api:helper'), (e: Error) => e instanceof CodeGraphError && /CodeGraph\.setEdge: .*source node does not exist/.test(e.message));
    assert.throws(() => g.setEdge('calls', 'py:app.api:helper', 'py:nope:x'), /target node does not exist/);
  });

  it('allows one edge per kind per pair, several kinds per pair, and self loops', () => {
    const g = sample('forward');
    g.setEdge('references', 'py:app.api:Client.send', 'py:app.api:helper');
    g.setEdge('calls', 'py:app.api:helper', 'py:app.api:helper', { lines: [35] });
    assert.equal(g.stats().edgesByKind.calls, 2);
    assert.equal(g.stats().edgesByKind.references, 1);
    g.dropNode('py:app.api:helper');
    assert.deepEqual(g.stats().edgesByKind, { contains: 1, method_of: 1 });
    assert.equal(g.size, 2);
  });

  it('dropEdge removes once and reports absence', () => {
    const g = sample('forward');
    const key = edgeKey('method_of', 'py:app.api:Client.send', 'py:app.api:Client');
    assert.equal(g.hasEdge(key), true);
    assert.equal(g.dropEdge(key), true);
    assert.equal(g.dropEdge(key), false);
    assert.equal(g.stats().edgesByKind.method_of, undefined);
  });

  it('rejects a node without kind or name', () => {
    const g = new CodeGraph();
    assert.throws(() => g.setNode('x', { name: 'x' } as unknown as NodeAttributes), /CodeGraph\.setNode/);
    assert.throws(() => g.setNode('', { kind: 'file', name: 'x' }), /non-empty string id/);
  });
});

describe('CodeGraph indexes', () => {
  it('finds by short name ignoring case, by qualified name and by path', () => {
    const g = sample('forward');
    assert.deepEqual(g.findByName('SEND'), ['py:app.api:Client.send']);
    assert.deepEqual(g.findByQualifiedName('Client.send'), ['py:app.api:Client.send']);
    assert.deepEqual(g.findByQualifiedName('client.send'), []);
    assert.deepEqual(g.findByQualifiedName('app.api'), ['file:src/app/api.py']);
    assert.equal(g.nodesInPath('src/app/api.py').length, 4);
  });

  it('follows replacements: a renamed or moved node leaves its old keys', () => {
    const g = sample('forward');
    const old = g.node('py:app.api:helper') as NodeAttributes;
    g.setNode('py:app.api:helper', { ...old, name: 'assist', qualifiedName: 'assist', path: 'src/app/other.py' });
    assert.deepEqual(g.findByName('helper'), []);
    assert.deepEqual(g.findByName('assist'), ['py:app.api:helper']);
    assert.deepEqual(g.findByQualifiedName('helper'), []);
    assert.equal(g.nodesInPath('src/app/api.py').includes('py:app.api:helper'), false);
    assert.deepEqual(g.nodesInPath('src/app/other.py'), ['py:app.api:helper']);
  });

  it('follows drops, and shared names stay indexed for the survivors', () => {
    const b = new GraphBuilder();
    b.file('a.py');
    b.file('b.py');
    const a = b.sym('a.py', 'run', 'function', 1, 2);
    const bb = b.sym('b.py', 'run', 'function', 1, 2);
    const c = b.sym('b.py', 'Run', 'class', 3, 4);
    assert.deepEqual(b.g.findByName('run').sort(), [a, bb, c].sort());
    b.g.dropNode(bb);
    assert.deepEqual(b.g.findByName('run').sort(), [a, c].sort());
    b.g.dropNode(c);
    assert.deepEqual(b.g.findByName('run'), [a]);
    b.g.dropNode(a);
    assert.deepEqual(b.g.findByName('run'), []);
    assert.equal([...b.g.names()].includes('run'), false);
    assert.deepEqual(b.g.nodesInPath('b.py'), ['file:b.py']);
  });

  it('symbolAt gives the innermost symbol, else the file node', () => {
    const g = sample('forward');
    assert.equal(g.symbolAt('src/app/api.py', 12), 'py:app.api:Client.send');
    assert.equal(g.symbolAt('src/app/api.py', 10), 'py:app.api:Client.send');
    assert.equal(g.symbolAt('src/app/api.py', 5), 'py:app.api:Client');
    assert.equal(g.symbolAt('src/app/api.py', 31), 'file:src/app/api.py');
    assert.equal(g.symbolAt('src/app/api.py', 40), 'py:app.api:helper');
    assert.equal(g.symbolAt('nope.py', 1), undefined);
    g.dropNode('py:app.api:Client.send');
    assert.equal(g.symbolAt('src/app/api.py', 12), 'py:app.api:Client');
  });

  it('stats counts nodes and edges by kind', () => {
    const s = sample('forward').stats();
    assert.deepEqual(s, {
      nodes: 4,
      edges: 3,
      nodesByKind: { class: 1, file: 1, function: 1, method: 1 },
      edgesByKind: { calls: 1, contains: 1, method_of: 1 },
    });
  });
});

describe('CodeGraph serialization', () => {
  it('canonical() does not depend on insertion order or attribute key order', () => {
    const a = sample('forward');
    const b = sample('reverse');
    assert.equal(a.canonical(), b.canonical());
    const n = a.node('py:app.api:helper') as NodeAttributes;
    const reordered = Object.fromEntries(Object.entries(n).reverse()) as unknown as NodeAttributes;
    b.setNode('py:app.api:helper', reordered);
    assert.equal(a.canonical(), b.canonical());
  });

  it('canonical() sees any difference in attributes and edges', () => {
    const a = sample('forward');
    const b = sample('forward');
    b.setEdge('calls', 'py:app.api:Client.send', 'py:app.api:helper', { lines: [12], confidence: 'resolved' });
    assert.notEqual(a.canonical(), b.canonical());
  });

  it('an incremental update equals a full rebuild', () => {
    const full = sample('forward');
    const inc = sample('forward');
    // "edit the file": drop everything in it, then re-add the same facts
    for (const id of inc.nodesInPath('src/app/api.py')) inc.dropNode(id);
    const rebuilt = sample('reverse');
    rebuilt.graph.forEachNode((id, attrs) => inc.setNode(id, attrs));
    rebuilt.graph.forEachEdge((_k, e, s, t) => {
      const { kind, ...rest } = e;
      inc.setEdge(kind, s, t, rest);
    });
    assert.equal(inc.canonical(), full.canonical());
  });

  it('toJSON/fromJSON round-trips through JSON text with indexes rebuilt', () => {
    const g = sample('forward');
    const back = CodeGraph.fromJSON(JSON.parse(JSON.stringify(g)));
    assert.equal(back.canonical(), g.canonical());
    assert.deepEqual(back.findByName('send'), ['py:app.api:Client.send']);
    assert.equal(back.symbolAt('src/app/api.py', 12), 'py:app.api:Client.send');
    assert.deepEqual(back.stats(), g.stats());
    assert.equal(typeof g.toJSON().edges[0]![0], 'number'); // ends are indexes into nodes
  });

  it('fromJSON rejects foreign or broken snapshots with a clear error', () => {
    assert.throws(() => CodeGraph.fromJSON({ nodes: [], edges: [] }), (e: Error) => e.name === 'CodeGraphError' && /re-index/.test(e.message));
    const snap = sample('forward').toJSON();
    snap.nodes = snap.nodes.filter(([id]) => id !== 'py:app.api:helper');
    assert.throws(() => CodeGraph.fromJSON(snap), /missing end/);
    const dup = sample('forward').toJSON();
    dup.nodes.push(dup.nodes[0]!);
    assert.throws(() => CodeGraph.fromJSON(dup), /appears twice/);
  });

  it('stableStringify sorts keys at every level and keeps array order', () => {
    assert.equal(stableStringify({ b: 1, a: { d: [2, 1], c: undefined } }), '{"a":{"d":[2,1]},"b":1}');
  });
});

describe('sameJson', () => {
  it('says two values are the same exactly when their stable serialisations are', () => {
    const value = fc.oneof(fc.jsonValue(), fc.constantFrom(undefined, { a: undefined, b: 1 }, { b: 1 }, [1, undefined], [1, null]));
    fc.assert(
      fc.property(value, value, (a, b) => {
        assert.equal(sameJson(a, b), stableStringify(a) === stableStringify(b));
        assert.equal(sameJson(a, structuredClone(a)), true);
      }),
      { numRuns: 2000 },
    );
  });
});
