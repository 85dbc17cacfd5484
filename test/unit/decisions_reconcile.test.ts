/**
 * Reconciliation
 * ==============
 * Normalisation with aliases, the fuzzy thresholds, union-find clusters, and determinism.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_ALIASES } from '../../extension/core/decisions/config';
import { normalise, reconcile, similarity, UnionFind } from '../../extension/core/decisions/reconcile';

describe('reconciliation', () => {
  it('normalises case, separators, camelCase and aliases', () => {
    assert.equal(normalise('KnowledgeGraph'), 'knowledge graph');
    assert.equal(normalise('knowledge_graph-index'), 'knowledge graph index');
    assert.equal(normalise('KG index', DEFAULT_ALIASES), 'knowledge graph index');
    assert.equal(normalise('MCP', DEFAULT_ALIASES), 'model context protocol');
  });

  it('links exact and alias matches as same_as, near ones by threshold', () => {
    const r = reconcile(
      [
        { id: 'c:a', name: 'Knowledge Graph' },
        { id: 'c:b', name: 'KG' },
        { id: 'c:c', name: 'knowledge-graph' },
        { id: 'c:d', name: 'Caching layer' },
        { id: 'c:e', name: 'Cache layer' },
        { id: 'c:f', name: 'Order service' },
        { id: 'c:g', name: 'Order services' },
        { id: 'c:h', name: 'Payments' },
      ],
      DEFAULT_ALIASES,
      0.85,
      0.7,
    );
    const pairs = r.matches.map((m) => `${m.a} ${m.b} ${m.kind} ${m.via}`);
    assert.ok(pairs.includes('c:a c:b same_as alias'));
    assert.ok(pairs.includes('c:a c:c same_as exact'));
    assert.ok(pairs.includes('c:f c:g same_as fuzzy'), pairs.join('\n'));
    assert.ok(pairs.includes('c:d c:e related_to fuzzy'), `similarity ${similarity('caching layer', 'cache layer')}`);
    assert.ok(!pairs.some((p) => p.includes('c:h')));
    assert.equal(r.clusters.get('c:b'), 'c:a');
    assert.equal(r.clusters.get('c:c'), 'c:a');
    assert.equal(r.clusters.has('c:d'), false, 'related_to does not cluster');
  });

  it('gives the same answer whatever the input order', () => {
    const items = ['Alpha beta', 'alpha_beta', 'AlphaBeta', 'Alpha betas', 'Gamma', 'Gama'].map((name, i) => ({ id: `c:${i}`, name }));
    const a = reconcile(items, DEFAULT_ALIASES, 0.85, 0.7);
    const b = reconcile([...items].reverse(), DEFAULT_ALIASES, 0.85, 0.7);
    assert.deepEqual(a.matches, b.matches);
    assert.deepEqual([...a.clusters].sort(), [...b.clusters].sort());
  });

  it('union-find keeps the smallest member as representative', () => {
    const uf = new UnionFind();
    uf.union('d', 'c');
    uf.union('b', 'd');
    uf.union('x', 'y');
    assert.equal(uf.find('c'), 'b');
    assert.equal(uf.find('d'), 'b');
    assert.equal(uf.find('y'), 'x');
  });
});
