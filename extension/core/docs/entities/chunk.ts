/**
 * One chunk, read whole
 * =====================
 * Candidates → links → relations and definitions for one chunk. Pure over (chunk, gazetteer,
 * mined terms, options): the entity index caches it by the chunk's id and hash and recomputes
 * it only when the chunk, the graph or the mined terms change.
 */
import type { Chunk, DocRelation, LinkedMention } from '../types';
import type { GazetteerReader } from './gazetteer';
import type { LinkOptions } from './link';
import { linkChunk } from './link';
import type { Candidate, TermSet } from './mentions';
import { findCandidates } from './mentions';
import { definitions, sentenceRelations, structureRelations } from './relations';
import { GENERIC_HEADINGS } from './words';
import { isEntityId } from '../../model/ids';

export interface ChunkResult {
  mentions: LinkedMention[];
  relations: DocRelation[];
  /** entity id → its short definition, as this chunk gives it. */
  definitions: Map<string, string>;
  /** Entities named only by a heading (no mention in the text), with the heading as surface. */
  headingEntities: Map<string, string>;
}

/** Headings longer than this are sentences, not names. */
const MAX_HEADING_WORDS = 5;

/** What a heading names: its first strong linked mention, else the heading itself as a term. */
export function headingTarget(heading: string, gaz: GazetteerReader, terms: TermSet, opts: LinkOptions): { target: string; surface: string; fromHeading: boolean } | undefined {
  const text = heading.trim();
  if (text === '') return undefined;
  const pseudo: Chunk = {
    id: 'heading', path: '', kind: 'prose', section: '', headings: [], prelude: '', text, startLine: 1, endLine: 1, hash: '', tokens: 0,
    codeSpans: [], emphasis: [], links: [],
  };
  // The ingestion drops a heading's backticks: a heading that is exactly a code name is one.
  const whole = gaz.lookup(text) ? [{ surface: text, start: 0, end: text.length, source: 'code_span' as const, type: 'code' }] : [];
  const linked = linkChunk(pseudo, whole.length ? whole : findCandidates(pseudo, gaz, terms), gaz, opts);
  const best = linked.find((m) => m.source !== 'ngram') ?? linked[0];
  if (best) return { target: best.target, surface: best.surface, fromHeading: false };
  const words = text.replace(/[`*_]/g, '').split(/\s+/);
  if (words.length > MAX_HEADING_WORDS || words.every((w) => GENERIC_HEADINGS.has(w.toLowerCase().replace(/[^\p{L}]/gu, '')))) return undefined;
  // `Deploying`, `Restarting the API`: an activity, not a thing.
  if (/ing$/i.test(words[0]!)) return undefined;
  const c: Candidate = { surface: text, start: 0, end: text.length, source: 'heading', type: 'term' };
  const [m] = linkChunk(pseudo, [c], gaz, opts);
  return m ? { target: m.target, surface: text, fromHeading: true } : undefined;
}

export function readChunk(
  chunk: Chunk,
  gaz: GazetteerReader,
  terms: TermSet,
  opts: LinkOptions,
  headings: Map<string, ReturnType<typeof headingTarget>>,
  names?: ReadonlySet<string>,
): ChunkResult {
  const mentions = linkChunk(chunk, findCandidates(chunk, gaz, terms, names), gaz, opts);
  const headingTargets = chunk.headings.map((h) => {
    if (!headings.has(h)) headings.set(h, headingTarget(h, gaz, terms, opts));
    return headings.get(h)?.target;
  });
  const headingEntities = new Map<string, string>();
  const used = (id: string | undefined): void => {
    if (!id) return;
    const h = chunk.headings.find((x) => headings.get(x)?.target === id);
    const t = h === undefined ? undefined : headings.get(h);
    if (t && isEntityId(t.target) && !mentions.some((m) => m.target === id)) headingEntities.set(id, t.surface);
  };
  const section = headingTargets[headingTargets.length - 1];
  const relations = [...sentenceRelations(chunk, mentions, section), ...structureRelations(chunk, mentions, headingTargets, gaz)];
  for (const r of relations) {
    used(r.source);
    used(r.target);
  }
  return { mentions, relations, definitions: definitions(chunk, mentions), headingEntities };
}
