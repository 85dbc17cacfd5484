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
import { decisionConfig, type DecisionConfig, type DecisionConfigInput } from './config';
import { discoverDocuments, documentKind, MAX_DECISION_BYTES } from './discover';
import type { DocumentFacts } from './facts';
import { parseInstructions } from './instructions';
import { reconcile, type Reconciled } from './reconcile';
import { pathsUnder } from '../index/under_folders';
import { WorkspaceFs } from '../index/workspace_fs';

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

  constructor(
    root: string,
    config: DecisionConfigInput = {},
    private readonly onError?: (path: string, error: unknown) => void,
  ) {
    this.config = decisionConfig(config);
    this.fs = new WorkspaceFs(root);
  }

  /** Decision documents not read, and why, in path order (for `status`). */
  refused(): { path: string; reason: string }[] {
    return [...this.refusedPaths].map(([path, reason]) => ({ path, reason })).sort((a, b) => (a.path < b.path ? -1 : 1));
  }

  /** Whether a root-relative path is a decision document (whether or not it exists). */
  isDocument(rel: string): boolean {
    return documentKind(this.config, rel) !== undefined;
  }

  /** The documents read, root-relative and sorted. */
  documents(): string[] {
    return [...this.docs.keys()].sort();
  }

  facts(path: string): DocumentFacts | undefined {
    return this.docs.get(path);
  }

  /** Finds every decision document on disk, reads what changed, re-links. For a full index. */
  sync(graph: CodeGraph): DecisionSummary {
    this.refusedPaths.clear();
    const present = new Set(discoverDocuments(this.fs, this.config, this.refusedPaths));
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
      if (!this.isDocument(path)) continue;
      this.refusedPaths.delete(path);
      const check = this.fs.stat(path);
      if (check.ok && check.size <= MAX_DECISION_BYTES) {
        if (this.read(path)) parsed++;
      } else {
        if (!check.ok && !check.missing) this.refusedPaths.set(path, check.reason);
        this.forget(path);
      }
    }
    return this.relink(graph, parsed);
  }

  // ---- internals ------------------------------------------------------------------------

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

  private relink(graph: CodeGraph, parsed: number): DecisionSummary {
    const docs = [...this.docs.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
    if (!this.reconciled) {
      const concepts = [...conceptNodes(docs)].map(([id, a]) => ({ id, name: a.name }));
      this.reconciled = reconcile(concepts, this.config.aliases, this.config.sameAs, this.config.relatedTo);
    }
    const applied = this.owned.apply(graph, buildSubgraph(graph, docs, this.config, this.reconciled));
    return { documents: this.docs.size, parsed, ...applied };
  }
}
