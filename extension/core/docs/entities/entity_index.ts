/**
 * The entity index
 * ================
 * Documents in, linked mentions, docs entities and relations out, kept cheap to update:
 *
 *   setDoc / deleteDoc   store the chunks and update the corpus counts the mined terms come from
 *                        (document frequencies of heading, bold and code-span n-grams)
 *   resolve(graph)       re-reads only what changed: a document's chunks are cached by id and
 *                        hash, and the document keeps what its reading asked the gazetteer and the
 *                        mined terms (reads.ts); when the code or the terms move, only documents
 *                        that asked about what moved are read again. The entity totals are kept
 *                        by adding and subtracting each document's share; the merging of
 *                        spellings is kept key by key (merge.ts)
 *   resolveSteps(graph)  the same, a chunk per step (index/steps.ts), for passes run in slices
 *
 * Whatever the order of setDoc/deleteDoc calls, resolve gives what a fresh index fed the final
 * documents gives: every cached piece is a pure function of its inputs, and every total is a
 * sum with deterministic tie-breaks. The result's arrays are shared with the index's cache
 * (a resolve with nothing changed returns the same ones): read them, do not modify them.
 */
import { runSteps, type Steps } from '../../index/steps';
import type { CodeGraph } from '../../model/graph';
import { lowerBound } from '../../model/sorted';
import type { Chunk, DocEntity, DocRelation, LinkedMention } from '../types';
import type { ChunkResult } from './chunk';
import { headingTarget, readChunk } from './chunk';
import { FuzzyReadIndex } from './fuzzy_names';
import { Gazetteer, JACCARD_MIN, type GazetteerChanges, type GazetteerReads } from './gazetteer';
import type { LinkOptions } from './link';
import { EntityMerger } from './merge';
import type { TermSet } from './mentions';
import { properNames, recordingTerms, termReadKey, termSet } from './mentions';
import { hasAnyHash, keyHash, packKeys } from './reads';
import { DEFAULT_NGRAM_MIN_FREQUENCY, DEFAULT_NGRAM_TOP_K, docCandidates, TermCounts } from './ngrams';
import { entityId, entityKeyOf, isEntityId } from '../../model/ids';

export interface EntityResult {
  mentions: LinkedMention[];
  entities: DocEntity[];
  relations: DocRelation[];
}

export interface EntityIndexOptions {
  /** How many mined terms to keep (DEFAULT_NGRAM_TOP_K). */
  topK?: number;
  /** In how many documents a term must appear (DEFAULT_NGRAM_MIN_FREQUENCY). */
  minFrequency?: number;
  /** Link threshold (LINK_THRESHOLD). */
  threshold?: number;
  /** Optional similarity of two normalised names (e.g. from embeddings), 0–1. */
  vectorSimilarity?: (a: string, b: string) => number;
  /**
   * Whether merging spellings asks vectorSimilarity too (default true). A merge is decided when a
   * key first appears: a hook whose answers fill in later (NameVectors) must not decide it.
   */
  mergeByVector?: boolean;
}

/** A chunk that was not read, and why. */
export interface SkippedChunk {
  path: string;
  chunkId: string;
  reason: string;
}

/** Chunk text beyond this is not scanned: no real chunk is this long, a hostile one might be. */
export const MAX_CHUNK_CHARS = 200_000;

interface Share {
  count: number;
  surfaces: Map<string, number>;
  types: Map<string, number>;
  /** The first definition in this document (by line). */
  definition?: { text: string; line: number };
}

interface DocState {
  path: string;
  chunks: Chunk[];
  candidates: Map<string, string>;
  /** The document's proper names (mentions.ts properNames) and their fingerprint. */
  names: Set<string>;
  namesKey: string;
  /** The document's proper names (namesKey) the cached results were read under. */
  stamp: string;
  cache: Map<string, ChunkResult>;
  /** What reading the cached results asked of the gazetteer: a change to none of it leaves them valid. */
  reads: DocReads;
  mentions: LinkedMention[];
  relations: DocRelation[];
  shares: Map<string, Share>;
  /** Whether mentions/relations/shares reflect the current chunks under `stamp`. */
  fresh: boolean;
  /** mentions and relations with merged spellings applied, for the spelling groups of `remapKey`. */
  out?: { remapKey: string; mentions: LinkedMention[]; relations: DocRelation[] };
}

/** What a document's reading asked: the keys packed as hashes (reads.ts), the fuzzy surfaces as they are (the reverse index needs them). */
interface DocReads {
  keys: Uint32Array;
  fuzzy: Set<string>;
}

interface Total {
  count: number;
  surfaces: Map<string, number>;
  types: Map<string, number>;
  /** doc path → its definition and line. */
  definitions: Map<string, { text: string; line: number }>;
}

export class EntityIndex {
  private readonly docs = new Map<string, DocState>();
  private readonly counts: TermCounts;
  private readonly totals = new Map<string, Total>();
  private readonly merger: EntityMerger;
  private readonly skippedChunks = new Map<string, SkippedChunk[]>();
  private gazetteer: Gazetteer | undefined;
  /** The fuzzy lookups each document made, so a changed key finds the documents it could answer. */
  private readonly fuzzyReads = new FuzzyReadIndex();
  private rereads = 0;
  /** Bumped by every pass and every setDoc/deleteDoc: a pass in steps that sees it move starts again. */
  private generation = 0;
  private terms: TermSet | undefined;
  private sortedPaths: string[] | undefined;
  /** The last result, kept while no document was re-read or dropped and no spelling group moved. */
  private assembled: { remapKey: string; result: EntityResult } | undefined;
  private changed = true;
  /** Built entities by id, and the ids whose totals moved since they were built. */
  private readonly entityCache = new Map<string, DocEntity>();
  private readonly touched = new Set<string>();
  /** entity id → the keys whose totals it gathers (itself, and merged spellings). */
  private readonly members = new Map<string, string[]>();
  private sortedEntityIds: string[] | undefined;
  private readonly opts: LinkOptions;

  constructor(private readonly options: EntityIndexOptions = {}) {
    this.counts = new TermCounts(options.minFrequency ?? DEFAULT_NGRAM_MIN_FREQUENCY);
    this.merger = new EntityMerger(options.mergeByVector === false ? undefined : options.vectorSimilarity);
    this.opts = {
      ...(options.vectorSimilarity ? { vectorSimilarity: options.vectorSimilarity } : {}),
      ...(options.threshold !== undefined ? { threshold: options.threshold } : {}),
    };
  }

  /** Replaces a document's chunks (an empty list keeps the document with nothing in it). */
  setDoc(path: string, chunks: readonly Chunk[]): void {
    if (typeof path !== 'string' || path === '') throw new TypeError('EntityIndex.setDoc: expecting a non-empty path.');
    if (!Array.isArray(chunks)) throw new TypeError(`EntityIndex.setDoc(${path}): expecting an array of chunks.`);
    const skipped: SkippedChunk[] = [];
    const good: Chunk[] = [];
    for (const c of chunks) {
      const reason = invalid(c);
      if (reason) skipped.push({ path, chunkId: typeof c?.id === 'string' ? c.id : '?', reason });
      else good.push(c);
    }
    good.sort((a, b) => a.startLine - b.startLine || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    this.generation++;
    const old = this.docs.get(path);
    if (old) this.counts.add(old.candidates, -1);
    else this.sortedPaths = undefined;
    const candidates = docCandidates(good);
    this.counts.add(candidates, 1);
    const names = properNames(good);
    this.docs.set(path, {
      path,
      chunks: good,
      candidates,
      names,
      namesKey: [...names].sort().join(' '),
      stamp: old?.stamp ?? '',
      cache: old?.cache ?? new Map(),
      reads: old?.reads ?? { keys: new Uint32Array(0), fuzzy: new Set() },
      mentions: old?.mentions ?? [],
      relations: old?.relations ?? [],
      shares: old?.shares ?? new Map(),
      fresh: false,
    });
    if (skipped.length) this.skippedChunks.set(path, skipped);
    else this.skippedChunks.delete(path);
  }

  deleteDoc(path: string): void {
    const old = this.docs.get(path);
    if (!old) return;
    this.generation++;
    this.counts.add(old.candidates, -1);
    this.subtract(old.shares);
    for (const norm of old.reads.fuzzy) this.fuzzyReads.remove(norm, path);
    this.docs.delete(path);
    this.skippedChunks.delete(path);
    this.sortedPaths = undefined;
    this.changed = true;
  }

  /** Each document's mentions as the last resolve gave them, in path order: an unchanged document keeps the same array. */
  mentionsByDocument(): [string, readonly LinkedMention[]][] {
    return (this.sortedPaths ?? []).flatMap((path) => {
      const doc = this.docs.get(path);
      return doc?.out ? [[path, doc.out.mentions] as [string, readonly LinkedMention[]]] : [];
    });
  }

  /** Chunks setDoc refused, with the reason. */
  skipped(): SkippedChunk[] {
    return [...this.skippedChunks.values()].flat();
  }

  /** The mined terms currently in force (for status and tests). */
  minedTerms(): string[] {
    return [...(this.terms?.terms ?? [])];
  }

  resolve(graph: CodeGraph): EntityResult {
    return runSteps(this.resolveSteps(graph));
  }

  /**
   * resolve() as steps, one document each (index/steps.ts). Documents set or deleted between
   * steps, or a resolve run meanwhile, start the pass again: what is fresh by then is skipped.
   */
  *resolveSteps(graph: CodeGraph): Steps<EntityResult> {
    for (;;) {
      const generation = ++this.generation;
      const before = this.gazetteer;
      const gaz = before?.graph === graph ? before.refreshed() : Gazetteer.fromGraph(graph);
      this.gazetteer = gaz;
      // Links depend on what the gazetteer answered, not on the graph's version: a body edit keeps
      // them, and a new name is read again only by the documents that asked for it (or near it).
      const changes = gaz.takeChanges();
      if (gaz !== before) this.forgetReadings(() => true);
      else this.forgetReadings(this.readersOf(changes));
      // Likewise mined terms: a term that comes or goes is read again by the documents that looked up its first word.
      const mined = this.counts.top(this.options.topK ?? DEFAULT_NGRAM_TOP_K);
      const terms = this.terms && sameList([...this.terms.terms], mined) ? this.terms : termSet(mined);
      if (this.terms && terms !== this.terms) this.forgetReadings(this.termReaders(this.terms, terms));
      this.terms = terms;
      this.rereads = 0;
      let interrupted = false;
      for (const doc of [...this.docs.values()]) {
        if (doc.fresh && doc.stamp === doc.namesKey) continue;
        if (!(yield* this.reread(doc, doc.namesKey, gaz, terms, generation))) {
          interrupted = true;
          break;
        }
      }
      if (!interrupted) return this.assemble();
    }
  }

  /** Documents that matched a surface fuzzily read again at the next resolve (their vector similarities can answer anew). */
  forgetFuzzyReaders(): void {
    this.forgetReadings((doc) => doc.reads.fuzzy.size > 0);
    this.generation++;
  }

  /** How many documents the last resolve read again (for tests and the bench). */
  get lastRereads(): number {
    return this.rereads;
  }

  /** Which documents asked the gazetteer something these changes may answer differently. */
  private readersOf(changes: GazetteerChanges): (doc: DocState) => boolean {
    if (changes.keys.size === 0 && changes.fuzzy.size === 0 && changes.tokens.size === 0) return () => false;
    const near = new Set<string>();
    for (const [norm, { bareName }] of changes.fuzzy) {
      this.fuzzyReads.readersNear(norm, bareName, JACCARD_MIN, near);
      // A vector similarity hook is asked about every name that shares a word with the surface.
      if (this.options.vectorSimilarity) for (const w of new Set(norm.split(' '))) if (w.length > 1) this.fuzzyReads.readersOfToken(w, near);
    }
    for (const token of changes.tokens) this.fuzzyReads.readersOfToken(token, near);
    const hashes = [...changes.keys].map(keyHash);
    return (doc) => near.has(doc.path) || hasAnyHash(doc.reads.keys, hashes);
  }

  /** Which documents looked up the first word of a term that came or went. */
  private termReaders(was: TermSet, now: TermSet): (doc: DocState) => boolean {
    // With no terms at all the reader looks nothing up (termCandidates returns at once).
    if (was.terms.size === 0 || now.terms.size === 0) return () => true;
    const moved = new Set<string>();
    for (const t of was.terms) if (!now.terms.has(t)) moved.add(termReadKey(t.split(' ')[0]!));
    for (const t of now.terms) if (!was.terms.has(t)) moved.add(termReadKey(t.split(' ')[0]!));
    const hashes = [...moved].map(keyHash);
    return (doc) => hasAnyHash(doc.reads.keys, hashes);
  }

  /** Drops the cached readings of these documents: they are read whole at the next resolve. */
  private forgetReadings(which: (doc: DocState) => boolean): void {
    for (const doc of this.docs.values()) {
      if (!which(doc)) continue;
      doc.cache = new Map();
      doc.fresh = false;
    }
  }

  /**
   * Reads a document's chunks (a step each) and then puts the results in, all at once: a pass
   * interrupted between steps (`generation` moved) leaves the document as it was and says false.
   */
  private *reread(doc: DocState, stamp: string, gaz: Gazetteer, terms: TermSet, generation: number): Steps<boolean> {
    const cache = doc.stamp === stamp ? doc.cache : new Map<string, ChunkResult>();
    const next = new Map<string, ChunkResult>();
    // Cached chunk results keep what they asked; the chunks read now add theirs.
    const reads: GazetteerReads = { keys: new Set(), fuzzy: cache.size > 0 ? new Set(doc.reads.fuzzy) : new Set() };
    const reader = gaz.recording(reads);
    const termReader = recordingTerms(terms, reads.keys);
    this.rereads++;
    const headings = new Map<string, ReturnType<typeof headingTarget>>();
    const mentions: LinkedMention[] = [];
    const relations: DocRelation[] = [];
    const shares = new Map<string, Share>();
    const seen = new Set<string>();
    for (const chunk of doc.chunks) {
      const key = `${chunk.id}|${chunk.hash}|${chunk.startLine}|${chunk.section}|${chunk.headings.join('\u0001')}`;
      let r = cache.get(key) ?? next.get(key);
      if (!r) {
        r = readChunk(chunk, reader, termReader, this.opts, headings, doc.names);
        yield;
        if (this.generation !== generation) return false;
      }
      next.set(key, r);
      mentions.push(...r.mentions);
      for (const rel of r.relations) {
        const k = `${rel.kind}|${rel.source}|${rel.target}|${rel.chunkId}|${rel.line}`;
        if (seen.has(k)) continue;
        seen.add(k);
        relations.push(rel);
      }
      for (const m of r.mentions) {
        if (!isEntityId(m.target)) continue;
        const s = share(shares, m.target);
        s.count++;
        bump(s.surfaces, m.surface);
        bump(s.types, m.type ?? 'term');
      }
      for (const [id, surface] of r.headingEntities) {
        const s = share(shares, id);
        bump(s.surfaces, surface);
        bump(s.types, 'term');
      }
      for (const [id, text] of r.definitions) {
        const s = share(shares, id);
        if (!s.definition) s.definition = { text, line: chunk.startLine };
      }
    }
    relations.sort((a, b) => a.line - b.line || cmp(a.chunkId, b.chunkId) || cmp(a.kind, b.kind) || cmp(a.source, b.source) || cmp(a.target, b.target));
    this.subtract(doc.shares);
    this.addShares(doc.path, shares);
    for (const norm of doc.reads.fuzzy) if (!reads.fuzzy.has(norm)) this.fuzzyReads.remove(norm, doc.path);
    for (const norm of reads.fuzzy) this.fuzzyReads.add(norm, doc.path);
    doc.reads = { keys: packKeys(reads.keys, cache.size > 0 ? doc.reads.keys : undefined), fuzzy: reads.fuzzy };
    doc.cache = next;
    doc.stamp = stamp;
    doc.mentions = mentions;
    doc.relations = relations;
    doc.shares = shares;
    doc.fresh = true;
    delete doc.out;
    this.changed = true;
    return true;
  }

  private addShares(path: string, shares: Map<string, Share>): void {
    for (const [id, s] of shares) {
      this.touched.add(id);
      let t = this.totals.get(id);
      if (!t) {
        t = { count: 0, surfaces: new Map(), types: new Map(), definitions: new Map() };
        this.totals.set(id, t);
        this.merger.add(entityKeyOf(id)!);
      }
      t.count += s.count;
      for (const [k, n] of s.surfaces) bump(t.surfaces, k, n);
      for (const [k, n] of s.types) bump(t.types, k, n);
      if (s.definition) t.definitions.set(path, s.definition);
    }
  }

  private subtract(shares: Map<string, Share>): void {
    for (const [id, s] of shares) {
      this.touched.add(id);
      const t = this.totals.get(id);
      if (!t) continue;
      t.count -= s.count;
      for (const [k, n] of s.surfaces) bump(t.surfaces, k, -n);
      for (const [k, n] of s.types) bump(t.types, k, -n);
      for (const [path, d] of t.definitions) if (d === s.definition) t.definitions.delete(path);
      if (t.surfaces.size === 0 && t.count <= 0) {
        this.totals.delete(id);
        this.merger.remove(entityKeyOf(id)!);
      }
    }
  }

  private assemble(): EntityResult {
    this.sortedPaths ??= [...this.docs.keys()].sort();
    const weight = (key: string): number => this.totals.get(entityId(key))?.count ?? 0;
    const groups = this.merger.groups(weight);
    const remap = new Map<string, string>();
    for (const [from, to] of groups) remap.set(entityId(from), entityId(to));
    const remapKey = [...groups].map(([a, b]) => `${a}>${b}`).sort().join(' ');
    if (!this.changed && this.assembled?.remapKey === remapKey) return this.assembled.result;

    const mentionParts: LinkedMention[][] = [];
    const relationParts: DocRelation[][] = [];
    for (const path of this.sortedPaths) {
      const doc = this.docs.get(path)!;
      if (doc.out?.remapKey !== remapKey) doc.out = { remapKey, ...applyRemap(doc, remap) };
      mentionParts.push(doc.out.mentions);
      relationParts.push(doc.out.relations);
    }
    const mentions = flatten(mentionParts);
    const relations = flatten(relationParts);
    const result = { mentions, entities: this.entities(remap, this.assembled?.remapKey !== remapKey), relations };
    this.assembled = { remapKey, result };
    this.changed = false;
    return result;
  }

  /**
   * The entity list. With the spelling groups unchanged only the entities whose totals moved
   * are rebuilt, and the sorted id list changes only by the ids that came or went.
   */
  private entities(remap: Map<string, string>, remapChanged: boolean): DocEntity[] {
    if (remapChanged || !this.sortedEntityIds) {
      this.entityCache.clear();
      this.members.clear();
      for (const id of this.totals.keys()) {
        const to = remap.get(id) ?? id;
        const list = this.members.get(to) ?? [];
        list.push(id);
        this.members.set(to, list);
      }
      for (const [to, ids] of this.members) this.entityCache.set(to, this.buildEntity(to, ids));
      this.sortedEntityIds = [...this.members.keys()].sort(cmp);
    } else {
      const stale = new Set<string>();
      for (const id of this.touched) stale.add(remap.get(id) ?? id);
      for (const to of stale) {
        // With the groups unchanged a group keeps its members; a key seen for the first time is its own.
        const ids = [...new Set([...(this.members.get(to) ?? []), to])].filter((id) => this.totals.has(id));
        const had = this.members.has(to);
        if (ids.length === 0) {
          this.members.delete(to);
          this.entityCache.delete(to);
          if (had) this.sortedEntityIds.splice(lowerBound(this.sortedEntityIds, to), 1);
          continue;
        }
        this.members.set(to, ids);
        this.entityCache.set(to, this.buildEntity(to, ids));
        if (!had) this.sortedEntityIds.splice(lowerBound(this.sortedEntityIds, to), 0, to);
      }
    }
    this.touched.clear();
    return this.sortedEntityIds.map((id) => this.entityCache.get(id)!);
  }

  private buildEntity(id: string, members: readonly string[]): DocEntity {
    const surfaces = new Map<string, number>();
    const types = new Map<string, number>();
    let count = 0;
    let definition: { text: string; order: string } | undefined;
    for (const m of members) {
      const t = this.totals.get(m)!;
      count += t.count;
      for (const [k, n] of t.surfaces) bump(surfaces, k, n);
      for (const [k, n] of t.types) bump(types, k, n);
      for (const [path, d] of t.definitions) {
        const order = `${path}\u0000${String(d.line).padStart(9, '0')}`;
        if (!definition || order < definition.order) definition = { text: d.text, order };
      }
    }
    const names = [...surfaces].sort((a, b) => b[1] - a[1] || cmp(a[0], b[0]));
    const name = names[0]?.[0] ?? entityKeyOf(id)!;
    const type = [...types].sort((a, b) => b[1] - a[1] || cmp(a[0], b[0]))[0]?.[0] ?? 'term';
    const e: DocEntity = { id, name, aliases: names.slice(1).map(([x]) => x).sort(), type, mentionCount: count };
    if (definition) e.definition = definition.text;
    return e;
  }
}

function applyRemap(doc: DocState, remap: ReadonlyMap<string, string>): { mentions: LinkedMention[]; relations: DocRelation[] } {
  if (remap.size === 0) return { mentions: doc.mentions, relations: doc.relations };
  const mentions = doc.mentions.map((m) => {
    const to = remap.get(m.target);
    return to ? { ...m, target: to, via: 'alias' } : m;
  });
  const relations: DocRelation[] = [];
  for (const r of doc.relations) {
    const s = remap.get(r.source) ?? r.source;
    const t = remap.get(r.target) ?? r.target;
    if (s === t) continue;
    relations.push(s === r.source && t === r.target ? r : { ...r, source: s, target: t });
  }
  return { mentions, relations };
}

/** Concatenates in batches: one concat call per few thousand documents keeps the argument list short. */
function flatten<T>(parts: T[][]): T[] {
  let out: T[] = [];
  for (let i = 0; i < parts.length; i += 4096) out = out.concat(...parts.slice(i, i + 4096));
  return out;
}

function invalid(c: Chunk): string | undefined {
  if (c === null || typeof c !== 'object') return 'not a chunk object';
  if (typeof c.id !== 'string' || typeof c.path !== 'string') return 'chunk without an id or path';
  if (typeof c.text !== 'string') return 'chunk without text';
  if (c.text.length > MAX_CHUNK_CHARS) return `chunk text of ${c.text.length} characters is over the ${MAX_CHUNK_CHARS} limit`;
  if (!Array.isArray(c.headings) || !Array.isArray(c.codeSpans) || !Array.isArray(c.emphasis) || !Array.isArray(c.links)) return 'chunk without its headings, code spans, emphasis or links lists';
  if (typeof c.startLine !== 'number' || typeof c.section !== 'string') return 'chunk without a start line or section';
  return undefined;
}

function share(m: Map<string, Share>, id: string): Share {
  let s = m.get(id);
  if (!s) {
    s = { count: 0, surfaces: new Map(), types: new Map() };
    m.set(id, s);
  }
  return s;
}

function bump(m: Map<string, number>, k: string, n = 1): void {
  const v = (m.get(k) ?? 0) + n;
  if (v <= 0) m.delete(k);
  else m.set(k, v);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const sa = [...a].sort();
  for (let i = 0; i < sa.length; i++) if (sa[i] !== b[i]) return false;
  return true;
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
