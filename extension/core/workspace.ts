/**
 * Workspace
 * =========
 * The one object a host (CLI, MCP server, VS Code) holds: a root folder, its graph, and the means
 * to keep it current. `index()` walks the folder and parses only what changed since the last
 * index (or since the snapshot a previous run left in .kg-memory/); `update(paths)` takes the
 * files an editor or a watcher reports. Both end in the same incremental graph assembly.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, isAbsolute, join, posix, relative, resolve, sep } from 'node:path';
import { FACTS_VERSION, type FileFacts, type LanguageId } from './parse/facts';
import { loadGrammar } from './parse/grammar';
import { isConfigFileName, languageForPath } from './parse/languages';
import type { CodeGraph } from './model/graph';
import { GraphAssembler, type AssemblerState } from './index/assembler';
import { configProblems, type ConfigProblem } from './resolve/config_checks';
import { ParsePool, type ParseResult, type ParseTask } from './index/parse_pool';
import { readSnapshot, readSnapshotSync, writeSnapshot, type SnapshotReadResult } from './index/snapshot';
import { DEFAULT_MAX_FILE_BYTES, DEFAULT_MAX_FILES, walkWorkspace, type SkippedFile } from './index/walk';
import { FileFilter } from './index/file_filter';
import { WorkspaceFs } from './index/workspace_fs';
import { FolderWatcher } from './index/watch';
import { pathsUnder } from './index/under_folders';
import { docsManifest, sameDocFiles, sameDocsState, type DocsManifest } from './index/docs_written';
import { DecisionIndex, type DecisionStatus } from './decisions/decision_index';
import type { DecisionConfigInput } from './decisions/config';
import { MemoryNodes } from './memory/code_nodes';
import { LlmNodes } from './llm/nodes';
import { DocsIndex, type DocsStatus, type IngestOptions, type IngestReport } from './docs/docs_index';
import type { DocsState } from './docs/doc_store';
import type { DocsConfigInput } from './docs/config';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface WorkspaceOptions {
  /** Keep a snapshot in `<root>/.kg-memory/` and load it on open (default true). */
  persist?: boolean;
  include?: string[];
  exclude?: string[];
  maxFileSize?: number;
  maxFiles?: number;
  /** Only these languages are indexed (default: all). */
  languages?: LanguageId[];
  /** Parse workers (default: up to 2, by the machine's cores). 0 parses in process. */
  workers?: number;
  /** Where ADRs and instruction files are, and how concepts are reconciled (decision graph). */
  decisions?: DecisionConfigInput;
  /** Which prose documents are chunked and linked for retrieval (docs GraphRAG). */
  docs?: DocsConfigInput;
  /**
   * Background work after open and index that makes the next calls fast, for a long-lived host
   * (default true): linking the documents restored from the snapshot, and loading the grammars
   * the first save will parse with. A one-shot command passes false: the documents are then
   * linked when something reads the docs' side (a docs query, a tool that reads the whole graph)
   * or a document changes, and a grammar loads when a file is parsed, so that `query callers` or
   * `index` after a code edit never pays for either.
   */
  warmUp?: boolean;
  log?: (level: LogLevel, message: string) => void;
}

export interface IndexOptions {
  /** Ignore what is known and parse every file again. */
  full?: boolean;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

export interface IndexReport {
  files: number;
  parsed: number;
  unchanged: number;
  removed: number;
  resolved: number;
  skipped: SkippedFile[];
  failed: { path: string; error: string }[];
  durationMs: number;
  /** Where the time went, in ms. */
  phases: { walk: number; parse: number; resolve: number; save: number };
}

export interface WorkspaceStatus {
  root: string;
  files: number;
  nodes: number;
  edges: number;
  parseErrors: { path: string; count: number; lines: number[] }[];
  skipped: SkippedFile[];
  failed: { path: string; error: string }[];
  /** Files the resolver failed on (a bug of ours): they keep their nodes but lose their edges. */
  resolveFaults: { path: string; reason: string }[];
  /** Files where lookups stopped at the resolver's bound (template- or macro-heavy code): some of their calls have no edge. */
  resolveCuts: { path: string; lookups: number }[];
  lastIndexedAt?: string;
  lastIndexMs?: number;
  snapshot?: string;
  docs?: DocsStatus;
  /** Where decision records were looked for and which folders held them. */
  decisions?: DecisionStatus;
  /** Config files (go.mod, Cargo.toml, a .csproj …) that could not be read or used: resolution went on by folder. */
  configProblems: ConfigProblem[];
}

interface FileState {
  size: number;
  mtimeMs: number;
}

interface SnapshotData {
  root: string;
  files: Record<string, FileState>;
  skipped: SkippedFile[];
  indexedAt?: string;
  state: AssemblerState;
  /** The decision documents found at the last index: a restart reads them without a walk. */
  decisionDocuments?: string[];
  /** The documents docs.json holds, so that a one-shot command may leave it unread. */
  docs?: DocsManifest;
}

const SNAPSHOT_NAME = 'graph';
/** The docs' extracted facts: a restart re-chunks them without reading or extracting a file. */
const DOCS_SNAPSHOT_NAME = 'docs';
const DOCS_SNAPSHOT_VERSION = 1;
const SAVE_DELAY_MS = 2000;
/** Bumps with the snapshot layout and with the facts' shape: either change discards old snapshots. */
const SNAPSHOT_VERSION = 1000 + FACTS_VERSION;
const MAX_CONFIG_BYTES = 1024 * 1024;

export class Workspace {
  readonly root: string;
  private assembler: GraphAssembler;
  private readonly fileStates = new Map<string, FileState>();
  private skipped: SkippedFile[] = [];
  private failed: { path: string; error: string }[] = [];
  private pool: ParsePool | undefined;
  private lastIndexedAt: Date | undefined;
  private lastIndexMs: number | undefined;
  private snapshotNote: string | undefined;
  /** The docs' state as last written or restored: a save with the same again leaves docs.json as it is. */
  private docsWritten: DocsState | undefined;
  /** A one-shot process (warmUp false) left docs.json unread: what the graph's snapshot said of it. */
  private docsUnread: DocsManifest | undefined;
  private readonly docsIndex: DocsIndex;
  private queue: Promise<unknown> = Promise.resolve();
  /** Config files the last read of them could not read (status). */
  private unreadableConfigs: ConfigProblem[] = [];
  /** Jobs queued or running: none means settled() would resolve at once. */
  private queued = 0;
  /** A snapshot write asked for by update() and not done yet (writes are batched: a save is 10–100 ms). */
  private saveTimer: NodeJS.Timeout | undefined;
  private watcher: FolderWatcher | undefined;
  /** Aborted by close(): background work stops at its next slice. */
  private readonly closing = new AbortController();
  /** ADRs and instruction files: indexed beside the code, re-linked after every code update. */
  readonly decisions: DecisionIndex;
  /** Agent-memory entities as graph nodes, re-linked after every code update (after the decisions: they link to ADRs). */
  readonly memory = new MemoryNodes();
  /** What the optional LLM layer extracted (decisions, trade-offs, concepts), re-linked after the memory; an ADR changed since its extraction projects nothing. */
  readonly llm = new LlmNodes((path) => this.decisions.facts(path)?.hash);
  /** Which files are indexed: one rule for the walk, update(), the watchers and ingest_docs. */
  readonly filter: FileFilter;
  /** The guard every read of a workspace file named from outside the walk goes through. */
  readonly files: WorkspaceFs;

  private constructor(root: string, private readonly options: WorkspaceOptions) {
    this.root = root;
    this.filter = new FileFilter(root, { ...(options.include ? { include: options.include } : {}), ...(options.exclude ? { exclude: options.exclude } : {}) });
    this.files = new WorkspaceFs(root);
    this.assembler = this.newAssembler();
    this.decisions = new DecisionIndex(
      root,
      options.decisions,
      (path, err) => this.log('warn', `${path}: not read as a decision document: ${String(err)}`),
      (rel) => this.filter.excluded(rel) !== undefined,
      (path) => this.assembler.facts(path),
    );
    this.docsIndex = new DocsIndex(
      root,
      options.docs,
      (path, err) => this.log('warn', `${path}: not read as a document: ${(err as Error)?.message ?? String(err)}`),
      (rel, isDir) => this.filter.entryExcluded(rel, isDir) ?? (isDir && this.filter.isVirtualenv(rel) ? 'in a virtualenv' : undefined),
    );
  }

  /** Opens a folder; with `persist` (the default) the last snapshot is loaded, so queries work at once. */
  static async open(root: string, options: WorkspaceOptions = {}): Promise<Workspace> {
    let real: string;
    try {
      real = realpathSync(resolve(root));
    } catch {
      throw new Error(`kg-memory/workspace: ${root} does not exist`);
    }
    if (!statSync(real).isDirectory()) throw new Error(`kg-memory/workspace: ${root} is not a folder`);
    const ws = new Workspace(real, options);
    if (options.persist !== false) await ws.loadSnapshot();
    return ws;
  }

  private newAssembler(): GraphAssembler {
    return new GraphAssembler(
      (path, err) => this.log('error', `${path}: resolution failed, its edges are left out: ${(err as Error)?.stack ?? String(err)}`),
      basename(this.root),
    );
  }

  /**
   * Prose documents: chunked for retrieval, their mentions linked to the code after every update.
   * The first reader loads them from docs.json when a one-shot process left them unread.
   */
  get docs(): DocsIndex {
    if (this.docsUnread) this.readDocsNow();
    return this.docsIndex;
  }

  get graph(): CodeGraph {
    return this.assembler.graph;
  }

  facts(path: string): FileFacts | undefined {
    return this.assembler.facts(path);
  }

  /** Walks the folder and brings the graph up to date. Calls are serialised. */
  index(options: IndexOptions = {}): Promise<IndexReport> {
    return this.serialised(() => this.runIndex(options));
  }

  /** Re-reads the given files (absolute or root-relative; missing ones count as deleted). */
  update(paths: readonly string[]): Promise<IndexReport> {
    return this.serialised(() => this.runUpdate(paths));
  }

  /**
   * Reads documents (files or folders inside the root) into the docs index, also ones the include
   * globs do not cover (ingest_docs). Paths outside the root are refused, never read.
   */
  ingestDocs(paths: readonly string[], options: IngestOptions = {}): Promise<IngestReport> {
    return this.serialised(async () => {
      const inside: string[] = [];
      const refused: IngestReport['skipped'] = [];
      for (const p of paths) {
        const rel = p === '.' || p === this.root ? '' : this.relativePath(p.replace(/[\\/]+$/, ''));
        const where = rel === undefined ? undefined : this.files.resolve(rel);
        if (rel === undefined || where === undefined) refused.push({ path: p, reason: 'outside the workspace root: not read' });
        else if (!where.ok && !where.missing) refused.push({ path: p, reason: `${where.reason}: not read` });
        else inside.push(rel);
      }
      const report = await this.docs.ingest(this.graph, inside, options);
      this.relinkNotes();
      return { ...report, skipped: [...refused, ...report.skipped] };
    });
  }

  /** Agent memory, then what the LLM layer extracted: they link to code, records and docs, so they go last. */
  private relinkNotes(): void {
    this.memory.relink(this.graph);
    this.llm.relink(this.graph);
  }

  /**
   * Follows changes on disk from now on: changed files are re-indexed in batches through update().
   * For hosts without a watcher of their own (the CLI's mcp and serve). Idempotent.
   */
  watch(onUpdate?: (report: IndexReport) => void): void {
    if (this.watcher) return;
    this.watcher = new FolderWatcher(
      this.root,
      (paths) => {
        void this.update(paths).then((report) => {
          this.watcher?.add(this.indexedDirs());
          onUpdate?.(report);
        });
      },
      { ignoreDir: (dir) => this.filter.excluded(dir, { isDir: true }) !== undefined, onError: (m) => this.log('warn', m) },
    );
    this.watcher.add(this.indexedDirs());
  }

  /** A complete graph exists: an index finished, or a snapshot restored one. */
  get hasCompleteGraph(): boolean {
    return this.lastIndexedAt !== undefined;
  }

  /** When the graph was last complete (ISO): the end of the last index, or the restored snapshot's. */
  get completeAt(): string | undefined {
    return this.lastIndexedAt?.toISOString();
  }

  /** A watcher follows the disk: answers need no re-walk before them. */
  get watching(): boolean {
    return this.watcher !== undefined;
  }

  /** No index or update is queued or running: what settled() waits for is already done. */
  get isSettled(): boolean {
    return this.queued === 0;
  }

  /** Resolves once every index and update asked for so far has finished, and the documents a restart restored are linked. */
  settled(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  /** The root and every folder holding an indexed file, with their parents. */
  private indexedDirs(): Set<string> {
    const dirs = new Set<string>(['']);
    const documents = this.docsUnread ? Object.keys(this.docsUnread.read) : this.docsIndex.documents();
    for (const path of [...this.fileStates.keys(), ...this.decisions.documents(), ...documents]) {
      for (let d = posix.dirname(path); d !== '.' && !dirs.has(d); d = posix.dirname(d)) dirs.add(d);
    }
    return dirs;
  }

  status(): WorkspaceStatus {
    const parseErrors: WorkspaceStatus['parseErrors'] = [];
    for (const path of this.assembler.paths()) {
      const f = this.assembler.facts(path)!;
      if (f.parseErrors > 0) parseErrors.push({ path, count: f.parseErrors, lines: f.errorLines ?? [] });
    }
    const s: WorkspaceStatus = {
      configProblems: [...this.unreadableConfigs, ...configProblems(this.assembler.configFiles())].sort((a, b) => (a.path < b.path ? -1 : 1)),
      root: this.root,
      files: this.fileStates.size,
      nodes: this.graph.order,
      edges: this.graph.size,
      parseErrors: parseErrors.sort((a, b) => a.path.localeCompare(b.path)),
      skipped: mergeSkipped(this.skipped, this.decisions.refused()),
      failed: this.failed,
      resolveFaults: this.assembler.resolveFaults(),
      resolveCuts: this.assembler.resolveCuts(),
    };
    if (this.lastIndexedAt) s.lastIndexedAt = this.lastIndexedAt.toISOString();
    if (this.lastIndexMs !== undefined) s.lastIndexMs = Math.round(this.lastIndexMs);
    if (this.snapshotNote) s.snapshot = this.snapshotNote;
    // Left unread: the status the snapshot recorded, waiting to be linked like any restored documents.
    if (this.docsIndex.config.enabled) s.docs = this.docsUnread ? { ...this.docsUnread.status, linkPending: true } : this.docsIndex.status();
    s.decisions = this.decisions.status();
    return s;
  }

  /** Root-relative path of an absolute or relative one, or undefined when it lies outside the root. */
  relativePath(path: string): string | undefined {
    const abs = isAbsolute(path) ? path : join(this.root, path);
    const rel = relative(this.root, resolve(abs));
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return undefined;
    return rel.split(sep).join('/');
  }

  /** The current text of an indexed file, for `source`; never reads outside the root. */
  readSource(path: string): string | undefined {
    const rel = this.relativePath(path);
    if (rel === undefined || !this.fileStates.has(rel)) return undefined;
    const read = this.files.readText(rel, Number.MAX_SAFE_INTEGER);
    return read.ok ? read.text : undefined;
  }

  async save(): Promise<void> {
    if (this.options.persist === false) return;
    const data: SnapshotData = {
      root: this.root,
      files: Object.fromEntries(this.fileStates),
      skipped: this.skipped,
      ...(this.lastIndexedAt ? { indexedAt: this.lastIndexedAt.toISOString() } : {}),
      state: this.assembler.state(),
      decisionDocuments: this.decisions.documents(),
    };
    // Unread, the documents are as docs.json has them: it stays, and so does its manifest.
    const docs = this.docsIndex.config.enabled && !this.docsUnread ? this.docsIndex.state() : undefined;
    if (this.docsUnread) data.docs = this.docsUnread;
    else if (docs) data.docs = docsManifest(docs, this.docsIndex.status());
    try {
      await writeSnapshot(this.root, SNAPSHOT_NAME, data, SNAPSHOT_VERSION);
      if (docs && !sameDocsState(this.docsWritten, docs)) {
        await writeSnapshot(this.root, DOCS_SNAPSHOT_NAME, docs, DOCS_SNAPSHOT_VERSION);
        this.docsWritten = docs;
      }
    } catch (err) {
      this.log('warn', `could not write the snapshot: ${(err as Error).message}`);
    }
  }

  /** Writes the snapshot a little later, once, for however many updates come meanwhile. */
  private saveSoon(): void {
    if (this.options.persist === false || this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      void this.serialised(() => this.save());
    }, SAVE_DELAY_MS);
    this.saveTimer.unref();
  }

  /** Stops watching, finishes what is queued, writes a pending snapshot, and stops the workers. */
  async close(): Promise<void> {
    this.closing.abort();
    this.watcher?.close();
    this.watcher = undefined;
    if (this.saveTimer) {
      clearTimeout(this.saveTimer);
      this.saveTimer = undefined;
      void this.serialised(() => this.save());
    }
    await this.queue.catch(() => undefined);
    await this.pool?.dispose();
    this.pool = undefined;
  }

  // ---- internals ------------------------------------------------------------------------

  private serialised<T>(fn: () => Promise<T>): Promise<T> {
    this.queued++;
    const next = this.queue.then(fn, fn).finally(() => this.queued--);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private log(level: LogLevel, message: string): void {
    this.options.log?.(level, message);
  }

  private async loadSnapshot(): Promise<void> {
    const started = performance.now();
    const read = await readSnapshot(this.root, SNAPSHOT_NAME, SNAPSHOT_VERSION);
    if (!read.ok) {
      if (read.code !== 'missing') {
        this.snapshotNote = `discarded: ${read.reason}`;
        this.log('warn', `snapshot discarded (${read.reason}); the graph will be rebuilt`);
      }
      return;
    }
    try {
      const data = read.data as SnapshotData;
      if (data.root !== this.root) throw new Error(`it belongs to ${data.root}`);
      this.assembler.restore(data.state);
      this.decisions.sync(this.graph, data.decisionDocuments);
      await this.restoreDocs(data.docs);
      this.relinkNotes();
      for (const [path, st] of Object.entries(data.files)) this.fileStates.set(path, st);
      this.skipped = data.skipped ?? [];
      if (data.indexedAt) this.lastIndexedAt = new Date(data.indexedAt);
      this.snapshotNote = `loaded ${read.writtenAt} in ${Math.round(performance.now() - started)} ms`;
      this.warmGrammars();
      this.log('info', `snapshot ${this.snapshotNote}`);
    } catch (err) {
      // A snapshot that reads as JSON but not as ours: start clean rather than half-loaded.
      this.snapshotNote = `discarded: ${(err as Error).message}`;
      this.log('warn', `snapshot discarded (${(err as Error).message}); the graph will be rebuilt`);
      this.assembler = this.newAssembler();
      this.fileStates.clear();
    }
  }

  /**
   * The docs' facts from their own snapshot; a bad one only costs a re-extraction at the next index.
   * A one-shot process leaves it unread while the manifest can stand in for it (docs_written.ts).
   */
  private async restoreDocs(manifest: DocsManifest | undefined): Promise<void> {
    if (!this.docsIndex.config.enabled) return;
    if (this.options.warmUp === false && manifest && manifest.explicit === 0) {
      this.docsUnread = manifest;
      return;
    }
    this.applyDocsSnapshot(await readSnapshot(this.root, DOCS_SNAPSHOT_NAME, DOCS_SNAPSHOT_VERSION));
    if (this.options.warmUp === false) return;
    // Queued now, so settled() waits for it; begun on the next turn, after open's caller runs.
    this.serialised(async () => {
      await nextTurn();
      await this.docsIndex.linkDeferredInSlices(this.closing.signal);
    }).catch((err: unknown) => this.log('warn', `linking the documents failed: ${(err as Error)?.message ?? String(err)}`));
  }

  /** Loads what a one-shot process left unread, now: something asked for the documents. */
  private readDocsNow(): void {
    this.docsUnread = undefined;
    this.applyDocsSnapshot(readSnapshotSync(this.root, DOCS_SNAPSHOT_NAME, DOCS_SNAPSHOT_VERSION));
  }

  private applyDocsSnapshot(read: SnapshotReadResult): void {
    if (read.ok) {
      try {
        this.docsIndex.restore(read.data as DocsState);
        this.docsWritten = read.data as DocsState;
      } catch (err) {
        this.log('warn', `docs snapshot discarded (${(err as Error).message}); documents will be read again`);
      }
    } else if (read.code !== 'missing') this.log('warn', `docs snapshot discarded (${read.reason}); documents will be read again`);
    // Code queries need none of it: link the documents right after open, in slices that leave
    // the host responsive, or at once for a reader that needs them first.
    this.docsIndex.deferLink(() => this.graph);
  }

  private getPool(): ParsePool {
    if (!this.pool) {
      this.pool = new ParsePool({
        maxFileBytes: this.maxFileSize(),
        ...(this.options.workers !== undefined ? { maxWorkers: this.options.workers } : {}),
        onLog: (m) => this.log('debug', m),
      });
    }
    return this.pool;
  }

  private maxFileSize(): number {
    return this.options.maxFileSize ?? DEFAULT_MAX_FILE_BYTES;
  }

  private async runIndex(options: IndexOptions): Promise<IndexReport> {
    const started = performance.now();
    this.filter.refresh();
    const walk = await walkWorkspace(this.root, {
      filter: this.filter,
      maxFileSize: this.maxFileSize(),
      maxFiles: this.options.maxFiles ?? DEFAULT_MAX_FILES,
      // One walk lists the prose documents and the Markdown that may be decision records.
      documents: (rel) => this.docsIndex.isDocument(rel) || this.decisions.wantsListing(rel),
      maxDocumentSize: this.docsIndex.config.maxFileSize,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const walked = performance.now();
    const tasks: ParseTask[] = [];
    const seen = new Set<string>();
    for (const file of walk.files) {
      if (!this.wantsLanguage(file.language)) continue;
      seen.add(file.path);
      const known = this.fileStates.get(file.path);
      const facts = this.assembler.facts(file.path);
      if (!options.full && known && facts && known.size === file.size && known.mtimeMs === file.mtimeMs) continue;
      tasks.push({ path: file.path, absPath: file.absPath, language: file.language, ...(!options.full && facts ? { knownHash: facts.hash } : {}) });
      this.fileStates.set(file.path, { size: file.size, mtimeMs: file.mtimeMs });
    }
    const changes = new Map<string, FileFacts | undefined>();
    let removed = 0;
    for (const path of [...this.fileStates.keys()]) {
      if (seen.has(path)) continue;
      this.fileStates.delete(path);
      changes.set(path, undefined);
      removed++;
    }
    // Documents are read and extracted on this thread while the workers parse the code; they are
    // linked to it below, once it is resolved.
    // Documents left unread (docsUnread) that are all as they were: nothing to read or link.
    const found = walk.documents.filter((d) => this.docsIndex.isDocument(d.path));
    const docsSame = this.docsUnread !== undefined && sameDocFiles(this.docsUnread, found);
    const docsRead = docsSame ? Promise.resolve(undefined) : this.docs.readFound(found, options.signal);
    docsRead.catch(() => undefined); // awaited below; a parse failure first must not leave it unhandled
    const results = await this.getPool().parseFiles(tasks, {
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const failed: IndexReport['failed'] = [];
    const skipped = [...walk.skipped];
    const parsedAt = performance.now();
    const parsed = this.collect(results, changes, skipped, failed);
    const summary = await this.assembler.updateInSlices(changes, this.readConfigFiles());
    this.decisions.sync(this.graph, walk.documents);
    const read = await docsRead;
    const docs = read ? await this.docs.linkFound(this.graph, read, options.signal) : { extracted: 0, removed: 0 };
    this.relinkNotes();
    const resolvedAt = performance.now();
    this.skipped = skipped;
    this.failed = failed;
    this.lastIndexedAt = new Date();
    if (changes.size > 0 || tasks.length > 0 || docs.extracted > 0 || docs.removed > 0) await this.save();
    const savedAt = performance.now();
    this.warmGrammars();
    this.lastIndexMs = savedAt - started;
    return {
      files: this.fileStates.size,
      parsed,
      unchanged: seen.size - tasks.length + results.filter((r) => r.kind === 'unchanged').length,
      removed,
      resolved: summary.resolvedFiles,
      skipped,
      failed,
      durationMs: Math.round(this.lastIndexMs),
      phases: { walk: Math.round(walked - started), parse: Math.round(parsedAt - walked), resolve: Math.round(resolvedAt - parsedAt), save: Math.round(savedAt - resolvedAt) },
    };
  }

  /**
   * The first save after an index or a restart parses here, not on a worker: load the grammars now,
   * in the background, rather than on that save's path.
   */
  private warmGrammars(): void {
    if (this.options.warmUp === false) return;
    const languages = new Set<string>();
    for (const path of this.fileStates.keys()) {
      const language = languageForPath(path);
      if (language && !languages.has(language)) {
        languages.add(language);
        loadGrammar(language).catch(() => undefined); // a failure shows up, with its reason, when a file needs it
      }
    }
  }

  /** Folds parse results into `changes`; returns how many files were parsed anew. */
  private collect(results: ParseResult[], changes: Map<string, FileFacts | undefined>, skipped: SkippedFile[], failed: IndexReport['failed']): number {
    let parsed = 0;
    for (const r of results) {
      switch (r.kind) {
        case 'facts':
          parsed++;
          changes.set(r.path, r.facts);
          if (r.lossy) this.log('info', `${r.path}: not valid UTF-8; undecodable bytes were replaced`);
          break;
        case 'unchanged':
          break;
        case 'skipped':
          skipped.push({ path: r.path, reason: r.reason });
          this.fileStates.delete(r.path);
          changes.set(r.path, undefined);
          break;
        case 'failed':
          failed.push({ path: r.path, error: r.error });
          this.fileStates.delete(r.path);
          changes.set(r.path, undefined);
          this.log('warn', `${r.path}: ${r.error}`);
          break;
      }
    }
    return parsed;
  }

  private async runUpdate(paths: readonly string[]): Promise<IndexReport> {
    const started = performance.now();
    const changes = new Map<string, FileFacts | undefined>();
    const tasks: ParseTask[] = [];
    let removed = 0;
    let configTouched = false;
    const touched: string[] = [];
    const skipped: SkippedFile[] = [];
    this.filter.refresh(); // a .gitignore may have changed
    for (const p of this.expandFolders(paths)) {
      const rel = this.relativePath(p);
      if (rel === undefined) {
        skipped.push({ path: p, reason: 'outside the workspace root' });
        continue;
      }
      touched.push(rel);
      if (isConfigFileName(rel.slice(rel.lastIndexOf('/') + 1))) configTouched = true;
      // One look through the guard: a link out of the root or a FIFO is refused for every index.
      const st = this.files.stat(rel);
      if (!st.ok && !st.missing) skipped.push({ path: rel, reason: st.reason });
      const language = languageForPath(rel);
      if (!language || !this.wantsLanguage(language)) continue;
      // Excluded, refused or gone: out of the graph, as the next full index would have it.
      if (!st.ok || this.filter.excluded(rel, { source: true }) !== undefined) {
        if (this.fileStates.delete(rel)) removed++;
        if (this.assembler.facts(rel)) changes.set(rel, undefined);
        continue;
      }
      this.fileStates.set(rel, { size: st.size, mtimeMs: st.mtimeMs });
      const known = this.assembler.facts(rel);
      // The real path, checked inside the root: the parser reads what the guard looked at.
      tasks.push({ path: rel, absPath: st.real, language, ...(known ? { knownHash: known.hash } : {}) });
    }
    const results = await this.getPool().parseFiles(tasks);
    const failed: IndexReport['failed'] = [];
    const parsedAt = performance.now();
    const parsed = this.collect(results, changes, skipped, failed);
    const summary = await this.assembler.updateInSlices(changes, configTouched ? this.readConfigFiles() : undefined);
    this.decisions.update(this.graph, touched);
    const docs = await this.docs.update(this.graph, touched.filter((p) => this.filter.excluded(p) === undefined || this.docs.facts(p) !== undefined));
    this.relinkNotes();
    const resolvedAt = performance.now();
    this.lastIndexMs = resolvedAt - started;
    const retold = new Set(touched);
    this.skipped = mergeSkipped(this.skipped.filter((s) => !retold.has(s.path)), skipped);
    if (changes.size > 0 || docs.extracted > 0 || docs.removed > 0) this.saveSoon();
    return {
      files: this.fileStates.size,
      parsed,
      unchanged: tasks.length - parsed,
      removed,
      resolved: summary.resolvedFiles,
      skipped,
      failed,
      durationMs: Math.round(this.lastIndexMs),
      phases: { walk: 0, parse: Math.round(parsedAt - started), resolve: Math.round(resolvedAt - parsedAt), save: 0 },
    };
  }

  /** A folder among the paths stands for the indexed files that were under it (it may be gone). */
  private expandFolders(paths: readonly string[]): string[] {
    const out: string[] = [];
    for (const p of paths) {
      const rel = this.relativePath(p.replace(/[\\/]+$/, ''));
      if (rel !== undefined) out.push(...pathsUnder([rel], this.fileStates.keys()));
      if (!p.endsWith('/')) out.push(p);
    }
    return out;
  }

  private wantsLanguage(language: LanguageId): boolean {
    return !this.options.languages || this.options.languages.includes(language);
  }

  /** The files the resolvers read (tsconfig.json, package.json … the registry's configFiles) in the folders that hold indexed files and their parents. */
  private readConfigFiles(): Map<string, string> {
    const dirs = this.indexedDirs();
    const configs = new Map<string, string>();
    const unreadable: ConfigProblem[] = [];
    for (const dir of dirs) {
      const abs = dir === '' ? this.root : join(this.root, dir);
      let names: string[];
      try {
        names = readdirSync(abs);
      } catch {
        continue;
      }
      for (const name of names) {
        if (!isConfigFileName(name)) continue;
        const rel = dir === '' ? name : `${dir}/${name}`;
        // Only regular files inside the root: a FIFO named tsconfig.json would block the read forever.
        const read = this.files.readText(rel, MAX_CONFIG_BYTES);
        if (read.ok) configs.set(rel, read.text);
        // Unreadable: resolution goes on without it, and status says so.
        else if (!read.missing) unreadable.push({ path: rel, message: `cannot be read (${read.reason}): resolution goes on without it` });
      }
    }
    for (const p of unreadable) if (!this.unreadableConfigs.some((q) => q.path === p.path)) this.log('warn', `${p.path} ${p.message}`);
    for (const p of configProblems(configs)) this.log('warn', `${p.path} ${p.message}`);
    this.unreadableConfigs = unreadable;
    return configs;
  }
}

/** Skips from several sources, one per path (the first source wins), in path order. */
function mergeSkipped(...lists: readonly SkippedFile[][]): SkippedFile[] {
  const byPath = new Map<string, SkippedFile>();
  for (const list of lists) for (const s of list) if (!byPath.has(s.path)) byPath.set(s.path, s);
  return [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
