/**
 * Name vectors
 * ============
 * With embeddings on, linking also asks whether a surface and a code name that share a word mean
 * the same thing (`backoff retrier`, `retry_with_backoff`): the cosine of their embeddings. The
 * linker is synchronous, so it reads vectors from this cache only; a name it asks about that is
 * not cached yet answers 0 and is noted. After the pass, fill() embeds what was noted, a batch at
 * a time, and the index links again with the new vectors: the second pass gives what a pass with
 * every vector at hand gives, since which names are asked about does not depend on the answers.
 */
import type { EmbeddingProvider } from './retrieval';

const BATCH = 64;

export class NameVectors {
  private readonly vectors = new Map<string, Float32Array>();
  private readonly missing = new Set<string>();
  lastError: string | undefined;

  constructor(readonly provider: EmbeddingProvider) {}

  /** Cosine of two names' vectors, or 0 (noting the names) when either is not embedded yet. */
  similarity(a: string, b: string): number {
    const va = this.vectors.get(a);
    const vb = this.vectors.get(b);
    if (!va) this.missing.add(a);
    if (!vb) this.missing.add(b);
    return va && vb ? cosine(va, vb) : 0;
  }

  /** Names asked about and not embedded yet. */
  get pending(): number {
    return this.missing.size;
  }

  /** Embeds the names noted so far; answers how many were added (0 on failure: see lastError). */
  async fill(signal?: AbortSignal): Promise<number> {
    const names = [...this.missing];
    let added = 0;
    try {
      for (let i = 0; i < names.length; i += BATCH) {
        const batch = names.slice(i, i + BATCH);
        const vectors = await this.provider.embed(batch, signal);
        batch.forEach((name, j) => {
          const v = vectors[j];
          this.missing.delete(name);
          if (!v) return; // a short answer: the name stays unembedded, and is not asked again
          this.vectors.set(name, v);
          added++;
        });
      }
      this.lastError = undefined;
    } catch (err) {
      this.lastError = `name embeddings (${this.provider.id}): ${(err as Error)?.message ?? String(err)}`;
      // Not asked again until something new is: a failing endpoint is not hammered after every save.
      this.missing.clear();
    }
    return added;
  }
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length && i < b.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
