/**
 * Document store
 * ==============
 * The documents the docs index knows: each document's facts (extracted again only when the
 * file's bytes change), its tags, the documents left out and why, and its chunks. Near-duplicate
 * paragraphs across the corpus are suppressed when chunking; which paragraphs are duplicates
 * depends only on the set of documents (the earliest path keeps a paragraph), so an update and a
 * full rebuild agree.
 *
 * The store does not search or link: the retrieval and linking parts listen to its chunks
 * (`ChunkListener`) and keep their own indexes in step.
 */
import { posix } from 'node:path';
import { chunkDocument, detectFormat, DocSkipError, extractDocument, NearDuplicateIndex } from './ingest';
import type { Chunk, DocFacts } from './types';
import type { Steps } from '../index/steps';
import type { WorkspaceFs } from '../index/workspace_fs';

export interface DocFileState {
  size: number;
  mtimeMs: number;
}

/** What the snapshot keeps: facts, so a restart re-chunks without reading or extracting. */
export interface DocsState {
  files: Record<string, DocFileState>;
  facts: DocFacts[];
  tags: Record<string, string[]>;
  /** Paths added by ingest_docs that the include globs do not cover. */
  explicit?: string[];
  skipped: { path: string; reason: string; size?: number; mtimeMs?: number }[];
}

export type SkippedDocument = DocsState['skipped'][number];

/** What the indexes over the chunks hear from the store. */
export interface ChunkListener {
  /** A document's chunks, new or rebuilt (its old ones were dropped first). */
  added(path: string, chunks: readonly Chunk[]): void;
  dropped(chunks: readonly Chunk[]): void;
  /** A document left the store. */
  forgotten(path: string): void;
  /** A rebuild finished. */
  settled(): void;
}

/** The read side of the store the docs subgraph is projected from (project.ts). */
export interface DocumentSource {
  documents(): string[];
  facts(path: string): DocFacts | undefined;
  chunksOf(path: string): readonly Chunk[];
  tagsOf(path: string): readonly string[];
}

interface DocEntry {
  state: DocFileState;
  facts: DocFacts;
  /** Block indexes dropped as near-duplicates of an earlier document's, sorted. */
  skip: number[];
  chunks: Chunk[];
}

export class DocumentStore implements DocumentSource {
  private readonly docs = new Map<string, DocEntry>();
  /** Documents left out, with why and the file state they were left out at (not read again until it changes). */
  private readonly skippedDocs = new Map<string, { reason: string; state?: DocFileState }>();
  private readonly tags = new Map<string, string[]>();
  private readonly explicit = new Set<string>();
  private readonly chunkById = new Map<string, Chunk>();
  private readonly duplicates = new NearDuplicateIndex();
  /** Restored documents not yet in the near-duplicate index (rebuildDirtySteps adds them first). */
  private readonly unfingerprinted = new Set<string>();
  /** Paths whose chunks must be rebuilt before the next relink or query (read anew, or restored). */
  private readonly dirty = new Set<string>();
  /** A document was added to or removed from the near-duplicate index since the last rebuild. */
  private corpusChanged = false;
  private tagsVersionValue = 0;
  /** Bumped whenever a document's facts or chunks change or a document goes. */
  private corpusVersionValue = 0;
  private lastFileValue: string | undefined;
  private lastErrorValue: string | undefined;

  constructor(
    /** Every read goes through the workspace guard (inside the root, a regular file). */
    private readonly fs: WorkspaceFs,
    private readonly matches: (rel: string) => boolean,
    private readonly onError?: (path: string, error: unknown) => void,
  ) {}

  private readonly listeners: ChunkListener[] = [];

  /** The indexes over the chunks hear of every change from now on, in the order they listen. */
  listen(listener: ChunkListener): void {
    this.listeners.push(listener);
  }

  readonly isDocument = (rel: string): boolean => detectFormat(rel) !== undefined && (this.matches(rel) || this.explicit.has(rel));

  get size(): number {
    return this.docs.size;
  }

  get chunkCount(): number {
    return this.chunkById.size;
  }

  get tagsVersion(): number {
    return this.tagsVersionValue;
  }

  get corpusVersion(): number {
    return this.corpusVersionValue;
  }

  get lastFile(): string | undefined {
    return this.lastFileValue;
  }

  get lastError(): string | undefined {
    return this.lastErrorValue;
  }

  /** The documents read, root-relative and sorted. */
  documents(): string[] {
    return [...this.docs.keys()].sort();
  }

  paths(): IterableIterator<string> {
    return this.docs.keys();
  }

  has(path: string): boolean {
    return this.docs.has(path);
  }

  facts(path: string): DocFacts | undefined {
    return this.docs.get(path)?.facts;
  }

  chunk(id: string): Chunk | undefined {
    return this.chunkById.get(id);
  }

  chunkIds(): IterableIterator<string> {
    return this.chunkById.keys();
  }

  chunksOf(path: string): readonly Chunk[] {
    return this.docs.get(path)?.chunks ?? [];
  }

  /** Each document's chunks, in insertion order (for an index starting over). */
  *chunksByDocument(): Iterable<[string, readonly Chunk[]]> {
    for (const [path, e] of this.docs) yield [path, e.chunks];
  }

  tagsOf(path: string): readonly string[] {
    return this.tags.get(path) ?? [];
  }

  /** Tags documents (ingest_docs); kept in the snapshot, shown on doc nodes, filterable in queries. */
  setTags(path: string, tags: readonly string[]): void {
    if (tags.length) this.tags.set(path, [...new Set(tags)].sort());
    else this.tags.delete(path);
    this.tagsVersionValue++;
  }

  /** The file state a document was read or left out at. */
  knownState(path: string): DocFileState | undefined {
    return this.docs.get(path)?.state ?? this.skippedDocs.get(path)?.state;
  }

  /** The state of a document that was read (not one left out). */
  readState(path: string): DocFileState | undefined {
    return this.docs.get(path)?.state;
  }

  skipReason(path: string): string | undefined {
    return this.skippedDocs.get(path)?.reason;
  }

  skippedPaths(): string[] {
    return [...this.skippedDocs.keys()];
  }

  /** Leaves a document out with a reason (and forgets it when it was read). True when it was read. */
  skip(path: string, reason: string): boolean {
    const forgot = this.forget(path);
    this.skippedDocs.set(path, { reason });
    return forgot;
  }

  /** The file is gone: no longer skipped, no longer ingested, forgotten. True when it was read. */
  remove(path: string): boolean {
    this.skippedDocs.delete(path);
    this.explicit.delete(path);
    return this.forget(path);
  }

  unskip(path: string): void {
    this.skippedDocs.delete(path);
  }

  /** ingest_docs: keep this document current whether or not the include globs cover it. */
  addExplicit(path: string): void {
    this.explicit.add(path);
  }

  redactions(): number {
    let n = 0;
    for (const e of this.docs.values()) n += e.facts.redactions;
    return n;
  }

  duplicateParagraphs(): number {
    let n = 0;
    for (const e of this.docs.values()) n += e.skip.length;
    return n;
  }

  skippedList(): DocsState['skipped'] {
    return [...this.skippedDocs]
      .map(([path, s]) => ({ path, reason: s.reason, ...(s.state ? { size: s.state.size, mtimeMs: s.state.mtimeMs } : {}) }))
      .sort((a, b) => (a.path < b.path ? -1 : 1));
  }

  /** Marks documents whose chunks the next rebuild must make anew. */
  markDirty(paths: Iterable<string>): void {
    for (const path of paths) this.dirty.add(path);
  }

  /** Reads and extracts one document when its bytes changed; true when its facts changed. */
  async read(path: string, state: DocFileState): Promise<boolean> {
    this.lastFileValue = path;
    const read = this.fs.read(path, Number.MAX_SAFE_INTEGER); // the caller checked the size limit
    if (!read.ok) {
      this.fail(path, read.reason);
      return false;
    }
    const bytes: Uint8Array = read.bytes;
    let facts: DocFacts;
    try {
      facts = await extractDocument(path, bytes);
    } catch (err) {
      this.fail(path, err instanceof DocSkipError ? err.reason : `not read: ${(err as Error)?.message ?? String(err)}`, state);
      if (!(err instanceof DocSkipError)) this.onError?.(path, err);
      return false;
    }
    this.skippedDocs.delete(path);
    const known = this.docs.get(path);
    if (known && known.facts.hash === facts.hash) {
      known.state = state;
      return false;
    }
    this.docs.set(path, { state, facts, skip: [], chunks: known?.chunks ?? [] });
    this.unfingerprinted.delete(path);
    this.duplicates.set(path, facts);
    this.corpusChanged = true;
    return true;
  }

  /**
   * Re-chunks the documents whose facts changed and those whose duplicate paragraphs changed
   * (a new or removed document can move which copy of a paragraph is the first), a step each.
   */
  *rebuildDirtySteps(): Steps<void> {
    if (!this.corpusChanged && this.dirty.size === 0) return;
    for (const path of [...this.unfingerprinted]) {
      const e = this.docs.get(path);
      if (!e || !this.unfingerprinted.delete(path)) continue;
      this.duplicates.set(path, e.facts);
      yield;
    }
    this.corpusChanged = false;
    for (const [path, e] of [...this.docs]) {
      if (this.docs.get(path) !== e) continue; // forgotten or read anew between steps
      const skip = [...this.duplicates.duplicates(path)].sort((a, b) => a - b);
      if (!this.dirty.has(path) && sameNumbers(skip, e.skip)) continue;
      e.skip = skip;
      this.corpusVersionValue++;
      this.dropChunks(e.chunks);
      e.chunks = uniqueIds(chunkDocument(e.facts, { skipBlocks: new Set(skip) }));
      for (const c of e.chunks) this.chunkById.set(c.id, c);
      for (const l of this.listeners) l.added(path, e.chunks);
      this.dirty.delete(path);
      yield;
    }
    for (const path of this.dirty) if (!this.docs.has(path)) this.dirty.delete(path);
    for (const l of this.listeners) l.settled();
  }

  state(): DocsState {
    const files: Record<string, DocFileState> = {};
    const facts: DocFacts[] = [];
    for (const path of this.documents()) {
      const e = this.docs.get(path)!;
      files[path] = e.state;
      facts.push(e.facts);
    }
    return { files, facts, tags: Object.fromEntries(this.tags), explicit: [...this.explicit].sort(), skipped: this.skippedList() };
  }

  /** Loads a snapshot's facts; chunks are rebuilt on the next rebuild. */
  restore(state: DocsState): void {
    for (const path of state.explicit ?? []) this.explicit.add(path);
    for (const facts of state.facts) {
      const fileState = state.files[facts.path];
      if (!fileState || !this.isDocument(facts.path)) continue;
      this.docs.set(facts.path, { state: fileState, facts, skip: [], chunks: [] });
      // Fingerprinting every paragraph waits for the first relink, like the chunks.
      this.unfingerprinted.add(facts.path);
      this.corpusChanged = true;
      this.dirty.add(facts.path);
    }
    for (const [path, tags] of Object.entries(state.tags ?? {})) this.tags.set(path, tags);
    for (const s of state.skipped ?? []) {
      this.skippedDocs.set(s.path, { reason: s.reason, ...(s.size !== undefined && s.mtimeMs !== undefined ? { state: { size: s.size, mtimeMs: s.mtimeMs } } : {}) });
    }
  }

  /** A document we cannot read costs its own chunks, never the index. */
  private fail(path: string, reason: string, state?: DocFileState): void {
    this.lastErrorValue = `${path}: ${reason}`;
    this.skippedDocs.set(path, { reason, ...(state ? { state } : {}) });
    this.forget(path);
  }

  /** Drops a document read before; true when there was one. */
  forget(path: string): boolean {
    const e = this.docs.get(path);
    if (!e) return false;
    this.docs.delete(path);
    this.unfingerprinted.delete(path);
    this.duplicates.delete(path);
    this.corpusChanged = true;
    this.corpusVersionValue++;
    this.dirty.delete(path);
    this.dropChunks(e.chunks);
    for (const l of this.listeners) l.forgotten(path);
    return true;
  }

  private dropChunks(chunks: readonly Chunk[]): void {
    for (const c of chunks) this.chunkById.delete(c.id);
    for (const l of this.listeners) l.dropped(chunks);
  }
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Two chunks over the same lines (a tiny document split by kind) keep distinct ids. */
function uniqueIds(chunks: Chunk[]): Chunk[] {
  const seen = new Map<string, number>();
  return chunks.map((c) => {
    const n = seen.get(c.id) ?? 0;
    seen.set(c.id, n + 1);
    return n === 0 ? c : { ...c, id: `${c.id}~${n}` };
  });
}

/** The document a doc node stands for: the file name without folders. */
export function docName(path: string): string {
  return posix.basename(path);
}
