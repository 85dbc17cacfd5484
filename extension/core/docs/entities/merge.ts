/**
 * One entity, several spellings
 * =============================
 * Docs entities whose keys are one edit apart (`rate-limiter`, `rate-limiters`) or share most of
 * their words (token Jaccard ≥ 0.6 and string similarity ≥ ENTITY_MERGE_SIMILARITY) are one
 * entity; the most-mentioned key names the group (then the shorter, then the smaller). Keys that
 * differ in their digits (`v1.2`, `v1.3`; `rfc-7230`, `rfc-7231`) never merge.
 *
 * Kept up to date key by key (a deletion index and a word index), so a save that adds or
 * removes a few keys costs a few lookups, not a pass over every pair.
 */
import { similarity } from '../../decisions/reconcile';
import { addToSet, deletions, differsInDigits, editWithinOne, jaccard, removeFromSet } from './fuzzy_names';

export const ENTITY_MERGE_SIMILARITY = 0.8;
export const ENTITY_MERGE_JACCARD = 0.6;
/** Shorter keys are too easily one edit from a different word (`api`, `apt`). */
export const ENTITY_MERGE_MIN_LENGTH = 6;
/** Longer keys are left alone: their one-edit variants cost the key's length squared. */
export const ENTITY_MERGE_MAX_LENGTH = 64;
const MAX_POSTINGS = 300;

const words = (key: string): Set<string> => new Set(key.split('-').filter((w) => w !== ''));

export class EntityMerger {
  /**
   * One-deletion variant → the keys that have it. Nearly every variant belongs to one key: a bare
   * string until a second key shares it (a Set per variant cost ~90 MB on Django's docs).
   */
  private readonly byDeletion = new Map<string, string | string[]>();
  private readonly byWord = new Map<string, Set<string>>();
  private readonly neighbours = new Map<string, Set<string>>();
  private readonly present = new Set<string>();
  /** Each present key's words, split once (same() runs for many candidate pairs). */
  private readonly wordSets = new Map<string, Set<string>>();

  constructor(private readonly vector?: (a: string, b: string) => number) {}

  add(key: string): void {
    if (this.present.has(key)) return;
    this.present.add(key);
    if (key.length < ENTITY_MERGE_MIN_LENGTH || key.length > ENTITY_MERGE_MAX_LENGTH) return;
    const flat = key.replace(/-/g, ' ');
    const found = new Set<string>();
    for (const d of deletions(flat)) {
      const at = this.byDeletion.get(d);
      if (typeof at === 'string') found.add(at);
      else if (at) for (const k of at) found.add(k);
    }
    const mine = this.wordsOf(key);
    // Keys sharing an indexed word, with how many they share: Jaccard grows with the overlap, so
    // a bound from the counted words (plus those not counted: short or in crowded postings) skips
    // most of them before same() splits and compares anything.
    const shared = new Map<string, number>();
    let uncounted = 0;
    for (const w of mine) {
      const posting = w.length > 2 ? this.byWord.get(w) : undefined;
      if (w.length <= 2 || (posting && posting.size > MAX_POSTINGS)) uncounted++;
      else if (posting) for (const k of posting) shared.set(k, (shared.get(k) ?? 0) + 1);
    }
    for (const [other, n] of shared) {
      if (found.has(other)) continue;
      const most = n + uncounted;
      const theirs = this.wordsOf(other).size;
      if (mine.size >= 2 && theirs >= 2 && most / (mine.size + theirs - most) >= ENTITY_MERGE_JACCARD) found.add(other);
    }
    for (const other of found) if (other !== key && this.same(key, other)) this.link(key, other);
    for (const d of deletions(flat)) putCompact(this.byDeletion, d, key);
    for (const w of mine) if (w.length > 2) addToSet(this.byWord, w, key);
  }

  remove(key: string): void {
    if (!this.present.delete(key)) return;
    if (key.length < ENTITY_MERGE_MIN_LENGTH || key.length > ENTITY_MERGE_MAX_LENGTH) return;
    for (const d of deletions(key.replace(/-/g, ' '))) takeCompact(this.byDeletion, d, key);
    for (const w of this.wordsOf(key)) removeFromSet(this.byWord, w, key);
    this.wordSets.delete(key);
    for (const n of this.neighbours.get(key) ?? []) removeFromSet(this.neighbours, n, key);
    this.neighbours.delete(key);
  }

  /** Whether two keys name one entity. */
  same(a: string, b: string): boolean {
    const fa = a.replace(/-/g, ' ');
    const fb = b.replace(/-/g, ' ');
    if (editWithinOne(fa, fb)) return !differsInDigits(a, b);
    const wa = this.wordsOf(a);
    const wb = this.wordsOf(b);
    // Cheapest test first: most candidates from the word index share one word and fail Jaccard.
    if (wa.size < 2 || wb.size < 2 || jaccard(wa, wb) < ENTITY_MERGE_JACCARD || differsInDigits(a, b)) return false;
    const s = this.vector ? Math.max(similarity(fa, fb), this.vector(fa, fb)) : similarity(fa, fb);
    return s >= ENTITY_MERGE_SIMILARITY;
  }

  /**
   * key → the key that names its group, for every key in a group of two or more; `weight` is
   * how many mentions each key has (the most-mentioned names the group).
   */
  groups(weight: (key: string) => number): Map<string, string> {
    const out = new Map<string, string>();
    const seen = new Set<string>();
    for (const start of [...this.neighbours.keys()].sort()) {
      if (seen.has(start)) continue;
      const group: string[] = [];
      const stack = [start];
      seen.add(start);
      while (stack.length) {
        const k = stack.pop()!;
        group.push(k);
        for (const n of this.neighbours.get(k) ?? []) if (!seen.has(n)) {
          seen.add(n);
          stack.push(n);
        }
      }
      if (group.length < 2) continue;
      group.sort((x, y) => weight(y) - weight(x) || x.length - y.length || (x < y ? -1 : x > y ? 1 : 0));
      for (const k of group) if (k !== group[0]) out.set(k, group[0]!);
    }
    return out;
  }

  private wordsOf(key: string): Set<string> {
    let w = this.wordSets.get(key);
    if (!w) {
      w = words(key);
      if (this.present.has(key)) this.wordSets.set(key, w);
    }
    return w;
  }

  private link(a: string, b: string): void {
    addToSet(this.neighbours, a, b);
    addToSet(this.neighbours, b, a);
  }
}

function putCompact(m: Map<string, string | string[]>, k: string, v: string): void {
  const at = m.get(k);
  if (at === undefined) m.set(k, v);
  else if (typeof at === 'string') {
    if (at !== v) m.set(k, [at, v]);
  } else if (!at.includes(v)) at.push(v);
}

function takeCompact(m: Map<string, string | string[]>, k: string, v: string): void {
  const at = m.get(k);
  if (at === v) m.delete(k);
  else if (Array.isArray(at)) {
    const rest = at.filter((x) => x !== v);
    if (rest.length === 1) m.set(k, rest[0]!);
    else m.set(k, rest);
  }
}
