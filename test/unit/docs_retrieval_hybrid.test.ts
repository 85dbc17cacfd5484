/**
 * Hybrid query
 * ============
 * Fusion (lexical alone keeps BM25's order; a vector-only hit joins), expansion over relations
 * (hops, relation filter), the weights, and the reasons given. A small hand-made graph:
 *
 *   chunk q  "How does the Exporter write files?"      mentions Exporter
 *   Exporter ──uses (0.9)──▶ FileSink ──depends_on (0.8)──▶ DiskQuota
 *   chunk s  "The sink flushes buffered records."       mentions FileSink   (no query word)
 *   chunk d  "Quotas are checked before each flush."    mentions DiskQuota  (no query word)
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Bm25Index, hybridQuery, VectorStore } from '../../extension/core/docs/retrieval';
import type { HybridGraph } from '../../extension/core/docs/retrieval';
import type { Chunk } from '../../extension/core/docs/types';

function chunk(id: string, text: string): Chunk {
  return {
    id: `chunk:docs/${id}.md#1-3`,
    path: `docs/${id}.md`,
    kind: 'prose',
    section: id,
    headings: [id],
    prelude: `docs/${id}.md • ${id}`,
    text,
    startLine: 1,
    endLine: 3,
    hash: id,
    tokens: text.split(' ').length,
    codeSpans: [],
    emphasis: [],
    links: [],
  };
}

const CHUNKS = [
  chunk('q', 'How does the Exporter write files? The exporter batches records and writes files.'),
  chunk('s', 'The sink flushes buffered records to the target.'),
  chunk('d', 'Quotas are checked before each flush.'),
  chunk('x', 'Unrelated notes about writing documentation and files.'),
  chunk('y', 'Release notes: version 2 adds a progress bar.'),
];
const ID = (name: string): string => `chunk:docs/${name}.md#1-3`;

const ENTITIES = { Exporter: 'entity:exporter', FileSink: 'entity:filesink', DiskQuota: 'entity:diskquota' } as const;
const GRAPH: HybridGraph = {
  mentionsIn: (id) =>
    id === ID('q') ? [{ id: ENTITIES.Exporter, name: 'Exporter' }] : id === ID('s') ? [{ id: ENTITIES.FileSink, name: 'FileSink' }] : id === ID('d') ? [{ id: ENTITIES.DiskQuota, name: 'DiskQuota' }] : [],
  neighbours: (id, relations) => {
    const all =
      id === ENTITIES.Exporter
        ? [{ id: ENTITIES.FileSink, name: 'FileSink', kind: 'uses', weight: 0.9 }]
        : id === ENTITIES.FileSink
          ? [
              { id: ENTITIES.DiskQuota, name: 'DiskQuota', kind: 'depends_on', weight: 0.8 },
              { id: ENTITIES.Exporter, name: 'Exporter', kind: 'uses', weight: 0.9 },
            ]
          : [];
    return all.filter((n) => !relations || relations.includes(n.kind));
  },
  chunksMentioning: (id) => (id === ENTITIES.Exporter ? [ID('q')] : id === ENTITIES.FileSink ? [ID('s')] : id === ENTITIES.DiskQuota ? [ID('d')] : []),
};

function lexicalIndex(): Bm25Index {
  const index = new Bm25Index();
  for (const c of CHUNKS) index.add({ id: c.id, text: c.text, prelude: c.prelude });
  return index;
}
const byId = new Map(CHUNKS.map((c) => [c.id, c]));
const lookup = (id: string) => byId.get(id);
const ids = (r: { chunks: { chunk: Chunk }[] }) => r.chunks.map((h) => h.chunk.id);

describe('hybridQuery', () => {
  it('with lexical alone, answers in BM25 order with the BM25 reason', async () => {
    const lexical = lexicalIndex();
    const r = await hybridQuery('exporter write files', { k: 3 }, { lexical, chunk: lookup });
    assert.deepEqual(ids(r), lexical.search('exporter write files', 3).map((h) => h.id));
    assert.match(r.chunks[0]!.why[0]!, /^bm25 \d+\.\d\d \(rank 1\)$/);
    assert.deepEqual(r.entities, []);
    assert.deepEqual(r.edges, []);
    assert.ok(r.chunks[0]!.score > r.chunks[1]!.score);
  });

  it('fuses a vector-only hit with the lexical ones', async () => {
    const lexical = lexicalIndex();
    // Vectors: the release-notes chunk is the nearest to the query vector, though it shares no word.
    const basis: Record<string, number[]> = { q: [1, 0.1, 0], s: [0, 1, 0], d: [0, 0.8, 0.2], x: [0.3, 0, 1], y: [0.95, 0, 0.05] };
    const store = new VectorStore(3);
    for (const [name, v] of Object.entries(basis)) store.add(ID(name), v);
    const r = await hybridQuery('exporter write files', { k: 5 }, { lexical, chunk: lookup, vectors: { store, embedQuery: async () => Float32Array.from([1, 0, 0]) } });
    const y = r.chunks.find((h) => h.chunk.id === ID('y'));
    assert.ok(y, 'the vector-only chunk is in the answer');
    assert.ok(y.why.some((w) => /^vector [01]\.\d\d \(rank \d\)$/.test(w)), y.why.join('; '));
    assert.ok(!y.why.some((w) => w.startsWith('bm25')));
    assert.equal(r.chunks[0]!.chunk.id, ID('q'), 'the chunk both retrievers rank first stays first');
    assert.ok(r.chunks[0]!.why.some((w) => w.startsWith('bm25')) && r.chunks[0]!.why.some((w) => w.startsWith('vector')));
  });

  it('brings in chunks about related entities, one hop by default, and says why', async () => {
    const r = await hybridQuery('exporter write files', { k: 5 }, { lexical: lexicalIndex(), chunk: lookup, graph: GRAPH });
    const s = r.chunks.find((h) => h.chunk.id === ID('s'));
    assert.ok(s, `the FileSink chunk joins: ${ids(r).join(', ')}`);
    assert.ok(s.why.includes('mentions FileSink (1 hop)'), s.why.join('; '));
    assert.ok(s.why.some((w) => w.startsWith('relation weight 0.90')), s.why.join('; '));
    assert.ok(!ids(r).includes(ID('d')), 'DiskQuota is two hops away');
    assert.equal(r.chunks[0]!.chunk.id, ID('q'));
    assert.ok(r.chunks[0]!.why.includes('mentions Exporter (seed)'));
    assert.deepEqual(r.entities.map((e) => e.name), ['Exporter', 'FileSink']);
    assert.match(r.entities[0]!.why[0]!, /^mentioned in docs\/q\.md:1-3$/);
    assert.deepEqual(r.entities[1]!.why, ['uses Exporter (1 hop, weight 0.90)']);
    assert.ok(r.entities[0]!.score > r.entities[1]!.score);
    assert.deepEqual(r.edges, [{ source: ENTITIES.Exporter, target: ENTITIES.FileSink, kind: 'uses' }]);
  });

  it('goes two hops when asked, and zero hops brings nothing new', async () => {
    const two = await hybridQuery('exporter write files', { k: 5, hops: 2 }, { lexical: lexicalIndex(), chunk: lookup, graph: GRAPH });
    const d = two.chunks.find((h) => h.chunk.id === ID('d'));
    assert.ok(d, ids(two).join(', '));
    assert.ok(d.why.includes('mentions DiskQuota (2 hops)'));
    assert.ok(d.why.some((w) => w.startsWith('relation weight 0.72')), 'the path weight is the product 0.9 × 0.8');
    const sIndex = ids(two).indexOf(ID('s'));
    assert.ok(sIndex >= 0 && sIndex < ids(two).indexOf(ID('d')), 'one hop ranks above two');
    assert.ok(two.edges.some((e) => e.kind === 'depends_on'));
    const zero = await hybridQuery('exporter write files', { k: 5, hops: 0 }, { lexical: lexicalIndex(), chunk: lookup, graph: GRAPH });
    assert.ok(!ids(zero).includes(ID('s')) && !ids(zero).includes(ID('d')));
    assert.deepEqual(zero.entities.map((e) => e.name), ['Exporter']);
  });

  it('follows only the relations asked for', async () => {
    const r = await hybridQuery('exporter write files', { k: 5, hops: 2, relations: ['depends_on'] }, { lexical: lexicalIndex(), chunk: lookup, graph: GRAPH });
    assert.ok(!ids(r).includes(ID('s')), 'uses is filtered out, so FileSink (and DiskQuota behind it) are not reached');
    assert.ok(!ids(r).includes(ID('d')));
  });

  it('weights the terms as configured', async () => {
    const semanticOnly = await hybridQuery('exporter write files', { k: 5, weights: { semantic: 1, hop: 0, relation: 0 } }, { lexical: lexicalIndex(), chunk: lookup, graph: GRAPH });
    const s = semanticOnly.chunks.find((h) => h.chunk.id === ID('s'));
    assert.ok(!s || s.score === 0, 'with no hop or relation weight a chunk reached only by the graph scores nothing');
    const graphHeavy = await hybridQuery('exporter write files', { k: 5, weights: { semantic: 0.1, hop: 0.6, relation: 0.3 } }, { lexical: lexicalIndex(), chunk: lookup, graph: GRAPH });
    assert.ok(ids(graphHeavy).indexOf(ID('s')) < ids(graphHeavy).indexOf(ID('x')), 'the related chunk outranks a chunk sharing only the word "files"');
  });

  it('skips chunks the lookup no longer has, and answers nothing for k 0 or an empty query', async () => {
    const r = await hybridQuery('exporter write files', { k: 5 }, { lexical: lexicalIndex(), chunk: (id) => (id === ID('q') ? undefined : lookup(id)), graph: GRAPH });
    assert.ok(!ids(r).includes(ID('q')));
    assert.ok(r.chunks.length > 0);
    assert.deepEqual(await hybridQuery('exporter', { k: 0 }, { lexical: lexicalIndex(), chunk: lookup }), { chunks: [], entities: [], edges: [] });
    assert.deepEqual(await hybridQuery('   ', {}, { lexical: lexicalIndex(), chunk: lookup }), { chunks: [], entities: [], edges: [] });
  });
});

describe('hybrid query: what the question names, and a spread top 5', () => {
  // One long document says `retry` everywhere; another answers as well in fewer words.
  const many = Array.from({ length: 6 }, (_, i) => ({ ...chunk('big', `The retry policy, part ${i}: retry waits and retry backs off.`), id: `chunk:docs/big.md#${i * 10 + 1}-${i * 10 + 9}` }));
  const other = chunk('faq', 'How the retry policy works: waits, then backs off.');
  const guide = chunk('guide', 'Retry: the policy waits between attempts, then gives up.');
  const record = chunk('jitter', 'Status: accepted. Decision: jitter on every wait.');
  const all = [...many, other, guide, record];
  const index = (): Bm25Index => {
    const lexical = new Bm25Index();
    for (const c of all) lexical.add({ id: c.id, text: c.text, prelude: c.prelude });
    return lexical;
  };
  const byId = new Map(all.map((c) => [c.id, c]));

  it('keeps at most three chunks of one document in the top 5 while another document is close', async () => {
    const r = await hybridQuery('retry policy', { k: 8 }, { lexical: index(), chunk: (id) => byId.get(id) });
    const top5 = r.chunks.slice(0, 5).map((h) => h.chunk.path);
    assert.ok(top5.filter((p) => p === 'docs/big.md').length <= 3, top5.join());
    assert.ok(top5.includes('docs/faq.md') && top5.includes('docs/guide.md'), top5.join());
    assert.equal(r.chunks.length, 8, 'the deferred chunks follow');
  });

  it('seeds from what the question names and asks for a named record by its title', async () => {
    const graph: HybridGraph = {
      mentionsIn: () => [],
      neighbours: () => [],
      chunksMentioning: (id) => (id === 'adr:docs/jitter.md' ? [record.id] : []),
      queryMentions: (q) => (/ADR 7/.test(q) ? [{ id: 'adr:docs/jitter.md', name: 'ADR-0007' }] : []),
      titleOf: (id) => (id === 'adr:docs/jitter.md' ? 'Jitter on every wait' : undefined),
    };
    const r = await hybridQuery('What did ADR 7 settle?', { k: 5 }, { lexical: index(), chunk: (id) => byId.get(id), graph });
    assert.equal(r.chunks[0]?.chunk.id, record.id, r.chunks.map((h) => `${h.chunk.id} ${h.why.join('; ')}`).join('\n'));
    assert.ok(r.entities.some((e) => e.id === 'adr:docs/jitter.md' && e.why.includes('named in the question')));
    const none = await hybridQuery('What did ADR 7 settle?', { k: 5 }, { lexical: index(), chunk: (id) => byId.get(id) });
    assert.ok(none.chunks.every((h) => h.chunk.id !== record.id), 'without the graph the record is not found');
  });
});
