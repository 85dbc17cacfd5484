/**
 * Docs index
 * ==========
 * The one object the Workspace owns for the docs GraphRAG, composed of three parts with one job
 * each: the document store (doc_store.ts: facts, tags, skips, near-duplicates, chunks), retrieval
 * (doc_retrieval.ts: BM25, vectors, hybrid queries) and linking (doc_linking.ts: entities resolved
 * against the code graph, the docs subgraph). This file walks the documents an index or an update
 * names into the store, then has them linked.
 */
import type { CodeGraph } from '../model/graph';
import { docMatcher, docsConfig, type DocsConfig, type DocsConfigInput } from './config';
import type { EntityResult } from './entities';
import { detectFormat } from './ingest';
import type { MentionMap } from './mention_map';
import { embeddingProvider } from './doc_vectors';
import { DocsLinker } from './doc_linking';
import { DocsRetrieval, type DocsQueryOptions } from './doc_retrieval';
import { DocumentStore, type DocsState } from './doc_store';
import { expandDocPaths } from './ingest_paths';
import type { EmbeddingProvider, HybridResult } from './retrieval';
import type { Chunk, DocFacts, LinkedMention } from './types';
import { runSteps } from '../index/steps';
import { pathsUnder } from '../index/under_folders';
import { WorkspaceFs } from '../index/workspace_fs';

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

/** What readFound read (sync's first half), for linkFound. */
export interface FoundDocuments {
  changed: string[];
  removed: number;
  started: number;
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

export class DocsIndex {
  readonly config: DocsConfig;
  readonly isDocument: (rel: string) => boolean;
  private readonly store: DocumentStore;
  /** Every read of a document goes through the workspace guard (inside the root, a regular file). */
  private readonly fs: WorkspaceFs;
  private readonly retrieval: DocsRetrieval;
  private readonly linker: DocsLinker;
  /** Why the configured embeddings could not be made (retrieval then stays lexical). */
  private embeddingsError: string | undefined;

  constructor(
    root: string,
    config: DocsConfigInput = {},
    private readonly onError?: (path: string, error: unknown) => void,
    /** Why ingest_docs leaves a path out when expanding a folder (the workspace's file filter). */
    private readonly excluded: (rel: string, isDir: boolean) => string | undefined = () => undefined,
  ) {
    this.config = docsConfig(config);
    this.fs = new WorkspaceFs(root);
    this.store = new DocumentStore(this.fs, docMatcher(this.config), onError);
    this.retrieval = new DocsRetrieval((id) => this.store.chunk(id));
    this.linker = new DocsLinker(this.store, onError);
    // Retrieval first, then linking: the order the chunks were always indexed in.
    this.store.listen(this.retrieval);
    this.store.listen(this.linker);
    this.isDocument = this.store.isDocument;
    if (this.config.enabled && this.config.embeddings) {
      try {
        this.setEmbeddings(embeddingProvider(this.config.embeddings));
      } catch (err) {
        // A bad embeddings setting costs the vectors, never the docs: retrieval stays lexical.
        this.embeddingsError = `embeddings: ${(err as Error)?.message ?? String(err)}`;
        this.onError?.('embeddings', err);
      }
    }
  }

  /** The documents read, root-relative and sorted. */
  documents(): string[] {
    return this.store.documents();
  }

  facts(path: string): DocFacts | undefined {
    return this.store.facts(path);
  }

  chunk(id: string): Chunk | undefined {
    return this.store.chunk(id);
  }

  chunksOf(path: string): readonly Chunk[] {
    return this.store.chunksOf(path);
  }

  tagsOf(path: string): readonly string[] {
    return this.store.tagsOf(path);
  }

  /** Each document's mentions as last resolved, in path order (the same array while a document's links stay). */
  mentionsByDocument(): [string, readonly LinkedMention[]][] {
    return this.linker.mentionsByDocument();
  }

  /** Mentions, entities and relations as last resolved against the code. */
  get entities(): EntityResult {
    return this.linker.entities;
  }

  get mentions(): MentionMap {
    return this.linker.mentions;
  }

  /**
   * Leaves linking restored documents to the code until they are read (or linkDeferred is
   * called): a restart answers code queries without first reading every document's mentions.
   */
  deferLink(graph: () => CodeGraph): void {
    this.linker.deferLink(graph);
  }

  /** Links what deferLink left for later, now; nothing to do when it is done. */
  linkDeferred(): void {
    this.linker.linkDeferred();
  }

  /** linkDeferred in time slices, leaving the event loop free between them; stops when `signal` aborts. */
  linkDeferredInSlices(signal?: AbortSignal): Promise<void> {
    return this.linker.linkDeferredInSlices(signal);
  }

  /**
   * Brings the index up to the documents the walk found (root-relative, with size and mtime):
   * reads what changed, forgets what is gone, then re-links to the code. For a full index.
   */
  async sync(graph: CodeGraph, found: readonly { path: string; size: number; mtimeMs: number }[], signal?: AbortSignal): Promise<DocsSummary> {
    return this.linkFound(graph, await this.readFound(found, signal), signal);
  }

  /**
   * sync's first half: reads what changed among the documents the walk found and forgets what is
   * gone. It needs no graph, so an index runs it while the code parses on the workers.
   */
  async readFound(found: readonly { path: string; size: number; mtimeMs: number }[], signal?: AbortSignal): Promise<FoundDocuments> {
    const started = performance.now();
    const present = new Set(found.map((f) => f.path));
    let removed = 0;
    for (const path of [...this.store.paths()]) if (!present.has(path) && this.store.forget(path)) removed++;
    for (const path of this.store.skippedPaths()) if (!present.has(path)) this.store.unskip(path);
    const changed: string[] = [];
    for (const f of found) {
      const known = this.store.knownState(f.path);
      if (known && known.size === f.size && known.mtimeMs === f.mtimeMs) continue;
      if (await this.store.read(f.path, { size: f.size, mtimeMs: f.mtimeMs })) changed.push(f.path);
      if (signal?.aborted) break;
    }
    return { changed, removed, started };
  }

  /** sync's second half: links what readFound read to the code graph as it is now. */
  linkFound(graph: CodeGraph, found: FoundDocuments, signal?: AbortSignal): Promise<DocsSummary> {
    return this.finish(graph, found.changed, found.removed, found.started, signal);
  }

  /**
   * After an update of these root-relative paths (code or documents, changed, created or
   * deleted, or folders standing for what was under them): re-reads the documents among them.
   */
  async update(graph: CodeGraph, paths: readonly string[]): Promise<DocsSummary> {
    const started = performance.now();
    const under = pathsUnder(paths, this.store.paths());
    const changed: string[] = [];
    let removed = 0;
    for (const path of new Set([...paths, ...under])) {
      if (!this.isDocument(path)) continue;
      const st = this.fs.stat(path);
      if (!st.ok) {
        // Gone, or refused by the guard (a symlink out of the root, a FIFO): never read.
        if (st.missing ? this.store.remove(path) : this.store.skip(path, st.reason)) removed++;
        continue;
      }
      if (st.size > this.config.maxFileSize) {
        if (this.store.skip(path, `too large (${st.size} bytes > ${this.config.maxFileSize})`)) removed++;
        continue;
      }
      if (await this.store.read(path, { size: st.size, mtimeMs: st.mtimeMs })) changed.push(path);
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
    for (const rel of rels) expandDocPaths(this.fs, rel, this.excluded, files, skipped);
    const wanted: string[] = [];
    for (const path of files) {
      if (!detectFormat(path)) {
        skipped.push({ path, reason: 'not a supported document format (Markdown, text, HTML, PDF, DOCX)' });
        continue;
      }
      const st = this.fs.stat(path);
      if (!st.ok) {
        skipped.push({ path, reason: st.missing ? 'not found' : st.reason });
        continue;
      }
      if (st.size > this.config.maxFileSize) {
        skipped.push({ path, reason: `too large (${st.size} bytes > ${this.config.maxFileSize})` });
        continue;
      }
      if (options.tags) this.setTags(path, options.tags);
      const known = this.store.readState(path);
      if ((options.skipIfSeen ?? true) && known && known.size === st.size && known.mtimeMs === st.mtimeMs) {
        skipped.push({ path, reason: 'already indexed and unchanged' });
        continue;
      }
      this.store.addExplicit(path);
      wanted.push(path);
    }
    await this.update(graph, wanted);
    const ingested: IngestReport['ingested'] = [];
    for (const path of wanted) {
      const left = this.store.skipReason(path);
      if (left !== undefined) skipped.push({ path, reason: left });
      else if (this.store.has(path)) ingested.push({ path, chunks: this.chunksOf(path).length });
    }
    const report: IngestReport = { ingested: ingested.slice(0, INGEST_REPORT_MAX), skipped: skipped.slice(0, INGEST_REPORT_MAX) };
    const more = Math.max(0, ingested.length - INGEST_REPORT_MAX) + Math.max(0, skipped.length - INGEST_REPORT_MAX);
    if (more) report.more = more;
    return report;
  }

  /** Tags documents (ingest_docs); kept in the snapshot, shown on doc nodes, filterable in queries. */
  setTags(path: string, tags: readonly string[]): void {
    this.store.setTags(path, tags);
  }

  /** Re-resolves the docs' mentions against the code as it is now and applies the docs subgraph. */
  relink(graph: CodeGraph): { nodes: number; edges: number } {
    return this.linker.relink(graph);
  }

  /**
   * relink in time slices (index/steps.ts): what a save or an index runs, so a large corpus never
   * holds the event loop for long. When `signal` aborts, linking is left for the next reader.
   */
  relinkInSlices(graph: CodeGraph, signal?: AbortSignal, sliceMs?: number): Promise<{ nodes: number; edges: number } | undefined> {
    return this.linker.relinkInSlices(graph, signal, sliceMs);
  }

  /** Hybrid retrieval over the chunks: lexical (and vectors when on), expanded over the entities. */
  async query(graph: CodeGraph, text: string, options: DocsQueryOptions = {}): Promise<HybridResult> {
    this.linkDeferred();
    this.rebuildDirty();
    const wantedTags = options.tags;
    const tagged = wantedTags?.length ? new Set(this.documents().filter((p) => this.tagsOf(p).some((t) => wantedTags.includes(t)))) : undefined;
    return this.retrieval.query(text, options, this.config.weights, this.mentions.hybridGraph(graph, (path) => this.chunksOf(path).map((c) => c.id)), tagged);
  }

  /** The best chunks by BM25 alone: cheap enough to ride along with every name search. */
  lexical(text: string, k: number): { chunk: Chunk; score: number }[] {
    this.rebuildDirty();
    return this.retrieval.lexical(text, k);
  }

  /**
   * Turns vectors on (or off, with undefined): every chunk is queued for embedding, and linking
   * also compares names by vector (the entity index starts over with the documents it had).
   */
  setEmbeddings(provider: EmbeddingProvider | undefined): void {
    this.linker.setEmbeddings(provider);
    this.retrieval.setEmbeddings(provider, this.store, (err) => this.onError?.('embeddings', err));
  }

  /** Resolves once the queued chunks and the names linking asked about are embedded, and linked with (or embedding failed; see status().lastError). */
  async embedded(): Promise<void> {
    await this.retrieval.idle();
    await this.linker.settledPass();
  }

  /** Counts as they are: asking for the status never links (a status bar asks at start-up). */
  status(): DocsStatus {
    const result = this.linker.lastResult;
    const retrieval = this.retrieval.status();
    const lastError = retrieval.lastError ?? this.linker.lastError ?? this.store.lastError ?? this.embeddingsError;
    const lastFile = this.store.lastFile;
    return {
      documents: this.store.size,
      chunks: this.store.chunkCount,
      entities: result.entities.length,
      mentions: result.mentions.length,
      relations: result.relations.length,
      queue: retrieval.queue,
      vectors: retrieval.vectors,
      ...(retrieval.embeddings ? { embeddings: retrieval.embeddings } : {}),
      ...(lastFile ? { lastFile } : {}),
      ...(lastError ? { lastError } : {}),
      ...(this.linker.pending ? { linkPending: true as const } : {}),
      redactions: this.store.redactions(),
      duplicateParagraphs: this.store.duplicateParagraphs(),
      skipped: this.store.skippedList(),
    };
  }

  state(): DocsState {
    return this.store.state();
  }

  /** Loads a snapshot's facts; chunks are rebuilt on the next relink or query. */
  restore(state: DocsState): void {
    this.store.restore(state);
  }

  // ---- internals ------------------------------------------------------------------------

  private async finish(graph: CodeGraph, changed: readonly string[], removed: number, started: number, signal?: AbortSignal): Promise<DocsSummary> {
    this.store.markDirty(changed);
    // Restored documents still waiting to be linked (deferLink) stay waiting when none of them
    // changed: linking them later reads the graph as it is then, so a code edit changes nothing.
    // With no document before or after, there is nothing to link (and no gazetteer to build).
    const nothing = changed.length === 0 && removed === 0 && (this.linker.pending || (this.store.size === 0 && !this.linker.linkedAny));
    if (!nothing) await this.relinkInSlices(graph, signal);
    return {
      documents: this.store.size,
      chunks: this.store.chunkCount,
      extracted: changed.length,
      removed,
      skipped: this.store.skippedList(),
      durationMs: Math.round(performance.now() - started),
    };
  }

  private rebuildDirty(): void {
    runSteps(this.store.rebuildDirtySteps());
  }
}
