/**
 * BM25 over chunks
 * ================
 * The lexical index, incremental by chunk id: a save re-adds that file's chunks and removes the
 * old ones, touching only their own terms (no rebuild, no global pass). Each chunk is indexed
 * with its prelude (path • section • headings) counted PRELUDE_WEIGHT times, so a question naming
 * a section or a file finds it even when the body never repeats the name.
 *
 * Scores are Okapi BM25 with the Lucene idf (always positive):
 *   idf(t) = ln(1 + (N − df + 0.5) / (df + 0.5))
 *   score  = Σ idf(t) · tf·(k1+1) / (tf + k1·(1 − b + b·len/avgLen))
 *
 * Layout, for 50k chunks in about a hundred MB: terms are interned to numbers; each term's
 * postings are two growable typed arrays (slot, weighted tf) in slot order. A chunk gets a new
 * slot on every add, so appending keeps the order; a removal only marks its slot dead and lowers
 * its terms' document frequencies, and dead postings are squeezed out once they are a quarter of
 * all postings (slots renumbered in order). A query accumulates into a flat Float64Array.
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

class Postings {
  slots = new Int32Array(4);
  tfs = new Float32Array(4);
  length = 0;
  /** Live documents holding the term (dead postings excluded). */
  df = 0;

  push(slot: number, tf: number): void {
    if (this.length === this.slots.length) {
      const slots = new Int32Array(this.length * 2);
      slots.set(this.slots);
      this.slots = slots;
      const tfs = new Float32Array(this.length * 2);
      tfs.set(this.tfs);
      this.tfs = tfs;
    }
    this.slots[this.length] = slot;
    this.tfs[this.length++] = tf;
  }

  /** The tf of a slot (binary search: slots are ascending), or 0. */
  tfOf(slot: number): number {
    let lo = 0;
    let hi = this.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const s = this.slots[mid]!;
      if (s === slot) return this.tfs[mid]!;
      if (s < slot) lo = mid + 1;
      else hi = mid - 1;
    }
    return 0;
  }
}

export class Bm25Index {
  readonly k1: number;
  readonly b: number;
  readonly preludeWeight: number;
  private readonly tokenizeOptions: TokenizeOptions;
  private readonly termIds = new Map<string, number>();
  private postings: Postings[] = [];
  private readonly slotOf = new Map<string, number>();
  /** Per slot: the chunk id (undefined once removed), its weighted length and its term ids. */
  private ids: (string | undefined)[] = [];
  private lengths = new Float64Array(64);
  private termsOf: (Int32Array | undefined)[] = [];
  private totalLength = 0;
  private totalPostings = 0;
  private deadPostings = 0;
  /** Scratch accumulator, grown with the slots. */
  private acc = new Float64Array(64);
  /** Scratch term counts while adding a chunk, by term id (all zero between adds). */
  private counts: Float64Array = new Float64Array(1024);

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

  /** How many distinct terms live chunks hold. */
  get vocabularySize(): number {
    let n = 0;
    for (const p of this.postings) if (p.df > 0) n++;
    return n;
  }

  /** Adds a chunk, replacing any chunk with the same id. */
  add(doc: Bm25Document): void {
    if (this.slotOf.has(doc.id)) this.remove(doc.id);
    // Count by term id in a scratch array (one map lookup per token, no per-chunk map).
    const seen: number[] = [];
    const count = (terms: string[], weight: number): void => {
      for (const term of terms) {
        let id = this.termIds.get(term);
        if (id === undefined) {
          id = this.postings.length;
          this.termIds.set(term, id);
          this.postings.push(new Postings());
        }
        if (id >= this.counts.length) this.counts = this.growCounts(id);
        if (this.counts[id] === 0) seen.push(id);
        this.counts[id]! += weight;
      }
    };
    count(tokenize(doc.text, this.tokenizeOptions), 1);
    if (doc.prelude && this.preludeWeight > 0) count(tokenize(doc.prelude, this.tokenizeOptions), this.preludeWeight);
    const slot = this.ids.length;
    this.ids.push(doc.id);
    if (slot >= this.lengths.length) {
      const grown = new Float64Array(this.lengths.length * 2);
      grown.set(this.lengths);
      this.lengths = grown;
      this.acc = new Float64Array(grown.length);
    }
    const terms = Int32Array.from(seen);
    let length = 0;
    for (const id of terms) {
      const tf = this.counts[id]!;
      this.counts[id] = 0;
      const p = this.postings[id]!;
      p.push(slot, tf);
      p.df++;
      length += tf;
    }
    this.termsOf.push(terms);
    this.lengths[slot] = length;
    this.totalLength += length;
    this.totalPostings += terms.length;
    this.slotOf.set(doc.id, slot);
  }

  private growCounts(id: number): Float64Array {
    const grown = new Float64Array(Math.max(id + 1, this.counts.length * 2));
    grown.set(this.counts);
    return grown;
  }

  /** Removes a chunk; false when it was not there. */
  remove(id: string): boolean {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return false;
    const terms = this.termsOf[slot]!;
    for (const t of terms) this.postings[t]!.df--;
    this.deadPostings += terms.length;
    this.totalLength -= this.lengths[slot]!;
    this.lengths[slot] = 0;
    this.termsOf[slot] = undefined;
    this.ids[slot] = undefined;
    this.slotOf.delete(id);
    if (this.deadPostings > 1024 && this.deadPostings * 4 > this.totalPostings) this.compact();
    return true;
  }

  /** The best `k` chunks for `query`, best first (ties by insertion order). Empty for a query with no known term. */
  search(query: string, k = 10): Bm25Hit[] {
    const terms = this.queryTerms(query);
    if (terms.length === 0 || k <= 0) return [];
    const avg = this.totalLength / Math.max(1, this.slotOf.size);
    const k1 = this.k1;
    const lengthFactor = (k1 * this.b) / avg;
    const base = k1 * (1 - this.b);
    const acc = this.acc;
    const lengths = this.lengths;
    const ids = this.ids;
    const touched: number[] = [];
    for (const { postings, idf } of terms) {
      const { slots, tfs, length } = postings;
      const weight = idf * (k1 + 1);
      for (let i = 0; i < length; i++) {
        const slot = slots[i]!;
        if (ids[slot] === undefined) continue;
        const tf = tfs[i]!;
        if (acc[slot] === 0) touched.push(slot);
        acc[slot]! += (weight * tf) / (tf + base + lengthFactor * lengths[slot]!);
      }
    }
    const top = new TopK(k);
    for (const slot of touched) {
      top.push(slot, acc[slot]!);
      acc[slot] = 0;
    }
    return top.drain().map(({ slot, score }) => ({ id: ids[slot]!, score }));
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
      for (const { postings, idf } of terms) {
        const tf = postings.tfOf(slot);
        if (tf === 0) continue;
        score += (idf * tf * (this.k1 + 1)) / (tf + this.k1 * (1 - this.b + (this.b * this.lengths[slot]!) / avg));
      }
      out.set(id, score);
    }
    return out;
  }

  /** The query's distinct terms that live chunks hold, with their idf. */
  private queryTerms(query: string): { postings: Postings; idf: number }[] {
    const n = this.slotOf.size;
    const out: { postings: Postings; idf: number }[] = [];
    for (const term of new Set(tokenize(query, this.tokenizeOptions))) {
      const id = this.termIds.get(term);
      if (id === undefined) continue;
      const postings = this.postings[id]!;
      const df = postings.df;
      if (df === 0) continue;
      out.push({ postings, idf: Math.log(1 + (n - df + 0.5) / (df + 0.5)) });
    }
    return out;
  }

  /** Squeezes out dead slots: live slots are renumbered in order, so postings stay ascending. */
  private compact(): void {
    const renumber = new Int32Array(this.ids.length).fill(-1);
    const ids: (string | undefined)[] = [];
    const termsOf: (Int32Array | undefined)[] = [];
    const lengths = new Float64Array(Math.max(64, this.slotOf.size * 2));
    this.ids.forEach((id, slot) => {
      if (id === undefined) return;
      renumber[slot] = ids.length;
      lengths[ids.length] = this.lengths[slot]!;
      this.slotOf.set(id, ids.length);
      ids.push(id);
      termsOf.push(this.termsOf[slot]);
    });
    for (const p of this.postings) {
      let w = 0;
      for (let r = 0; r < p.length; r++) {
        const slot = renumber[p.slots[r]!]!;
        if (slot < 0) continue;
        p.slots[w] = slot;
        p.tfs[w++] = p.tfs[r]!;
      }
      p.length = w;
    }
    this.ids = ids;
    this.termsOf = termsOf;
    this.lengths = lengths;
    this.acc = new Float64Array(lengths.length);
    this.totalPostings -= this.deadPostings;
    this.deadPostings = 0;
  }
}
