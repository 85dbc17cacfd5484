/**
 * Docs linking
 * ============
 * The docs' side of the graph: after every code or docs update the entities are re-resolved
 * against the code graph and the docs subgraph (project.ts) is applied, in time slices so a large
 * corpus never holds the event loop for long; after a restart that waits for the first reader or
 * the Workspace's background pass (deferLink). The entity index follows the document store's
 * chunks (a ChunkListener) and adds and removes by document, so an update and a full rebuild agree.
 */
import type { CodeGraph } from '../model/graph';
import { OwnedSubgraph } from '../model/owned_subgraph';
import type { ChunkListener, DocumentStore } from './doc_store';
import { EntityIndex, type EntityResult } from './entities';
import { MentionMap } from './mention_map';
import { NameVectors } from './name_vectors';
import { DocsProjection, isDecisionDocument } from './project';
import type { EmbeddingProvider } from './retrieval';
import type { Chunk, LinkedMention } from './types';
import { runSteps, runStepsInSlices, type Steps } from '../index/steps';

type Applied = { nodes: number; edges: number };

export class DocsLinker implements ChunkListener {
  private entityIndex = new EntityIndex();
  /** With embeddings on: the names linking compared by vector, embedded after the pass that asked (name_vectors.ts). */
  private nameVectors: NameVectors | undefined;
  private nameFill: Promise<void> | undefined;
  private readonly owned = new OwnedSubgraph();
  private readonly projection = new DocsProjection();
  private result: EntityResult = { mentions: [], entities: [], relations: [] };
  /** Built from `result` when first read after a relink: a save pays for it only if something asks. */
  private mentionMap: MentionMap | undefined;
  private nameOf: (id: string) => string | undefined = () => undefined;
  /** The pass in slices under way (relinkInSlices), or a settled promise. */
  private slicedPass: Promise<unknown> = Promise.resolve();
  /** Restored documents wait to be linked to this graph until something reads them (deferLink). */
  private unlinkedGraph: (() => CodeGraph) | undefined;
  /** What the last projection was made from: when none of it moved, relink has nothing to do. */
  private projected: { graph: CodeGraph; result: EntityResult; decisionDocs: string; tags: number; corpus: number; applied: Applied } | undefined;

  constructor(
    private readonly store: DocumentStore,
    private readonly onError?: (path: string, error: unknown) => void,
  ) {}

  added(path: string, chunks: readonly Chunk[]): void {
    this.entityIndex.setDoc(path, chunks);
  }

  dropped(): void {}

  forgotten(path: string): void {
    this.entityIndex.deleteDoc(path);
  }

  settled(): void {}

  /** True while restored documents wait to be linked (deferLink). */
  get pending(): boolean {
    return this.unlinkedGraph !== undefined;
  }

  /** The docs' subgraph last applied holds something (a pass with no documents may then be skipped only when false). */
  get linkedAny(): boolean {
    const applied = this.projected?.applied;
    return applied !== undefined && (applied.nodes > 0 || applied.edges > 0 || this.result.mentions.length > 0);
  }

  /** The error the name vectors stopped on, if any. */
  get lastError(): string | undefined {
    return this.nameVectors?.lastError;
  }

  /** Mentions, entities and relations as last resolved, without linking first (status). */
  get lastResult(): EntityResult {
    return this.result;
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

  deferLink(graph: () => CodeGraph): void {
    this.unlinkedGraph = graph;
  }

  linkDeferred(): void {
    if (this.unlinkedGraph) this.relink(this.unlinkedGraph());
  }

  async linkDeferredInSlices(signal?: AbortSignal): Promise<void> {
    if (this.unlinkedGraph) await this.relinkInSlices(this.unlinkedGraph(), signal);
  }

  relink(graph: CodeGraph): Applied {
    return runSteps(this.relinkSteps(graph));
  }

  relinkInSlices(graph: CodeGraph, signal?: AbortSignal, sliceMs?: number): Promise<Applied | undefined> {
    // One pass in slices at a time: two would restart each other at every slice and never end.
    const run = async (): Promise<Applied | undefined> => {
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

  /**
   * Compares names by vector from now on (or stops, with undefined): the entity index starts over
   * with the documents the store has.
   */
  setEmbeddings(provider: EmbeddingProvider | undefined): void {
    this.nameVectors = provider ? new NameVectors(provider) : undefined;
    this.entityIndex = new EntityIndex(this.nameVectors ? { vectorSimilarity: (a, b) => this.nameVectors?.similarity(a, b) ?? 0, mergeByVector: false } : {});
    for (const [path, chunks] of this.store.chunksByDocument()) this.entityIndex.setDoc(path, chunks);
  }

  /** Resolves once the pass under way and the names it asked about are embedded and linked with. */
  async settledPass(): Promise<void> {
    await this.slicedPass;
    while (this.nameFill) await this.nameFill;
  }

  private *relinkSteps(graph: CodeGraph): Steps<Applied> {
    yield* this.store.rebuildDirtySteps();
    const result = yield* this.entityIndex.resolveSteps(graph);
    this.unlinkedGraph = undefined;
    // Which documents are decision records decides which get a doc node (project.ts).
    const decisions = this.store.documents().filter((p) => isDecisionDocument(graph, p));
    const decisionDocs = decisions.join('\n');
    const last = this.projected;
    const tags = this.store.tagsVersion;
    const corpus = this.store.corpusVersion;
    // The entity index hands back the same result when nothing it read changed; an ordinary
    // code save then costs a lookup here, not a new subgraph.
    if (last && last.graph === graph && last.result === result && last.decisionDocs === decisionDocs && last.tags === tags && last.corpus === corpus) {
      return last.applied;
    }
    this.result = result;
    this.mentionMap = undefined;
    this.nameOf = (id) => graph.node(id)?.name;
    const wanted = this.projection.wanted(graph, this.store, result, this.entityIndex.mentionsByDocument(), new Set(decisions));
    const applied = this.owned.apply(graph, wanted);
    this.projected = { graph, result, decisionDocs, tags, corpus, applied };
    return applied;
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
}
