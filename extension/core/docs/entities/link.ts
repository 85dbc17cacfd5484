/**
 * Linking mentions
 * ================
 * Each candidate mention gets candidate targets from the gazetteer (exact keys; then, for what
 * no key matches, the same normalised name, one edit away, a token Jaccard ≥ 0.6, or the
 * optional vector hook), each scored:
 *
 *   score = 0.45 · string similarity      (1 for an exact key; the fuzzy tier's similarity)
 *         + 0.25 · type prior             (a code span naming a code node: 1; a version or
 *                                          standard naming one: 0; see TYPE_PRIOR)
 *         + 0.20 · context overlap        (1 when another mention in the chunk, or a heading
 *                                          above it, names the node's class or file)
 *         + 0.10 · popularity             (log-scaled incoming edges in the code graph, in
 *                                          powers of two, saturating at POPULARITY_SATURATION)
 *         − AMBIGUITY_PENALTY · (t − 1)/t (when t candidates score within AMBIGUITY_MARGIN
 *                                          of the best: two tied code spans fall below the
 *                                          threshold, so a name the context cannot settle
 *                                          becomes an entity rather than a guess)
 *
 * At or above LINK_THRESHOLD the mention links to the best candidate. Below it (or with no
 * candidate) a mention becomes a docs entity, `entity:<normalised surface>`, unless its only
 * evidence was a plain-text gazetteer hit: then it was never more than a guess and is dropped.
 *
 * Popularity reads the code graph, not the corpus, on purpose: a chunk's links then depend on
 * the chunk and the graph alone, so a save re-links one document, not fifty thousand.
 */
import type { Chunk, LinkedMention } from '../types';
import type { GazetteerReader, NodeInfo } from './gazetteer';
import { cleanSurface, popularityBand } from './gazetteer';
import type { Candidate } from './mentions';
import { entityKey, lineAt } from './mentions';
import { isCompoundIdentifier } from './patterns';
import { roundScore } from '../score';
import { entityId } from '../../model/ids';

export const LINK_WEIGHTS = { string: 0.45, type: 0.25, context: 0.2, popularity: 0.1 } as const;
export const LINK_THRESHOLD = 0.6;
export const AMBIGUITY_PENALTY = 0.25;
export const POPULARITY_SATURATION = 20;
/** Candidates within this of the best count as a tie: popularity alone rarely breaks one, context does. */
export const AMBIGUITY_MARGIN = 0.05;
/** The vector hook's answer a candidate needs before it is scored at all. */
export const VECTOR_MIN = 0.85;
/** How sure a new entity is, by the evidence that made it. */
export const ENTITY_SCORE: Record<string, number> = { pattern: 0.9, code_span: 0.75, emphasis: 0.65, token: 0.6, heading: 0.6, ngram: 0.55, link: 0.7, gazetteer: 0.5 };

/**
 * How likely a mention of this evidence names a code node at all (the type prior). 0 rules the
 * candidate out: a version or standard is never code, and a phrase written as English words
 * (`token bucket`, `orders`) is the docs' own concept even when a class shares its name.
 * Plain-text words are discounted: a one-hump capitalised word (`Redis`) is as often a product,
 * and more so at a sentence's start.
 */
export function typePrior(c: Candidate, info: NodeInfo, sentenceStart: boolean): number {
  if (c.source === 'pattern') return c.adrNumber !== undefined && info.kind === 'adr' ? 1 : 0;
  if (c.source === 'code_span') return 1;
  const bare = cleanSurface(c.surface);
  const shaped = /[./]/.test(bare) || isCompoundIdentifier(bare) || c.surface.endsWith('()');
  if (shaped) return 0.9;
  if (c.source === 'gazetteer') return /^[A-Z]/.test(bare) ? (sentenceStart ? 0.3 : 0.5) : 0.6;
  // Bold text, mined terms, headings, names: only a capitalised single word may be code.
  if (/\s/.test(bare) || !/^[A-Z]/.test(bare)) return 0;
  return sentenceStart ? 0.3 : 0.4;
}

/** Log-scaled incoming edges, counted in powers of two so that one more call rarely moves it. */
export function popularity(info: NodeInfo): number {
  return Math.min(1, Math.log1p(popularityBand(info.inDegree)) / Math.log1p(POPULARITY_SATURATION));
}

export interface LinkOptions {
  vectorSimilarity?: (a: string, b: string) => number;
  threshold?: number;
}

interface Scored {
  id: string;
  score: number;
  via: string;
}

/** What the chunk says around its mentions: names and files, counted, to find context overlap. */
class ChunkContext {
  private readonly names = new Map<string, number>();
  private readonly paths = new Map<string, number>();

  /** surface → its name parts and the file it surely names, read once per chunk. */
  private readonly own = new Map<string, { parts: string[]; path: string | undefined }>();

  constructor(cands: readonly Candidate[], headings: readonly string[], private readonly gaz: GazetteerReader) {
    for (const c of cands) {
      const o = this.ownOf(c.surface);
      for (const p of o.parts) bump(this.names, p, 1);
      if (o.path !== undefined) bump(this.paths, o.path, 1);
    }
    for (const h of headings) for (const p of nameParts(h)) bump(this.names, p, 1);
  }

  private ownOf(surface: string): { parts: string[]; path: string | undefined } {
    let o = this.own.get(surface);
    if (!o) {
      const hit = this.gaz.lookup(surface);
      o = { parts: nameParts(surface), path: hit && !hit.ambiguous ? (this.gaz.node(hit.ids[0]!)?.path ?? '') : undefined };
      this.own.set(surface, o);
    }
    return o;
  }

  /** Whether something other than this mention names the node's owner, its file or a sibling in it. */
  overlap(c: Candidate, info: NodeInfo): number {
    const { parts: own, path: ownPath } = this.ownOf(c.surface);
    const others = (m: Map<string, number>, key: string, mine: number): boolean => (m.get(key) ?? 0) - mine > 0;
    if (info.owner) {
      const owner = info.owner.slice(info.owner.lastIndexOf('.') + 1);
      if (others(this.names, owner, own.filter((p) => p === owner).length)) return 1;
    }
    if (info.path && others(this.paths, info.path, ownPath === info.path ? 1 : 0)) return 1;
    const base = info.path.slice(info.path.lastIndexOf('/') + 1);
    const stem = base.replace(/\.[^.]+$/, '');
    if (stem && stem !== info.name && (others(this.names, base, own.filter((p) => p === base).length) || others(this.names, stem, own.filter((p) => p === stem).length))) return 1;
    return 0;
  }
}

function nameParts(s: string): string[] {
  // Most surfaces are one word: no split needed.
  if (/^[\w$]+$/.test(s)) return s.length > 1 ? [s] : [];
  return s.split(/[^\w$]+/).filter((p) => p.length > 1);
}

function bump(m: Map<string, number>, k: string, n: number): void {
  if (k !== '') m.set(k, (m.get(k) ?? 0) + n);
}

/** Candidate code targets of one mention, with string similarity and how they were found. */
function candidates(c: Candidate, gaz: GazetteerReader, opts: LinkOptions): { id: string; similarity: number; via: string }[] {
  if (c.source === 'pattern') {
    return c.adrNumber !== undefined ? gaz.adr(c.adrNumber).map((id) => ({ id, similarity: 1, via: 'exact' })) : [];
  }
  const hit = gaz.lookup(c.surface);
  if (hit) return hit.ids.map((id) => ({ id, similarity: 1, via: 'exact' }));
  if (c.source === 'gazetteer') return [];
  const clean = cleanSurface(c.surface);
  // A path's tail: `app/api.py` for src/app/api.py.
  if (clean.includes('/')) {
    const base = gaz.lookup(clean.slice(clean.lastIndexOf('/') + 1));
    const ids = (base?.ids ?? []).filter((id) => (gaz.node(id)?.path ?? '').endsWith(`/${clean}`));
    if (ids.length) return ids.map((id) => ({ id, similarity: 0.95, via: 'alias' }));
  }
  // A dotted chain whose head is not in the graph: `utils.slugify` where the module is shop.utils.
  const parts = clean.split('.');
  for (let k = 1; k < parts.length; k++) {
    const tail = parts.slice(k).join('.');
    const last = k === parts.length - 1;
    if (last && c.source !== 'code_span' && !isCompoundIdentifier(tail)) break;
    const h = gaz.lookup(tail);
    if (h && (h.form !== 'folder' || !last)) {
      const said = h.ids.filter((id) => parts.slice(0, k).some((p) => (gaz.node(id)?.path ?? '').split(/[/.]/).includes(p)));
      return (said.length ? said : h.ids).map((id) => ({ id, similarity: said.length ? 0.95 : 0.85, via: 'alias' }));
    }
  }
  return gaz.fuzzy(c.surface, opts.vectorSimilarity, VECTOR_MIN).map((f) => ({ id: f.id, similarity: f.similarity, via: f.via }));
}


/** Scores a mention's candidates and picks the best, with the tie penalty applied. */
export function bestTarget(c: Candidate, chunk: Chunk, ctx: ChunkContextLike, gaz: GazetteerReader, opts: LinkOptions): Scored | undefined {
  const found = candidates(c, gaz, opts);
  if (found.length === 0) return undefined;
  const sentenceStart = /(?:^|[.!?:]\s+|\n\s*(?:[-*+•]|\d+[.)])?\s*)$/.test(chunk.text.slice(Math.max(0, c.start - 6), c.start));
  const scored: Scored[] = [];
  for (const f of found) {
    const info = gaz.node(f.id);
    if (!info) continue;
    const prior = typePrior(c, info, sentenceStart);
    if (prior === 0) continue;
    const score =
      LINK_WEIGHTS.string * f.similarity +
      LINK_WEIGHTS.type * prior +
      LINK_WEIGHTS.context * ctx.overlap(c, info) +
      LINK_WEIGHTS.popularity * popularity(info);
    scored.push({ id: f.id, score, via: f.via });
  }
  if (scored.length === 0) return undefined;
  scored.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const best = scored[0]!;
  const tied = scored.filter((s) => s.score >= best.score - AMBIGUITY_MARGIN).length;
  return { id: best.id, score: roundScore(Math.max(0, best.score - (AMBIGUITY_PENALTY * (tied - 1)) / tied)), via: best.via };
}

export interface ChunkContextLike {
  overlap(c: Candidate, info: NodeInfo): number;
}

export function chunkContext(cands: readonly Candidate[], headings: readonly string[], gaz: GazetteerReader): ChunkContextLike {
  return new ChunkContext(cands, headings, gaz);
}

/** Links every candidate of a chunk: a code node above the threshold, else an entity, else dropped. */
export function linkChunk(chunk: Chunk, cands: readonly Candidate[], gaz: GazetteerReader, opts: LinkOptions = {}): LinkedMention[] {
  const threshold = opts.threshold ?? LINK_THRESHOLD;
  const ctx = chunkContext(cands, chunk.headings, gaz);
  const out: LinkedMention[] = [];
  for (const c of cands) {
    const best = bestTarget(c, chunk, ctx, gaz, opts);
    const linked = best !== undefined && best.score >= threshold;
    if (!linked && c.source === 'gazetteer') continue;
    const key = linked ? '' : entityKey(c);
    if (!linked && key.length < 2) continue;
    out.push({
      chunkId: chunk.id, surface: c.surface, start: c.start, end: c.end, line: lineAt(chunk, c.start), source: c.source, type: c.type,
      target: linked ? best.id : entityId(key),
      score: linked ? best.score : (ENTITY_SCORE[c.source] ?? 0.5),
      via: linked ? best.via : 'new',
    });
  }
  return out;
}
