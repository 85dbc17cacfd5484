/**
 * Vector store
 * ============
 * int8 quantisation keeps cosine within a measured bound of the float value, the int8 top-k
 * agrees with an exact float top-k on most queries, and add / replace / remove / bad input behave.
 * Prints the memory for 50k × 384-dim vectors.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VectorStore } from '../../extension/core/docs/retrieval';

function gaussianVectors(n: number, dim: number, seed: number): Float32Array[] {
  let s = seed >>> 0;
  const uniform = (): number => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return (s + 0.5) / 4294967296;
  };
  const gauss = (): number => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  return Array.from({ length: n }, () => {
    const v = Float32Array.from({ length: dim }, gauss);
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  });
}

const dot = (a: ArrayLike<number>, b: ArrayLike<number>): number => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};

describe('VectorStore', () => {
  it('keeps cosine within 0.005 of the float value (384 dims), mean error under 0.001', () => {
    const dim = 384;
    const data = gaussianVectors(500, dim, 1);
    const queries = gaussianVectors(50, dim, 2);
    const store = new VectorStore(dim);
    data.forEach((v, i) => store.add(`v${i}`, v));
    let max = 0;
    let sum = 0;
    let n = 0;
    for (const q of queries) {
      const approx = store.similarity(q, data.map((_, i) => `v${i}`));
      data.forEach((v, i) => {
        const err = Math.abs(approx.get(`v${i}`)! - dot(q, v));
        max = Math.max(max, err);
        sum += err;
        n++;
      });
    }
    console.log(`VectorStore int8: cosine error max ${max.toFixed(4)}, mean ${(sum / n).toFixed(5)} (384 dims, 25k pairs)`);
    assert.ok(max < 0.005, `max cosine error ${max}`);
    assert.ok(sum / n < 0.001, `mean cosine error ${sum / n}`);
  });

  it('finds the same top-10 as exact float search on most queries', () => {
    const dim = 128;
    // Clustered data, like real embeddings: 40 centres, points around them.
    const centres = gaussianVectors(40, dim, 3);
    const noise = gaussianVectors(3000, dim, 4);
    const data = noise.map((e, i) => {
      const c = centres[i % 40]!;
      const v = c.map((x, d) => x + 0.6 * e[d]!);
      const norm = Math.hypot(...v);
      return v.map((x) => x / norm);
    });
    const store = new VectorStore(dim, 16);
    data.forEach((v, i) => store.add(`v${i}`, v));
    const queries = gaussianVectors(100, dim, 5).map((e, i) => centres[(i * 7) % 40]!.map((x, d) => x + 0.8 * e[d]!));
    let overlap = 0;
    let sameFirst = 0;
    for (const q of queries) {
      const got = store.search(q, 10).map((h) => h.id);
      const exact = data
        .map((v, i) => ({ id: `v${i}`, score: dot(q, v) / Math.hypot(...q) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, 10)
        .map((h) => h.id);
      overlap += got.filter((id) => exact.includes(id)).length / 10;
      if (got[0] === exact[0]) sameFirst++;
    }
    console.log(`VectorStore int8: top-10 overlap with float ${(overlap / queries.length).toFixed(3)}, same first hit ${sameFirst}/100`);
    assert.ok(overlap / queries.length >= 0.95, `mean top-10 overlap ${overlap / queries.length}`);
    assert.ok(sameFirst >= 95, `same first hit on ${sameFirst} of 100 queries`);
  });

  it('adds, replaces and removes; refuses wrong dimensions, zero and non-finite vectors', () => {
    const store = new VectorStore(3, 1);
    store.add('a', [1, 0, 0]);
    store.add('b', [0, 1, 0]);
    store.add('c', [0.7, 0.7, 0]);
    assert.deepEqual(store.search([1, 0, 0], 2).map((h) => h.id), ['a', 'c']);
    store.add('a', [0, 0, 5]);
    assert.equal(store.size, 3);
    assert.deepEqual(store.search([1, 0, 0], 1).map((h) => h.id), ['c']);
    assert.ok(Math.abs(Math.hypot(...store.get('a')!) - 1) < 1e-6, 'stored unit length');
    assert.equal(store.remove('c'), true);
    assert.equal(store.remove('c'), false);
    assert.deepEqual(store.search([1, 0.1, 0], 5).map((h) => h.id), ['b', 'a']);
    store.add('d', [1, 0, 0]);
    assert.equal(store.search([1, 0, 0], 1)[0]!.id, 'd', 'a freed slot is reused');
    assert.ok(Math.abs(store.search([2, 0, 0], 1)[0]!.score - 1) < 1e-6, 'the query is normalised');
    assert.throws(() => store.add('x', [1, 2]), /2 dimensions, the store holds 3/);
    assert.throws(() => store.add('x', [0, 0, 0]), /zero vector/);
    assert.throws(() => store.add('x', [1, Number.NaN, 0]), /non-finite/);
    assert.throws(() => store.search([1, 0], 1), /query has 2 dimensions/);
    assert.throws(() => new VectorStore(0), /positive integer/);
    assert.deepEqual(store.search([0, 0, 0], 2).map((h) => h.score), [0, 0], 'a zero query scores nothing');
  });

  it('holds 50k × 384-dim vectors in about 19 MB', () => {
    const dim = 384;
    const n = 50_000;
    const store = new VectorStore(dim, n);
    const v = new Float32Array(dim);
    for (let i = 0; i < n; i++) {
      for (let d = 0; d < dim; d++) v[d] = Math.sin(i * 0.37 + d * 1.3);
      store.add(`chunk:${i}`, v);
    }
    const started = performance.now();
    store.search(v, 10);
    const searchMs = performance.now() - started;
    const mb = store.bytes / 1e6;
    console.log(`VectorStore: ${n} × ${dim} dims = ${mb.toFixed(1)} MB of vectors (float32 would be ${((n * dim * 4) / 1e6).toFixed(1)} MB); one top-10 scan ${searchMs.toFixed(1)} ms`);
    assert.equal(store.bytes, n * dim + n * 4);
    assert.equal(store.size, n);
  });
});
