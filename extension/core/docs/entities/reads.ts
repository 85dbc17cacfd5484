/**
 * What a document's reading asked, packed
 * =======================================
 * A document looks up every identifier-like word it holds (hit or not), and the index keeps that
 * for every document, so it is stored as sorted 32-bit hashes: 4 bytes a key instead of a string
 * in a Set. Two keys sharing a hash only make a document be read again for nothing; no change
 * is ever missed.
 */

import { lowerBound } from '../../model/sorted';

/** FNV-1a, 32 bits. */
export function keyHash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The keys as sorted unique hashes, with those of `also` (an earlier packing) merged in. */
export function packKeys(keys: Iterable<string>, also?: Uint32Array): Uint32Array {
  const hashes: number[] = also ? Array.from(also) : [];
  for (const k of keys) hashes.push(keyHash(k));
  const sorted = Uint32Array.from(hashes).sort();
  let n = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[n - 1]) sorted[n++] = sorted[i]!;
  return sorted.slice(0, n);
}

/** Whether any of `hashes` is in `packed` (binary search each). */
export function hasAnyHash(packed: Uint32Array, hashes: readonly number[]): boolean {
  return hashes.some((h) => packed[lowerBound(packed, h)] === h);
}
