/**
 * Near-duplicate paragraphs
 * =========================
 * The same paragraph pasted into three READMEs (a licence blurb, an install note) should be
 * indexed once. Each paragraph-like block gets a 64-bit SimHash over its word 3-shingles; two
 * blocks within Hamming distance 3 are near-duplicates. Lookup is banded: the 64 bits are four
 * 16-bit bands, and two fingerprints within distance 3 agree on at least one band (pigeonhole),
 * so only blocks sharing a band value are compared.
 *
 * Which copy is kept is decided by path order, not by arrival: `duplicates(path)` lists the
 * blocks of `path` that near-duplicate a block of a document whose path sorts earlier. The
 * answer depends only on the set of documents, so however they were added it is the same.
 */
import type { BlockKind, DocFacts } from '../types';

/** Hamming distance at or under which two blocks are near-duplicates. */
export const NEAR_DUPLICATE_DISTANCE = 3;
/** Blocks with fewer words are never suppressed: short lines repeat without being copies. */
export const NEAR_DUPLICATE_MIN_WORDS = 8;

const KINDS = new Set<BlockKind>(['paragraph', 'list', 'steps', 'definition', 'faq']);
const WORD = /[\p{L}\p{N}]+/gu;

interface Fingerprint {
  hi: number;
  lo: number;
}

interface Entry extends Fingerprint {
  path: string;
  block: number;
}

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function murmurish(s: string): number {
  let h = 0x9747b28c;
  for (let i = 0; i < s.length; i++) {
    h = Math.imul(h ^ s.charCodeAt(i), 0x5bd1e995);
    h ^= h >>> 15;
  }
  return fmix(h);
}

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function words(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

function fingerprint(ws: readonly string[]): Fingerprint {
  const v = new Int32Array(64);
  const shingles = ws.length < 3 ? ws : ws.slice(2).map((w, i) => `${ws[i]} ${ws[i + 1]} ${w}`);
  for (const s of shingles) {
    const lo = fmix(fnv1a(s));
    const hi = murmurish(s);
    for (let b = 0; b < 32; b++) {
      v[b]! += (lo >>> b) & 1 ? 1 : -1;
      v[b + 32]! += (hi >>> b) & 1 ? 1 : -1;
    }
  }
  let lo = 0;
  let hi = 0;
  for (let b = 0; b < 32; b++) {
    if (v[b]! > 0) lo |= 1 << b;
    if (v[b + 32]! > 0) hi |= 1 << b;
  }
  return { hi: hi >>> 0, lo: lo >>> 0 };
}

/** The 64-bit SimHash of a text over its lower-cased word 3-shingles. */
export function simhash64(text: string): bigint {
  const f = fingerprint(words(text));
  return (BigInt(f.hi) << 32n) | BigInt(f.lo);
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

export function hammingDistance(a: bigint, b: bigint): number {
  let x = a ^ b;
  let n = 0;
  while (x) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}

function bands(f: Fingerprint): number[] {
  return [f.lo & 0xffff, 0x10000 + (f.lo >>> 16), 0x20000 + (f.hi & 0xffff), 0x30000 + (f.hi >>> 16)];
}

export class NearDuplicateIndex {
  private readonly byPath = new Map<string, Entry[]>();
  private readonly byBand = new Map<number, Entry[]>();

  /** Adds or replaces a document's blocks. */
  set(path: string, facts: DocFacts): void {
    this.delete(path);
    const entries: Entry[] = [];
    facts.blocks.forEach((block, i) => {
      if (!KINDS.has(block.kind)) return;
      const ws = words(block.text);
      if (ws.length < NEAR_DUPLICATE_MIN_WORDS) return;
      entries.push({ path, block: i, ...fingerprint(ws) });
    });
    this.byPath.set(path, entries);
    for (const e of entries) for (const band of bands(e)) {
      const bucket = this.byBand.get(band);
      if (bucket) bucket.push(e);
      else this.byBand.set(band, [e]);
    }
  }

  delete(path: string): void {
    const entries = this.byPath.get(path);
    if (!entries) return;
    this.byPath.delete(path);
    for (const e of entries) for (const band of bands(e)) {
      const bucket = this.byBand.get(band);
      if (!bucket) continue;
      const kept = bucket.filter((x) => x.path !== path);
      if (kept.length) this.byBand.set(band, kept);
      else this.byBand.delete(band);
    }
  }

  /** Indexes of `path`'s blocks that near-duplicate a block of a document whose path sorts earlier. */
  duplicates(path: string): ReadonlySet<number> {
    const out = new Set<number>();
    for (const e of this.byPath.get(path) ?? []) {
      for (const band of bands(e)) {
        const hit = this.byBand.get(band)?.some((o) => o.path < path && popcount(o.hi ^ e.hi) + popcount(o.lo ^ e.lo) <= NEAR_DUPLICATE_DISTANCE);
        if (hit) {
          out.add(e.block);
          break;
        }
      }
    }
    return out;
  }

  get size(): number {
    return this.byPath.size;
  }
}
