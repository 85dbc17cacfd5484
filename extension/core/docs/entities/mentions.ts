/**
 * Finding mentions in a chunk
 * ===========================
 * Every span of a chunk's text that may name something, with its evidence, before linking:
 *   code_span  a code span as written (the strongest: the writer marked it as code)
 *   pattern    a version, an id or a standard (patterns.ts)
 *   gazetteer  a code name in plain prose, matched case-sensitively on word boundaries; common
 *              English words (`get`, `run`, `main`) and folder names are skipped here
 *   token      an identifier-shaped word the code does not define (CamelCase, snake_case, dotted API)
 *   emphasis   a short bold phrase (not a label such as **Note**)
 *   ngram      a corpus-mined term (ngrams.ts) where it occurs in plain text
 * Spans never overlap: the stronger source wins, then the longer span.
 */
import { lowerBound } from '../../model/sorted';
import { classify } from '../../decisions/mentions';
import type { Chunk, MentionSource } from '../types';
import type { GazetteerReader } from './gazetteer';
import { canonicalKey, findPatterns, identifierTokens, isApiChain, isCompoundIdentifier, isNumberedName } from './patterns';
import { DEPENDENCY_SECTION, headingLines, itemName, lines, sectionsOf } from './structure';
import { ACRONYM_STOP, CALENDAR, EMPHASIS_LABELS, isCommonWord } from './words';

export interface Candidate {
  surface: string;
  start: number;
  end: number;
  source: MentionSource;
  /** version, id, standard, api, token, code, file, config, option, term. */
  type: string;
  /** Patterns: the canonical entity key (`rfc-7231`). */
  key?: string;
  adrNumber?: number;
}

/** Mined terms ready for matching: first word → the term lengths (in words) starting with it. */
export interface TermSet {
  readonly terms: ReadonlySet<string>;
  readonly firstWords: Pick<ReadonlyMap<string, readonly number[]>, 'get'>;
}

/** The key a reading of the terms by a word's first word is noted under (beside the gazetteer's keys). */
export const termReadKey = (firstWord: string): string => `\u0002term:${firstWord}`;

/** The same terms, noting in `keys` every first word looked up: a term that comes or goes concerns only the readers of its first word. */
export function recordingTerms(terms: TermSet, keys: Set<string>): TermSet {
  return {
    terms: terms.terms,
    firstWords: {
      get: (word) => {
        keys.add(termReadKey(word));
        return terms.firstWords.get(word);
      },
    },
  };
}

export function termSet(terms: readonly string[]): TermSet {
  const firstWords = new Map<string, number[]>();
  for (const t of terms) {
    const words = t.split(' ');
    const list = firstWords.get(words[0]!) ?? [];
    if (!list.includes(words.length)) list.push(words.length);
    firstWords.set(words[0]!, list.sort((a, b) => b - a));
  }
  return { terms: new Set(terms), firstWords };
}

const PRIORITY: Record<MentionSource, number> = { code_span: 0, pattern: 1, link: 2, gazetteer: 3, token: 4, heading: 5, emphasis: 6, ngram: 7 };
const LITERAL = /^(?:-?\d+(?:\.\d+)?%?|true|false|null|none|None|undefined|nil|yes|no|on|off)$/;
const WORD_RE = /[\p{L}\p{N}_][\p{L}\p{N}_.+#-]*/gu;
const NEXT_WORD = /[ \t]+([\p{L}\p{N}_][\p{L}\p{N}_.+#-]*)/uy;

/** Code spans, located in the text in order (the n-th `x` span is the n-th `x` in the text). */
function codeSpanCandidates(chunk: Chunk, out: Candidate[]): void {
  const cursor = new Map<string, number>();
  for (const raw of chunk.codeSpans) {
    const span = raw.trim();
    if (span === '' || span.length > 80 || /\s/.test(span) || LITERAL.test(span) || /^[a-z][\w+.-]*:\/\//i.test(span)) continue;
    const at = findWhole(chunk.text, span, cursor.get(span) ?? 0);
    if (at < 0) continue;
    cursor.set(span, at + span.length);
    out.push({ surface: span, start: at, end: at + span.length, source: 'code_span', type: codeSpanType(span) });
  }
}

/** The next occurrence of `needle` that is not part of a longer word (`Client` is not in `PaymentClient`). */
export function findWhole(text: string, needle: string, from: number): number {
  const word = /[\w$]/;
  for (let at = text.indexOf(needle, from); at >= 0; at = text.indexOf(needle, at + 1)) {
    const before = at > 0 ? text[at - 1]! : ' ';
    const after = text[at + needle.length] ?? ' ';
    if ((!word.test(needle[0]!) || !word.test(before)) && (!word.test(needle[needle.length - 1]!) || !word.test(after))) return at;
  }
  return -1;
}

export function codeSpanType(span: string): string {
  if (span.startsWith('-')) return 'option';
  if (/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(span) || /^[\w.-]+=/.test(span)) return 'config';
  const c = classify(span);
  if (c.form === 'path') return 'file';
  if (/\.(ya?ml|toml|json|ini|cfg|env|conf)$/i.test(span)) return 'config';
  return 'code';
}

function emphasisCandidates(chunk: Chunk, out: Candidate[]): void {
  const cursor = new Map<string, number>();
  for (const raw of chunk.emphasis) {
    // A bold label (`**Note:**`) or sentence (`**Mail never arrives.**`) names nothing.
    if (/[:.!?]\s*$/.test(raw)) continue;
    const phrase = raw.trim();
    const words = phrase.split(/\s+/);
    if (phrase.length < 2 || words.length > 4 || EMPHASIS_LABELS.has(phrase.toLowerCase())) continue;
    if (words.length === 1 && isCommonWord(phrase)) continue;
    const at = findWhole(chunk.text, phrase, cursor.get(phrase) ?? 0);
    if (at < 0) continue;
    cursor.set(phrase, at + phrase.length);
    out.push({ surface: phrase, start: at, end: at + phrase.length, source: 'emphasis', type: 'term' });
  }
}

/** A word with no capital after its first letter, no digit and no underscore: never an identifier token. */
const PLAIN_WORD = /^[A-Za-z][a-z]*$/;
const PATH_RE = /(?<![\w@/.:-])(?:\.\/)?(?:[\w.-]+\/)+[\w.-]*\w\/?/g;

/** Workspace paths in prose (`src/app/api.py`, `src/legacy/`): code when the graph has them. */
function pathCandidates(text: string, gaz: GazetteerReader | undefined, out: Candidate[]): void {
  PATH_RE.lastIndex = 0;
  for (let m = PATH_RE.exec(text); m; m = PATH_RE.exec(text)) {
    const surface = m[0].replace(/^\.\//, '').replace(/\/$/, '');
    const start = m.index + (m[0].startsWith('./') ? 2 : 0);
    if (gaz?.lookup(surface)) out.push({ surface, start, end: start + surface.length, source: 'gazetteer', type: 'file' });
  }
}

/** [start, end) offsets of the fenced code blocks in a chunk's text (the chunker fences code units). */
function fencedRanges(text: string): [number, number][] {
  if (!text.includes('```')) return [];
  const out: [number, number][] = [];
  for (const m of text.matchAll(/```[^\n]*\n[^]*?(?:\n```|$)/g)) out.push([m.index, m.index + m[0].length]);
  return out;
}

function tokenCandidates(text: string, gaz: GazetteerReader | undefined, out: Candidate[]): void {
  pathCandidates(text, gaz, out);
  const fences = fencedRanges(text);
  for (const t of identifierTokens(text)) {
    // In a code example, a name the code does not define is the example's own (`new_func`,
    // `self.debug`): no entity. Names the code defines still link, as in prose.
    const example = fences.length > 0 && fences.some(([a, b]) => t.start >= a && t.start < b);
    let surface = t.surface;
    let end = t.end;
    const hit = gaz?.lookup(surface);
    if (hit && hit.plainText) {
      out.push({ surface, start: t.start, end, source: 'gazetteer', type: 'code' });
      continue;
    }
    // `app.api.` at a sentence's end, `Client.send.`: the trailing dot is punctuation.
    if (surface.endsWith('.')) {
      surface = surface.slice(0, -1);
      end--;
    }
    const bare = surface.replace(/\(\)$/, '');
    if (bare.includes('.') || bare.includes('::')) {
      if (!example && isApiChain(surface) && !/\.(com|org|net|io|dev|edu|gov)$/i.test(bare)) out.push({ surface, start: t.start, end, source: 'token', type: 'api' });
      else {
        // A dotted chain that is not an API call may still hold a known name: `see Client.send.`
        for (const part of splitChain(surface, t.start)) {
          const h = gaz?.lookup(part.surface);
          if (h && h.plainText) out.push({ ...part, source: 'gazetteer', type: 'code' });
        }
      }
    } else if (PLAIN_WORD.test(bare) || example) continue; // the common case: an English word
    else if (isCompoundIdentifier(bare) || surface.endsWith('()')) out.push({ surface, start: t.start, end, source: 'token', type: 'token' });
    else if (isNumberedName(bare)) out.push({ surface, start: t.start, end, source: 'token', type: 'name' });
  }
}

function splitChain(surface: string, offset: number): { surface: string; start: number; end: number }[] {
  const out: { surface: string; start: number; end: number }[] = [];
  let at = 0;
  for (const part of surface.split('.')) {
    out.push({ surface: part, start: offset + at, end: offset + at + part.length });
    at += part.length + 1;
  }
  return out;
}

function patternCandidates(text: string, out: Candidate[]): void {
  for (const p of findPatterns(text)) {
    const c: Candidate = { surface: p.surface, start: p.start, end: p.end, source: 'pattern', type: p.type, key: p.key };
    if (p.adrNumber !== undefined) c.adrNumber = p.adrNumber;
    out.push(c);
  }
}

/** Mined terms in plain text: case-insensitive, whole words, the longest term at each word. */
function termCandidates(text: string, terms: TermSet, out: Candidate[]): void {
  if (terms.terms.size === 0) return;
  WORD_RE.lastIndex = 0;
  for (let m = WORD_RE.exec(text); m; m = WORD_RE.exec(text)) {
    const first = trimWord(m[0]);
    const lengths = terms.firstWords.get(first.toLowerCase());
    if (!lengths) continue;
    // Only now read the words that follow (separated by spaces alone): most words start no term.
    const words = [first.toLowerCase()];
    const ends = [m.index + first.length];
    let pos = m.index + m[0].length;
    for (let k = 1; k < lengths[0]! && first.length === m[0].length; k++) {
      NEXT_WORD.lastIndex = pos;
      const n = NEXT_WORD.exec(text);
      if (!n) break;
      const w = trimWord(n[1]!);
      words.push(w.toLowerCase());
      ends.push(n.index + n[0].length - (n[1]!.length - w.length));
      pos = NEXT_WORD.lastIndex;
      if (w.length !== n[1]!.length) break; // `rate limiter.`: the sentence ends here
    }
    for (const n of lengths) {
      if (n > words.length || !terms.terms.has(words.slice(0, n).join(' '))) continue;
      const end = ends[n - 1]!;
      out.push({ surface: text.slice(m.index, end), start: m.index, end, source: 'ngram', type: 'term' });
      WORD_RE.lastIndex = end;
      break;
    }
  }
}

/** `limiter.` → `limiter`: a word's trailing dots and dashes are punctuation. */
function trimWord(w: string): string {
  const last = w.charCodeAt(w.length - 1);
  return last === 46 || last === 45 ? w.replace(/[.-]+$/, '') : w;
}

/** All mention candidates of a chunk, non-overlapping, in text order. */
export function findCandidates(chunk: Chunk, gaz: GazetteerReader | undefined, terms: TermSet, names: ReadonlySet<string> = EMPTY): Candidate[] {
  const all: Candidate[] = [];
  codeSpanCandidates(chunk, all);
  patternCandidates(chunk.text, all);
  tokenCandidates(chunk.text, gaz, all);
  emphasisCandidates(chunk, all);
  termCandidates(chunk.text, terms, all);
  nameCandidates(chunk.text, names, all);
  structureCandidates(chunk, all);
  // A 'name' of thousands of characters is a pasted blob, not a name (and would cost quadratic work later).
  return resolveOverlaps(all.filter((c) => c.end - c.start <= MAX_SURFACE), chunk.text.length);
}

const EMPTY: ReadonlySet<string> = new Set();
/** The longest span taken as a mention. */
export const MAX_SURFACE = 120;
const LOWER_WORD = /(?<![\w.'’-])[a-z]{2,}(?![\w-])/g;
const CAPITALISED = /(?<![\w.'’-])(?:[A-Z][a-z0-9]+|[A-Z]{3,6}s?)(?![\w-]|\.\w|['’](?!s\b))/g;

/** Occurrences of the document's proper names (see properNames). */
function nameCandidates(text: string, names: ReadonlySet<string>, out: Candidate[]): void {
  if (names.size === 0) return;
  CAPITALISED.lastIndex = 0;
  for (let m = CAPITALISED.exec(text); m; m = CAPITALISED.exec(text)) {
    if (names.has(m[0])) out.push({ surface: m[0], start: m.index, end: m.index + m[0].length, source: 'token', type: 'name' });
  }
}

/**
 * A document's proper names, read from all its chunks: capitalised words that are not common
 * English and stand mid-sentence (where English capitalises only names), or start three or more
 * sentences and are never written in lower case in the document (`Cheerio implements…`, but not
 * `Although …` or `Continue …`: capitalised only because a sentence starts there); and acronyms
 * (`SMTP`, `HTTP`) except document furniture (`API`, `TODO`). Heading lines and table rows,
 * where every word may be capitalised, are left out.
 */
export function properNames(chunks: readonly Chunk[]): Set<string> {
  const mid = new Set<string>();
  const initial = new Map<string, number>();
  const lower = new Set<string>();
  for (const c of chunks) {
    for (const m of c.text.matchAll(LOWER_WORD)) lower.add(m[0]);
    const all = lines(c.text);
    const headings = headingLines(all);
    for (const l of all) {
      if (headings.has(l.start) || l.text.includes(' | ')) continue;
      CAPITALISED.lastIndex = 0;
      for (let m = CAPITALISED.exec(l.text); m; m = CAPITALISED.exec(l.text)) {
        const w = m[0];
        const lower = w.toLowerCase();
        if (isCommonWord(lower) || CALENDAR.has(lower) || ACRONYM_STOP.has(w.replace(/s$/, '')) || ACRONYM_STOP.has(w)) continue;
        if (/^[A-Z]{3,6}s?$/.test(w)) {
          mid.add(w);
          continue;
        }
        const before = l.text.slice(0, m.index).replace(/^\s*(?:[-*+•]|\d+[.)])?\s*/, '');
        if (before === '' || /(?:[.!?:;"“(]|\s-)\s*$/.test(before)) initial.set(w, (initial.get(w) ?? 0) + 1);
        else mid.add(w);
      }
    }
  }
  for (const [w, n] of initial) if (n >= 3 && !lower.has(w.toLowerCase())) mid.add(w);
  return mid;
}

/**
 * Names the layout gives: a list item's leading name in a Dependencies/Requirements section
 * (`- Redis`), and a glossary's `Term: meaning` lines (two or more in the chunk, or a
 * definition chunk). Weak evidence, so any other mention of the same span wins.
 */
function structureCandidates(chunk: Chunk, out: Candidate[]): void {
  const all = lines(chunk.text);
  for (const sec of sectionsOf(chunk, all)) {
    if (!DEPENDENCY_SECTION.test(sec.title.replace(/[:.]$/, ''))) continue;
    for (const l of sec.lines) {
      const name = itemName(l);
      // An item with code in it (`Access to the \`acme-prod\` cluster`) is about the code.
      if (name && !isCommonWord(name.text) && !chunk.codeSpans.some((s) => l.text.includes(s))) out.push({ surface: name.text, start: name.start, end: name.start + name.text.length, source: 'heading', type: 'term' });
    }
  }
  const defs = all.map((l) => ({ l, m: /^\s*(?:[-*+•]\s+)?([A-Z][\w-]*(?: [\w-]+){0,3}):\s+\S/.exec(l.text) })).filter((d) => d.m);
  if (defs.length >= 2 || (chunk.kind === 'definition' && defs.length === 1)) {
    for (const { l, m } of defs) {
      const term = m![1]!;
      // `**Proven syntax:** …` is a bold label, not a term being defined.
      if (chunk.emphasis.some((e) => e.trim() === `${term}:`)) continue;
      const start = l.start + l.text.indexOf(term);
      out.push({ surface: term, start, end: start + term.length, source: 'heading', type: 'term' });
    }
  }
}

export function resolveOverlaps(all: Candidate[], length: number): Candidate[] {
  all.sort((a, b) => PRIORITY[a.source] - PRIORITY[b.source] || b.end - b.start - (a.end - a.start) || a.start - b.start);
  const taken = new Uint8Array(length + 1);
  const kept: Candidate[] = [];
  outer: for (const c of all) {
    for (let i = c.start; i < c.end; i++) if (taken[i]) continue outer;
    taken.fill(1, c.start, c.end);
    kept.push(c);
  }
  return kept.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** The entity key a surface becomes when it names no code node: `entity:<key>`. */
export function entityKey(c: Pick<Candidate, 'surface' | 'key' | 'source'>): string {
  if (c.key) return c.key;
  const clean = c.surface.replace(/\(\)$/, '').replace(/['’]s$/, '').trim();
  // Lower case, separators folded; camelCase kept whole: `TypeScript` is one word, not `type-script`.
  const words = clean
    .toLowerCase()
    .replace(/(\d)\.(?=\d)/g, '$1\u0000') // a version's dots stay: `Postfix 3.7` → postfix-3.7
    .split(/[^\p{L}\p{N}+#\u0000]+/u)
    .filter((w) => w !== '')
    .map((w) => w.replace(/\u0000/g, '.'));
  return words.length ? words.join('-') : canonicalKey(clean);
}

/** 1-based document line of an offset in the chunk's text. */
export function lineAt(chunk: Chunk, offset: number): number {
  const before = lowerBound(newlines(chunk.text), offset);
  return Math.min(chunk.startLine + before, Math.max(chunk.endLine, chunk.startLine));
}

/** Offsets of a text's line breaks, remembered for the last few texts (a chunk asks once per mention). */
const newlineMemo = new Map<string, number[]>();
function newlines(text: string): number[] {
  let out = newlineMemo.get(text);
  if (out) return out;
  out = [];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) out.push(i);
  if (newlineMemo.size > 16) newlineMemo.clear();
  newlineMemo.set(text, out);
  return out;
}
