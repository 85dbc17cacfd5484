/**
 * Fuzzy name index
 * ================
 * The gazetteer's second chance for a surface that names no key exactly: keys with the same
 * normalised form (`payment_client` → `payment client` ← `PaymentClient`), keys one edit away
 * from it (symmetric deletes), and keys sharing at least 60% of its words (token Jaccard).
 * Keys come and go one at a time, so a code edit updates the index instead of rebuilding it.
 */
import { normalise } from '../../decisions/reconcile';

/** Token postings longer than this say too little to scan for Jaccard candidates. */
const MAX_POSTINGS = 400;
/** Bare names this long or shorter get one-edit variants: a typo'd qualified name is rare, and the variants are the index's biggest part. */
const MAX_EDIT_LENGTH = 30;

export type FuzzyKeyForm = 'name' | 'qualified';

/** A key the index offers, and how it was found. */
export interface FuzzyKeyHit {
  key: string;
  via: 'normalised' | 'edit' | 'jaccard';
  similarity: number;
}

export class FuzzyNameIndex {
  private readonly byNormalised = new Map<string, Set<string>>();
  private readonly byDeletion = new Map<string, Set<string>>();
  private readonly byToken = new Map<string, Set<string>>();
  /** What each key was indexed under (and its word counts, for the Jaccard bound), so it can be taken out again. */
  private readonly indexed = new Map<string, { norm: string; form: FuzzyKeyForm; words: number; short: number }>();
  /** Tokens whose posting grew past MAX_POSTINGS or shrank back to it since takeCrowded(). */
  private crowded = new Set<string>();

  add(key: string, form: FuzzyKeyForm): void {
    if (this.indexed.has(key)) this.remove(key);
    const norm = normalise(key);
    if (norm.length < 3) return;
    const words = new Set(norm.split(' '));
    this.indexed.set(key, { norm, form, words: words.size, short: [...words].filter((w) => w.length <= 1).length });
    addToSet(this.byNormalised, norm, key);
    if (form === 'name' && norm.length >= 5 && norm.length <= MAX_EDIT_LENGTH) for (const d of deletions(norm)) addToSet(this.byDeletion, d, key);
    for (const w of new Set(norm.split(' '))) {
      if (w.length > 1 && addToSet(this.byToken, w, key) === MAX_POSTINGS + 1) this.crowded.add(w);
    }
  }

  remove(key: string): void {
    const at = this.indexed.get(key);
    if (!at) return;
    this.indexed.delete(key);
    removeFromSet(this.byNormalised, at.norm, key);
    if (at.form === 'name' && at.norm.length >= 5 && at.norm.length <= MAX_EDIT_LENGTH) for (const d of deletions(at.norm)) removeFromSet(this.byDeletion, d, key);
    for (const w of new Set(at.norm.split(' '))) {
      if (w.length > 1 && removeFromSet(this.byToken, w, key) === MAX_POSTINGS) this.crowded.add(w);
    }
  }

  /** The tokens whose posting crossed the size candidates() skips, since the last call. */
  takeCrowded(): Set<string> {
    const out = this.crowded;
    this.crowded = new Set();
    return out;
  }

  /**
   * Keys for a normalised surface: the same normalised form, one edit away (for surfaces of five
   * characters or more, never differing only in digits), or a token Jaccard ≥ `jaccardMin`
   * between multi-word names. `other` sees each key that shares a token and passed none of
   * those, for a caller's own test (vector similarity).
   */
  candidates(norm: string, jaccardMin: number, other?: (key: string, keyNorm: string) => void): FuzzyKeyHit[] {
    const out: FuzzyKeyHit[] = [];
    for (const key of this.byNormalised.get(norm) ?? []) out.push({ key, via: 'normalised', similarity: 0.97 });
    if (norm.length >= 5) {
      for (const variant of deletions(norm)) {
        for (const key of this.byDeletion.get(variant) ?? []) {
          const theirs = this.indexed.get(key)!.norm;
          if (theirs === norm || Math.abs(theirs.length - norm.length) > 1) continue;
          if (editWithinOne(norm, theirs) && !differsInDigits(norm, theirs)) out.push({ key, via: 'edit', similarity: similarityOf(norm, theirs) });
        }
      }
    }
    const words = new Set(norm.split(' '));
    if (words.size < 2 && !other) return out;
    // The pool: keys sharing a word whose posting is not crowded, with how many such words they share.
    const shared = new Map<string, number>();
    let uncounted = 0; // words of the surface that may be shared without being counted: short or crowded
    for (const w of words) {
      const posting = w.length > 1 ? this.byToken.get(w) : undefined;
      if (w.length <= 1 || (posting && posting.size > MAX_POSTINGS)) uncounted++;
      else if (posting) for (const k of posting) shared.set(k, (shared.get(k) ?? 0) + 1);
    }
    for (const [key, n] of shared) {
      const theirs = this.indexed.get(key)!;
      // Jaccard grows with the overlap: a bound from the counted words skips most keys without splitting them.
      const most = n + uncounted;
      if (words.size >= 2 && theirs.words >= 2 && most / (words.size + theirs.words - most) >= jaccardMin) {
        const j = jaccard(words, new Set(theirs.norm.split(' ')));
        if (j >= jaccardMin) {
          out.push({ key, via: 'jaccard', similarity: j });
          continue;
        }
      }
      other?.(key, theirs.norm);
    }
    return out;
  }

  /** The normalised form a key was indexed under. */
  normOf(key: string): string | undefined {
    return this.indexed.get(key)?.norm;
  }
}

/**
 * The other way round: the surfaces documents looked up fuzzily, by normalised form, so that a key
 * that comes, goes or changes finds the documents whose fuzzy lookups it could answer. The
 * relations are those of FuzzyNameIndex.candidates, without its posting limit (a superset: a
 * document read again for nothing costs time, one not read again would be wrong).
 */
export class FuzzyReadIndex {
  private readonly readers = new Map<string, Set<string>>();
  private readonly byDeletion = new Map<string, Set<string>>();
  private readonly byToken = new Map<string, Set<string>>();

  add(norm: string, reader: string): void {
    if (addToSet(this.readers, norm, reader) > 1) return;
    if (norm.length >= 5) for (const d of deletions(norm)) addToSet(this.byDeletion, d, norm);
    for (const w of new Set(norm.split(' '))) if (w.length > 1) addToSet(this.byToken, w, norm);
  }

  remove(norm: string, reader: string): void {
    if (removeFromSet(this.readers, norm, reader) > 0) return;
    if (norm.length >= 5) for (const d of deletions(norm)) removeFromSet(this.byDeletion, d, norm);
    for (const w of new Set(norm.split(' '))) if (w.length > 1) removeFromSet(this.byToken, w, norm);
  }

  /** Adds to `out` the readers of surfaces a key of this normalised form could be a candidate for. */
  readersNear(keyNorm: string, bareName: boolean, jaccardMin: number, out: Set<string>): void {
    this.addReaders(keyNorm, out);
    if (bareName && keyNorm.length >= 5 && keyNorm.length <= MAX_EDIT_LENGTH) {
      for (const d of deletions(keyNorm)) {
        for (const norm of this.byDeletion.get(d) ?? []) {
          if (Math.abs(norm.length - keyNorm.length) <= 1 && editWithinOne(norm, keyNorm) && !differsInDigits(norm, keyNorm)) this.addReaders(norm, out);
        }
      }
    }
    const words = new Set(keyNorm.split(' '));
    if (words.size < 2) return;
    for (const w of words) {
      for (const norm of this.byToken.get(w) ?? []) {
        const theirs = new Set(norm.split(' '));
        if (theirs.size >= 2 && jaccard(words, theirs) >= jaccardMin) this.addReaders(norm, out);
      }
    }
  }

  /** Adds to `out` the readers of every surface with this token. */
  readersOfToken(token: string, out: Set<string>): void {
    for (const norm of this.byToken.get(token) ?? []) this.addReaders(norm, out);
  }

  private addReaders(norm: string, out: Set<string>): void {
    for (const r of this.readers.get(norm) ?? []) out.add(r);
  }
}

/** Adds to a key's set; answers the set's size after. */
export function addToSet(map: Map<string, Set<string>>, key: string, value: string): number {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(value);
  return set.size;
}

/** Removes from a key's set (the key goes with its last value); answers the set's size after. */
export function removeFromSet(map: Map<string, Set<string>>, key: string, value: string): number {
  const set = map.get(key);
  if (!set) return 0;
  set.delete(value);
  if (set.size === 0) map.delete(key);
  return set.size;
}

/** Every string one deletion away (the symmetric-delete trick: two strings within one edit share one). */
export function deletions(s: string): string[] {
  const out = [s];
  for (let i = 0; i < s.length; i++) out.push(s.slice(0, i) + s.slice(i + 1));
  return out;
}

/** Levenshtein distance ≤ 1, without the full table. */
export function editWithinOne(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  if (a.length < b.length) [a, b] = [b, a];
  let i = 0;
  while (i < b.length && a[i] === b[i]) i++;
  return a.length === b.length ? a.slice(i + 1) === b.slice(i + 1) : a.slice(i + 1) === b.slice(i);
}

/** `v1.2` and `v1.3` are one edit apart and different things. */
export function differsInDigits(a: string, b: string): boolean {
  return a.replace(/\D/g, '') !== b.replace(/\D/g, '');
}

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let inter = 0;
  for (const w of a) if (b.has(w)) inter++;
  const union = a.size + b.size - inter;
  return union === 0 ? 0 : inter / union;
}

/** Two strings already known to be within one edit: 1 − 1/longest. */
function similarityOf(a: string, b: string): number {
  return a === b ? 1 : 1 - 1 / Math.max(a.length, b.length);
}
