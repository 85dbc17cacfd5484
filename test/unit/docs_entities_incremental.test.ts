/**
 * Docs entities, incrementally
 * ============================
 * Whatever order documents are set, replaced and deleted in, and however often resolve runs in
 * between (each time caching under the corpus and graph of that moment), the result equals a
 * fresh index fed the final documents. Random sequences from a seeded generator over the golden
 * pages, edited variants of them, and a graph that changes midway.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { EntityIndex } from '../../extension/core/docs/entities';
import type { Chunk } from '../../extension/core/docs/types';
import type { Workspace } from '../../extension/core/workspace';
import { makeChunk } from '../fixtures/docs_golden/chunks';
import { chunksOf, loadTruth } from '../fixtures/docs_golden/golden';
import { indexFixture } from '../helpers/workspace';

/** mulberry32: small, seeded, good enough to shuffle. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A page edited: a line added (shifting the chunks below), a term renamed, a chunk dropped. */
function variants(page: string, chunks: Chunk[]): Chunk[][] {
  const edited = chunks.map((c, i) =>
    i === 0
      ? makeChunk(`${c.text}\n\nThe **rate limiter** now uses \`TokenBucket\` and Kafka.`, { path: page, headings: c.headings, startLine: c.startLine })
      : c,
  );
  return [chunks, edited, chunks.slice(0, 1), []];
}

describe('EntityIndex incremental equals fresh', () => {
  let ws: Workspace;
  const versions = new Map<string, Chunk[][]>();
  before(async () => {
    ws = await indexFixture('docs_golden/project');
    for (const page of Object.keys(loadTruth().pages)) versions.set(page, variants(page, await chunksOf(page)));
    // Extra pages that share mined terms and spell them differently, so the mined set changes as they come and go.
    for (const n of [1, 2, 3]) {
      const path = `docs/extra/${n}.md`;
      versions.set(path, [
        [makeChunk(`Rate limiter\n\nThe **rate limiter** and the **token bucket** in ${n}.`, { path, headings: ['Extra', 'Rate limiter'] })],
        // Spellings one edit apart: the merged groups and their names move as pages come and go.
        [makeChunk(`Limits\n\nThe **rate limiters** and **token buckets** of ${n}; a **rate-limiter** too.`, { path, headings: ['Extra', 'Limits'] })],
        [],
      ]);
    }
  });
  after(() => ws.close());

  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`random sequence ${seed}`, () => {
      const rand = rng(seed);
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
      const pages = [...versions.keys()];
      const live = new EntityIndex({ minFrequency: 2 });
      const final = new Map<string, Chunk[]>();
      const steps = 60;
      for (let i = 0; i < steps; i++) {
        const page = pick(pages);
        if (rand() < 0.2) {
          live.deleteDoc(page);
          final.delete(page);
        } else {
          const chunks = pick(versions.get(page)!);
          live.setDoc(page, chunks);
          final.set(page, chunks);
        }
        if (rand() < 0.3) live.resolve(ws.graph);
        if (i === steps / 2) {
          // The code changes too: a new class the docs name (`Kafka`) and a rename-like removal.
          ws.graph.setNode('py:shop.events:Kafka', { kind: 'class', name: 'Kafka', qualifiedName: 'Kafka', path: 'src/shop/events.py' });
        }
      }
      const fresh = new EntityIndex({ minFrequency: 2 });
      for (const page of [...final.keys()].sort(() => rand() - 0.5)) fresh.setDoc(page, final.get(page)!);
      const a = live.resolve(ws.graph);
      const b = fresh.resolve(ws.graph);
      assert.deepEqual(a, b);
      assert.ok(b.mentions.length > 0 || final.size === 0);
      ws.graph.dropNode('py:shop.events:Kafka');
    });
  }

  it('re-reads only the changed document after a save', () => {
    const index = new EntityIndex();
    for (const [page, v] of versions) index.setDoc(page, v[0]!);
    const first = index.resolve(ws.graph);
    const terms = index.minedTerms();
    // An edit that leaves the mined terms as they are (a new bold term would change them, and
    // then every chunk is re-read, rightly).
    const [head, ...rest] = versions.get('docs/guide/payments.md')![0]!;
    index.setDoc('docs/guide/payments.md', [{ ...head!, text: `${head!.text}\n\nEvents now go to Kafka.`, hash: 'edited' }, ...rest]);
    const second = index.resolve(ws.graph);
    assert.deepEqual(index.minedTerms(), terms);
    // Mentions of other pages are the very same objects: nothing else was recomputed.
    const others = (r: typeof first) => r.mentions.filter((m) => !m.chunkId.includes('docs/guide/payments.md'));
    const [x, y] = [others(first), others(second)];
    assert.equal(x.length, y.length);
    assert.ok(x.every((m, i) => m === y[i]));
    assert.ok(second.mentions.some((m) => m.chunkId.includes('payments.md') && m.target === 'entity:kafka'));
    assert.ok(!first.mentions.some((m) => m.target === 'entity:kafka'));
  });
});
