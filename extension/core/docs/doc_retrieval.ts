/**
 * Docs retrieval
 * ==============
 * The searchable side of the docs index: every chunk in the lexical (BM25) index and, with
 * embeddings on, queued for a vector; hybrid retrieval over both, expanded over the entities the
 * linking part resolved. It follows the document store's chunks (a ChunkListener), so it is
 * incremental by chunk like the store.
 */
import { DocVectors } from './doc_vectors';
import type { ChunkListener, DocumentStore } from './doc_store';
import { hybridQuery, SectionedLexical, type EmbeddingProvider, type HybridGraph, type HybridResult } from './retrieval';
import type { DocsConfig } from './config';
import type { Chunk } from './types';

export interface DocsQueryOptions {
  k?: number;
  hops?: 0 | 1 | 2;
  relations?: string[];
  /** Only chunks of documents with one of these tags (ingest_docs). */
  tags?: string[];
  /** false: no graph expansion (lexical and vectors alone), to measure what the graph adds. */
  expand?: boolean;
}

export class DocsRetrieval implements ChunkListener {
  private readonly lexicalIndex = new SectionedLexical();
  private vectors: DocVectors | undefined;

  constructor(private readonly chunk: (id: string) => Chunk | undefined) {}

  added(_path: string, chunks: readonly Chunk[]): void {
    this.lexicalIndex.add(chunks);
    for (const c of chunks) this.vectors?.enqueue(c.id);
  }

  dropped(chunks: readonly Chunk[]): void {
    this.lexicalIndex.remove(chunks);
    for (const c of chunks) this.vectors?.remove(c.id);
  }

  forgotten(): void {}

  settled(): void {
    this.vectors?.start();
  }

  /** Turns vectors on (or off, with undefined): every chunk of the store is queued for embedding. */
  setEmbeddings(provider: EmbeddingProvider | undefined, store: DocumentStore, onError?: (error: unknown) => void): void {
    this.vectors?.stop();
    this.vectors = provider
      ? new DocVectors(
          provider,
          (id) => {
            const c = this.chunk(id);
            return c && embeddingText(c);
          },
          onError,
        )
      : undefined;
    if (!this.vectors) return;
    for (const id of store.chunkIds()) this.vectors.enqueue(id);
    this.vectors.start();
  }

  /** Hybrid retrieval: lexical (and vectors when on), expanded over `graph`; only documents in `tagged` when given. */
  async query(text: string, options: DocsQueryOptions, weights: DocsConfig['weights'], graph: HybridGraph, tagged: ReadonlySet<string> | undefined): Promise<HybridResult> {
    const vectors = this.vectors?.source();
    const result = await hybridQuery(
      text,
      {
        k: tagged ? Math.max(50, (options.k ?? 10) * 5) : options.k ?? 10,
        hops: options.hops ?? 1,
        ...(options.relations ? { relations: options.relations } : {}),
        weights,
      },
      {
        lexical: this.lexicalIndex,
        ...(vectors ? { vectors } : {}),
        chunk: this.chunk,
        ...(options.expand === false ? {} : { graph }),
      },
    );
    if (!tagged) return result;
    return { ...result, chunks: result.chunks.filter((h) => tagged.has(h.chunk.path)).slice(0, options.k ?? 10) };
  }

  /** The best chunks by BM25 alone: cheap enough to ride along with every name search. */
  lexical(text: string, k: number): { chunk: Chunk; score: number }[] {
    return this.lexicalIndex.search(text, k).flatMap((h) => {
      const chunk = this.chunk(h.id);
      return chunk ? [{ chunk, score: h.score }] : [];
    });
  }

  /** Resolves once the queued chunks are embedded (or embedding failed). */
  async idle(): Promise<void> {
    await this.vectors?.idle();
  }

  status(): { queue: number; vectors: number; embeddings?: string; lastError?: string } {
    return {
      queue: this.vectors?.queued ?? 0,
      vectors: this.vectors?.size ?? 0,
      ...(this.vectors ? { embeddings: this.vectors.provider.id } : {}),
      ...(this.vectors?.lastError ? { lastError: this.vectors.lastError } : {}),
    };
  }
}

/** What a chunk is embedded as: its prelude gives the section context a bare paragraph lacks. */
function embeddingText(c: Chunk): string {
  return `${c.prelude}\n${c.text}`;
}
