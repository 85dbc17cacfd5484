/**
 * BM25 over chunks
 * ================
 * The lexical index, incremental by chunk id: a save re-adds that file's chunks and removes the
 * old ones, touching only their terms' postings (no rebuild, no global pass). Each chunk is
 * indexed with its prelude (path • section • headings) counted PRELUDE_WEIGHT times, so a
 * question naming a section or a file finds it even when the body never repeats the name.
 *
 * Scores are Okapi BM25 with the Lucene idf (always positive):
 *   idf(t) = ln(1 + (N − df + 0.5) / (df + 0.5))
 *   score  = Σ idf(t) · tf·(k1+1) / (tf + k1·(1 − b + b·len/avgLen))
 * Documents live in numbered slots (reused after removal) so a query accumulates into a flat
 * Float64Array rather than a map.
 */
import { TopK } from './top_k';
import { tokenize } from './tokenize';
import type { TokenizeOptions } from './tokenize';

/** Term-frequency saturation: 1.2 is the usual default; prose chunks of a few hundred tokens sit well there. */
export const BM25_K1 = 1.2;
/** Length normalisation. */
export const BM25_B = 0.75;
/** How many times the prelude's terms count, relative to the body's. */
export const PRELUDE_WEIGHT = 2;

export interface Bm25Options {
  k1?: number;
  b?: number;
  preludeWeight?: number;
  tokenize?: TokenizeOptions;
}

export interface Bm25Hit {
  id: string;
  score: number;
}

/** What a chunk gives the index: its body and (optionally) its prelude. */
export interface Bm25Document {
  id: string;
  text: string;
  prelude?: string;
}

interface Posting {
  /** slot → weighted term frequency */
  readonly tf: Map<number, number>;
}

export class Bm25Index {
  readonly k1: number;
  readonly b: number;
  readonly preludeWeight: number;
  private readonly tokenizeOptions: TokenizeOptions;
  private readonly postings = new Map<string, Posting>();
  private readonly slotOf = new Map<string, number>();
  private ids: (string | undefined)[] = [];
  /** Weighted length per slot, and each slot's distinct terms (for removal). */
  private lengths = new Float64Array(64);
  private termsOf: (string[] | undefined)[] = [];
  private readonly free: number[] = [];
  private totalLength = 0;
  /** Scratch accumulator, grown with the slots. */
  private acc = new Float64Array(64);

  constructor(options: Bm25Options = {}) {
    this.k1 = options.k1 ?? BM25_K1;
    this.b = options.b ?? BM25_B;
    this.preludeWeight = options.preludeWeight ?? PRELUDE_WEIGHT;
    this.tokenizeOptions = options.tokenize ?? {};
  }

  get size(): number {
    return this.slotOf.size;
  }

  has(id: string): boolean {
    return this.slotOf.has(id);
  }

  /** Adds a chunk, replacing any chunk with the same id. */
  add(doc: Bm25Document): void {
    if (this.slotOf.has(doc.id)) this.remove(doc.id);
    const counts = new Map<string, number>();
    for (const t of tokenize(doc.text, this.tokenizeOptions)) counts.set(t, (counts.get(t) ?? 0) + 1);
    if (doc.prelude && this.preludeWeight > 0) {
      for (const t of tokenize(doc.prelude, this.tokenizeOptions)) counts.set(t, (counts.get(t) ?? 0) + this.preludeWeight);
    }
    const slot = this.free.pop() ?? this.ids.length;
    if (slot === this.ids.length) this.ids.push(undefined);
    if (slot >= this.lengths.length) {
      const grown = new Float64Array(Math.max(64, this.lengths.length * 2));
      grown.set(this.lengths);
      this.lengths = grown;
      this.acc = new Float64Array(grown.length);
    }
    let length = 0;
    for (const [term, tf] of counts) {
      let p = this.postings.get(term);
      if (!p) this.postings.set(term, (p = { tf: new Map() }));
      p.tf.set(slot, tf);
      length += tf;
    }
    this.ids[slot] = doc.id;
    this.termsOf[slot] = [...counts.keys()];
    this.lengths[slot] = length;
    this.totalLength += length;
    this.slotOf.set(doc.id, slot);
  }

  /** Removes a chunk; false when it was not there. */
  remove(id: string): boolean {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return false;
    for (const term of this.termsOf[slot] ?? []) {
      const p = this.postings.get(term);
      if (!p) continue;
      p.tf.delete(slot);
      if (p.tf.size === 0) this.postings.delete(term);
    }
    this.totalLength -= this.lengths[slot]!;
    this.lengths[slot] = 0;
    this.termsOf[slot] = undefined;
    this.ids[slot] = undefined;
    this.slotOf.delete(id);
    this.free.push(slot);
    return true;
  }

  /** The query's distinct terms that are in the index, with their idf. */
  private queryTerms(query: string): { posting: Posting; idf: number }[] {
    const n = this.slotOf.size;
    const out: { posting: Posting; idf: number }[] = [];
    for (const term of new Set(tokenize(query, this.tokenizeOptions))) {
      const posting = this.postings.get(term);
      if (!posting) continue;
      const df = posting.tf.size;
      out.push({ posting, idf: Math.log(1 + (n - df + 0.5) / (df + 0.5)) });
    }
    return out;
  }

  /** The best `k` chunks for `query`, best first (ties by insertion slot). Empty for a query with no known term. */
  search(query: string, k = 10): Bm25Hit[] {
    const terms = this.queryTerms(query);
    if (terms.length === 0 || k <= 0) return [];
    const avg = this.totalLength / Math.max(1, this.slotOf.size);
    const acc = this.acc;
    const touched: number[] = [];
    for (const { posting, idf } of terms) {
      for (const [slot, tf] of posting.tf) {
        const norm = this.k1 * (1 - this.b + (this.b * this.lengths[slot]!) / avg);
        if (acc[slot] === 0) touched.push(slot);
        acc[slot]! += (idf * tf * (this.k1 + 1)) / (tf + norm);
      }
    }
    const top = new TopK(k);
    for (const slot of touched) {
      top.push(slot, acc[slot]!);
      acc[slot] = 0;
    }
    return top.drain().map(({ slot, score }) => ({ id: this.ids[slot]!, score }));
  }

  /** BM25 scores of specific chunks for `query` (0 when a chunk shares no term; absent ids are left out). */
  scoreOf(query: string, ids: Iterable<string>): Map<string, number> {
    const terms = this.queryTerms(query);
    const avg = this.totalLength / Math.max(1, this.slotOf.size);
    const out = new Map<string, number>();
    for (const id of ids) {
      const slot = this.slotOf.get(id);
      if (slot === undefined) continue;
      let score = 0;
      for (const { posting, idf } of terms) {
        const tf = posting.tf.get(slot);
        if (tf === undefined) continue;
        score += (idf * tf * (this.k1 + 1)) / (tf + this.k1 * (1 - this.b + (this.b * this.lengths[slot]!) / avg));
      }
      out.set(id, score);
    }
    return out;
  }

  /** How many distinct terms are indexed (for status and memory estimates). */
  get vocabularySize(): number {
    return this.postings.size;
  }
}
