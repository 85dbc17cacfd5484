/**
 * Corpus-mined terms
 * ==================
 * The docs' own vocabulary, mined where writers name things: headings, bold text and code spans.
 * Each document contributes each candidate once (document frequency), so one page repeating a
 * phrase does not make it a term. The top K candidates seen in at least `minFrequency` documents
 * become terms; their occurrences in plain text are then mentions.
 *
 * A candidate is 1–3 words with no stopword at either end and not only generic heading words
 * (`Overview`, `Installation`); single words come from bold text and code spans only, and must
 * not be common English.
 */
import type { Chunk } from '../types';
import { isCompoundIdentifier } from './patterns';
import { EMPHASIS_LABELS, GENERIC_HEADINGS, isCommonWord, isStopword } from './words';

export const DEFAULT_NGRAM_TOP_K = 2000;
export const DEFAULT_NGRAM_MIN_FREQUENCY = 2;
export const NGRAM_MAX_WORDS = 3;

/** A term's key: its words lower-cased, as they are matched in text. */
export function termKey(phrase: string): string {
  return phrase.toLowerCase().replace(/[^\p{L}\p{N}_.+#-]+/gu, ' ').trim().replace(/\s+/g, ' ');
}

/** Candidate keys → the surface first seen for them, for one document. */
export function docCandidates(chunks: readonly Chunk[]): Map<string, string> {
  const out = new Map<string, string>();
  const headings = new Set<string>();
  for (const c of chunks) {
    for (const h of c.headings) headings.add(h);
    for (const e of c.emphasis) phraseCandidates(e, out, true);
    for (const s of c.codeSpans) {
      const t = s.trim();
      // Only identifier-shaped spans: a plain word in backticks (`Order`, `send`) is matched
      // case-insensitively as a term, and would then claim every English `order` in the corpus.
      if (t.length >= 3 && t.length <= 60 && !/\s/.test(t) && (isCompoundIdentifier(t) || /[._]/.test(t))) add(out, termKey(t), t);
    }
  }
  for (const h of headings) phraseCandidates(h, out, false);
  return out;
}

function phraseCandidates(phrase: string, out: Map<string, string>, emphasis: boolean): void {
  // A bold label (`**Note:**`) or sentence (`**Mail never arrives.**`) names nothing.
  if (emphasis && /[:.!?]\s*$/.test(phrase)) return;
  const clean = phrase.replace(/[`*_]/g, '').trim();
  if (clean === '' || clean.length > 80) return;
  const words = clean.split(/\s+/).filter((w) => w !== '').map((w) => w.replace(/^[^\p{L}\p{N}_]+|[^\p{L}\p{N}_+#]+$/gu, ''));
  if (emphasis && words.length <= 4 && !EMPHASIS_LABELS.has(clean.toLowerCase())) {
    if (words.length > 1 || !isCommonWord(words[0] ?? '')) add(out, termKey(words.join(' ')), words.join(' '));
    if (words.length <= NGRAM_MAX_WORDS) return;
  }
  // Single words from headings are topics (`Payments`, `Caching`), not things: headings give phrases only.
  for (let n = emphasis ? 1 : 2; n <= NGRAM_MAX_WORDS; n++) {
    for (let i = 0; i + n <= words.length; i++) {
      const gram = words.slice(i, i + n);
      if (gram.some((w) => w === '')) continue;
      if (isStopword(gram[0]!) || isStopword(gram[n - 1]!)) continue;
      if (gram.every((w) => GENERIC_HEADINGS.has(w.toLowerCase()))) continue;
      if (n === 1 && (isCommonWord(gram[0]!) || gram[0]!.length < 3 || /^\d+$/.test(gram[0]!))) continue;
      add(out, termKey(gram.join(' ')), gram.join(' '));
    }
  }
}

function add(out: Map<string, string>, key: string, surface: string): void {
  if (key.length < 3 || out.has(key)) return;
  out.set(key, surface);
}

/** Document frequencies over the corpus, kept up to date per document; mined terms on demand. */
export class TermCounts {
  private readonly df = new Map<string, number>();
  private readonly eligible = new Set<string>();
  private memo: { k: number; top: string[] } | undefined;

  constructor(private readonly minFrequency: number) {}

  add(candidates: ReadonlyMap<string, string>, sign: 1 | -1): void {
    if (candidates.size) this.memo = undefined;
    for (const key of candidates.keys()) {
      const n = (this.df.get(key) ?? 0) + sign;
      if (n <= 0) this.df.delete(key);
      else this.df.set(key, n);
      if (n >= this.minFrequency) this.eligible.add(key);
      else this.eligible.delete(key);
    }
  }

  /** The top K terms by document frequency (ties by key), each at least `minFrequency`. */
  top(k: number): string[] {
    if (this.memo?.k === k) return this.memo.top;
    const keys = [...this.eligible];
    keys.sort((a, b) => this.df.get(b)! - this.df.get(a)! || (a < b ? -1 : a > b ? 1 : 0));
    const top = keys.slice(0, k).sort();
    this.memo = { k, top };
    return top;
  }

  frequency(key: string): number {
    return this.df.get(key) ?? 0;
  }
}

