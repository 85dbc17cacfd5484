/**
 * Document vectors
 * ================
 * The optional vector side of docs retrieval. Chunks are queued as they are made and embedded in
 * the background, a batch at a time, so an update never waits for a model; until a chunk has its
 * vector, lexical retrieval answers for it. A provider that fails (down, wrong key, rate limited
 * past its retries) stops the queue and says why in the status; the lexical side keeps answering.
 */
import type { EmbeddingsConfig } from './config';
import { onnxEmbeddings, openAiEmbeddings, type EmbeddingProvider, type HybridSources, VectorStore } from './retrieval';

const EMBED_BATCH = 64;

/** The provider a configuration names. Throws an EmbeddingError (a clear `config` one) when it cannot be made. */
export function embeddingProvider(config: EmbeddingsConfig): EmbeddingProvider {
  return config.provider === 'openai'
    ? openAiEmbeddings({ baseUrl: config.baseUrl, model: config.model, ...(config.apiKey ? { apiKey: config.apiKey } : {}) })
    : onnxEmbeddings({ folder: config.folder });
}

export class DocVectors {
  private store: VectorStore | undefined;
  private readonly pending = new Set<string>();
  private running: Promise<void> | undefined;
  private stopped = false;
  lastError: string | undefined;

  constructor(
    readonly provider: EmbeddingProvider,
    /** The text a chunk is embedded as, or undefined when the chunk is gone. */
    private readonly textOf: (id: string) => string | undefined,
    private readonly onError?: (error: unknown) => void,
  ) {}

  get queued(): number {
    return this.pending.size;
  }

  get size(): number {
    return this.store?.size ?? 0;
  }

  enqueue(id: string): void {
    this.pending.add(id);
  }

  remove(id: string): void {
    this.pending.delete(id);
    this.store?.remove(id);
  }

  /** Starts embedding what is queued, unless that is already under way. */
  start(): void {
    if (this.running || this.stopped || this.pending.size === 0) return;
    this.running = this.drain().finally(() => {
      this.running = undefined;
    });
  }

  /** Resolves once the queue is empty or embedding failed. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops embedding (the provider changed); a batch in flight is dropped when it returns. */
  stop(): void {
    this.stopped = true;
  }

  /** What hybrid retrieval needs, once some vectors exist. */
  source(): HybridSources['vectors'] | undefined {
    const store = this.store;
    if (!store || store.size === 0) return undefined;
    return { store, embedQuery: async (q) => (await this.provider.embed([q]))[0]! };
  }

  private async drain(): Promise<void> {
    try {
      while (!this.stopped && this.pending.size > 0) {
        const batch: string[] = [];
        const texts: string[] = [];
        for (const id of this.pending) {
          const text = this.textOf(id);
          if (text === undefined) this.pending.delete(id);
          else {
            batch.push(id);
            texts.push(text);
          }
          if (batch.length >= EMBED_BATCH) break;
        }
        if (batch.length === 0) break;
        const vectors = await this.provider.embed(texts);
        if (this.stopped) return;
        batch.forEach((id, i) => {
          // Removed, or re-made with other text, while it was being embedded: that vector is stale.
          if (this.textOf(id) !== texts[i]) return;
          this.pending.delete(id);
          this.store ??= new VectorStore(vectors[i]!.length);
          this.store.add(id, vectors[i]!);
        });
      }
      this.lastError = undefined;
    } catch (err) {
      this.lastError = `embeddings (${this.provider.id}): ${(err as Error)?.message ?? String(err)}`;
      this.onError?.(err);
    }
  }
}
