/**
 * Synthetic corpus and the hybrid query benchmark
 * ===============================================
 * For the retrieval scale test: `syntheticChunks(n, seed)` writes n chunks of
 * docs-like text (Zipf-distributed words, per-topic vocabularies so words co-occur, camelCase,
 * snake_case and dotted identifiers, 120–400 words each, with headings and a prelude), the same
 * for the same seed. `benchHybrid` builds the indexes over them and times hybridQuery: lexical
 * only, with 384-dim vectors, and with a synthetic entity graph. Not imported by the product.
 */
import type { Chunk } from '../../extension/core/docs/types';
import { Bm25Index } from '../../extension/core/docs/retrieval/bm25';
import type { HybridGraph } from '../../extension/core/docs/retrieval/hybrid';
import { hybridQuery } from '../../extension/core/docs/retrieval/hybrid';
import { VectorStore } from '../../extension/core/docs/retrieval/vector_store';
import { entityId, entityKeyOf } from '../../extension/core/model/ids';

/** A seeded uniform generator in [0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = 'ka ro mi tu se la ne vo ri da pe lo su mu ta ge bi no ze fa ki po re sa mo lu di ve ha co'.split(' ');
const COMMON = ('the a of to and in is for with that on by this from as be are it or an can when each which ' +
  'file index query graph node edge chunk search user config server client request value list option default').split(' ');
const VOCABULARY = 8000;
const TOPICS = 64;

interface Corpus {
  words: string[];
  identifiers: string[];
  cumulative: Float64Array;
}

let cached: Corpus | undefined;

function corpus(): Corpus {
  if (cached) return cached;
  const random = seededRandom(0xc0ffee);
  const words = [...COMMON];
  const seen = new Set(words);
  while (words.length < VOCABULARY) {
    const n = 2 + Math.floor(random() * 3);
    let w = '';
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    if (!seen.has(w)) {
      seen.add(w);
      words.push(w);
    }
  }
  const cap = (w: string): string => w[0]!.toUpperCase() + w.slice(1);
  const identifiers: string[] = [];
  for (let i = 0; i < 1500; i++) {
    const a = words[50 + Math.floor(random() * 3000)]!;
    const b = words[50 + Math.floor(random() * 3000)]!;
    const c = words[50 + Math.floor(random() * 3000)]!;
    const form = i % 4;
    identifiers.push(form === 0 ? `${a}${cap(b)}` : form === 1 ? `${cap(a)}${cap(b)}${cap(c)}` : form === 2 ? `${a}_${b}` : `${a}.${b}.${cap(c)}`);
  }
  // Zipf's law over ranks, s ≈ 1.07 as in English text.
  const cumulative = new Float64Array(VOCABULARY);
  let sum = 0;
  for (let r = 0; r < VOCABULARY; r++) cumulative[r] = sum += 1 / (r + 1) ** 1.07;
  for (let r = 0; r < VOCABULARY; r++) cumulative[r]! /= sum;
  return (cached = { words, identifiers, cumulative });
}

function zipfRank(c: Corpus, u: number): number {
  let lo = 0;
  let hi = VOCABULARY - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (c.cumulative[mid]! < u) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A word for a topic: the 200 most frequent ranks are shared, rarer ones shift with the topic. */
function topicWord(c: Corpus, random: () => number, topic: number): string {
  const r = zipfRank(c, random());
  return c.words[r < 200 ? r : 200 + ((r - 200 + topic * 97) % (VOCABULARY - 200))]!;
}

/** n chunks of synthetic docs text; the same n and seed give the same chunks. */
export function syntheticChunks(n: number, seed = 1): Chunk[] {
  const c = corpus();
  const random = seededRandom(seed);
  const out: Chunk[] = [];
  for (let i = 0; i < n; i++) {
    const topic = Math.floor(random() * TOPICS);
    const path = `docs/area${topic}/page${Math.floor(i / 8)}.md`;
    const headings = [`${topicWord(c, random, topic)} ${topicWord(c, random, topic)}`, `${topicWord(c, random, topic)} ${c.identifiers[Math.floor(random() * c.identifiers.length)]}`];
    const target = 120 + Math.floor(random() * 280);
    const sentences: string[] = [];
    const codeSpans: string[] = [];
    let count = 0;
    while (count < target) {
      const length = 8 + Math.floor(random() * 13);
      const words: string[] = [];
      for (let w = 0; w < length; w++) {
        if (random() < 0.04) {
          const id = c.identifiers[(topic * 23 + Math.floor(random() * 40)) % c.identifiers.length]!;
          words.push(`\`${id}\``);
          codeSpans.push(id);
        } else words.push(topicWord(c, random, topic));
      }
      count += length;
      sentences.push(`${words.join(' ')}.`);
    }
    const text = sentences.join(' ');
    const startLine = 1 + (i % 8) * 20;
    const endLine = startLine + 15;
    out.push({
      id: `chunk:${path}#${startLine}-${endLine}`,
      path,
      kind: 'prose',
      section: headings[1]!,
      headings,
      prelude: `${path} • ${headings.join(' › ')}`,
      text,
      startLine,
      endLine,
      hash: (i * 2654435761 >>> 0).toString(16).padStart(16, '0'),
      tokens: Math.round(count * 1.3),
      codeSpans,
      emphasis: [],
      links: [],
    });
  }
  return out;
}

/** Questions over the synthetic corpus: 4–8 topic words, sometimes an identifier. */
export function syntheticQueries(n: number, seed = 2): string[] {
  const c = corpus();
  const random = seededRandom(seed);
  return Array.from({ length: n }, () => {
    const topic = Math.floor(random() * TOPICS);
    const words = Array.from({ length: 4 + Math.floor(random() * 5) }, () => topicWord(c, random, topic));
    if (random() < 0.3) words.push(c.identifiers[(topic * 23 + Math.floor(random() * 40)) % c.identifiers.length]!);
    return words.join(' ');
  });
}

/** A vector per chunk: its topic's direction plus noise, so nearest neighbours are meaningful. */
function syntheticVector(dims: number, topic: number, random: () => number): Float32Array {
  const centre = seededRandom(1000 + topic);
  const v = new Float32Array(dims);
  for (let d = 0; d < dims; d++) v[d] = centre() - 0.5 + 0.6 * (random() - 0.5);
  return v;
}

/** Entities: each chunk mentions its code spans; relations join identifiers of the same topic. */
export function syntheticGraph(chunks: readonly Chunk[], seed = 3): HybridGraph {
  const random = seededRandom(seed);
  const mentions = new Map<string, { id: string; name: string }[]>();
  const mentioning = new Map<string, string[]>();
  for (const ch of chunks) {
    const names = [...new Set(ch.codeSpans)].slice(0, 6);
    mentions.set(ch.id, names.map((name) => ({ id: entityId(name), name })));
    for (const name of names) {
      const list = mentioning.get(entityId(name)) ?? [];
      list.push(ch.id);
      mentioning.set(entityId(name), list);
    }
  }
  const entities = [...mentioning.keys()].sort();
  const kinds = ['uses', 'depends_on', 'part_of', 'configured_via'];
  const neighbours = new Map<string, { id: string; name: string; kind: string; weight: number }[]>();
  for (const e of entities) {
    neighbours.set(
      e,
      Array.from({ length: 3 }, () => {
        const other = entities[Math.floor(random() * entities.length)]!;
        return { id: other, name: entityKeyOf(other)!, kind: kinds[Math.floor(random() * kinds.length)]!, weight: 0.5 + random() / 2 };
      }),
    );
  }
  return {
    mentionsIn: (id) => mentions.get(id) ?? [],
    neighbours: (id, relations) => (neighbours.get(id) ?? []).filter((n) => !relations || relations.includes(n.kind)),
    chunksMentioning: (id) => mentioning.get(id) ?? [],
  };
}

export interface Percentiles {
  p50: number;
  p99: number;
  mean: number;
}

export interface HybridBench {
  chunks: number;
  /** Index build, ms: BM25 (tokenize + postings), vectors (quantise + store; vectors are synthesised, not embedded). */
  buildMs: { bm25: number; vectors: number };
  /** Heap growth while building BM25 (MB, after GC when --expose-gc), and the vector store's bytes (MB). */
  memoryMb: { bm25Heap: number; vectors: number };
  /** One incremental update: remove and re-add one chunk (ms, mean of 100). */
  updateMs: number;
  queries: number;
  lexical: Percentiles;
  withVectors: Percentiles;
  withGraph: Percentiles;
  withVectorsAndGraph: Percentiles;
}

function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p99: at(0.99), mean: samples.reduce((a, b) => a + b, 0) / samples.length };
}

/** Builds BM25, a 384-dim VectorStore and a synthetic graph over `n` chunks, then times hybridQuery (k 10, 1 hop). */
export async function benchHybrid(options: { chunks?: number; dims?: number; queries?: number; seed?: number } = {}): Promise<HybridBench> {
  const n = options.chunks ?? 50_000;
  const dims = options.dims ?? 384;
  const chunks = syntheticChunks(n, options.seed ?? 1);
  const byId = new Map(chunks.map((c) => [c.id, c]));
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let started = performance.now();
  const lexical = new Bm25Index();
  for (const c of chunks) lexical.add({ id: c.id, text: c.text, prelude: c.prelude });
  const bm25Ms = performance.now() - started;
  gc?.();
  const bm25Heap = (process.memoryUsage().heapUsed - heapBefore) / 1e6;

  const random = seededRandom(7);
  started = performance.now();
  const store = new VectorStore(dims, n);
  for (const c of chunks) store.add(c.id, syntheticVector(dims, Number(/area(\d+)/.exec(c.path)![1]), random));
  const vectorsMs = performance.now() - started;

  started = performance.now();
  for (let i = 0; i < 100; i++) {
    const c = chunks[(i * 997) % n]!;
    lexical.remove(c.id);
    lexical.add({ id: c.id, text: c.text, prelude: c.prelude });
  }
  const updateMs = (performance.now() - started) / 100;

  const graph = syntheticGraph(chunks);
  const queries = syntheticQueries(options.queries ?? 200);
  const chunk = (id: string) => byId.get(id);
  const embedQuery = async (q: string): Promise<Float32Array> => syntheticVector(dims, q.length % TOPICS, seededRandom(q.length));
  const time = async (sources: Omit<Parameters<typeof hybridQuery>[2], 'lexical' | 'chunk'>): Promise<Percentiles> => {
    const samples: number[] = [];
    for (const q of queries.slice(0, 5)) await hybridQuery(q, { k: 10 }, { lexical, chunk, ...sources }); // warm-up
    for (const q of queries) {
      const t = performance.now();
      await hybridQuery(q, { k: 10 }, { lexical, chunk, ...sources });
      samples.push(performance.now() - t);
    }
    return percentiles(samples);
  };
  return {
    chunks: n,
    buildMs: { bm25: bm25Ms, vectors: vectorsMs },
    memoryMb: { bm25Heap, vectors: store.bytes / 1e6 },
    updateMs,
    queries: queries.length,
    lexical: await time({}),
    withVectors: await time({ vectors: { store, embedQuery } }),
    withGraph: await time({ graph }),
    withVectorsAndGraph: await time({ vectors: { store, embedQuery }, graph }),
  };
}
