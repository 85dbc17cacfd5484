/**
 * Docs index
 * ==========
 * The one object the Workspace owns for the docs GraphRAG. It keeps each document's facts
 * (extracted again only when the file's bytes change), suppresses near-duplicate paragraphs
 * across the corpus, chunks, and feeds the chunks to the lexical index, the optional vector
 * index and the entity index. After every code or docs update it re-resolves the entities
 * against the code graph and applies the docs subgraph (project.ts), in time slices so a large
 * corpus never holds the event loop for long; after a restart that waits for the first reader
 * or the Workspace's background pass (deferLink).
 *
 * The pieces are incremental (BM25 and the entity index add and remove by chunk), and which
 * paragraphs are duplicates depends only on the set of documents (the earliest path keeps a
 * paragraph), so an update and a full rebuild agree.
 */
import { readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { CodeGraph } from '../model/graph';
import { OwnedSubgraph } from '../model/owned_subgraph';
import { docMatcher, docsConfig, type DocsConfig, type DocsConfigInput } from './config';
import { EntityIndex, type EntityResult } from './entities';
import { chunkDocument, detectFormat, DocSkipError, extractDocument, NearDuplicateIndex } from './ingest';
import { MentionMap } from './mention_map';
import { DocsProjection, isDecisionDocument } from './project';
import { DocVectors, embeddingProvider } from './doc_vectors';
import { NameVectors } from './name_vectors';
import { expandDocPaths } from './ingest_paths';
import { Bm25Index, hybridQuery, type EmbeddingProvider, type HybridResult } from './retrieval';
import type { Chunk, DocFacts, LinkedMention } from './types';
import { runSteps, runStepsInSlices, type Steps } from '../index/steps';
import { pathsUnder } from '../index/under_folders';

export interface DocFileState {
  size: number;
  mtimeMs: number;
}

export interface DocsSummary {
  documents: number;
  chunks: number;
  /** Documents read and extracted anew by this call. */
  extracted: number;
  removed: number;
  skipped: { path: string; reason: string }[];
  durationMs: number;
}

export interface DocsStatus {
  documents: number;
  chunks: number;
  entities: number;
  mentions: number;
  relations: number;
  /** Chunks waiting for an embedding. */
  queue: number;
  vectors: number;
  embeddings?: string;
  lastFile?: string;
  lastError?: string;
  /** Restored after a restart and not linked to the code yet (entities, mentions and relations count from 0 until then). */
  linkPending?: true;
  redactions: number;
  duplicateParagraphs: number;
  skipped: { path: string; reason: string }[];
}

export interface DocsQueryOptions {
  k?: number;
  hops?: 0 | 1 | 2;
  relations?: string[];
  /** Only chunks of documents with one of these tags (ingest_docs). */
  tags?: string[];
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

export interface IngestOptions {
  tags?: readonly string[];
  /** Leave documents that are indexed and unchanged alone (default true). */
  skipIfSeen?: boolean;
}

export interface IngestReport {
  ingested: { path: string; chunks: number }[];
  skipped: { path: string; reason: string }[];
  more?: number;
}

const INGEST_REPORT_MAX = 200;

interface DocEntry {
  state: DocFileState;
  facts: DocFacts;
  /** Block indexes dropped as near-duplicates of an earlier document's, sorted. */
  skip: number[];
  chunks: Chunk[];
}

export class DocsIndex {
  readonly config: DocsConfig;
  readonly isDocument: (rel: string) => boolean;
  private readonly docs = new Map<string, DocEntry>();
  /** Documents left out, with why and the file state they were left out at (not read again until it changes). */
  private readonly skipped = new Map<string, { reason: string; state?: DocFileState }>();
  private readonly tags = new Map<string, string[]>();
  private readonly explicit = new Set<string>();
  private readonly chunks = new Map<string, Chunk>();
  private readonly duplicates = new NearDuplicateIndex();
  /** Restored documents not yet in the near-duplicate index (rebuildDirtySteps adds them first). */
  private readonly unfingerprinted = new Set<string>();
  private entityIndex = new EntityIndex();
  /** With embeddings on: the names linking compared by vector, embedded after the pass that asked (name_vectors.ts). */
  private nameVectors: NameVectors | undefined;
  private nameFill: Promise<void> | undefined;
  private readonly lexicalIndex = new Bm25Index();
  private readonly owned = new OwnedSubgraph();
  private readonly projection = new DocsProjection();
  private result: EntityResult = { mentions: [], entities: [], relations: [] };
  /** Built from `result` when first read after a relink: a save pays for it only if something asks. */
  private mentionMap: MentionMap | undefined;
  private nameOf: (id: string) => string | undefined = () => undefined;
  private vectors: DocVectors | undefined;
  private lastFile: string | undefined;
  private lastError: string | undefined;
  /** The pass in slices under way (relinkInSlices), or a settled promise. */
  private slicedPass: Promise<unknown> = Promise.resolve();
  /** Restored documents wait to be linked to this graph until something reads them (deferLink). */
  private unlinkedGraph: (() => CodeGraph) | undefined;
  /** Paths whose chunks must be rebuilt before the next relink or query (read anew, or restored). */
  private dirty = new Set<string>();
  /** A document was added to or removed from the near-duplicate index since the last rebuild. */
  private corpusChanged = false;
  /** What the last projection was made from: when none of it moved, relink has nothing to do. */
  private projected: { graph: CodeGraph; result: EntityResult; decisionDocs: string; tags: number; corpus: number; applied: { nodes: number; edges: number } } | undefined;
  private tagsVersion = 0;
  /** Bumped whenever a document's facts or chunks change or a document goes. */
  private corpusVersion = 0;

  constructor(
    private readonly root: string,
    config: DocsConfigInput = {},
    private readonly onError?: (path: string, error: unknown) => void,
  ) {
    this.config = docsConfig(config);
    const matches = docMatcher(this.config);
    this.isDocument = (rel) => detectFormat(rel) !== undefined && (matches(rel) || this.explicit.has(rel));
    if (this.config.enabled && this.config.embeddings) {
      try {
        this.setEmbeddings(embeddingProvider(this.config.embeddings));
      } catch (err) {
        // A bad embeddings setting costs the vectors, never the docs: retrieval stays lexical.
        this.lastError = `embeddings: ${(err as Error)?.message ?? String(err)}`;
        this.onError?.('embeddings', err);
      }
    }
  }

  /** The documents read, root-relative and sorted. */
  documents(): string[] {
    return [...this.docs.keys()].sort();
  }

  facts(path: string): DocFacts | undefined {
    return this.docs.get(path)?.facts;
  }

  chunk(id: string): Chunk | undefined {
    return this.chunks.get(id);
  }

  chunksOf(path: string): readonly Chunk[] {
    return this.docs.get(path)?.chunks ?? [];
  }

  tagsOf(path: string): readonly string[] {
    return this.tags.get(path) ?? [];
  }

  /** Each document's mentions as last resolved, in path order (the same array while a document's links stay). */
  mentionsByDocument(): [string, readonly LinkedMention[]][] {
    this.linkDeferred();
    return this.entityIndex.mentionsByDocument();
  }

  /** Mentions, entities and relations as last resolved against the code. */
  get entities(): EntityResult {
    this.linkDeferred();
    return this.result;
  }

  get mentions(): MentionMap {
    this.linkDeferred();
    return (this.mentionMap ??= new MentionMap(this.result, this.nameOf));
  }

  /**
   * Leaves linking restored documents to the code until they are read (or linkDeferred is
   * called): a restart answers code queries without first reading every document's mentions.
   */
  deferLink(graph: () => CodeGraph): void {
    this.unlinkedGraph = graph;
  }

  /** Links what deferLink left for later, now; nothing to do when it is done. */
  linkDeferred(): void {
    if (this.unlinkedGraph) this.relink(this.unlinkedGraph());
  }

  /** linkDeferred in time slices, leaving the event loop free between them; stops when `signal` aborts. */
  async linkDeferredInSlices(signal?: AbortSignal): Promise<void> {
    if (this.unlinkedGraph) await this.relinkInSlices(this.unlinkedGraph(), signal);
  }

  /**
   * Brings the index up to the documents the walk found (root-relative, with size and mtime):
   * reads what changed, forgets what is gone, then re-links to the code. For a full index.
   */
  async sync(graph: CodeGraph, found: readonly { path: string; size: number; mtimeMs: number }[], signal?: AbortSignal): Promise<DocsSummary> {
    const started = performance.now();
    const present = new Set(found.map((f) => f.path));
    let removed = 0;
    for (const path of [...this.docs.keys()]) if (!present.has(path) && this.forget(path)) removed++;
    for (const path of [...this.skipped.keys()]) if (!present.has(path)) this.skipped.delete(path);
    const changed: string[] = [];
    for (const f of found) {
      const known = this.docs.get(f.path)?.state ?? this.skipped.get(f.path)?.state;
      if (known && known.size === f.size && known.mtimeMs === f.mtimeMs) continue;
      if (await this.read(f.path, { size: f.size, mtimeMs: f.mtimeMs })) changed.push(f.path);
      if (signal?.aborted) break;
    }
    return this.finish(graph, changed, removed, started, signal);
  }

  /**
   * After an update of these root-relative paths (code or documents, changed, created or
   * deleted, or folders standing for what was under them): re-reads the documents among them.
   */
  async update(graph: CodeGraph, paths: readonly string[]): Promise<DocsSummary> {
    const started = performance.now();
    const under = pathsUnder(paths, this.docs.keys());
    const changed: string[] = [];
    let removed = 0;
    for (const path of new Set([...paths, ...under])) {
      if (!this.isDocument(path)) continue;
      let st: ReturnType<typeof statSync> | undefined;
      try {
        st = statSync(join(this.root, path));
      } catch {
        st = undefined;
      }
      if (!st?.isFile()) {
        this.skipped.delete(path);
        this.explicit.delete(path);
        if (this.forget(path)) removed++;
        continue;
      }
      if (st.size > this.config.maxFileSize) {
        if (this.forget(path)) removed++;
        this.skipped.set(path, { reason: `too large (${st.size} bytes > ${this.config.maxFileSize})` });
        continue;
      }
      if (await this.read(path, { size: st.size, mtimeMs: st.mtimeMs })) changed.push(path);
    }
    return this.finish(graph, changed, removed, started);
  }

  /**
   * ingest_docs: reads these root-relative files, or the documents under these folders, whether or
   * not the include globs cover them, and keeps them current from now on.
   */
  async ingest(graph: CodeGraph, rels: readonly string[], options: IngestOptions = {}): Promise<IngestReport> {
    const skipped: IngestReport['skipped'] = [];
    const files: string[] = [];
    for (const rel of rels) expandDocPaths(this.root, rel, files, skipped);
    const wanted: string[] = [];
    for (const path of files) {
      if (!detectFormat(path)) {
        skipped.push({ path, reason: 'not a supported document format (Markdown, text, HTML, PDF, DOCX)' });
        continue;
      }
      let st: ReturnType<typeof statSync>;
      try {
        st = statSync(join(this.root, path));
      } catch (err) {
        skipped.push({ path, reason: `unreadable: ${(err as NodeJS.ErrnoException).code ?? String(err)}` });
        continue;
      }
      if (st.size > this.config.maxFileSize) {
        skipped.push({ path, reason: `too large (${st.size} bytes > ${this.config.maxFileSize})` });
        continue;
      }
      if (options.tags) this.setTags(path, options.tags);
      const known = this.docs.get(path);
      if ((options.skipIfSeen ?? true) && known && known.state.size === st.size && known.state.mtimeMs === st.mtimeMs) {
        skipped.push({ path, reason: 'already indexed and unchanged' });
        continue;
      }
      this.explicit.add(path);
      wanted.push(path);
    }
    await this.update(graph, wanted);
    const ingested: IngestReport['ingested'] = [];
    for (const path of wanted) {
      const left = this.skipped.get(path);
      if (left !== undefined) skipped.push({ path, reason: left.reason });
      else if (this.docs.has(path)) ingested.push({ path, chunks: this.chunksOf(path).length });
    }
    const report: IngestReport = { ingested: ingested.slice(0, INGEST_REPORT_MAX), skipped: skipped.slice(0, INGEST_REPORT_MAX) };
    const more = Math.max(0, ingested.length - INGEST_REPORT_MAX) + Math.max(0, skipped.length - INGEST_REPORT_MAX);
    if (more) report.more = more;
    return report;
  }

  /** Tags documents (ingest_docs); kept in the snapshot, shown on doc nodes, filterable in queries. */
  setTags(path: string, tags: readonly string[]): void {
    if (tags.length) this.tags.set(path, [...new Set(tags)].sort());
    else this.tags.delete(path);
    this.tagsVersion++;
  }

  /** Re-resolves the docs' mentions against the code as it is now and applies the docs subgraph. */
  relink(graph: CodeGraph): { nodes: number; edges: number } {
    return runSteps(this.relinkSteps(graph));
  }

  /**
   * relink in time slices (index/steps.ts): what a save or an index runs, so a large corpus never
   * holds the event loop for long. When `signal` aborts, linking is left for the next reader.
   */
  relinkInSlices(graph: CodeGraph, signal?: AbortSignal, sliceMs?: number): Promise<{ nodes: number; edges: number } | undefined> {
    // One pass in slices at a time: two would restart each other at every slice and never end.
    const run = async (): Promise<{ nodes: number; edges: number } | undefined> => {
      try {
        const applied = await runStepsInSlices(this.relinkSteps(graph), signal, sliceMs);
        this.fillNames(graph);
        return applied;
      } catch (err) {
        if (!signal?.aborted) throw err;
        this.unlinkedGraph = () => graph;
        return undefined;
      }
    };
    const next = this.slicedPass.then(run, run);
    this.slicedPass = next.catch(() => undefined);
    return next;
  }

  private *relinkSteps(graph: CodeGraph): Steps<{ nodes: number; edges: number }> {
    yield* this.rebuildDirtySteps();
    const result = yield* this.entityIndex.resolveSteps(graph);
    this.unlinkedGraph = undefined;
    // Which documents are decision records decides which get a doc node (project.ts).
    const decisions = this.documents().filter((p) => isDecisionDocument(graph, p));
    const decisionDocs = decisions.join('\n');
    const last = this.projected;
    // The entity index hands back the same result when nothing it read changed; an ordinary
    // code save then costs a lookup here, not a new subgraph.
    if (last && last.graph === graph && last.result === result && last.decisionDocs === decisionDocs && last.tags === this.tagsVersion && last.corpus === this.corpusVersion) {
      return last.applied;
    }
    this.result = result;
    this.mentionMap = undefined;
    this.nameOf = (id) => graph.node(id)?.name;
    const applied = this.owned.apply(graph, this.projection.wanted(graph, this, new Set(decisions)));
    this.projected = { graph, result, decisionDocs, tags: this.tagsVersion, corpus: this.corpusVersion, applied };
    return applied;
  }

  /** Hybrid retrieval over the chunks: lexical (and vectors when on), expanded over the entities. */
  async query(graph: CodeGraph, text: string, options: DocsQueryOptions = {}): Promise<HybridResult> {
    this.linkDeferred();
    this.rebuildDirty();
    const tagged = options.tags?.length ? new Set(this.documents().filter((p) => this.tagsOf(p).some((t) => options.tags!.includes(t)))) : undefined;
    const vectors = this.vectors?.source();
    const result = await hybridQuery(
      text,
      {
        k: tagged ? Math.max(50, (options.k ?? 10) * 5) : options.k ?? 10,
        hops: options.hops ?? 1,
        ...(options.relations ? { relations: options.relations } : {}),
        weights: this.config.weights,
      },
      {
        lexical: this.lexicalIndex,
        ...(vectors ? { vectors } : {}),
        chunk: (id) => this.chunks.get(id),
        graph: this.mentions.hybridGraph(graph),
      },
    );
    if (!tagged) return result;
    return { ...result, chunks: result.chunks.filter((h) => tagged.has(h.chunk.path)).slice(0, options.k ?? 10) };
  }

  /** The best chunks by BM25 alone: cheap enough to ride along with every name search. */
  lexical(text: string, k: number): { chunk: Chunk; score: number }[] {
    this.rebuildDirty();
    return this.lexicalIndex.search(text, k).flatMap((h) => {
      const chunk = this.chunks.get(h.id);
      return chunk ? [{ chunk, score: h.score }] : [];
    });
  }

  /**
   * Turns vectors on (or off, with undefined): every chunk is queued for embedding, and linking
   * also compares names by vector (the entity index starts over with the documents it had).
   */
  setEmbeddings(provider: EmbeddingProvider | undefined): void {
    this.nameVectors = provider ? new NameVectors(provider) : undefined;
    this.entityIndex = new EntityIndex(this.nameVectors ? { vectorSimilarity: (a, b) => this.nameVectors?.similarity(a, b) ?? 0, mergeByVector: false } : {});
    for (const [path, e] of this.docs) this.entityIndex.setDoc(path, e.chunks);
    this.vectors?.stop();
    this.vectors = provider
      ? new DocVectors(
          provider,
          (id) => {
            const c = this.chunks.get(id);
            return c && embeddingText(c);
          },
          (err) => this.onError?.('embeddings', err),
        )
      : undefined;
    if (!this.vectors) return;
    for (const id of this.chunks.keys()) this.vectors.enqueue(id);
    this.vectors.start();
  }

  /** Resolves once the queued chunks and the names linking asked about are embedded, and linked with (or embedding failed; see status().lastError). */
  async embedded(): Promise<void> {
    await this.vectors?.idle();
    await this.slicedPass;
    while (this.nameFill) await this.nameFill;
  }

  /** After a pass that asked about names not embedded yet: embeds them, then links again with them. */
  private fillNames(graph: CodeGraph): void {
    const names = this.nameVectors;
    if (!names?.pending || this.nameFill) return;
    this.nameFill = (async () => {
      // A pass run meanwhile may have asked about more names: until none are left, or embedding fails.
      while (names.pending > 0 && names === this.nameVectors) {
        if ((await names.fill()) === 0) break;
        this.entityIndex.forgetFuzzyReaders();
        await this.relinkInSlices(graph);
      }
    })()
      .catch((err: unknown) => this.onError?.('embeddings', err))
      .finally(() => {
        this.nameFill = undefined;
        if (names === this.nameVectors && !names.lastError) this.fillNames(graph);
      });
  }

  /** Counts as they are: asking for the status never links (a status bar asks at start-up). */
  status(): DocsStatus {
    let redactions = 0;
    let duplicateParagraphs = 0;
    for (const e of this.docs.values()) {
      redactions += e.facts.redactions;
      duplicateParagraphs += e.skip.length;
    }
    return {
      documents: this.docs.size,
      chunks: this.chunks.size,
      entities: this.result.entities.length,
      mentions: this.result.mentions.length,
      relations: this.result.relations.length,
      queue: this.vectors?.queued ?? 0,
      vectors: this.vectors?.size ?? 0,
      ...(this.vectors ? { embeddings: this.vectors.provider.id } : {}),
      ...(this.lastFile ? { lastFile: this.lastFile } : {}),
      ...(this.vectors?.lastError || this.nameVectors?.lastError || this.lastError ? { lastError: this.vectors?.lastError ?? this.nameVectors?.lastError ?? this.lastError } : {}),
      ...(this.unlinkedGraph ? { linkPending: true as const } : {}),
      redactions,
      duplicateParagraphs,
      skipped: this.skippedList(),
    };
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

  /** Loads a snapshot's facts; chunks are rebuilt on the next relink or query. */
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
      this.skipped.set(s.path, { reason: s.reason, ...(s.size !== undefined && s.mtimeMs !== undefined ? { state: { size: s.size, mtimeMs: s.mtimeMs } } : {}) });
    }
  }

  // ---- internals ------------------------------------------------------------------------

  private skippedList(): DocsState['skipped'] {
    return [...this.skipped]
      .map(([path, s]) => ({ path, reason: s.reason, ...(s.state ? { size: s.state.size, mtimeMs: s.state.mtimeMs } : {}) }))
      .sort((a, b) => (a.path < b.path ? -1 : 1));
  }

  /** Reads and extracts one document when its bytes changed; true when its facts changed. */
  private async read(path: string, state: DocFileState): Promise<boolean> {
    this.lastFile = path;
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(join(this.root, path));
    } catch (err) {
      this.fail(path, `unreadable: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
      return false;
    }
    let facts: DocFacts;
    try {
      facts = await extractDocument(path, bytes);
    } catch (err) {
      this.fail(path, err instanceof DocSkipError ? err.reason : `not read: ${(err as Error)?.message ?? String(err)}`, state);
      if (!(err instanceof DocSkipError)) this.onError?.(path, err);
      return false;
    }
    this.skipped.delete(path);
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

  /** A document we cannot read costs its own chunks, never the index. */
  private fail(path: string, reason: string, state?: DocFileState): void {
    this.lastError = `${path}: ${reason}`;
    this.skipped.set(path, { reason, ...(state ? { state } : {}) });
    this.forget(path);
  }

  private forget(path: string): boolean {
    const e = this.docs.get(path);
    if (!e) return false;
    this.docs.delete(path);
    this.unfingerprinted.delete(path);
    this.duplicates.delete(path);
    this.corpusChanged = true;
    this.corpusVersion++;
    this.dirty.delete(path);
    this.dropChunks(e.chunks);
    this.entityIndex.deleteDoc(path);
    return true;
  }

  private async finish(graph: CodeGraph, changed: readonly string[], removed: number, started: number, signal?: AbortSignal): Promise<DocsSummary> {
    for (const path of changed) this.dirty.add(path);
    await this.relinkInSlices(graph, signal);
    return {
      documents: this.docs.size,
      chunks: this.chunks.size,
      extracted: changed.length,
      removed,
      skipped: this.skippedList(),
      durationMs: Math.round(performance.now() - started),
    };
  }

  private rebuildDirty(): void {
    runSteps(this.rebuildDirtySteps());
  }

  /**
   * Re-chunks the documents whose facts changed and those whose duplicate paragraphs changed
   * (a new or removed document can move which copy of a paragraph is the first), a step each.
   */
  private *rebuildDirtySteps(): Steps<void> {
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
      this.corpusVersion++;
      this.dropChunks(e.chunks);
      e.chunks = uniqueIds(chunkDocument(e.facts, { skipBlocks: new Set(skip) }));
      for (const c of e.chunks) {
        this.chunks.set(c.id, c);
        this.lexicalIndex.add({ id: c.id, text: c.text, prelude: c.prelude });
        this.vectors?.enqueue(c.id);
      }
      this.entityIndex.setDoc(path, e.chunks);
      this.dirty.delete(path);
      yield;
    }
    for (const path of this.dirty) if (!this.docs.has(path)) this.dirty.delete(path);
    this.vectors?.start();
  }

  private dropChunks(chunks: readonly Chunk[]): void {
    for (const c of chunks) {
      this.chunks.delete(c.id);
      this.lexicalIndex.remove(c.id);
      this.vectors?.remove(c.id);
    }
  }
}

/** What a chunk is embedded as: its prelude gives the section context a bare paragraph lacks. */
function embeddingText(c: Chunk): string {
  return `${c.prelude}\n${c.text}`;
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
