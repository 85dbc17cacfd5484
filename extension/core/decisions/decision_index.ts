/**
 * Decision index
 * ==============
 * The one object the Workspace owns for the decision graph. It keeps each decision document's
 * facts (re-parsed only when its content hash changes) and, after every code update, re-links
 * them against the graph and applies the difference: the decision nodes and edges it owns are
 * made equal to what buildSubgraph says, nothing else is touched.
 *
 * Re-linking everything on each update is deliberate. A workspace holds tens to hundreds of
 * records with a few mentions each; resolving them all is a few thousand index lookups, well
 * under a millisecond per hundred mentions, and it makes "incremental equals full" true by
 * construction: a renamed class drops its governs edge and turns the mention unresolved, and
 * restoring the name brings both back, with no dependency bookkeeping to get wrong.
 */
import type { CodeGraph } from '../model/graph';
import { OwnedSubgraph } from '../model/owned_subgraph';
import { hashText, parseRecord } from './adr';
import { buildSubgraph, conceptNodes } from './build';
import { CodeExtracts, type CodeFacts } from './code_extracts';
import { decisionConfig, type DecisionConfig, type DecisionConfigInput } from './config';
import { discoverDocuments, documentKind, listLikelyRecords, mayBeRecordByHeadings, MAX_DECISION_BYTES, recordFolderOf, wantsListing } from './discover';
import { looksLikeRecord, SNIFF_BYTES } from './record_shape';
import type { DocumentFacts } from './facts';
import { parseInstructions } from './instructions';
import { reconcile, type Reconciled } from './reconcile';
import { pathsUnder } from '../index/under_folders';
import { WorkspaceFs } from '../index/workspace_fs';

/** A file the walk listed: root-relative, with what its stat said (the heading cache's key). */
export interface ListedFile {
  path: string;
  size: number;
  mtimeMs: number;
}

/** Where records were looked for and found, for `status`. */
export interface DecisionStatus {
  /** The rule in force, in a sentence. */
  searched: string;
  /** Folders holding the records found by path, with how many each. */
  folders: { folder: string; records: number }[];
  /** Records found by their headings outside any record folder. */
  byHeadings: string[];
  records: number;
  instructionFiles: number;
}

export interface DecisionSummary {
  documents: number;
  /** Documents read and parsed anew by this call. */
  parsed: number;
  nodes: number;
  edges: number;
}

export class DecisionIndex {
  readonly config: DecisionConfig;
  private readonly docs = new Map<string, DocumentFacts>();
  private readonly owned = new OwnedSubgraph();
  private reconciled: Reconciled | undefined;
  private readonly fs: WorkspaceFs;
  /** Documents the read guard refused at the last look (a symlink out of the root, a FIFO), with why. */
  private readonly refusedPaths = new Map<string, string>();
  /** Markdown outside record folders, by size and mtime: whether its head reads as a record (never re-read unchanged). */
  private readonly sniffed = new Map<string, { size: number; mtimeMs: number; record: boolean }>();
  /** Fields, routes and name keys from the code facts, kept per file by content hash. */
  private readonly extracts = new CodeExtracts();
  /** Whether the walk should list a path for us (bound: the Workspace hands it to the walk). */
  readonly wantsListing: (rel: string) => boolean;

  constructor(
    root: string,
    config: DecisionConfigInput = {},
    private readonly onError?: (path: string, error: unknown) => void,
    /** Whether the workspace walk leaves a path out (default rule: records come from the walk). */
    private readonly excluded: (rel: string) => boolean = () => false,
    /** The code facts as indexed now: fields and route decorators, which the graph does not hold. */
    private readonly codeFacts: CodeFacts = () => undefined,
  ) {
    this.config = decisionConfig(config);
    this.fs = new WorkspaceFs(root);
    this.wantsListing = (rel) => wantsListing(this.config, rel);
  }

  /** Where records were looked for, which folders held them, which were found by their headings. */
  status(): DecisionStatus {
    const folders = new Map<string, number>();
    const byHeadings: string[] = [];
    let records = 0;
    let instructionFiles = 0;
    for (const [path, d] of this.docs) {
      if (d.kind === 'instructions') {
        instructionFiles++;
        continue;
      }
      records++;
      const folder = documentKind(this.config, path) === 'adr' ? recordFolderOf(this.config, path) : undefined;
      if (folder === undefined) byHeadings.push(path);
      else folders.set(folder, (folders.get(folder) ?? 0) + 1);
    }
    const searched = this.config.adrFolders
      ? `the configured folders ${this.config.adrFolders.join(', ')} (files matching ${this.config.filenamePattern.source})`
      : 'every folder named adr, adrs, decisions or *-decision-records (any depth, up to 3 levels below it) for files named with 3 to 8 leading digits or a date, and all other Markdown for a record\'s headings (Status, Context, Decision or MADR front matter)';
    return {
      searched,
      folders: [...folders].map(([folder, n]) => ({ folder, records: n })).sort((a, b) => (a.folder < b.folder ? -1 : 1)),
      byHeadings: byHeadings.sort(),
      records,
      instructionFiles,
    };
  }

  /** Decision documents not read, and why, in path order (for `status`). */
  refused(): { path: string; reason: string }[] {
    return [...this.refusedPaths].map(([path, reason]) => ({ path, reason })).sort((a, b) => (a.path < b.path ? -1 : 1));
  }

  /** Whether a root-relative path is a decision document: by its path (whether or not it exists), or read as one by its headings. */
  isDocument(rel: string): boolean {
    return documentKind(this.config, rel) !== undefined || this.docs.has(rel);
  }

  /** Whether an update of this path may change the decision documents (Markdown whose headings decide, too). */
  mayBeDocument(rel: string): boolean {
    return this.isDocument(rel) || mayBeRecordByHeadings(this.config, rel);
  }

  /** The documents read, root-relative and sorted. */
  documents(): string[] {
    return [...this.docs.keys()].sort();
  }

  facts(path: string): DocumentFacts | undefined {
    return this.docs.get(path);
  }

  /**
   * Finds every decision document among the files the walk listed (or, after a restart, among the
   * paths the snapshot kept; failing both, in the likely folders), reads what changed, re-links.
   * For a full index.
   */
  sync(graph: CodeGraph, listed?: readonly (ListedFile | string)[]): DecisionSummary {
    this.refusedPaths.clear();
    const files = listed ?? listLikelyRecords(this.fs, this.config, this.refusedPaths);
    const paths = files.map((f) => (typeof f === 'string' ? f : f.path));
    const present = new Set(discoverDocuments(this.fs, this.config, this.refusedPaths, paths));
    const seen = new Set<string>();
    for (const f of files) {
      const path = typeof f === 'string' ? f : f.path;
      if (!mayBeRecordByHeadings(this.config, path)) continue;
      seen.add(path);
      if (this.recordByHeadings(path, typeof f === 'string' ? undefined : f)) present.add(path);
    }
    for (const path of [...this.sniffed.keys()]) if (!seen.has(path)) this.sniffed.delete(path);
    let parsed = 0;
    for (const path of [...this.docs.keys()]) if (!present.has(path)) this.forget(path);
    for (const path of present) if (this.read(path)) parsed++;
    return this.relink(graph, parsed);
  }

  /**
   * After an update of these root-relative paths (code or documents, changed, created or
   * deleted): re-reads the documents among them, then re-links everything to the code as it is now.
   */
  update(graph: CodeGraph, paths: readonly string[]): DecisionSummary {
    let parsed = 0;
    // A folder that was moved or deleted stands for the documents that were under it.
    const under = pathsUnder(paths, this.docs.keys());
    for (const path of new Set([...paths, ...under])) {
      if (!this.mayBeDocument(path)) continue;
      this.refusedPaths.delete(path);
      const check = this.fs.stat(path);
      const byHeadings = mayBeRecordByHeadings(this.config, path);
      // What the walk leaves out (.gitignore, excludes) a full index never sees: neither does an update.
      const hidden = this.config.adrFolders === undefined && documentKind(this.config, path) !== 'instructions' && this.excluded(path);
      const wanted = !hidden && (documentKind(this.config, path) !== undefined || (check.ok && byHeadings && this.recordByHeadings(path)));
      if (!byHeadings || !check.ok || hidden) this.sniffed.delete(path);
      if (check.ok && check.size <= MAX_DECISION_BYTES && wanted) {
        if (this.read(path)) parsed++;
      } else {
        if (!check.ok && !check.missing) this.refusedPaths.set(path, check.reason);
        this.forget(path);
      }
    }
    // Only the updated paths' code facts can have moved (a folder stands for what was under it).
    this.extracts.refreshPaths(new Set([...paths, ...pathsUnder(paths, this.extracts.paths())]), this.codeFacts);
    return this.relink(graph, parsed, false);
  }

  // ---- internals ------------------------------------------------------------------------

  /**
   * Whether a Markdown file outside the record folders is a record by its headings. With the
   * walk's stat, an unchanged file is not read again; without (an update), it always is.
   */
  private recordByHeadings(path: string, st?: { size: number; mtimeMs: number }): boolean {
    const known = this.sniffed.get(path);
    if (known && st && known.size === st.size && known.mtimeMs === st.mtimeMs) return known.record;
    const head = this.fs.readHead(path, SNIFF_BYTES);
    if (!head.ok) {
      this.sniffed.delete(path);
      return false;
    }
    const record = head.size <= MAX_DECISION_BYTES && looksLikeRecord(head.bytes.toString('utf8'));
    this.sniffed.set(path, { size: head.size, mtimeMs: head.mtimeMs, record });
    return record;
  }

  private forget(path: string): void {
    if (this.docs.delete(path)) this.reconciled = undefined;
  }

  /** Reads and parses one document when its content changed; false when it did not. */
  private read(path: string): boolean {
    const read = this.fs.readText(path, MAX_DECISION_BYTES);
    if (!read.ok) {
      if (!read.missing) this.refusedPaths.set(path, read.reason);
      this.forget(path);
      return false;
    }
    const text = read.text;
    const known = this.docs.get(path);
    if (known && known.hash === hashText(text)) return false;
    try {
      const kind = documentKind(this.config, path);
      this.docs.set(path, kind === 'instructions' ? parseInstructions(path, text) : parseRecord(path, text));
    } catch (err) {
      // A document we cannot read costs its own nodes, never the index.
      this.onError?.(path, err);
      this.forget(path);
      return false;
    }
    this.reconciled = undefined;
    return true;
  }

  private relink(graph: CodeGraph, parsed: number, allCode = true): DecisionSummary {
    const docs = [...this.docs.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
    if (!this.reconciled) {
      const concepts = [...conceptNodes(docs)].map(([id, a]) => ({ id, name: a.name }));
      this.reconciled = reconcile(concepts, this.config.aliases, this.config.sameAs, this.config.relatedTo);
    }
    if (allCode) this.extracts.refresh(graph.paths(), this.codeFacts);
    const applied = this.owned.apply(graph, buildSubgraph(graph, docs, this.config, this.reconciled, this.extracts));
    return { documents: this.docs.size, parsed, ...applied };
  }
}
