/**
 * Lexical retrieval with section context
 * ======================================
 * Answer-sized chunks (8–40 lines) lose the words their neighbours hold: a question worded like
 * the section's introduction misses the paragraph that answers it. So beside the chunk index,
 * each level-1/2 section of a document (its chunks' texts together) is a BM25 document too, and
 * a chunk's lexical score is its own plus SECTION_WEIGHT times its section's (each divided by
 * that index's best): the chunk still has to say something, its section says what it is about.
 * Chunks of the best sections join the candidates even when they share no word with the query.
 * Incremental like the chunk index: a document's sections are rebuilt when its chunks are, and
 * only when a query asks (indexing never pays for them; the first query after a change does).
 */
import type { Chunk } from '../types';
import { Bm25Index, type Bm25Hit } from './bm25';

/** A section's share of a chunk's lexical score. */
export const SECTION_WEIGHT = 0.6;
/** Best sections whose chunks join the candidates, and chunks each may bring. */
const SECTION_HITS = 10;
const CHUNKS_PER_SECTION = 8;

/** What hybrid retrieval needs of a lexical index. */
export interface LexicalSource {
  search(query: string, k?: number): Bm25Hit[];
  scoreOf(query: string, ids: Iterable<string>): Map<string, number>;
}

export function sectionKey(c: Pick<Chunk, 'path' | 'headings'>): string {
  return `${c.path}#${c.headings.slice(0, 2).join(' › ')}`;
}

export class SectionedLexical implements LexicalSource {
  readonly chunks = new Bm25Index();
  private readonly sections = new Bm25Index();
  private readonly members = new Map<string, string[]>();
  private readonly sectionOf = new Map<string, string>();
  /** Sections to (re)build before the next query, by key. */
  private readonly pending = new Map<string, Chunk[]>();

  /** A document's chunks, all of them (its old ones were dropped first). */
  add(chunks: readonly Chunk[]): void {
    for (const c of chunks) {
      this.chunks.add({ id: c.id, text: c.text, prelude: c.prelude });
      const key = sectionKey(c);
      this.sectionOf.set(c.id, key);
      const list = this.pending.get(key);
      if (list) list.push(c);
      else this.pending.set(key, [c]);
    }
  }

  remove(chunks: readonly Chunk[]): void {
    for (const c of chunks) {
      this.chunks.remove(c.id);
      const key = this.sectionOf.get(c.id);
      this.sectionOf.delete(c.id);
      if (key === undefined) continue;
      this.members.delete(key);
      this.sections.remove(key);
      this.pending.delete(key);
    }
  }

  private settle(): void {
    if (this.pending.size === 0) return;
    for (const [key, list] of this.pending) {
      this.members.set(key, list.map((c) => c.id));
      this.sections.add({ id: key, text: list.map((c) => c.text).join('\n\n'), prelude: list[0]!.prelude });
    }
    this.pending.clear();
  }

  get size(): number {
    return this.chunks.size;
  }

  search(query: string, k = 10): Bm25Hit[] {
    this.settle();
    const own = this.chunks.search(query, Math.max(k, 2 * k));
    const sections = this.sections.search(query, SECTION_HITS);
    if (sections.length === 0) return own.slice(0, k);
    const ids = new Set(own.map((h) => h.id));
    for (const s of sections) for (const id of (this.members.get(s.id) ?? []).slice(0, CHUNKS_PER_SECTION)) ids.add(id);
    const scores = this.combine(query, ids, own, sections);
    return [...scores]
      .map(([id, score]) => ({ id, score }))
      .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
      .slice(0, k);
  }

  scoreOf(query: string, ids: Iterable<string>): Map<string, number> {
    this.settle();
    const own = this.chunks.search(query, 1);
    const sections = this.sections.search(query, 1);
    return this.combine(query, new Set(ids), own, sections);
  }

  /** own/best + SECTION_WEIGHT · section/best, in the chunk index's units. */
  private combine(query: string, ids: Set<string>, ownBest: readonly Bm25Hit[], sectionBest: readonly Bm25Hit[]): Map<string, number> {
    const maxOwn = ownBest[0]?.score ?? 0;
    const maxSection = sectionBest[0]?.score ?? 0;
    const own = this.chunks.scoreOf(query, ids);
    const keys = new Set<string>();
    for (const id of ids) {
      const key = this.sectionOf.get(id);
      if (key !== undefined) keys.add(key);
    }
    const section = maxSection > 0 ? this.sections.scoreOf(query, keys) : new Map<string, number>();
    const unit = maxOwn > 0 ? maxOwn : 1;
    const out = new Map<string, number>();
    for (const id of ids) {
      const mine = own.get(id);
      if (mine === undefined) continue;
      const s = section.get(this.sectionOf.get(id) ?? '') ?? 0;
      const score = (maxOwn > 0 ? mine / maxOwn : 0) + (maxSection > 0 ? (SECTION_WEIGHT * s) / maxSection : 0);
      if (score > 0) out.set(id, score * unit);
    }
    return out;
  }
}
