/**
 * Retrieval at scale
 * ==================
 * benchHybrid (extension/core/docs/retrieval/synthetic.ts, also run by `npm run bench` at 50k
 * chunks) on 2k synthetic chunks: the figures are printed, and the bounds are loose enough for a
 * busy two-core machine while still catching a quadratic slip. Also checks the synthetic corpus is
 * deterministic and looks like docs (identifiers, headings, a prelude).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { benchHybrid, syntheticChunks, syntheticQueries } from '../helpers/synthetic_chunks';

describe('retrieval at scale', () => {
  it('writes the same synthetic chunks for the same seed', () => {
    const a = syntheticChunks(50, 9);
    assert.deepEqual(syntheticChunks(50, 9), a);
    assert.notDeepEqual(syntheticChunks(50, 10), a);
    assert.equal(new Set(a.map((c) => c.id)).size, 50, 'unique ids');
    for (const c of a) {
      const words = c.text.split(' ').length;
      assert.ok(words >= 120 && words <= 440, `${words} words`);
      assert.ok(c.prelude.startsWith(c.path));
    }
    assert.ok(a.some((c) => c.codeSpans.some((s) => /[a-z][A-Z]|_|\./.test(s))), 'identifiers in code spans');
    assert.equal(syntheticQueries(5).length, 5);
  });

  it('answers hybrid queries over 2k chunks in milliseconds', async () => {
    const r = await benchHybrid({ chunks: 2000, queries: 60 });
    const f = (p: { p50: number; p99: number }) => `p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms`;
    console.log(
      [
        `hybridQuery over ${r.chunks} synthetic chunks (${r.queries} queries, k 10, 1 hop):`,
        `  build: BM25 ${r.buildMs.bm25.toFixed(0)} ms (heap +${r.memoryMb.bm25Heap.toFixed(1)} MB), vectors ${r.buildMs.vectors.toFixed(0)} ms (${r.memoryMb.vectors.toFixed(1)} MB); one chunk re-added ${r.updateMs.toFixed(2)} ms`,
        `  lexical only:       ${f(r.lexical)}`,
        `  + vectors (384):    ${f(r.withVectors)}`,
        `  + graph:            ${f(r.withGraph)}`,
        `  + vectors + graph:  ${f(r.withVectorsAndGraph)}`,
      ].join('\n'),
    );
    assert.ok(r.lexical.p50 < 50, f(r.lexical));
    assert.ok(r.withVectorsAndGraph.p50 < 250, f(r.withVectorsAndGraph));
    assert.ok(r.updateMs < 20, `${r.updateMs} ms per re-added chunk`);
    assert.ok(Math.abs(r.memoryMb.vectors - (2000 * 384 + 2000 * 4) / 1e6) < 0.01);
  });
});
